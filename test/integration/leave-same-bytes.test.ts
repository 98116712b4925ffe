import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates.ts';
import { initialiseDatabase } from '../../server/src/bootstrap.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import { migrateToLatest } from '../../server/src/db/database.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';
import { DEMO_PASSWORD, openNewDatabase } from '../support/templates.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * The leave list, a request's detail (its "who else is away" context) and the
 * team calendar answer the same bytes as before the reporting-line closure and
 * the leave-list rework (issue 18). The demo is seeded here at a fixed instant
 * (faker is seeded, dates follow the clock), so the answers are the same on
 * every run but for the random part of the UUIDv7 keys: each UUID is replaced
 * by its order of first appearance before hashing, which keeps every
 * reference between records while dropping the random bits.
 *
 * The committed hashes were generated from the code before the change
 * (`LEAVE_SAME_BYTES_WRITE=1` rewrites them; only do that for an intended
 * change of the answers).
 */

const NOW = '2026-11-18T06:30:00.000Z';
const TODAY = '2026-11-18';
const FIXTURE = path.join(import.meta.dirname, 'leave-same-bytes.json');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const CALLERS = ['admin@kaveri.example', 'hr@kaveri.example', 'md@kaveri.example', 'manager@kaveri.example', 'employee@kaveri.example'];
const LISTS = [
  '?page=1&pageSize=20',
  '?page=2&pageSize=20',
  '?page=1&pageSize=50&sort=fromDate&order=asc',
  '?toApprove=true',
  '?mine=true',
  '?status=PendingManager',
  '?status=ManagerApprovedPendingHR',
  '?status=Approved&page=3&pageSize=10',
  `?from=${addDays(TODAY, -20)}&to=${addDays(TODAY, 20)}&pageSize=100`,
];

let server: TestServer;
const ids = new Map<string, string>();
const canonical = (text: string) =>
  text.replace(UUID, (id) => {
    let token = ids.get(id);
    if (!token) ids.set(id, (token = `#${ids.size}`));
    return token;
  });
const sha = (text: string) => createHash('sha256').update(canonical(text)).digest('hex');

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-same-bytes-'));
  const config = loadConfig({ MUSTER_DATA_DIR: dataDir, MUSTER_DEMO: '1', MUSTER_DEMO_PASSWORD: DEMO_PASSWORD });
  const opened = await openNewDatabase(dataDir);
  await migrateToLatest(opened.db);
  await initialiseDatabase(opened.db, config, fixedClock(NOW), loadOrCreateSecrets(dataDir, undefined));
  await opened.close();
  server = await startServer({ dataDir, clock: fixedClock(NOW) });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('leave answers, byte for byte', () => {
  it('match the answers of the code before the closure and the list rework', async () => {
    const answers: Record<string, string> = {};
    for (const email of CALLERS) {
      const client = await server.login(email);
      const who = email.split('@')[0] as string;
      // An employee filter: the first employee of the caller's first page, so every caller asks about someone they see.
      const first = await client.get('/api/leave/requests?page=1&pageSize=20');
      expect(first.status).toBe(200);
      const employeeId = (first.body as { items: { employeeId: string }[] }).items[3]?.employeeId;
      const lists = [...LISTS, ...(employeeId ? [`?employeeId=${employeeId}`, `?employeeId=${employeeId}&mine=true`] : [])];
      for (const q of lists) {
        // Twice: once computed, once from the answers cache; both the same bytes.
        for (const round of ['computed', 'cached']) {
          const res = await client.get(`/api/leave/requests${q}`);
          expect(res.status, `${who} ${q}`).toBe(200);
          answers[`${who} list ${canonical(q)} ${round}`] = sha(res.text);
        }
      }
      for (const item of (first.body as { items: { id: string }[] }).items.slice(0, 4)) {
        const res = await client.get(`/api/leave/requests/${item.id}`);
        expect(res.status).toBe(200);
        answers[`${who} detail ${canonical(item.id)}`] = sha(res.text);
      }
      for (const scope of ['team', 'org']) {
        const res = await client.get(`/api/leave/calendar?scope=${scope}&from=${addDays(TODAY, -10)}&to=${addDays(TODAY, 25)}`);
        answers[`${who} calendar ${scope}`] = `${res.status} ${sha(res.text)}`;
      }
    }
    if (process.env.LEAVE_SAME_BYTES_WRITE === '1') fs.writeFileSync(FIXTURE, `${JSON.stringify(answers, null, 2)}\n`);
    const expected = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
    expect(Object.keys(answers).length).toBeGreaterThan(100);
    expect(answers).toEqual(expected);
  }, 120_000);
});
