import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import { fixedClock } from '../../server/src/clock.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf, freeWeek, leaveTypeIdOf, ledgerSum, topUp } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * A holiday added, moved or removed under live leave: the request is counted
 * again, an approved one's ledger corrected, the employee told.
 */

const clock = fixedClock(new Date());
let server: TestServer;
let employee: Client;
let manager: Client;
let hr: Client;
let sneha: string;
let cl: string;
let sl: string;
let monday: string;

async function applyAndApprove(body: Record<string, unknown>): Promise<string> {
  const res = await employee.post('/api/leave/requests', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  let r = await manager.post(`/api/leave/requests/${res.body.id}/approve`, {});
  if (r.body.status === 'ManagerApprovedPendingHR') r = await hr.post(`/api/leave/requests/${res.body.id}/approve`, {});
  expect(r.body.status).toBe('Approved');
  return res.body.id as string;
}

async function requestOf(id: string) {
  const res = await employee.get(`/api/leave/requests/${id}`);
  expect(res.status).toBe(200);
  return res.body as { workingDays: number; status: string };
}

beforeAll(async () => {
  server = await startServer({ clock });
  [employee, manager, hr] = await Promise.all([server.login('employee@kaveri.example'), server.login('manager@kaveri.example'), server.login('hr@kaveri.example')]);
  sneha = await employeeIdOf(server, 'employee@kaveri.example');
  cl = await leaveTypeIdOf(server, 'CL');
  sl = await leaveTypeIdOf(server, 'SL');
  await topUp(hr, sneha, cl, 5);
  await topUp(hr, sneha, sl, 5);
  monday = await freeWeek(server, [sneha], addDays(dayInZone(clock.now(), 'Asia/Kolkata'), 14));
});
afterAll(async () => server.close());

describe('leave when the holidays change', () => {
  it('returns a day of approved leave that became a holiday, charges it again when the holiday goes, and counts pending leave again', async () => {
    const tuesday = addDays(monday, 1);
    const thursday = addDays(monday, 3);
    const approvedId = await applyAndApprove({ leaveTypeId: cl, fromDate: monday, toDate: addDays(monday, 2) });
    const pending = await employee.post('/api/leave/requests', { leaveTypeId: sl, fromDate: thursday, toDate: addDays(monday, 4), reason: 'Check-up' });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    const clBefore = await ledgerSum(server, sneha, cl);

    const holiday = await hr.post('/api/attendance/holidays', { date: tuesday, name: 'Founders day', locationId: null, optional: false });
    expect(holiday.status, JSON.stringify(holiday.body)).toBe(200);
    expect((await requestOf(approvedId)).workingDays).toBe(2);
    expect(await ledgerSum(server, sneha, cl)).toBe(clBefore + 1);
    const reversal = await server.deps.db.selectFrom('leave_ledger').select(['kind', 'days', 'reason']).where('request_id', '=', approvedId).where('kind', '=', 'reversal').execute();
    expect(reversal).toEqual([{ kind: 'reversal', days: 1, reason: expect.stringContaining('Founders day') }]);
    const told = await employee.get('/api/notifications');
    expect(JSON.stringify(told.body)).toContain('now counts 2 days instead of 3 days');
    const audit = await server.deps.db.selectFrom('audit_log').select('summary').where('employee_id', '=', sneha).where('action', '=', 'leave.recounted').execute();
    expect(audit).toHaveLength(1);

    // A second holiday, under the pending request: it now asks for one day.
    const slBefore = await ledgerSum(server, sneha, sl);
    const second = await hr.post('/api/attendance/holidays', { date: thursday, name: 'Harvest day', locationId: null, optional: false });
    expect(second.status).toBe(200);
    expect((await requestOf(pending.body.id)).workingDays).toBe(1);
    expect(await ledgerSum(server, sneha, sl)).toBe(slBefore); // pending leave holds days, the ledger is untouched

    // The first holiday is removed: Tuesday costs leave again.
    expect((await hr.delete(`/api/attendance/holidays/${holiday.body.id}`)).status).toBe(200);
    expect((await requestOf(approvedId)).workingDays).toBe(3);
    expect(await ledgerSum(server, sneha, cl)).toBe(clBefore);

    // Moved to Friday: the pending request now costs Thursday instead.
    const moved = await hr.put(`/api/attendance/holidays/${second.body.id}`, { date: addDays(monday, 4), name: 'Harvest day', locationId: null, optional: false });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await requestOf(pending.body.id)).workingDays).toBe(1);
    const counted = await server.deps.db.selectFrom('leave_day').select('date').where('request_id', '=', pending.body.id).where('counted', '=', 1).execute();
    expect(counted.map((d) => d.date)).toEqual([thursday]);

    // Cancelling returns what the request costs now (three days), not what it cost first.
    const cancelled = await hr.post(`/api/leave/requests/${approvedId}/cancel`, { note: 'Plans changed' });
    expect(cancelled.status).toBe(200);
    expect(await ledgerSum(server, sneha, cl)).toBe(clBefore + 3);
  });

  it('counts live leave again when the weekly offs change, and back when they are restored', async () => {
    const admin = await server.login('admin@kaveri.example');
    const week = await freeWeek(server, [sneha], addDays(monday, 21));
    const [from, to] = [addDays(week, 3), addDays(week, 4)]; // Thursday and Friday
    const quote = async () => (await employee.get(`/api/leave/quote?leaveTypeId=${sl}&fromDate=${from}&toDate=${to}`)).body.workingDays as number;
    const before = await quote();
    expect(before).toBe(2);
    const id = await applyAndApprove({ leaveTypeId: sl, fromDate: from, toDate: to, reason: 'Family' });
    const slBefore = await ledgerSum(server, sneha, sl);

    const org = (await admin.get('/api/org')).body as { weeklyOffs: { weekday: number; weeks: unknown }[] };
    try {
      expect((await admin.patch('/api/org', { weeklyOffs: [...org.weeklyOffs, { weekday: 5, weeks: 'all' }] })).status).toBe(200);
      expect(await quote()).toBe(1);
      expect((await requestOf(id)).workingDays).toBe(1);
      expect(await ledgerSum(server, sneha, sl)).toBe(slBefore + 1);
    } finally {
      expect((await admin.patch('/api/org', { weeklyOffs: org.weeklyOffs })).status).toBe(200);
    }
    expect((await requestOf(id)).workingDays).toBe(2);
    expect(await ledgerSum(server, sneha, sl)).toBe(slBefore);
    // Out of the next test's way: it counts what a change gives back.
    expect((await hr.post(`/api/leave/requests/${id}/cancel`, { note: 'Test done' })).status).toBe(200);
  });

  it("counts live leave again when her location's weekly offs change", async () => {
    const week = await freeWeek(server, [sneha], addDays(monday, 42));
    const [from, to] = [addDays(week, 3), addDays(week, 4)];
    const id = await applyAndApprove({ leaveTypeId: sl, fromDate: from, toDate: to, reason: 'Wedding' });
    expect((await requestOf(id)).workingDays).toBe(2);
    const { location_id: locationId } = await server.deps.db.selectFrom('employee').select('location_id').where('id', '=', sneha).executeTakeFirstOrThrow();
    const policies = (await hr.get('/api/attendance/locations')).body.items as { locationId: string; weeklyOffs: unknown; effectiveWeeklyOffs: { weekday: number }[]; geoFence: unknown }[];
    const mine = policies.find((p) => p.locationId === locationId);
    if (!mine) throw new Error('no policy for her location');
    const slBefore = await ledgerSum(server, sneha, sl);
    try {
      const set = await hr.put(`/api/attendance/locations/${locationId}`, { weeklyOffs: [...mine.effectiveWeeklyOffs, { weekday: 4, weeks: 'all' }], geoFence: mine.geoFence });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect((await requestOf(id)).workingDays).toBe(1);
      expect(await ledgerSum(server, sneha, sl)).toBe(slBefore + 1);
    } finally {
      expect((await hr.put(`/api/attendance/locations/${locationId}`, { weeklyOffs: mine.weeklyOffs, geoFence: mine.geoFence })).status).toBe(200);
    }
    expect((await requestOf(id)).workingDays).toBe(2);
  });
});
