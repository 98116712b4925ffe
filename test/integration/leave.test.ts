import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import { LeaveBalances, LeaveCalendar, LeaveLedger, LeaveListResponse, LeaveQuote, LeaveRequest } from '../../shared/leave/index.ts';
import { fixedClock } from '../../server/src/clock.ts';
import type { Client } from '../support/client.ts';
import { SPEC_FIELDS, employeeIdOf, freeWeek, leaveTypeIdOf, ledgerSum, topUp } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

// The demo template is seeded for the real today; the clock starts there too.
const clock = fixedClock(new Date());
let server: TestServer;
let employee: Client;
let manager: Client;
let hr: Client;
let outsider: Client;
let outsiderEmail: string;
let today: string;
const ids = { sneha: '', rahul: '', priya: '', CL: '', SL: '', EL: '', ML: '' };

/** Checks a response against the shared contract and spec §2.1's field list. */
function expectRecord(body: unknown): LeaveRequest {
  const parsed = LeaveRequest.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  for (const field of SPEC_FIELDS) expect(body, field).toHaveProperty(field);
  return parsed.data as LeaveRequest;
}

async function apply(client: Client, body: Record<string, unknown>, status = 200) {
  const res = await client.post('/api/leave/requests', body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res;
}

async function notificationsOf(email: string): Promise<{ kind: string; title: string; link: string | null }[]> {
  const rows = await server.deps.db
    .selectFrom('notification as n')
    .innerJoin('user_account as u', 'u.id', 'n.user_id')
    .select(['n.kind', 'n.title', 'n.link'])
    .where('u.email', '=', email)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc') // time-ordered ids: the clock is fixed, so many share an instant
    .execute();
  return rows;
}

beforeAll(async () => {
  server = await startServer({ clock });
  today = dayInZone(clock.now(), 'Asia/Kolkata');
  [employee, manager, hr] = await Promise.all([
    server.login('employee@kaveri.example'),
    server.login('manager@kaveri.example'),
    server.login('hr@kaveri.example'),
  ]);
  ids.sneha = await employeeIdOf(server, 'employee@kaveri.example');
  ids.rahul = await employeeIdOf(server, 'manager@kaveri.example');
  ids.priya = await employeeIdOf(server, 'hr@kaveri.example');
  for (const code of ['CL', 'SL', 'EL', 'ML'] as const) ids[code] = await leaveTypeIdOf(server, code);
  // A manager with a login outside Sneha's reporting line: the head of sales.
  const head = await server.deps.db
    .selectFrom('employee as e')
    .innerJoin('designation as d', 'd.id', 'e.designation_id')
    .innerJoin('user_account as u', 'u.employee_id', 'e.id')
    .select('u.email')
    .where('d.name', '=', 'Head of Sales')
    .executeTakeFirstOrThrow();
  outsiderEmail = head.email;
  outsider = await server.login(outsiderEmail);
  await topUp(hr, ids.sneha, ids.CL, 10);
  await topUp(hr, ids.sneha, ids.EL, 20);
  await topUp(hr, ids.rahul, ids.CL, 5);
});
afterAll(async () => server.close());

describe('POST /api/leave/requests', () => {
  it('answers the full spec §2.1 record with timeline and context', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 14));
    const res = await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: addDays(monday, 1), reason: 'Family function' });
    const r = expectRecord(res.body);
    expect(r).toMatchObject({
      employeeId: ids.sneha,
      employeeName: 'Sneha Kulkarni',
      leaveTypeCode: 'CL',
      colorTone: 'accent',
      fromDate: monday,
      toDate: addDays(monday, 1),
      duration: 'FullDay',
      workingDays: 2,
      reason: 'Family function',
      backupEmployeeId: null,
      backupName: null,
      status: 'PendingManager',
      requiresHrApproval: false,
      managerDecisionBy: null,
      hrDecidedAt: null,
      decisionNote: null,
      closure: null,
    });
    expect(r.createdAt).toBe(clock.now().toISOString());
    expect(r.timeline.map((e) => [e.key, e.state])).toEqual([
      ['submitted', 'done'],
      ['manager', 'current'],
      ['final', 'pending'],
    ]);
    expect(r.timeline[0]).toMatchObject({ actorName: 'Sneha Kulkarni', at: r.createdAt, note: 'Family function' });
    expect(r.context.days.map((d) => d.date)).toEqual([monday, addDays(monday, 1)]);
    expect(r.context.managerName).toBe('Rahul Deshmukh');
    expect(r.context.peakTeamOnLeave).toBeGreaterThanOrEqual(1);
    expect(r.context.teamSize).toBeGreaterThan(5);
    const balances = LeaveBalances.parse((await employee.get('/api/leave/balances')).body);
    const cl = balances.items.find((b) => b.leaveType.code === 'CL');
    expect(r.balanceAfter).toBe(cl?.available);
    expect(cl?.pending).toBeGreaterThanOrEqual(2);
    // The manager is told, with a link to the decision.
    expect((await notificationsOf('manager@kaveri.example'))[0]).toMatchObject({ kind: 'leave.submitted', link: `/leave/approvals?request=${r.id}` });
    const audit = await server.deps.db.selectFrom('audit_log').select(['category', 'action']).where('employee_id', '=', ids.sneha).orderBy('at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ category: 'Leave', action: 'leave.submitted' });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 21));
    const cases: [Record<string, unknown>, string][] = [
      [{ leaveTypeId: ids.CL, fromDate: addDays(monday, 2), toDate: monday }, 'body.toDate'],
      [{ leaveTypeId: ids.CL, fromDate: monday, toDate: addDays(monday, 1), duration: 'FirstHalf' }, 'body.duration'],
      [{ leaveTypeId: ids.CL, fromDate: monday, toDate: addDays(monday, 3) }, 'body.toDate'], // CL: at most 3 in a row
      [{ leaveTypeId: ids.EL, fromDate: addDays(today, 1), toDate: addDays(today, 1) }, 'body.fromDate'], // EL needs 7 days' notice
      [{ leaveTypeId: ids.CL, fromDate: addDays(today, -30), toDate: addDays(today, -30) }, 'body.fromDate'], // CL: 3 days back at most
      [{ leaveTypeId: ids.CL, fromDate: monday, toDate: monday, backupEmployeeId: ids.sneha }, 'body.backupEmployeeId'],
      [{ leaveTypeId: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e', fromDate: monday, toDate: monday }, 'body.leaveTypeId'],
      [{ leaveTypeId: ids.CL, fromDate: '2026-02-30', toDate: monday }, 'body.fromDate'],
      [{ leaveTypeId: ids.CL, fromDate: monday, toDate: monday, duration: 'Evening' }, 'body.duration'],
    ];
    for (const [body, path] of cases) {
      const res = await employee.post('/api/leave/requests', body);
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
      expect(res.body.detail).toBeTruthy();
    }
    const ml = await manager.post('/api/leave/requests', { leaveTypeId: ids.ML, fromDate: monday, toDate: monday });
    expect(ml.status).toBe(400);
    expect(ml.body.errors).toEqual([{ path: 'body.leaveTypeId', message: 'Maternity leave is for women only' }]);
    const missing = await employee.request('POST', '/api/leave/requests');
    expect(missing.status).toBe(400);
    // Nothing was written by any refusal.
    const after = await server.deps.db.selectFrom('leave_request').select('id').where('employee_id', '=', ids.sneha).where('from_date', '>=', addDays(monday, -1)).where('from_date', '<=', addDays(monday, 5)).execute();
    expect(after).toEqual([]);
  });

  it('refuses an overlap, a short balance and a backup on leave with 409', async () => {
    const monday = await freeWeek(server, [ids.sneha, ids.rahul], addDays(today, 28));
    await apply(employee, { leaveTypeId: ids.CL, fromDate: addDays(monday, 1), toDate: addDays(monday, 1) });
    const overlap = await employee.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: monday, toDate: addDays(monday, 2) });
    expect(overlap.status).toBe(409);
    expect(overlap.body.errors[0]).toMatchObject({ path: 'body.fromDate' });
    expect(overlap.body.errors[0].message).toMatch(/overlaps your pending request/);
    // The other half of a half day is not an overlap; the same half is.
    await apply(employee, { leaveTypeId: ids.CL, fromDate: addDays(monday, 3), toDate: addDays(monday, 3), duration: 'FirstHalf' });
    await apply(employee, { leaveTypeId: ids.SL, fromDate: addDays(monday, 3), toDate: addDays(monday, 3), duration: 'SecondHalf' });
    expect((await employee.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: addDays(monday, 3), toDate: addDays(monday, 3), duration: 'FirstHalf' })).status).toBe(409);

    const balances = LeaveBalances.parse((await employee.get('/api/leave/balances')).body);
    const el = balances.items.find((b) => b.leaveType.code === 'EL');
    if (!el) throw new Error('no EL balance');
    const later = await freeWeek(server, [ids.sneha], addDays(monday, 14));
    const weeks = Math.ceil((el.available + 1) / 5) + 1;
    const short = await employee.post('/api/leave/requests', { leaveTypeId: ids.EL, fromDate: later, toDate: addDays(later, weeks * 7 - 3) });
    expect(short.status).toBe(409);
    expect(short.body.errors[0]).toMatchObject({ path: 'body.leaveTypeId' });
    expect(short.body.errors[0].message).toMatch(/available/);

    const backup = await manager.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: addDays(monday, 1), toDate: addDays(monday, 1), backupEmployeeId: ids.sneha });
    expect(backup.status).toBe(409);
    expect(backup.body.errors).toEqual([{ path: 'body.backupEmployeeId', message: `Sneha Kulkarni is on leave on ${addDays(monday, 1)}` }]);
  });

  it('quotes working days, balance after, context and problems before applying', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 35));
    // Friday to Monday over a weekend: EL counts the sandwiched weekend (2 or 3 days off).
    const res = await employee.get(`/api/leave/quote?leaveTypeId=${ids.EL}&fromDate=${addDays(monday, 4)}&toDate=${addDays(monday, 7)}`);
    expect(res.status).toBe(200);
    const q = LeaveQuote.parse(res.body);
    expect(q.workingDays).toBe(4);
    expect(q.balanceAfter).toBe(q.balance - q.pending - 4);
    expect(q.context.days).toHaveLength(4);
    expect(q.context.days.filter((d) => d.weekend).length).toBeGreaterThanOrEqual(1);
    expect(q.problems).toEqual([]);
    const cl = LeaveQuote.parse((await employee.get(`/api/leave/quote?leaveTypeId=${ids.CL}&fromDate=${addDays(monday, 4)}&toDate=${addDays(monday, 7)}`)).body);
    expect(cl.workingDays).toBe(2);
    const bad = LeaveQuote.parse((await employee.get(`/api/leave/quote?leaveTypeId=${ids.CL}&fromDate=${monday}&toDate=${addDays(monday, 4)}`)).body);
    expect(bad.problems.map((p) => p.path)).toContain('query.toDate');
  });
});

describe('workflow', () => {
  it('manager approval settles a request without an HR stage, deducting the ledger', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 42));
    const before = await ledgerSum(server, ids.sneha, ids.CL);
    const made = expectRecord((await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: addDays(monday, 2) })).body);
    expect(made.workingDays).toBe(3);
    const res = await manager.post(`/api/leave/requests/${made.id}/approve`, { note: 'Have fun' });
    expect(res.status).toBe(200);
    const r = expectRecord(res.body);
    expect(r).toMatchObject({ status: 'Approved', managerDecisionBy: ids.rahul, managerDecisionName: 'Rahul Deshmukh', decisionNote: 'Have fun', hrDecisionBy: null });
    expect(r.managerDecidedAt).toBe(clock.now().toISOString());
    expect(r.timeline.map((e) => e.state)).toEqual(['done', 'done', 'done']);
    expect(await ledgerSum(server, ids.sneha, ids.CL)).toBe(before - 3);
    expect(r.balanceAfter).toBe(before - 3);
    const usage = await server.deps.db.selectFrom('leave_ledger').select(['kind', 'days', 'reason']).where('request_id', '=', r.id).execute();
    expect(usage).toEqual([{ kind: 'usage', days: -3, reason: expect.stringContaining('approved') }]);
    expect((await notificationsOf('employee@kaveri.example'))[0]).toMatchObject({ kind: 'leave.approved' });
    // Approving or rejecting again is a conflict.
    expect((await manager.post(`/api/leave/requests/${r.id}/approve`, {})).status).toBe(409);
    expect((await hr.post(`/api/leave/requests/${r.id}/reject`, { note: null })).status).toBe(409);
  });

  it('goes manager → HR when the type requires it, telling each next approver', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 49));
    const before = await ledgerSum(server, ids.sneha, ids.EL);
    // Monday to the next Monday: EL counts the weekend between (sandwich), so 6 or more days: above 5 needs HR.
    const made = expectRecord((await apply(employee, { leaveTypeId: ids.EL, fromDate: monday, toDate: addDays(monday, 7) })).body);
    expect(made.requiresHrApproval).toBe(true);
    expect(made.workingDays).toBeGreaterThanOrEqual(7);
    expect(made.timeline.map((e) => `${e.key}:${e.state}`)).toEqual(['submitted:done', 'manager:current', 'hr:pending', 'final:pending']);

    const step = expectRecord((await manager.post(`/api/leave/requests/${made.id}/approve`, { note: 'Fine by me' })).body);
    expect(step).toMatchObject({ status: 'ManagerApprovedPendingHR', managerDecisionBy: ids.rahul, hrDecisionBy: null });
    expect(step.timeline.map((e) => e.state)).toEqual(['done', 'done', 'current', 'pending']);
    expect(await ledgerSum(server, ids.sneha, ids.EL)).toBe(before);
    const told = await notificationsOf('employee@kaveri.example');
    expect(told[0]?.kind).toBe('leave.manager-approved');
    expect(told[0]?.title).toMatch(/waits for HR/);
    expect((await notificationsOf('hr@kaveri.example'))[0]).toMatchObject({ kind: 'leave.awaiting-hr' });

    // The manager cannot take the HR step.
    expect((await manager.post(`/api/leave/requests/${made.id}/approve`, {})).status).toBe(403);
    const done = expectRecord((await hr.post(`/api/leave/requests/${made.id}/approve`, {})).body);
    expect(done).toMatchObject({ status: 'Approved', hrDecisionBy: ids.priya, hrDecisionName: 'Priya Sharma', managerDecisionName: 'Rahul Deshmukh', decisionNote: 'Fine by me' });
    expect(done.timeline.map((e) => e.state)).toEqual(['done', 'done', 'done', 'done']);
    expect(await ledgerSum(server, ids.sneha, ids.EL)).toBe(before - made.workingDays);
  });

  it('rejects with a note of up to 500 characters (spec §4.3), from either stage', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 56));
    const one = expectRecord((await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: monday })).body);
    for (const bad of [undefined, {}, { note: 'x'.repeat(501) }, { note: '😀'.repeat(501) }, { note: 5 }, { note: 'ok', extra: 1 }, []]) {
      const res = bad === undefined ? await manager.request('POST', `/api/leave/requests/${one.id}/reject`) : await manager.post(`/api/leave/requests/${one.id}/reject`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const long = await manager.post(`/api/leave/requests/${one.id}/reject`, { note: 'x'.repeat(501) });
    expect(long.body.errors).toEqual([{ path: 'body.note', message: 'must be at most 500 characters' }]);
    // 500 characters as a person counts them: the emoji is one (two UTF-16 units).
    const note = `${'n'.repeat(499)}😀`;
    const res = await manager.post(`/api/leave/requests/${one.id}/reject`, { note });
    expect(res.status).toBe(200);
    const r = expectRecord(res.body);
    expect(r).toMatchObject({ status: 'Rejected', decisionNote: note, managerDecisionBy: ids.rahul, hrDecisionBy: null, closure: null });
    expect(r.timeline.map((e) => e.state)).toEqual(['done', 'rejected', 'rejected']);
    expect((await notificationsOf('employee@kaveri.example'))[0]).toMatchObject({ kind: 'leave.rejected' });
    expect((await manager.post(`/api/leave/requests/${one.id}/reject`, { note: null })).status).toBe(409);
    expect((await hr.post(`/api/leave/requests/${one.id}/approve`, {})).status).toBe(409);
    // The days are free again.
    await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: monday, duration: 'FirstHalf' });

    // At the HR stage, by HR, with a null note.
    const two = expectRecord((await apply(employee, { leaveTypeId: ids.EL, fromDate: addDays(monday, 7), toDate: addDays(monday, 14) })).body);
    await manager.post(`/api/leave/requests/${two.id}/approve`, {});
    expect((await manager.post(`/api/leave/requests/${two.id}/reject`, { note: 'no' })).status).toBe(403);
    const hrNo = expectRecord((await hr.post(`/api/leave/requests/${two.id}/reject`, { note: null })).body);
    expect(hrNo).toMatchObject({ status: 'Rejected', decisionNote: null, hrDecisionBy: ids.priya, managerDecisionBy: ids.rahul });
    expect(hrNo.timeline.map((e) => e.state)).toEqual(['done', 'done', 'rejected', 'rejected']);
    expect((await hr.post(`/api/leave/requests/${two.id}/approve`, {})).status).toBe(409);
  });

  it('lets nobody decide their own request (403)', async () => {
    const monday = await freeWeek(server, [ids.rahul, ids.priya], addDays(today, 14));
    const own = expectRecord((await apply(manager, { leaveTypeId: ids.CL, fromDate: monday, toDate: monday })).body);
    expect((await manager.post(`/api/leave/requests/${own.id}/approve`, {})).status).toBe(403);
    expect((await manager.post(`/api/leave/requests/${own.id}/reject`, { note: null })).status).toBe(403);
    const hrOwn = expectRecord((await apply(hr, { leaveTypeId: ids.SL, fromDate: monday, toDate: monday })).body);
    const res = await hr.post(`/api/leave/requests/${hrOwn.id}/approve`, {});
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/own/);
  });

  it('keeps requests outside the reporting line at 404, and HR may act for the manager', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 63));
    const r = expectRecord((await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: monday })).body);
    expect((await outsider.get(`/api/leave/requests/${r.id}`)).status).toBe(404);
    expect((await outsider.post(`/api/leave/requests/${r.id}/approve`, {})).status).toBe(404);
    expect((await outsider.post(`/api/leave/requests/${r.id}/reject`, { note: null })).status).toBe(404);
    expect((await outsider.get(`/api/leave/balances?employeeId=${ids.sneha}`)).status).toBe(404);
    const listed = LeaveListResponse.parse((await outsider.get(`/api/leave/requests?employeeId=${ids.sneha}`)).body);
    expect(listed.total).toBe(0);
    // Sneha cannot see or decide the manager's request.
    const theirs = (await manager.get('/api/leave/requests?mine=true&pageSize=1')).body.items[0];
    expect((await employee.get(`/api/leave/requests/${theirs.id}`)).status).toBe(404);
    expect((await employee.post(`/api/leave/requests/${theirs.id}/approve`, {})).status).toBe(404);
    expect((await employee.get('/api/leave/requests/0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e')).status).toBe(404);
    expect((await employee.get('/api/leave/requests/not-a-uuid')).status).toBe(400);

    const byHr = expectRecord((await hr.post(`/api/leave/requests/${r.id}/approve`, { note: 'Rahul is travelling' })).body);
    expect(byHr).toMatchObject({ status: 'Approved', managerDecisionBy: ids.priya });
    expect(byHr.timeline[1]?.label).toBe('Approved by HR for the manager');
  });

  it('shows the request to every manager up the line, and labels a skip-level decision', async () => {
    const boss = await server.deps.db
      .selectFrom('employee as r')
      .innerJoin('employee as m', 'm.id', 'r.manager_id')
      .innerJoin('user_account as u', 'u.employee_id', 'm.id')
      .select(['u.email', 'm.id', 'm.full_name'])
      .where('r.id', '=', ids.rahul)
      .executeTakeFirstOrThrow();
    const skip = await server.login(boss.email);
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 105));
    const r = expectRecord((await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: monday })).body);
    const inbox = LeaveListResponse.parse((await skip.get('/api/leave/requests?toApprove=true&pageSize=100')).body);
    expect(inbox.items.map((x) => x.id)).toContain(r.id);
    expect(inbox.pending.toApprove).toBe(inbox.total);
    expect(inbox.items.every((x) => x.status === 'PendingManager' && x.employeeId !== boss.id)).toBe(true);
    // Still in the direct manager's inbox too, until one of them decides.
    expect(LeaveListResponse.parse((await manager.get('/api/leave/requests?toApprove=true&pageSize=100')).body).items.map((x) => x.id)).toContain(r.id);

    const decided = expectRecord((await skip.post(`/api/leave/requests/${r.id}/approve`, {})).body);
    expect(decided).toMatchObject({ status: 'Approved', managerDecisionBy: boss.id, managerDecisionName: boss.full_name });
    expect(decided.timeline[1]).toMatchObject({ key: 'manager', label: `Approved by ${boss.full_name} for the manager`, actorName: boss.full_name });
    const audit = await server.deps.db.selectFrom('audit_log').select('summary').where('employee_id', '=', ids.sneha).where('action', '=', 'leave.approved').orderBy('at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.summary).toContain(`${boss.full_name} (for the manager)`);
    expect((await skip.get('/api/leave/requests?toApprove=true&pageSize=100')).body.items.map((x: { id: string }) => x.id)).not.toContain(r.id);
  });

  it('lets the employee withdraw a pending request, shown as Rejected with closure Withdrawn', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 70));
    const r = expectRecord((await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: monday })).body);
    expect((await manager.post(`/api/leave/requests/${r.id}/withdraw`, {})).status).toBe(403);
    const res = await employee.post(`/api/leave/requests/${r.id}/withdraw`, { note: 'Plans changed' });
    expect(res.status).toBe(200);
    const w = expectRecord(res.body);
    expect(w).toMatchObject({ status: 'Rejected', closure: 'Withdrawn', decisionNote: 'Withdrawn by the employee: Plans changed', managerDecisionBy: null });
    expect(w.timeline.map((e) => `${e.key}:${e.state}`)).toEqual(['submitted:done', 'manager:pending', 'final:rejected']);
    expect(w.timeline[2]).toMatchObject({ label: 'Withdrawn by the employee', actorName: 'Sneha Kulkarni' });
    expect((await employee.post(`/api/leave/requests/${r.id}/withdraw`, {})).status).toBe(409);
    expect((await manager.post(`/api/leave/requests/${r.id}/approve`, {})).status).toBe(409);
    await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: monday });
  });

  it('lets HR cancel approved leave, reversing the ledger', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 77));
    const before = await ledgerSum(server, ids.sneha, ids.CL);
    const r = expectRecord((await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: addDays(monday, 1) })).body);
    expect((await hr.post(`/api/leave/requests/${r.id}/cancel`, { note: 'Too early' })).status).toBe(409);
    await manager.post(`/api/leave/requests/${r.id}/approve`, {});
    expect(await ledgerSum(server, ids.sneha, ids.CL)).toBe(before - 2);
    expect((await employee.post(`/api/leave/requests/${r.id}/withdraw`, {})).status).toBe(409);
    expect((await manager.post(`/api/leave/requests/${r.id}/cancel`, { note: 'x' })).status).toBe(403);
    expect((await hr.post(`/api/leave/requests/${r.id}/cancel`, { note: '' })).status).toBe(400);
    const c = expectRecord((await hr.post(`/api/leave/requests/${r.id}/cancel`, { note: 'Plant audit moved' })).body);
    expect(c).toMatchObject({ status: 'Rejected', closure: 'Cancelled', decisionNote: 'Cancelled by HR: Plant audit moved' });
    expect(c.timeline.map((e) => e.state)).toEqual(['done', 'done', 'rejected']);
    expect(await ledgerSum(server, ids.sneha, ids.CL)).toBe(before);
    const kinds = await server.deps.db.selectFrom('leave_ledger').select(['kind', 'days']).where('request_id', '=', r.id).orderBy('kind').execute();
    expect(kinds).toEqual([
      { kind: 'reversal', days: 2 },
      { kind: 'usage', days: -2 },
    ]);
    expect((await hr.post(`/api/leave/requests/${r.id}/cancel`, { note: 'again' })).status).toBe(409);
    expect((await notificationsOf('employee@kaveri.example'))[0]).toMatchObject({ kind: 'leave.cancelled' });
  });

  it('tells the backup when the leave is approved', async () => {
    const colleagues = (await employee.get('/api/leave/colleagues')).body.items as { id: string; fullName: string }[];
    expect(colleagues.some((c) => c.id === ids.rahul)).toBe(true);
    expect(colleagues.some((c) => c.id === ids.sneha)).toBe(false);
    const monday = await freeWeek(server, [ids.sneha, ids.rahul], addDays(today, 84));
    const r = expectRecord((await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: monday, backupEmployeeId: ids.rahul })).body);
    expect(r).toMatchObject({ backupEmployeeId: ids.rahul, backupName: 'Rahul Deshmukh' });
    await hr.post(`/api/leave/requests/${r.id}/approve`, {});
    expect((await notificationsOf('manager@kaveri.example'))[0]).toMatchObject({ kind: 'leave.backup' });
  });
});

describe('GET /api/leave/requests', () => {
  it('lists in the paginated envelope with pending counts, every item a full record', async () => {
    const res = await manager.get('/api/leave/requests?toApprove=true&pageSize=100');
    expect(res.status).toBe(200);
    const list = LeaveListResponse.parse(res.body);
    for (const item of res.body.items) expectRecord(item);
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((r) => r.status === 'PendingManager' && r.employeeId !== ids.rahul)).toBe(true);
    expect(list.pending.toApprove).toBe(list.total);
    expect(list).toMatchObject({ page: 1, pageSize: 100 });
    const mine = LeaveListResponse.parse((await manager.get('/api/leave/requests?mine=true')).body);
    expect(mine.items.every((r) => r.employeeId === ids.rahul)).toBe(true);
    expect(mine.pending.mine).toBe(mine.items.filter((r) => r.status === 'PendingManager' || r.status === 'ManagerApprovedPendingHR').length);

    const none = await employee.get('/api/leave/requests?toApprove=true');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ items: [], total: 0, pending: { toApprove: 0 } });
    const other = await employee.get(`/api/leave/requests?mine=true&employeeId=${ids.rahul}`);
    expect(other.status).toBe(200);
    expect(other.body.total).toBe(0);
    const own = LeaveListResponse.parse((await employee.get('/api/leave/requests?pageSize=100')).body);
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((r) => r.employeeId === ids.sneha)).toBe(true);
    expect(own.pending.toApprove).toBe(0);

    const hrQueue = LeaveListResponse.parse((await hr.get('/api/leave/requests?status=ManagerApprovedPendingHR')).body);
    expect(hrQueue.items.every((r) => r.status === 'ManagerApprovedPendingHR')).toBe(true);
    expect(hrQueue.total).toBe(hrQueue.pending.pendingHr);
    const page2 = LeaveListResponse.parse((await hr.get('/api/leave/requests?page=2&pageSize=5')).body);
    const page1 = LeaveListResponse.parse((await hr.get('/api/leave/requests?page=1&pageSize=5')).body);
    expect(page1.items).toHaveLength(5);
    expect(page2.items.length).toBeGreaterThan(0);
    expect((page2.items[0]?.createdAt ?? '') <= (page1.items[4]?.createdAt ?? '')).toBe(true);
    expect(page2.items.map((r) => r.id)).not.toContain(page1.items[0]?.id);
    const typed = LeaveListResponse.parse((await hr.get(`/api/leave/requests?leaveTypeId=${ids.EL}&employeeId=${ids.sneha}`)).body);
    expect(typed.items.every((r) => r.leaveTypeCode === 'EL' && r.employeeId === ids.sneha)).toBe(true);

    expect((await hr.get('/api/leave/requests?pageSize=101')).status).toBe(400);
    expect((await hr.get('/api/leave/requests?status=Cancelled')).status).toBe(400);
    expect((await hr.get('/api/leave/requests?from=2026-13-01')).status).toBe(400);
  });

  it('never answers from a stale cache: leave, directory and calendar changes show at once', async () => {
    const admin = await server.login('admin@kaveri.example');
    const path = `/api/leave/requests?employeeId=${ids.sneha}&pageSize=100`;
    const first = LeaveListResponse.parse((await manager.get(path)).body);
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 98));
    await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: addDays(monday, 1) });
    const second = LeaveListResponse.parse((await manager.get(path)).body);
    expect(second.total).toBe(first.total + 1);

    expect((await hr.patch(`/api/employees/${ids.sneha}`, { fullName: 'Sneha K. Kulkarni' })).status).toBe(200);
    expect((await manager.get(path)).body.items[0].employeeName).toBe('Sneha K. Kulkarni');
    expect((await hr.patch(`/api/employees/${ids.sneha}`, { fullName: 'Sneha Kulkarni' })).status).toBe(200);

    const weekend = (await manager.get(path)).body.items.flatMap((r: LeaveRequest) => r.context.days).filter((d: { weekend: boolean }) => d.weekend);
    expect(weekend.length).toBeGreaterThan(0);
    const org = (await admin.get('/api/org')).body;
    expect((await admin.patch('/api/org', { weeklyOffs: [] })).status).toBe(200);
    const none = (await manager.get(path)).body.items.flatMap((r: LeaveRequest) => r.context.days).filter((d: { weekend: boolean }) => d.weekend);
    expect(none).toEqual([]);
    expect((await admin.patch('/api/org', { weeklyOffs: org.weeklyOffs })).status).toBe(200);
  });

  it('filters by a date range', async () => {
    const all = LeaveListResponse.parse((await hr.get('/api/leave/requests?pageSize=100')).body).items;
    const anchor = all[0];
    if (!anchor) throw new Error('no leave requests to filter');
    const window = { from: anchor.fromDate, to: anchor.fromDate };
    const list = LeaveListResponse.parse((await hr.get(`/api/leave/requests?from=${window.from}&to=${window.to}&pageSize=100`)).body);
    expect(list.items.map((r) => r.id)).toContain(anchor.id);
    expect(list.items.every((r) => r.toDate >= window.from && r.fromDate <= window.to)).toBe(true);
    const outside = all.filter((r) => r.toDate < window.from || r.fromDate > window.to);
    expect(outside.length).toBeGreaterThan(0);
    expect(list.items.some((r) => outside.some((o) => o.id === r.id))).toBe(false);
  });
});

describe('balances, ledger and adjustments', () => {
  it('reports balances as ledger sums, to self, the manager and HR', async () => {
    const mine = LeaveBalances.parse((await employee.get('/api/leave/balances')).body);
    for (const b of mine.items) {
      if (b.entitled) expect(b.balance).toBe(await ledgerSum(server, ids.sneha, b.leaveType.id));
      expect(b.available).toBe(b.balance - b.pending);
    }
    expect(mine.items.map((b) => b.leaveType.code)).not.toContain('PL'); // paternity is for men
    expect((await manager.get(`/api/leave/balances?employeeId=${ids.sneha}`)).status).toBe(200);
    expect((await hr.get(`/api/leave/balances?employeeId=${ids.sneha}`)).status).toBe(200);
    expect((await employee.get(`/api/leave/balances?employeeId=${ids.rahul}`)).status).toBe(404);

    const ledger = LeaveLedger.parse((await employee.get(`/api/leave/ledger?leaveTypeId=${ids.CL}`)).body);
    expect(ledger.closing).toBe(ledger.opening + ledger.entries.reduce((s, e) => s + e.days, 0));
    expect(ledger.balance).toBe(await ledgerSum(server, ids.sneha, ids.CL));
    expect(ledger.entries.some((e) => e.kind === 'grant')).toBe(true);
    expect(ledger.entries.every((e) => e.reason.length > 0)).toBe(true);
  });

  it('lets HR adjust with a reason (audited), never their own, and not below zero', async () => {
    const before = await ledgerSum(server, ids.sneha, ids.SL);
    const res = await hr.post('/api/leave/adjustments', { employeeId: ids.sneha, leaveTypeId: ids.SL, days: 1.5, reason: 'Worked on Diwali' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ balance: before + 1.5, entry: { kind: 'adjustment', days: 1.5, reason: 'Worked on Diwali', actorName: 'Priya Sharma' } });
    const audit = await server.deps.db.selectFrom('audit_log').select(['category', 'action', 'summary']).where('employee_id', '=', ids.sneha).where('action', '=', 'leave.adjusted').orderBy('at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ category: 'Leave', summary: expect.stringContaining('Worked on Diwali') });
    expect((await hr.post('/api/leave/adjustments', { employeeId: ids.priya, leaveTypeId: ids.SL, days: 1, reason: 'Mine' })).status).toBe(403);
    expect((await employee.post('/api/leave/adjustments', { employeeId: ids.sneha, leaveTypeId: ids.SL, days: 1, reason: 'Please' })).status).toBe(403);
    expect((await manager.post('/api/leave/adjustments', { employeeId: ids.sneha, leaveTypeId: ids.SL, days: 1, reason: 'Please' })).status).toBe(403);
    expect((await hr.post('/api/leave/adjustments', { employeeId: ids.sneha, leaveTypeId: ids.SL, days: 0, reason: 'Zero' })).status).toBe(400);
    expect((await hr.post('/api/leave/adjustments', { employeeId: ids.sneha, leaveTypeId: ids.SL, days: 1, reason: '' })).status).toBe(400);
    const tooMuch = await hr.post('/api/leave/adjustments', { employeeId: ids.sneha, leaveTypeId: ids.SL, days: -300, reason: 'Oops' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.errors[0].path).toBe('body.days');
    const list = (await hr.get(`/api/leave/adjustments?employeeId=${ids.sneha}`)).body;
    expect(list.items[0]).toMatchObject({ reason: 'Worked on Diwali', employeeName: 'Sneha Kulkarni', leaveType: { code: 'SL' } });
  });
});

describe('context and calendar', () => {
  it('counts the team, department and organisation away on each day', async () => {
    const monday = await freeWeek(server, [ids.sneha, ids.rahul], addDays(today, 91));
    await apply(manager, { leaveTypeId: ids.CL, fromDate: monday, toDate: monday });
    const r = expectRecord((await apply(employee, { leaveTypeId: ids.CL, fromDate: monday, toDate: addDays(monday, 1) })).body);
    const [first, second] = r.context.days;
    // Rahul is not in Sneha's team (he is her manager) but is in her department.
    const teamAway = async (day: string) => {
      const rows = await server.deps.db
        .selectFrom('leave_day as d')
        .innerJoin('employee as e', 'e.id', 'd.employee_id')
        .select('d.employee_id')
        .distinct()
        .where('d.date', '=', day)
        .where('e.manager_id', '=', ids.rahul)
        .execute();
      return rows.length;
    };
    expect(await teamAway(monday)).toBeGreaterThanOrEqual(1);
    expect(first?.team).toBe(await teamAway(monday));
    expect(second?.team).toBe(await teamAway(addDays(monday, 1)));
    expect(first?.dept).toBeGreaterThanOrEqual(2);
    expect(first?.org).toBeGreaterThanOrEqual(first?.dept ?? 0);
    expect(second?.dept).toBeLessThan(first?.dept ?? 0);
    expect(r.context.peakDeptOnLeave).toBe(Math.max(...r.context.days.map((d) => d.dept)));
    expect(r.context.peakOrgOnLeave).toBe(Math.max(...r.context.days.map((d) => d.org)));
    const taken = await server.deps.db
      .selectFrom('leave_ledger')
      .select((eb) => eb.fn.sum<number>('days').as('t'))
      .where('employee_id', '=', ids.sneha)
      .where('leave_type_id', '=', ids.CL)
      .where('kind', 'in', ['usage', 'reversal'])
      .executeTakeFirst();
    expect(r.context.priorSameType).toBeLessThanOrEqual(-Number(taken?.t ?? 0));
    expect(r.context.priorSameType).toBeGreaterThan(0);
  });

  it('shows the team calendar with types only for people in scope', async () => {
    const from = today;
    const to = addDays(today, 40);
    const res = await employee.get(`/api/leave/calendar?from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    const cal = LeaveCalendar.parse(res.body);
    expect(cal.days).toHaveLength(41);
    expect(cal.people.some((p) => p.employeeId === ids.sneha)).toBe(true);
    const others = cal.people.filter((p) => p.employeeId !== ids.sneha).flatMap((p) => p.entries);
    expect(others.every((e) => e.leaveTypeCode === 'LEAVE')).toBe(true);
    const org = LeaveCalendar.parse((await hr.get(`/api/leave/calendar?from=${from}&to=${to}&scope=org`)).body);
    expect(org.people.length).toBeGreaterThan(cal.people.filter((p) => p.entries.length).length);
    expect((await hr.get(`/api/leave/calendar?from=${from}&to=${addDays(from, 70)}`)).status).toBe(400);
  });
});

describe('leave types', () => {
  it('lists the Indian defaults with the spec colour tones, and lets only HR change them', async () => {
    const list = (await employee.get('/api/leave/types')).body;
    expect(list.items.map((t: { code: string }) => t.code)).toEqual(['CL', 'SL', 'EL', 'LOP', 'ML', 'PL', 'CO']);
    for (const t of list.items) expect(['neutral', 'accent', 'ok', 'warn', 'bad', 'info']).toContain(t.colorTone);
    const created = await hr.post('/api/leave/types', { code: 'bday', name: 'Birthday leave', colorTone: 'accent', policy: { accrual: 'annual', annualDays: 1 } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: 'BDAY', hrApproval: 'never', policy: { annualDays: 1, carryForwardCap: 0 } });
    expect((await hr.post('/api/leave/types', { code: 'BDAY', name: 'Again', policy: { accrual: 'none' } })).status).toBe(409);
    expect((await hr.post('/api/leave/types', { code: 'X1', name: 'Bad tone', colorTone: 'purple', policy: { accrual: 'none' } })).status).toBe(400);
    expect((await employee.post('/api/leave/types', { code: 'FREE', name: 'Free', policy: { accrual: 'none' } })).status).toBe(403);
    const patched = await hr.patch(`/api/leave/types/${created.body.id}`, { active: false, hrApproval: 'aboveDays', hrApprovalAboveDays: 1 });
    expect(patched.body).toMatchObject({ active: false, hrApproval: 'aboveDays', hrApprovalAboveDays: 1 });
    expect((await hr.patch(`/api/leave/types/${created.body.id}`, { hrApproval: 'aboveDays', hrApprovalAboveDays: null })).status).toBe(400);
    expect((await employee.get('/api/leave/types')).body.items.map((t: { code: string }) => t.code)).not.toContain('BDAY');
  });
});

describe('OpenAPI', () => {
  it('documents every leave route, the reject body and the formats', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body;
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/leave'));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/leave/types',
        '/api/leave/types/{id}',
        '/api/leave/requests',
        '/api/leave/requests/{id}',
        '/api/leave/requests/{id}/approve',
        '/api/leave/requests/{id}/reject',
        '/api/leave/requests/{id}/withdraw',
        '/api/leave/requests/{id}/cancel',
        '/api/leave/quote',
        '/api/leave/balances',
        '/api/leave/ledger',
        '/api/leave/adjustments',
        '/api/leave/calendar',
        '/api/leave/year-end',
        '/api/leave/year-end/run',
        '/api/leave/accruals/run',
      ]),
    );
    const reject = doc.paths['/api/leave/requests/{id}/reject'].post;
    expect(reject.requestBody.required).toBe(true);
    expect(reject.description).toMatch(/Withdrawn/);
    const body = reject.requestBody.content['application/json'].schema;
    const schema = body.$ref ? doc.components.schemas[body.$ref.split('/').pop()] : body;
    expect(schema.required).toEqual(['note']);
    expect(JSON.stringify(schema.properties.note)).toMatch(/"maxLength":500/);
    expect(JSON.stringify(schema.properties.note)).toMatch(/null/);
    const record = doc.components.schemas.LeaveRequest;
    expect(record.required).toEqual(expect.arrayContaining([...SPEC_FIELDS]));
    expect(record.properties.status.enum).toEqual(['PendingManager', 'ManagerApprovedPendingHR', 'Approved', 'Rejected']);
    expect(record.properties.colorTone.enum).toEqual(['neutral', 'accent', 'ok', 'warn', 'bad', 'info']);
    expect(record.properties.duration.enum).toEqual(['FullDay', 'FirstHalf', 'SecondHalf']);
    expect(doc.paths['/api/leave/requests/{id}'].get.description).toMatch(/UTC ISO 8601/);
  });
});
