import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/labels.ts';
import { addDays, dayInZone, weekdayOf } from '../../shared/dates.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { approvedLeaveDays } from '../../server/src/modules/leave/index.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf, leaveTypeIdOf, ledgerSum, topUp } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

const clock = fixedClock(new Date());
let server: TestServer;
let employee: Client;
let manager: Client;
let hr: Client;
let sneha: string;
let today: string;

/** The latest working day (Monday to Friday, no holiday, no leave of hers) within the last week, up to today. */
async function recentFreeWorkingDay(): Promise<string> {
  for (let d = today; d >= addDays(today, -6); d = addDays(d, -1)) {
    if ([0, 6].includes(weekdayOf(d))) continue;
    const holiday = await server.deps.db.selectFrom('holiday').select('id').where('date', '=', d).executeTakeFirst();
    const busy = await server.deps.db.selectFrom('leave_day').select('date').where('employee_id', '=', sneha).where('date', '=', d).executeTakeFirst();
    if (!holiday && !busy) return d;
  }
  throw new Error('no free working day in the last week');
}

beforeAll(async () => {
  server = await startServer({ clock });
  today = dayInZone(clock.now(), 'Asia/Kolkata');
  [employee, manager, hr] = await Promise.all([
    server.login('employee@kaveri.example'),
    server.login('manager@kaveri.example'),
    server.login('hr@kaveri.example'),
  ]);
  sneha = await employeeIdOf(server, 'employee@kaveri.example');
  await topUp(hr, sneha, await leaveTypeIdOf(server, 'SL'), 5);
});
afterAll(async () => server.close());

describe('leave ↔ attendance', () => {
  it('gives attendance the approved days that cost leave, with their portion', async () => {
    const day = await recentFreeWorkingDay();
    const sl = await leaveTypeIdOf(server, 'SL');
    const res = await employee.post('/api/leave/requests', { leaveTypeId: sl, fromDate: day, toDate: day, duration: 'SecondHalf', reason: 'Doctor' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await approvedLeaveDays(server.deps.db, [sneha], day, day)).toEqual([]);
    expect((await manager.post(`/api/leave/requests/${res.body.id}/approve`, {})).status).toBe(200);
    expect(await approvedLeaveDays(server.deps.db, [sneha], day, day)).toEqual([
      { employeeId: sneha, date: day, portion: 'SecondHalf', requestId: res.body.id, leaveTypeCode: 'SL', leaveTypeName: 'Sick leave', paid: true },
    ]);
    const all = await approvedLeaveDays(server.deps.db, 'all', addDays(today, -200), today);
    expect(all.length).toBeGreaterThan(10);
    expect(all.every((d) => d.date >= addDays(today, -200) && d.date <= today)).toBe(true);
    // HR cancels: the day is no longer leave.
    expect((await hr.post(`/api/leave/requests/${res.body.id}/cancel`, { note: 'Came in after all' })).status).toBe(200);
    expect(await approvedLeaveDays(server.deps.db, [sneha], day, day)).toEqual([]);
  });

  it('attendance day shows OnLeave after approval', async () => {
    const day = await recentFreeWorkingDay();
    const sl = await leaveTypeIdOf(server, 'SL');
    const res = await employee.post('/api/leave/requests', { leaveTypeId: sl, fromDate: day, toDate: day, reason: 'Fever' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const path = `/api/attendance/employee/${sneha}/day/${day}`;
    const before = await hr.get(path);
    expect(before.status).toBe(200);
    expect(before.body.day?.status ?? before.body.status).not.toBe('OnLeave');
    expect((await manager.post(`/api/leave/requests/${res.body.id}/approve`, {})).status).toBe(200);
    const after = await hr.get(path);
    expect(after.status).toBe(200);
    expect(after.body.day?.status ?? after.body.status).toBe('OnLeave');
  });

  it('refuses to apply for, approve or cancel leave on a frozen (closed) day, naming it', async () => {
    const sl = await leaveTypeIdOf(server, 'SL');
    const freeze = (day: string, frozen: boolean) => hr.patch(`/api/attendance/employee/${sneha}/day/${day}`, { reason: frozen ? 'Payroll closed' : 'Reopened', frozen });
    // Apply: refused while the day is frozen, and the quote says why.
    const day = await recentFreeWorkingDay();
    expect((await freeze(day, true)).status).toBe(200);
    const before = await ledgerSum(server, sneha, sl);
    const refused = await employee.post('/api/leave/requests', { leaveTypeId: sl, fromDate: day, toDate: day, reason: 'Fever' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([{ path: 'body.fromDate', message: expect.stringContaining(`${formatDate(day)} is closed in attendance (frozen)`) }]);
    const quote = await employee.get(`/api/leave/quote?leaveTypeId=${sl}&fromDate=${day}&toDate=${day}`);
    expect(quote.body.problems).toEqual([{ path: 'query.fromDate', message: expect.stringContaining(`${formatDate(day)} is closed in attendance`) }]);

    // Approve: a pending request whose day was frozen meanwhile.
    expect((await freeze(day, false)).status).toBe(200);
    const pending = await employee.post('/api/leave/requests', { leaveTypeId: sl, fromDate: day, toDate: day, reason: 'Fever' });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    expect((await freeze(day, true)).status).toBe(200);
    const approve = await manager.post(`/api/leave/requests/${pending.body.id}/approve`, {});
    expect(approve.status).toBe(409);
    expect(approve.body.detail).toContain(formatDate(day));
    expect((await employee.get(`/api/leave/requests/${pending.body.id}`)).body.status).toBe('PendingManager');
    expect(await ledgerSum(server, sneha, sl)).toBe(before);
    const frozenDay = (await hr.get(`/api/attendance/employee/${sneha}/day/${day}`)).body.day;
    expect(frozenDay).toMatchObject({ frozen: true, leaveDays: 0 });

    // Cancel: approved leave whose day was frozen afterwards.
    expect((await freeze(day, false)).status).toBe(200);
    expect((await manager.post(`/api/leave/requests/${pending.body.id}/approve`, {})).status).toBe(200);
    expect(await ledgerSum(server, sneha, sl)).toBe(before - 1);
    expect((await freeze(day, true)).status).toBe(200);
    const cancel = await hr.post(`/api/leave/requests/${pending.body.id}/cancel`, { note: 'Entered by mistake' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.detail).toContain(formatDate(day));
    expect(await ledgerSum(server, sneha, sl)).toBe(before - 1);
    expect((await hr.get(`/api/attendance/employee/${sneha}/day/${day}`)).body.day).toMatchObject({ frozen: true, status: 'OnLeave', leaveDays: 1 });
    expect((await freeze(day, false)).status).toBe(200);
  });
});
