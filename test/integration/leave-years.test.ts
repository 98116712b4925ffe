import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import { LeaveBalances, YearEndPreview } from '../../shared/leave/index.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { leaveYearEnd, leaveYearLabel, leaveYearStart, nextLeaveYear } from '../../server/src/modules/leave/accrual.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf, freeWeek, leaveTypeIdOf } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Leave across the leave-year boundary: each year's days are checked against
 * that year's balance (a later year: its credits and what the year end will
 * carry into it), usage is split by year, and the year end lapses only what
 * the closing year really has left. The clock is put in the middle of a leave
 * year, so the boundary is months away whatever the real date.
 */

const zone = 'Asia/Kolkata';
const clock = fixedClock(new Date());
let server: TestServer;
let employee: Client;
let manager: Client;
let hr: Client;
let sneha: string;
let fyMonth: number;
let today: string;
/** The first day of the current and of the next leave year. */
let cur: string;
let next: string;
const ids = { CL: '', SL: '' };

async function signIn() {
  [employee, manager, hr] = await Promise.all([server.login('employee@kaveri.example'), server.login('manager@kaveri.example'), server.login('hr@kaveri.example')]);
}

/** Sneha's entries of a type effective up to a day, straight from the ledger. */
async function ledgerUpTo(typeId: string, day: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom('leave_ledger')
    .select((eb) => eb.fn.sum<number>('days').as('t'))
    .where('employee_id', '=', sneha)
    .where('leave_type_id', '=', typeId)
    .where('effective_date', '<=', day)
    .executeTakeFirst();
  return Number(row?.t ?? 0);
}

/** Withdraws Sneha's pending requests of a type and sets this year's balance to `days`. */
async function resetBalance(typeId: string, days: number) {
  const open = await server.deps.db
    .selectFrom('leave_request')
    .select('id')
    .where('employee_id', '=', sneha)
    .where('leave_type_id', '=', typeId)
    .where('status', 'in', ['PendingManager', 'ManagerApprovedPendingHR'])
    .execute();
  for (const r of open) expect((await employee.post(`/api/leave/requests/${r.id}/withdraw`, {})).status).toBe(200);
  const delta = days - (await ledgerUpTo(typeId, leaveYearEnd(cur)));
  if (delta !== 0) {
    const res = await hr.post('/api/leave/adjustments', { employeeId: sneha, leaveTypeId: typeId, days: delta, reason: 'Test: set the balance' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

async function applyAndApprove(body: Record<string, unknown>) {
  const res = await employee.post('/api/leave/requests', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  let r = await manager.post(`/api/leave/requests/${res.body.id}/approve`, {});
  if (r.body.status === 'ManagerApprovedPendingHR') r = await hr.post(`/api/leave/requests/${res.body.id}/approve`, {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.status).toBe('Approved');
  return r.body as { id: string; workingDays: number; balanceAfter: number };
}

/** Whether a single day is a working day for Sneha (a one-day sick-leave quote costs 1). */
async function isWorking(day: string): Promise<boolean> {
  const q = await employee.get(`/api/leave/quote?leaveTypeId=${ids.SL}&fromDate=${day}&toDate=${day}`);
  return q.body.workingDays === 1;
}

beforeAll(async () => {
  server = await startServer({ clock });
  fyMonth = (await (await server.login('hr@kaveri.example')).get('/api/org')).body.financialYearStartMonth;
  // Seven months into the next leave year: the boundary after it is five months away.
  const start = nextLeaveYear(leaveYearStart(dayInZone(clock.now(), zone), fyMonth));
  clock.set(`${addDays(start, 213)}T06:00:00.000Z`);
  today = dayInZone(clock.now(), zone);
  cur = leaveYearStart(today, fyMonth);
  next = nextLeaveYear(cur);
  await signIn();
  expect((await hr.post('/api/leave/accruals/run')).status).toBe(200);
  sneha = await employeeIdOf(server, 'employee@kaveri.example');
  ids.CL = await leaveTypeIdOf(server, 'CL');
  ids.SL = await leaveTypeIdOf(server, 'SL');
});
afterAll(async () => server.close());

describe('leave in the next leave year', () => {
  it('is charged to that year: this year keeps its balance, and the year end lapses only what is left', async () => {
    await resetBalance(ids.CL, 10);
    // Nine days of casual leave in the next year (three days at a time: the most in a row).
    let monday = next;
    for (let i = 0; i < 3; i++) {
      monday = await freeWeek(server, [sneha], monday);
      await applyAndApprove({ leaveTypeId: ids.CL, fromDate: monday, toDate: addDays(monday, 2) });
      monday = addDays(monday, 7);
    }
    const usage = await server.deps.db.selectFrom('leave_ledger').select(['days', 'effective_date']).where('employee_id', '=', sneha).where('leave_type_id', '=', ids.CL).where('kind', '=', 'usage').where('effective_date', '>=', next).execute();
    expect(usage.reduce((s, u) => s + u.days, 0)).toBe(-9);

    // This year still has its ten days.
    const balances = LeaveBalances.parse((await employee.get('/api/leave/balances')).body);
    expect(balances.items.find((b) => b.leaveType.code === 'CL')).toMatchObject({ balance: 10, pending: 0, available: 10 });
    const thisYear = await freeWeek(server, [sneha], addDays(today, 7));
    expect(thisYear < next).toBe(true);
    const quote = (await employee.get(`/api/leave/quote?leaveTypeId=${ids.CL}&fromDate=${thisYear}&toDate=${addDays(thisYear, 2)}`)).body;
    expect(quote).toMatchObject({ workingDays: 3, balance: 10, pending: 0, balanceAfter: 7, problems: [] });
    const approved = await applyAndApprove({ leaveTypeId: ids.CL, fromDate: thisYear, toDate: addDays(thisYear, 2) });
    expect(approved.balanceAfter).toBe(7);

    // Next year: twelve days granted, nine taken: three more fit, a fourth does not.
    monday = await freeWeek(server, [sneha], monday);
    const nextQuote = (await employee.get(`/api/leave/quote?leaveTypeId=${ids.CL}&fromDate=${monday}&toDate=${addDays(monday, 2)}`)).body;
    expect(nextQuote).toMatchObject({ workingDays: 3, balance: 3, pending: 0, balanceAfter: 0, problems: [] });
    const pending = await employee.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: monday, toDate: addDays(monday, 2) });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    // The request, when read back, says what the quote said: next year's balance after it.
    expect(pending.body.balanceAfter).toBe(0);
    expect((await employee.get(`/api/leave/requests/${pending.body.id}`)).body.balanceAfter).toBe(0);
    const later = await freeWeek(server, [sneha], addDays(monday, 7));
    const refused = await employee.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: later, toDate: later });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toEqual({
      path: 'body.leaveTypeId',
      message: `only 0 days of CL available in ${leaveYearLabel(next)} (3 days held by pending requests), 1 day asked`,
    });
    // The pending request of next year holds nothing of this year.
    expect((await employee.get(`/api/leave/quote?leaveTypeId=${ids.CL}&fromDate=${addDays(thisYear, 7)}&toDate=${addDays(thisYear, 7)}`)).body).toMatchObject({ balance: 7, pending: 0 });
    expect((await employee.post(`/api/leave/requests/${pending.body.id}/withdraw`, {})).status).toBe(200);

    // The year end lapses what this year has left (7), not the days already promised to next year.
    const preview = YearEndPreview.parse((await hr.get(`/api/leave/year-end?boundary=${next}`)).body);
    expect(preview.rows.find((r) => r.employeeId === sneha && r.leaveType.code === 'CL')).toMatchObject({ closing: 7, carryForward: 0, lapse: 7 });
    // Once it runs, next year's grant pays for the nine days.
    clock.set(`${addDays(next, 1)}T00:00:00.000Z`);
    await signIn();
    expect((await hr.post('/api/leave/accruals/run')).status).toBe(200);
    const after = LeaveBalances.parse((await employee.get('/api/leave/balances')).body);
    expect(after.yearStart).toBe(next);
    expect(after.items.find((b) => b.leaveType.code === 'CL')).toMatchObject({ balance: 12 - 9, usedThisYear: 9 });
    clock.set(`${today}T06:00:00.000Z`);
    await signIn();
  });

  it('costs a request across the boundary against each year, and returns each part on cancellation', async () => {
    // The last working day of this year and the first of the next: one day each, the days between are off.
    let from = addDays(next, -1);
    while (!(await isWorking(from))) from = addDays(from, -1);
    let to = next;
    while (!(await isWorking(to))) to = addDays(to, 1);

    // This year has no sick leave left: the request is refused for this year's day only.
    await resetBalance(ids.SL, 0);
    const refused = await employee.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: from, toDate: to, reason: 'Surgery' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([{ path: 'body.leaveTypeId', message: `only 0 days of SL available in ${leaveYearLabel(cur)}, 1 day asked in ${leaveYearLabel(cur)}` }]);

    // One day left this year: enough, the other day is next year's.
    await resetBalance(ids.SL, 1);
    const quote = (await employee.get(`/api/leave/quote?leaveTypeId=${ids.SL}&fromDate=${from}&toDate=${to}`)).body;
    expect(quote).toMatchObject({ workingDays: 2, balance: 1, pending: 0, balanceAfter: 0, problems: [] });
    const r = await applyAndApprove({ leaveTypeId: ids.SL, fromDate: from, toDate: to, reason: 'Surgery' });
    expect(r.workingDays).toBe(2);
    expect(r.balanceAfter).toBe(0);
    const usage = await server.deps.db.selectFrom('leave_ledger').select(['kind', 'days', 'effective_date', 'period_key']).where('request_id', '=', r.id).orderBy('effective_date').execute();
    expect(usage).toEqual([
      { kind: 'usage', days: -1, effective_date: from, period_key: `usage:${r.id}:${cur}` },
      { kind: 'usage', days: -1, effective_date: to, period_key: `usage:${r.id}:${next}` },
    ]);
    expect(await ledgerUpTo(ids.SL, leaveYearEnd(cur))).toBe(0);

    const cancelled = await hr.post(`/api/leave/requests/${r.id}/cancel`, { note: 'Postponed' });
    expect(cancelled.status).toBe(200);
    const returned = await server.deps.db.selectFrom('leave_ledger').select(['days', 'effective_date']).where('request_id', '=', r.id).where('kind', '=', 'reversal').orderBy('effective_date').execute();
    expect(returned).toEqual([
      { days: 1, effective_date: from },
      { days: 1, effective_date: to },
    ]);
    expect(await ledgerUpTo(ids.SL, leaveYearEnd(cur))).toBe(1);
    expect(cancelled.body.balanceAfter).toBe(1);
  });
});
