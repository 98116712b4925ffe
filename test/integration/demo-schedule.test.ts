import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoSchedule } from '../../shared/ingest.ts';
import { CONNECTOR_SECRET, type TestServer, startServer } from '../support/server.ts';

/**
 * GET /api/ingest/demo/schedule: the demo terminals' timetable, read over HTTP with
 * the connector secret (never from the database): only shift days people work, at
 * their own location's terminals.
 */

let demo: TestServer;
let plain: TestServer;
beforeAll(async () => {
  [demo, plain] = await Promise.all([startServer({ env: { MUSTER_DEMO: '1' } }), startServer()]);
});
afterAll(async () => Promise.all([demo.close(), plain.close()]));

const read = (server: TestServer, secret = CONNECTOR_SECRET) => fetch(`${server.url}/api/ingest/demo/schedule`, { headers: { authorization: `Bearer ${secret}` } });

describe('the demo schedule', () => {
  it('lists who works today around which shift, never someone on leave, off or exited, with each location\'s terminal', async () => {
    const res = await read(demo);
    expect(res.status).toBe(200);
    const schedule = DemoSchedule.parse(await res.json());
    expect(schedule.timeZone).toBe('Asia/Kolkata');
    const db = demo.deps.db;
    const employees = await db.selectFrom('employee').select(['id', 'terminal_user_id', 'location_id', 'exit_date']).execute();
    const byUser = new Map(employees.map((e) => [e.terminal_user_id, e]));
    // The demo registry's two terminals, each at its location.
    const locations = await db.selectFrom('location').select(['id', 'name']).execute();
    const name = (id: string | null) => locations.find((l) => l.id === id)?.name;
    expect(schedule.terminals.map((t) => `${t.serial} ${name(t.locationId)}`).sort()).toEqual(['DEMO-ANVIZ-0001 Bengaluru HQ', 'DEMO-ZK-0001 Pune Plant']);
    // Today may be everyone's weekly off (a Sunday), the days ahead are not: someone is always planned.
    expect(schedule.days.length).toBeGreaterThan(0);
    for (const d of schedule.days) {
      const e = byUser.get(d.terminalUserId);
      expect(e, String(d.terminalUserId)).toBeDefined();
      expect(d.locationId).toBe(e?.location_id);
      expect(Date.parse(d.shiftEnd)).toBeGreaterThan(Date.parse(d.shiftStart));
      if (e?.exit_date) expect(d.day <= e.exit_date).toBe(true);
    }
    // Nobody on approved full-day leave that day is listed.
    const leave = await db
      .selectFrom('leave_day')
      .innerJoin('leave_request', 'leave_request.id', 'leave_day.request_id')
      .innerJoin('employee', 'employee.id', 'leave_request.employee_id')
      .select(['employee.terminal_user_id as userId', 'leave_day.date as date'])
      .where('leave_request.status', '=', 'Approved')
      .execute();
    const onLeave = new Set(leave.map((l) => `${l.userId}|${l.date}`));
    expect(schedule.days.filter((d) => onLeave.has(`${d.terminalUserId}|${d.day}`))).toEqual([]);
    // Nobody on a weekly off: no entry on a Sunday (both demo locations are off on Sundays).
    expect(schedule.days.filter((d) => new Date(`${d.day}T00:00:00Z`).getUTCDay() === 0)).toEqual([]);
  });

  it('answers only the connector, and only in demo mode', async () => {
    expect((await read(demo, 'not-the-secret-0123456789abcdef')).status).toBe(401);
    const hr = await demo.login('hr@kaveri.example');
    expect((await hr.get('/api/ingest/demo/schedule')).status).toBe(401);
    expect((await read(plain)).status).toBe(404);
  });
});
