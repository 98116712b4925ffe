import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/labels.ts';
import { addDays, dayInZone, weekdayOf } from '../../shared/dates.ts';
import { LeaveQuote, LeaveRequest } from '../../shared/leave/index.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { leaveYearStart } from '../../server/src/modules/leave/accrual.ts';
import type { Client } from '../support/client.ts';
import { SPEC_FIELDS, employeeIdOf, leaveTypeIdOf, ledgerSum, topUp } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * HR records leave for an employee (`employeeId` on apply and quote): only
 * holders of leave:hr-approve, the notice and backdate checks waived, every
 * other rule kept, the normal approvals after, and the entry attributed to HR.
 */

const zone = 'Asia/Kolkata';
const clock = fixedClock(new Date());
let server: TestServer;
let employee: Client;
let manager: Client;
let hr: Client;
let today: string;
const ids = { sneha: '', rahul: '', priya: '', SL: '', CO: '', PL: '' };
const names = { sneha: '', priya: '' };
const used = new Set<string>();

function expectRecord(body: unknown): LeaveRequest {
  const parsed = LeaveRequest.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  for (const field of SPEC_FIELDS) expect(body, field).toHaveProperty(field);
  return parsed.data as LeaveRequest;
}

const quotePath = (typeId: string, day: string, employeeId?: string) =>
  `/api/leave/quote?leaveTypeId=${typeId}&fromDate=${day}&toDate=${day}${employeeId ? `&employeeId=${employeeId}` : ''}`;

/**
 * A past working day of Sneha's, `minBack` days back or more (beyond the sick
 * leave backdate window of 7), that HR's quote accepts: no holiday, no leave,
 * not frozen. Each day is handed out once.
 */
async function pastDay(minBack = 10): Promise<string> {
  for (let d = addDays(today, -minBack); d >= addDays(today, -40); d = addDays(d, -1)) {
    if ([0, 6].includes(weekdayOf(d)) || used.has(d)) continue;
    const q = await hr.get(quotePath(ids.SL, d, ids.sneha));
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    if (q.body.workingDays === 1 && q.body.problems.length === 0) {
      used.add(d);
      return d;
    }
  }
  throw new Error('no free past working day');
}

async function notificationsOf(email: string): Promise<{ kind: string; title: string; link: string | null }[]> {
  return server.deps.db
    .selectFrom('notification as n')
    .innerJoin('user_account as u', 'u.id', 'n.user_id')
    .select(['n.kind', 'n.title', 'n.link'])
    .where('u.email', '=', email)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
}

async function requestCount(): Promise<number> {
  const row = await server.deps.db.selectFrom('leave_request').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  server = await startServer({ clock });
  const fyMonth = (await (await server.login('hr@kaveri.example')).get('/api/org')).body.financialYearStartMonth as number;
  // Keep the past days these tests use inside the current leave year (one balance to reason about).
  const start = leaveYearStart(dayInZone(clock.now(), zone), fyMonth);
  if (dayInZone(clock.now(), zone) < addDays(start, 45)) clock.set(`${addDays(start, 45)}T06:00:00.000Z`);
  today = dayInZone(clock.now(), zone);
  [employee, manager, hr] = await Promise.all([
    server.login('employee@kaveri.example'),
    server.login('manager@kaveri.example'),
    server.login('hr@kaveri.example'),
  ]);
  expect((await hr.post('/api/leave/accruals/run')).status).toBe(200);
  ids.sneha = await employeeIdOf(server, 'employee@kaveri.example');
  ids.rahul = await employeeIdOf(server, 'manager@kaveri.example');
  ids.priya = await employeeIdOf(server, 'hr@kaveri.example');
  for (const code of ['SL', 'CO', 'PL'] as const) ids[code] = await leaveTypeIdOf(server, code);
  for (const who of ['sneha', 'priya'] as const) {
    names[who] = (await server.deps.db.selectFrom('employee').select('full_name').where('id', '=', ids[who]).executeTakeFirstOrThrow()).full_name;
  }
  await topUp(hr, ids.sneha, ids.SL, 5);
});
afterAll(async () => server.close());

describe('HR records leave for an employee', () => {
  it('records sick leave beyond her backdate window: PendingManager, "Recorded by HR", audited, employee and manager told', async () => {
    const day = await pastDay();

    // Sneha herself cannot go that far back, with or without naming herself.
    for (const body of [{ leaveTypeId: ids.SL, fromDate: day, toDate: day }, { leaveTypeId: ids.SL, fromDate: day, toDate: day, employeeId: ids.sneha }]) {
      const refused = await employee.post('/api/leave/requests', body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errors).toEqual([{ path: 'body.fromDate', message: expect.stringContaining('ask HR for older days') }]);
    }
    const own = await employee.get(quotePath(ids.SL, day));
    expect(own.body.problems).toEqual([{ path: 'query.fromDate', message: expect.stringContaining('ask HR') }]);

    // HR's quote for her: the same cost, nothing in the way.
    const quote = await hr.get(quotePath(ids.SL, day, ids.sneha));
    expect(quote.status).toBe(200);
    const q = LeaveQuote.parse(quote.body);
    expect(q).toMatchObject({ workingDays: 1, problems: [], requiresHrApproval: false });
    expect(q.balanceAfter).toBe(q.balance - q.pending - 1);
    expect(q.context.managerName).toBe('Rahul Deshmukh');

    const slBefore = await ledgerSum(server, ids.sneha, ids.SL);
    const res = await hr.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: day, toDate: day, reason: 'Was down with fever; told HR by phone', employeeId: ids.sneha });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const r = expectRecord(res.body);
    expect(r).toMatchObject({ employeeId: ids.sneha, employeeName: names.sneha, status: 'PendingManager', workingDays: 1, enteredByName: names.priya, balanceAfter: q.balanceAfter });
    // Spec §2.2 keys and states as for any request; only the submitted entry names HR.
    expect(r.timeline.map((e) => `${e.key}:${e.state}`)).toEqual(['submitted:done', 'manager:current', 'final:pending']);
    expect(r.timeline[0]).toMatchObject({ key: 'submitted', label: 'Recorded by HR', actorName: names.priya, at: r.createdAt, note: 'Was down with fever; told HR by phone' });

    const audit = await server.deps.db
      .selectFrom('audit_log')
      .select(['category', 'action', 'summary', 'actor_name'])
      .where('employee_id', '=', ids.sneha)
      .where('action', '=', 'leave.submitted')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ category: 'Leave', actor_name: names.priya });
    expect(audit.summary).toMatch(/^Applied for 1 day of Sick leave \(.+\) by Priya Sharma for Sneha Kulkarni$/);
    expect(audit.summary).toContain(formatDate(day));

    const [toSneha] = await notificationsOf('employee@kaveri.example');
    expect(toSneha).toMatchObject({ kind: 'leave.recorded', link: '/leave' });
    expect(toSneha?.title).toContain('Priya Sharma (HR) recorded 1 day of Sick leave');
    const [toRahul] = await notificationsOf('manager@kaveri.example');
    expect(toRahul).toMatchObject({ kind: 'leave.submitted', link: `/leave/approvals?request=${r.id}` });
    expect(toRahul?.title).toContain(`recorded 1 day of Sick leave (${formatDate(day)}) for ${names.sneha}`);

    // Sneha sees it as hers; it shows in the manager's inbox and follows the normal approval.
    const mine = await employee.get('/api/leave/requests?mine=true&pageSize=100');
    expect(mine.body.items.some((i: LeaveRequest) => i.id === r.id && i.enteredByName === names.priya)).toBe(true);
    const inbox = await manager.get('/api/leave/requests?toApprove=true&pageSize=100');
    expect(inbox.body.items.some((i: LeaveRequest) => i.id === r.id)).toBe(true);
    const approved = expectRecord((await manager.post(`/api/leave/requests/${r.id}/approve`, {})).body);
    expect(approved.status).toBe('Approved');
    expect(approved.timeline[0]).toMatchObject({ label: 'Recorded by HR', actorName: names.priya });
    expect(await ledgerSum(server, ids.sneha, ids.SL)).toBe(slBefore - 1);
  });

  it('lets HR decide a request it recorded for someone else, acting for the manager', async () => {
    const day = await pastDay();
    const res = await hr.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: day, toDate: day, employeeId: ids.sneha });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const approved = await hr.post(`/api/leave/requests/${res.body.id}/approve`, { note: 'Recorded from the sick note' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(expectRecord(approved.body)).toMatchObject({ status: 'Approved', managerDecisionName: names.priya });
  });

  it("treats the caller's own id as a normal apply: no waived checks for HR's own leave", async () => {
    const day = await pastDay();
    const own = await hr.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: day, toDate: day, employeeId: ids.priya });
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual([{ path: 'body.fromDate', message: expect.stringContaining('ask HR for older days') }]);
    // A coming day her own quote accepts: an ordinary request of her own, not "recorded".
    // (HR does not adjust her own balance: the administrator tops it up.)
    await topUp(await server.login('admin@kaveri.example'), ids.priya, ids.SL, 2);
    let coming: string | null = null;
    for (let d = addDays(today, 1); d <= addDays(today, 21) && !coming; d = addDays(d, 1)) {
      const q = await hr.get(quotePath(ids.SL, d, ids.priya));
      expect(q.status).toBe(200);
      if (q.body.problems.length === 0 && q.body.workingDays === 1) coming = d;
    }
    expect(coming).not.toBeNull();
    const ok = expectRecord((await hr.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: coming, toDate: coming, employeeId: ids.priya })).body);
    expect(ok).toMatchObject({ employeeId: ids.priya, enteredByName: null });
    expect(ok.timeline[0]).toMatchObject({ label: 'Submitted', actorName: names.priya });
    // Nobody decides their own request.
    expect((await hr.post(`/api/leave/requests/${ok.id}/approve`, {})).status).toBe(403);
  });

  it('refuses employeeId to callers without leave:hr-approve (403), and an unknown employee (404)', async () => {
    const day = await pastDay();
    const before = await requestCount();
    // A manager, even for his own report.
    expect((await manager.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: day, toDate: day, employeeId: ids.sneha })).status).toBe(403);
    expect((await manager.get(quotePath(ids.SL, day, ids.sneha))).status).toBe(403);
    expect((await manager.get(`/api/leave/colleagues?employeeId=${ids.sneha}`)).status).toBe(403);
    // An employee, for a colleague.
    expect((await employee.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: day, toDate: day, employeeId: ids.rahul })).status).toBe(403);
    expect((await employee.get(quotePath(ids.SL, day, ids.rahul))).status).toBe(403);
    // HR naming nobody.
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await hr.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: day, toDate: day, employeeId: nobody })).status).toBe(404);
    expect((await hr.get(quotePath(ids.SL, day, nobody))).status).toBe(404);
    expect((await hr.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: day, toDate: day, employeeId: 'sneha' })).status).toBe(400);
    expect(await requestCount()).toBe(before);
  });

  it('refuses someone who has exited (400 naming employeeId)', async () => {
    const exited = await server.deps.db.selectFrom('employee').select('id').where('status', '=', 'Exited').executeTakeFirst();
    if (!exited) return;
    const day = await pastDay();
    const res = await hr.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: day, toDate: day, employeeId: exited.id });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'body.employeeId', message: 'has exited' }]);
  });

  it('keeps every other rule for HR: overlap and balance (409), frozen days (409), eligibility (400)', async () => {
    const day = await pastDay();
    const first = await hr.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: day, toDate: day, employeeId: ids.sneha });
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    // Overlap with the request just recorded.
    const again = await hr.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: day, toDate: day, employeeId: ids.sneha });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ path: 'body.fromDate', message: `overlaps ${names.sneha}'s pending request for ${formatDate(day)}` }]);

    // Balance: comp-off emptied first, then one day of it is more than there is.
    const balances = (await hr.get(`/api/leave/balances?employeeId=${ids.sneha}`)).body.items as { leaveType: { code: string }; available: number }[];
    const co = balances.find((b) => b.leaveType.code === 'CO')?.available ?? 0;
    if (co > 0) await topUp(hr, ids.sneha, ids.CO, -co);
    const other = await pastDay();
    const coQuote = LeaveQuote.parse((await hr.get(quotePath(ids.CO, other, ids.sneha))).body);
    expect(coQuote.problems).toEqual([{ path: 'query.leaveTypeId', message: expect.stringContaining('of CO available') }]);
    const short = await hr.post('/api/leave/requests', { leaveTypeId: ids.CO, fromDate: other, toDate: other, employeeId: ids.sneha });
    expect(short.status).toBe(409);
    expect(short.body.errors).toEqual([{ path: 'body.leaveTypeId', message: expect.stringContaining('of CO available') }]);

    // A day closed in attendance.
    const freeze = (frozen: boolean) => hr.patch(`/api/attendance/employee/${ids.sneha}/day/${other}`, { reason: frozen ? 'Payroll closed' : 'Reopened', frozen });
    expect((await freeze(true)).status).toBe(200);
    const frozen = await hr.post('/api/leave/requests', { leaveTypeId: ids.SL, fromDate: other, toDate: other, employeeId: ids.sneha });
    expect(frozen.status).toBe(409);
    expect(frozen.body.errors).toEqual([{ path: 'body.fromDate', message: `${formatDate(other)} is closed in attendance (frozen): unfreeze it first` }]);
    expect((await freeze(false)).status).toBe(200);

    // Eligibility: paternity leave is for men.
    const ineligible = await hr.post('/api/leave/requests', { leaveTypeId: ids.PL, fromDate: other, toDate: other, employeeId: ids.sneha });
    expect(ineligible.status).toBe(400);
    expect(ineligible.body.errors).toEqual([{ path: 'body.leaveTypeId', message: expect.stringContaining('for men only') }]);
  });

  it("lists the employee's colleagues as backup choices for HR", async () => {
    const res = await hr.get(`/api/leave/colleagues?employeeId=${ids.sneha}`);
    expect(res.status).toBe(200);
    const items = res.body.items as { id: string }[];
    expect(items.some((c) => c.id === ids.rahul)).toBe(true);
    expect(items.some((c) => c.id === ids.sneha)).toBe(false);
    expect(res.body).toEqual((await employee.get('/api/leave/colleagues')).body);
  });

  it('documents employeeId on apply and quote in OpenAPI', async () => {
    const doc = (await hr.get('/api/openapi.json')).body;
    const apply = doc.paths['/api/leave/requests'].post;
    expect(apply.description).toContain('leave:hr-approve');
    const quote = doc.paths['/api/leave/quote'].get;
    const param = quote.parameters.find((p: { name: string }) => p.name === 'employeeId');
    expect(param.description).toContain('notice period and the backdate window do not apply');
    expect(JSON.stringify(doc.components.schemas.LeaveApply)).toContain('employeeId');
  });
});
