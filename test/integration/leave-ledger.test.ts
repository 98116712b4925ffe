import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleLinks } from '../../server/src/wiring.ts';
import { addDays, dayInZone, monthBounds } from '../../shared/dates.ts';
import { LeaveLedger, LedgerRunResult, YearEndPreview } from '../../shared/leave/index.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { JOBS } from '../../server/src/jobs/scheduler.ts';
import { systemCaller } from '../../server/src/context.ts';
import { leaveYearStart, nextLeaveYear } from '../../server/src/modules/leave/accrual.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf, leaveTypeIdOf, ledgerSum } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The jobs move the clock forward: this file has its own server.
const clock = fixedClock(new Date());
let server: TestServer;
let sneha: string;
const zone = 'Asia/Kolkata';
const todayOf = () => dayInZone(clock.now(), zone);

async function hr(): Promise<Client> {
  // Sessions age with the clock: sign in again after moving it.
  return server.login('hr@kaveri.example');
}

async function ledgerCount(): Promise<number> {
  const row = await server.deps.db.selectFrom('leave_ledger').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function runAccruals(client: Client) {
  const res = await client.post('/api/leave/accruals/run');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return LedgerRunResult.parse(res.body);
}

beforeAll(async () => {
  server = await startServer({ clock });
  sneha = await employeeIdOf(server, 'employee@kaveri.example');
});
afterAll(async () => server.close());

describe('the leave ledger job', () => {
  it('is registered to run nightly and at start-up', () => {
    const job = JOBS.find((j) => j.name === 'leave-accrual-and-year-end');
    expect(job).toMatchObject({ schedule: '10 0 * * *', catchUpAtStart: true });
  });

  it('writes nothing on a rerun', async () => {
    const client = await hr();
    await runAccruals(client); // the template was seeded earlier: whatever is due since then
    const count = await ledgerCount();
    expect(await runAccruals(client)).toEqual({ entries: 0, employees: 0 });
    expect(await ledgerCount()).toBe(count);
    const job = JOBS.find((j) => j.name === 'leave-accrual-and-year-end');
    const ctx = { db: server.deps.db, clock, caller: systemCaller(), timeZone: zone, links: moduleLinks };
    expect(await job?.run(ctx, server.deps)).toBe('0 leave ledger entries for 0 employee(s)');
    expect((await (await server.login('employee@kaveri.example')).post('/api/leave/accruals/run')).status).toBe(403);
  });

  it('accrues the next month once, catching up a missed month', async () => {
    const el = await leaveTypeIdOf(server, 'EL');
    // Two months later at 00:30 IST, as if the PC had been off for the month between.
    const { last } = monthBounds(todayOf());
    const next = monthBounds(addDays(last, 1)).last;
    clock.set(`${addDays(next, 1)}T19:00:00.000Z`);
    const client = await hr();
    const first = await runAccruals(client);
    expect(first.entries).toBeGreaterThan(100);
    expect(first.employees).toBeGreaterThan(100);
    // A new leave year may have started in between (a grant); in any case two months of 1.25 accrued.
    const keys = await server.deps.db.selectFrom('leave_ledger').select(['period_key', 'days']).where('employee_id', '=', sneha).where('leave_type_id', '=', el).where('kind', '=', 'accrual').execute();
    const months = [addDays(last, 1).slice(0, 7), addDays(next, 1).slice(0, 7)];
    for (const m of months) expect(keys).toContainEqual({ period_key: `accrual:${m}`, days: 1.25 });
    expect(await runAccruals(client)).toEqual({ entries: 0, employees: 0 });
    const audit = await server.deps.db.selectFrom('audit_log').select(['category', 'summary']).where('employee_id', '=', sneha).where('action', '=', 'leave.ledger').orderBy('at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.category).toBe('Leave');
    expect(audit.summary).toMatch(/EL \+/);
  });

  it('previews and runs the year end: carry forward up to the cap, lapse or encash the rest', async () => {
    let client = await hr();
    const boundary = nextLeaveYear(leaveYearStart(todayOf(), 4));
    const early = await client.post('/api/leave/year-end/run', { boundary });
    expect(early.status).toBe(409);
    expect((await client.post('/api/leave/year-end/run', { boundary: addDays(boundary, 1) })).status).toBe(409);
    const preview = YearEndPreview.parse((await client.get(`/api/leave/year-end?boundary=${boundary}`)).body);
    expect(preview).toMatchObject({ boundary, due: false });
    const cl = preview.rows.find((r) => r.employeeId === sneha && r.leaveType.code === 'CL');
    expect(cl).toMatchObject({ carryForward: 0, lapse: cl?.closing, encash: 0, done: false });
    const el = preview.rows.filter((r) => r.leaveType.code === 'EL');
    expect(el.every((r) => r.carryForward === Math.min(r.closing, 30) && r.encash === Math.max(0, r.closing - 30) && r.lapse === 0)).toBe(true);
    expect(preview.totals.carryForward).toBe(preview.rows.reduce((s, r) => s + r.carryForward, 0));

    clock.set(`${boundary}T02:00:00.000Z`);
    client = await hr();
    const clType = await leaveTypeIdOf(server, 'CL');
    const elType = await leaveTypeIdOf(server, 'EL');
    const run = LedgerRunResult.parse((await client.post('/api/leave/year-end/run', { boundary })).body);
    expect(run.entries).toBeGreaterThan(100);
    expect((await client.post('/api/leave/year-end/run', { boundary })).body).toEqual({ entries: 0, employees: 0 });

    // The closing year now sums to zero; the new one opens with what was carried.
    const closedCl = LeaveLedger.parse((await client.get(`/api/leave/ledger?leaveTypeId=${clType}&employeeId=${sneha}&yearStart=${addDays(boundary, -1)}`)).body);
    expect(closedCl.closing).toBe(0);
    expect(closedCl.entries.at(-1)).toMatchObject({ kind: 'lapse', days: -(cl?.closing ?? 0) });
    const elNow = LeaveLedger.parse((await client.get(`/api/leave/ledger?leaveTypeId=${elType}&employeeId=${sneha}`)).body);
    const snehaEl = el.find((r) => r.employeeId === sneha);
    expect(elNow.yearStart).toBe(boundary);
    expect(elNow.opening).toBe(0);
    expect(elNow.entries[0]).toMatchObject({ kind: 'carry_forward', days: snehaEl?.carryForward, reason: expect.stringMatching(/^Brought forward/) });
    const after = YearEndPreview.parse((await client.get(`/api/leave/year-end?boundary=${boundary}`)).body);
    expect(after.due).toBe(true);
    expect(after.rows.every((r) => r.done)).toBe(true);

    // The new year's grants and accruals arrive with the job; a rerun adds nothing.
    const job = await runAccruals(client);
    expect(job.entries).toBeGreaterThan(100);
    const grant = await server.deps.db.selectFrom('leave_ledger').select(['days', 'effective_date']).where('employee_id', '=', sneha).where('leave_type_id', '=', clType).where('period_key', '=', `grant:${boundary}`).executeTakeFirstOrThrow();
    expect(grant).toEqual({ days: 12, effective_date: boundary });
    expect(await ledgerSum(server, sneha, clType)).toBe(12);
    expect(await runAccruals(client)).toEqual({ entries: 0, employees: 0 });
  });

  it('lapses an unused comp-off credit after its window, once', async () => {
    let client = await hr();
    const co = await leaveTypeIdOf(server, 'CO');
    const credit = await client.post('/api/leave/adjustments', { employeeId: sneha, leaveTypeId: co, days: 1, reason: 'Worked on the Sunday stock-take' });
    expect(credit.status).toBe(200);
    expect(credit.body.entry.expiresOn).toBe(addDays(todayOf(), 60));
    clock.advance(62 * 86_400_000);
    client = await hr();
    await runAccruals(client);
    const lapse = await server.deps.db.selectFrom('leave_ledger').select(['kind', 'days', 'period_key']).where('employee_id', '=', sneha).where('leave_type_id', '=', co).where('kind', '=', 'lapse').execute();
    expect(lapse).toEqual([{ kind: 'lapse', days: -1, period_key: `expiry:${credit.body.entry.id}` }]);
    expect(await ledgerSum(server, sneha, co)).toBe(0);
    expect(await runAccruals(client)).toEqual({ entries: 0, employees: 0 });
  });
});
