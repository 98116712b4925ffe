import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialiseDatabase } from '../../server/src/bootstrap.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import { migrateToLatest } from '../../server/src/db/database.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';
import { BUILT_IN_REPORTS } from '../../shared/reports.ts';
import type { Client } from '../support/client.ts';
import { CONNECTOR_SECRET, type TestServer, startServer } from '../support/server.ts';
import { DEMO_PASSWORD, openNewDatabase } from '../support/templates.ts';

/**
 * "Nothing a user sees changed": the hot GET routes answer the same bytes for the same data.
 * The demo organisation is seeded at a fixed instant (its faker seed is fixed too), the server
 * runs on that clock, and each body's SHA-256 is compared with `same-bytes.json`, written at a
 * commit whose answers are known good. Performance work keeps this green; a change meant to alter
 * an answer regenerates the file in the same commit, so the diff shows which routes moved:
 *
 *   MUSTER_UPDATE_SAME_BYTES=1 npx vitest run --config test/vitest.config.ts test/integration/same-bytes.test.ts
 *
 * Ids are UUIDv7 (random bits) and a migration gives the document types random ids, so before
 * hashing every uuid is replaced by its order of first appearance in this run: the same
 * structure with the same references hashes the same, a changed reference does not.
 */

const GOLDEN = path.join(path.dirname(new URL(import.meta.url).pathname), 'same-bytes.json');
const UPDATE = process.env.MUSTER_UPDATE_SAME_BYTES === '1';
/** A folder to write the normalised bodies to, to see what changed (`diff -r` two runs). */
const DUMP = process.env.MUSTER_SAME_BYTES_DUMP;
// A Wednesday morning in the office's zone: the live board has people in, the month is half done.
const NOW = new Date('2026-11-25T10:00:00+05:30');
const clock = fixedClock(NOW);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const labels = new Map<string, string>();

function normalised(text: string): string {
  return text.replace(UUID, (id) => {
    const key = id.toLowerCase();
    let label = labels.get(key);
    if (!label) {
      label = `uuid-${labels.size + 1}`;
      labels.set(key, label);
    }
    return label;
  });
}

let server: TestServer;
const users: Record<'hr' | 'manager' | 'employee', Client> = {} as never;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-same-bytes-'));
  const env = { MUSTER_DATA_DIR: dataDir, MUSTER_DEMO: '1', MUSTER_DEMO_PASSWORD: DEMO_PASSWORD };
  const config = loadConfig(env);
  const opened = await openNewDatabase(dataDir);
  await migrateToLatest(opened.db);
  await initialiseDatabase(opened.db, config, clock, loadOrCreateSecrets(dataDir, CONNECTOR_SECRET));
  await opened.close();
  server = await startServer({ dataDir, clock, env: { MUSTER_DEMO: '1' }, outbox: false });
  for (const who of ['hr', 'manager', 'employee'] as const) users[who] = await server.login(`${who}@kaveri.example`);
}, 240_000);
afterAll(async () => server?.close());

/** The hot GET routes each role opens, in a fixed order (uuid labels depend on it). */
async function routesOf(who: 'hr' | 'manager' | 'employee', c: Client): Promise<string[]> {
  const me = ((await c.get('/api/auth/me')).body as { user: { employeeId: string } }).user;
  const leaveTypeId = ((await c.get('/api/leave/types')).body as { items?: { id: string }[] } | { id: string }[]);
  const firstType = Array.isArray(leaveTypeId) ? leaveTypeId[0]?.id : leaveTypeId.items?.[0]?.id;
  const common = [
    '/api/auth/me',
    '/api/org',
    '/api/employees?page=1&pageSize=50',
    '/api/employees?page=2&pageSize=25&sort=fullName',
    '/api/employees?q=sharma',
    `/api/employees/${me.employeeId}`,
    '/api/attendance/me',
    `/api/attendance/employee/${me.employeeId}/month/2026-10`,
    `/api/attendance/employee/${me.employeeId}/month/2026-11`,
    `/api/attendance/employee/${me.employeeId}/day/2026-11-24`,
    '/api/attendance/holidays',
    '/api/holidays',
    '/api/shifts',
    '/api/leave/types',
    '/api/leave/balances',
    '/api/leave/requests',
    '/api/leave/calendar?from=2026-11-01&to=2026-12-31',
    '/api/leave/colleagues',
    `/api/leave/ledger?leaveTypeId=${firstType}`,
    '/api/regularizations',
    '/api/notifications',
    '/api/notifications/unread-count',
    '/api/documents/types',
    `/api/employees/${me.employeeId}/documents`,
    '/api/me/notification-preferences',
  ];
  const lead = [
    '/api/dashboard',
    '/api/attendance/live',
    '/api/attendance/day/2026-11-24',
    '/api/attendance/calendar/2026-11',
    '/api/attendance/calendar/2026-10',
    '/api/attendance/calendar/2026-10/export?format=csv',
    '/api/leave/requests?status=PendingManager',
    '/api/reports',
    `/api/reports/${BUILT_IN_REPORTS.attendanceSummary}`,
    `/api/reports/${BUILT_IN_REPORTS.lateEarly}?param=202610`,
    `/api/reports/${BUILT_IN_REPORTS.leaveBalances}`,
    `/api/reports/${BUILT_IN_REPORTS.headcount}`,
    `/api/reports/${BUILT_IN_REPORTS.absenteeism}?param=202610`,
  ];
  const hrOnly = [
    '/api/employees?page=3&pageSize=50&status=Active',
    '/api/documents/overview',
    '/api/audit',
    '/api/regularizations/export?format=csv',
    '/api/employees/export?format=csv',
    '/api/public/v1/employees',
    '/api/public/v1/attendance?date=2026-11-24',
  ];
  const routes = who === 'employee' ? common : who === 'manager' ? [...common, ...lead] : [...common, ...lead, ...hrOnly];
  // The first rows of lists, opened as a person clicks one.
  const firstEmployee = ((await c.get('/api/employees?page=1&pageSize=50')).body as { items?: { id: string }[] }).items?.[5]?.id;
  if (firstEmployee && who !== 'employee') routes.push(`/api/employees/${firstEmployee}`, `/api/attendance/employee/${firstEmployee}/month/2026-10`);
  const firstLeave = ((await c.get('/api/leave/requests')).body as { items?: { id: string }[] }).items?.[0]?.id;
  if (firstLeave) routes.push(`/api/leave/requests/${firstLeave}`);
  return routes;
}

describe('the same bytes for the same data', () => {
  it('answers every hot GET route as committed in same-bytes.json', async () => {
    const found: Record<string, string> = {};
    const refused: string[] = [];
    for (const who of ['hr', 'manager', 'employee'] as const) {
      const c = users[who];
      for (const route of await routesOf(who, c)) {
        // /api/public/v1 wants an API key; the administrator issues one for the check.
        const res = route.startsWith('/api/public/v1/') ? await publicGet(route) : await c.get(route);
        if (res.status !== 200) refused.push(`${who} GET ${route}: ${res.status} ${res.text.slice(0, 200)}`);
        if (DUMP) fs.writeFileSync(path.join(DUMP, `${who} ${normalised(route)}`.replace(/[^a-z0-9-]+/gi, '_')), normalised(res.text));
        found[`${who} GET ${normalised(route)}`] = crypto.createHash('sha256').update(normalised(res.text)).digest('hex');
      }
    }
    expect(refused, 'routes that did not answer 200').toEqual([]);
    if (UPDATE) {
      fs.writeFileSync(GOLDEN, `${JSON.stringify(found, null, 2)}\n`);
      return;
    }
    const golden = JSON.parse(fs.readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
    expect(Object.keys(found).length).toBeGreaterThanOrEqual(40);
    const changed = Object.keys({ ...golden, ...found }).filter((k) => golden[k] !== found[k]);
    expect(changed, 'routes whose answer differs from same-bytes.json').toEqual([]);
  }, 240_000);
});

let apiKey: string | undefined;
async function publicGet(route: string) {
  if (!apiKey) {
    const admin = await server.login('admin@kaveri.example');
    const res = await admin.post('/api/api-keys', { name: 'same bytes', scope: 'ReadOnly' });
    expect(res.status, res.text).toBe(200);
    apiKey = (res.body as { key: string }).key;
  }
  return server.client().get(route, { authorization: `Bearer ${apiKey}` });
}
