import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPuncher, type DemoPunch } from '../../connector/src/emulator/demo-puncher.ts';
import { initialiseDatabase } from '../../server/src/bootstrap.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import { migrateToLatest } from '../../server/src/db/database.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';
import { DemoSchedule } from '../../shared/ingest.ts';
import type { LiveView } from '../../shared/attendance/views.ts';
import type { Client } from '../support/client.ts';
import { LOOK_DIR, renderFirstPage } from '../support/pdf.ts';
import { CONNECTOR_SECRET, type TestServer, startServer } from '../support/server.ts';
import { DEMO_PASSWORD, openNewDatabase } from '../support/templates.ts';

/**
 * The demo as a newcomer sees it at 02:30 and at 10:00 (a fake clock on a Wednesday):
 * the demo organisation is seeded at 02:30, then the demo terminals' puncher runs
 * minute by minute on the server's timetable (over HTTP, with the connector secret),
 * its punches delivered to the ingest route as the connector would. The live board
 * must look like an office: at night only the night shift is on the floor and
 * nobody is "late"; by 10:00 most of the day shift is in. Each picture is exported
 * as a PDF and rendered for a person to look at (test-results/look/).
 */

const NIGHT = new Date('2026-11-25T02:30:00+05:30');
const MORNING = new Date('2026-11-25T10:00:00+05:30');
const clock = fixedClock(NIGHT);
let server: TestServer;
let hr: Client;
let transId = 1;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-demo-live-'));
  const env = { MUSTER_DATA_DIR: dataDir, MUSTER_DEMO: '1', MUSTER_DEMO_PASSWORD: DEMO_PASSWORD };
  const config = loadConfig(env);
  const opened = await openNewDatabase(dataDir);
  await migrateToLatest(opened.db);
  await initialiseDatabase(opened.db, config, clock, loadOrCreateSecrets(dataDir, CONNECTOR_SECRET));
  await opened.close();
  server = await startServer({ dataDir, clock, env: { MUSTER_DEMO: '1' } });
  hr = await server.login('hr@kaveri.example');
  fs.mkdirSync(LOOK_DIR, { recursive: true });
}, 180_000);
afterAll(async () => server?.close());

async function fetchSchedule(): Promise<DemoSchedule> {
  const res = await fetch(`${server.url}/api/ingest/demo/schedule`, { headers: { authorization: `Bearer ${CONNECTOR_SECRET}` } });
  expect(res.status).toBe(200);
  return DemoSchedule.parse(await res.json());
}

async function deliver(p: DemoPunch): Promise<void> {
  const res = await fetch(`${server.url}/api/ingest/biometric/timelog`, {
    method: 'POST',
    headers: { authorization: `Bearer ${CONNECTOR_SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      serial: p.serial,
      terminalType: p.serial.includes('ZK') ? 'zk' : 'anviz',
      terminalId: 1,
      transId: transId++,
      at: new Date(p.at).toISOString(),
      terminalUserId: p.terminalUserId,
      attendStat: String(p.state),
      verifyMode: 'fingerprint',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function live(name: string): Promise<LiveView> {
  const res = await hr.get('/api/attendance/live');
  expect(res.status).toBe(200);
  const pdf = await hr.get('/api/attendance/live/export?format=pdf');
  expect(pdf.status).toBe(200);
  renderFirstPage(pdf.body as Buffer, path.join(LOOK_DIR, `live-board-${name}.png`));
  return res.body as LiveView;
}

describe('the demo live board through the day', () => {
  it('at 02:30 only the night shift is on the floor and no day-shift person is late; by 10:00 the office has arrived', async () => {
    const night = await live('0230');
    const isNight = (r: LiveView['items'][number]) => /night/i.test(r.shift ?? '');
    // "Late" only for a shift under way (a night-shift no-show), never for a day shift that ended hours ago.
    expect(night.items.filter((r) => r.state === 'Late' && !isNight(r)).map((r) => [r.employee.fullName, r.shift])).toEqual([]);
    const inAtNight = night.items.filter((r) => r.state === 'In');
    expect(inAtNight.length).toBeGreaterThan(0);
    // A day-shift person shows "In" at night only from yesterday's forgotten check-out (a seeded missing punch).
    expect(inAtNight.filter((r) => !isNight(r) && r.shiftDate !== '2026-11-24').map((r) => r.employee.fullName)).toEqual([]);
    expect(inAtNight.filter((r) => !isNight(r)).length).toBeLessThan(5);
    // Day-shift staff are not yet in (their shift is hours away), not absent or late.
    expect(night.items.filter((r) => !isNight(r) && r.state !== 'OnLeave' && r.state !== 'Off' && r.state !== 'In' && r.state !== 'Out').every((r) => r.state === 'NotYetIn')).toBe(true);

    // The demo terminals punch, minute by minute, from 02:30 to 10:00.
    const sent: DemoPunch[] = [];
    const puncher = new DemoPuncher({ fetchSchedule, punch: (p) => sent.push(p), now: () => clock.now().getTime() });
    await puncher.refresh();
    for (let t = NIGHT.getTime(); t <= MORNING.getTime(); t += 60_000) {
      clock.set(new Date(t));
      if ((t - NIGHT.getTime()) % (30 * 60_000) === 0) await puncher.refresh();
      for (const p of puncher.tick()) await deliver(p);
    }
    expect(sent.length).toBeGreaterThan(50);

    const morning = await live('1000');
    const day = morning.items.filter((r) => !isNight(r) && r.state !== 'OnLeave' && r.state !== 'Off');
    const arrived = day.filter((r) => r.state === 'In' || r.state === 'Out');
    // Most of the day shift is in by 10:00; a few are late, as in any office.
    expect(arrived.length / day.length).toBeGreaterThan(0.75);
    expect(morning.counts.Late / day.length).toBeLessThan(0.25);
    // Everyone punches at their own location's terminal but the odd visitor to the other site, named on the board.
    const visits = morning.items.filter((r) => r.note?.startsWith('Punched at'));
    expect(visits.length).toBeLessThanOrEqual(3);
    for (const v of visits) expect(v.note).toMatch(/^Punched at .+; works at .+$/);
  }, 300_000);
});
