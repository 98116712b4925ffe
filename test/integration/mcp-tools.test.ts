import type { Client as McpClient } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone, weekdayOf } from '../../shared/dates.ts';
import { fixedClock } from '../../server/src/clock.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf, freeWeek, leaveTypeIdOf, topUp } from '../support/leave.ts';
import { ERAS, type Era, call, connectWithBearer, personalKey, refusal } from '../support/mcp.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * Every tool as an employee, a manager and HR, in both protocol eras, over
 * real HTTP with the SDK's client: answers, refusals in words, scope (nobody
 * reads a colleague's attendance or leave they could not see in the console),
 * and the audit trail (source `mcp`, the credential named).
 */

const TZ = 'Asia/Kolkata';
const clock = fixedClock(new Date());
let server: TestServer;
let today: string;
const sessions: Record<'employee' | 'manager' | 'hr', Client> = {} as never;
const clients: Record<Era, Record<'employee' | 'manager' | 'hr', McpClient>> = { legacy: {} as never, modern: {} as never };
const ids = { sneha: '', rahul: '', priya: '', outsider: '', outsiderName: '', CL: '' };

/** The next working weekday on or after a day (no weekly off, no holiday). */
async function workingDayFrom(day: string): Promise<string> {
  let d = day;
  for (;;) {
    const holiday = await server.deps.db.selectFrom('holiday').select('id').where('date', '=', d).executeTakeFirst();
    if (weekdayOf(d) !== 0 && weekdayOf(d) !== 6 && !holiday) return d;
    d = addDays(d, 1);
  }
}

async function auditOf(employeeId: string, action: string) {
  return server.deps.db
    .selectFrom('audit_log')
    .select(['source', 'actor_name', 'credential_kind', 'credential_id', 'credential_name', 'summary'])
    .where('employee_id', '=', employeeId)
    .where('action', '=', action)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

beforeAll(async () => {
  server = await startServer({ clock });
  today = dayInZone(clock.now(), TZ);
  sessions.employee = await server.login('employee@kaveri.example');
  sessions.manager = await server.login('manager@kaveri.example');
  sessions.hr = await server.login('hr@kaveri.example');
  ids.sneha = await employeeIdOf(server, 'employee@kaveri.example');
  ids.rahul = await employeeIdOf(server, 'manager@kaveri.example');
  ids.priya = await employeeIdOf(server, 'hr@kaveri.example');
  ids.CL = await leaveTypeIdOf(server, 'CL');
  // Someone outside Rahul's reporting line (and not Rahul's manager chain): another department's employee.
  const rahul = await server.deps.db.selectFrom('employee').select(['department_id']).where('id', '=', ids.rahul).executeTakeFirstOrThrow();
  const outsider = await server.deps.db
    .selectFrom('employee')
    .select(['id', 'full_name'])
    .where('department_id', '!=', rahul.department_id)
    .where('status', '=', 'Active')
    .where('manager_id', 'is not', null)
    .orderBy('code')
    .executeTakeFirstOrThrow();
  ids.outsider = outsider.id;
  ids.outsiderName = outsider.full_name;
  const hr = sessions.hr;
  await topUp(hr, ids.sneha, ids.CL, 10);
  for (const era of ERAS) {
    for (const who of ['employee', 'manager', 'hr'] as const) {
      clients[era][who] = await connectWithBearer(server.url, await personalKey(sessions[who], { name: `${who} assistant (${era})` }), era);
    }
  }
});
afterAll(async () => {
  for (const era of ERAS) for (const c of Object.values(clients[era])) await c.close();
  await server.close();
});

describe.each(ERAS)('reading (%s)', (era) => {
  it('whoami grounds the model: person, roles, organisation, today in its zone', async () => {
    const me = await call(clients[era].employee, 'whoami');
    expect(me).toMatchObject({ name: 'Sneha Kulkarni', roles: ['Employee'], timeZone: TZ, today, canAct: true });
    expect(me.youCanAskMeTo).toContain('Apply for leave and withdraw your pending requests');
    expect(me.youCanAskMeTo.join(' ')).not.toMatch(/Approve/);
    const hr = await call(clients[era].hr, 'whoami');
    expect(hr.roles).toEqual(['HR', 'Manager']);
    expect(hr.youCanAskMeTo).toContain('Override attendance days (HR)');
  });

  it('attendance_get: a day with the engine\'s reasons and punches, a month with totals', async () => {
    const day = await call(clients[era].employee, 'attendance_get', {});
    expect(day.employee).toBe('Sneha Kulkarni');
    expect(day.day.date).toBe(today);
    expect(day.month).toBeNull();
    const month = await call(clients[era].employee, 'attendance_get', { month: today.slice(0, 7) });
    expect(month.day).toBeNull();
    expect(month.month.days.length).toBeGreaterThan(0);
    expect(month.month.totals).toHaveProperty('lossOfPayDays');
    const absent = month.month.days.find((d: { status: string }) => d.status === 'Absent' || d.status === 'MissingPunch' || d.status === 'Present');
    if (absent) {
      const detail = await call(clients[era].employee, 'attendance_get', { date: absent.date });
      expect(detail.day.reasons.length).toBeGreaterThan(0);
      expect(detail.day.statusLabel).toBeTruthy();
    }
    expect(await refusal(clients[era].employee, 'attendance_get', { date: today, month: today.slice(0, 7) })).toMatch(/either a date or a month/);
    expect(await refusal(clients[era].employee, 'attendance_get', { date: addDays(today, 3) })).toMatch(/in the future/);
  });

  it('scope: an employee cannot name anyone; a manager sees the line only; HR everyone', async () => {
    // The argument does not exist for an employee: the schema refuses it before anything runs.
    expect(await refusal(clients[era].employee, 'attendance_get', { employee: 'Rahul' })).toMatch(/Input validation error|Unrecognized key/);
    expect(await refusal(clients[era].employee, 'leave_balances', { employee: 'Rahul' })).toMatch(/Input validation error|Unrecognized key/);
    expect(await refusal(clients[era].employee, 'leave_requests', { whose: 'visible' })).toMatch(/Input validation error|Unrecognized key/);
    const ofSneha = await call(clients[era].manager, 'attendance_get', { employee: 'Sneha Kulkarni' });
    expect(ofSneha.employee).toBe('Sneha Kulkarni');
    expect(await refusal(clients[era].manager, 'attendance_get', { employee: ids.outsiderName })).toMatch(/Nobody called|outside what you may see/);
    expect(await refusal(clients[era].manager, 'attendance_get', { employee: ids.outsider })).toMatch(/outside what you may see/);
    expect(await refusal(clients[era].manager, 'leave_balances', { employee: ids.outsider })).toMatch(/outside what you may see/);
    const hrSees = await call(clients[era].hr, 'leave_balances', { employee: ids.outsider });
    expect(hrSees.employee).toBe(ids.outsiderName);
  });

  it('leave_balances: available = balance − pending for each type', async () => {
    const b = await call(clients[era].employee, 'leave_balances');
    expect(b.employee).toBe('Sneha Kulkarni');
    const cl = b.balances.find((x: { code: string }) => x.code === 'CL');
    expect(cl.available).toBeCloseTo(cl.balance - cl.pending);
    expect(b.leaveYear.from < b.leaveYear.to).toBe(true);
  });

  it('leave_quote: working days, balance after, team load, who else is away, problems', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 21));
    const q = await call(clients[era].employee, 'leave_quote', { leaveType: 'casual', fromDate: monday, toDate: addDays(monday, 4) });
    expect(q.leaveType).toMatch(/\(CL\)/);
    expect(q.workingDays).toBe(5);
    expect(q.balanceAfter).toBeCloseTo(q.balance - q.pendingOfThisType - 5);
    expect(q.teamLoad).toHaveProperty('teamSize');
    expect(Array.isArray(q.othersAway)).toBe(true);
    const tooLong = await call(clients[era].employee, 'leave_quote', { leaveType: 'CL', fromDate: monday, toDate: addDays(monday, 60) });
    expect(tooLong.wouldBeRefusedBecause.length).toBeGreaterThan(0);
    expect(await refusal(clients[era].employee, 'leave_quote', { leaveType: 'vacation', fromDate: monday, toDate: monday })).toMatch(/no leave type "vacation". The types are: .*Casual/);
  });

  it('leave_requests pages with a cursor and refuses a forged one', async () => {
    const first = await call(clients[era].hr, 'leave_requests', { whose: 'visible' });
    expect(first.requests.length).toBe(20);
    expect(first.total).toBeGreaterThan(20);
    const second = await call(clients[era].hr, 'leave_requests', { whose: 'visible', cursor: first.nextCursor });
    expect(second.requests[0].id).not.toBe(first.requests[0].id);
    expect(await refusal(clients[era].hr, 'leave_requests', { cursor: 'bm90LWEtY3Vyc29y' })).toMatch(/cursor is not valid/);
    const mine = await call(clients[era].employee, 'leave_requests', {});
    expect(mine.requests.every((r: { employee: string }) => r.employee === 'Sneha Kulkarni')).toBe(true);
  });

  it('team_attendance_today: the manager\'s line, HR the organisation', async () => {
    const team = await call(clients[era].manager, 'team_attendance_today');
    const org = await call(clients[era].hr, 'team_attendance_today');
    expect(team.counts.total).toBeGreaterThan(1);
    expect(org.counts.total).toBeGreaterThan(team.counts.total);
    expect(team.people.map((p: { name: string }) => p.name)).toContain('Sneha Kulkarni');
    expect(team.people.map((p: { name: string }) => p.name)).not.toContain(ids.outsiderName);
    expect(org.people.length).toBe(50);
    const next = await call(clients[era].hr, 'team_attendance_today', { cursor: org.nextCursor });
    expect(next.people[0].name).not.toBe(org.people[0].name);
    const late = await call(clients[era].hr, 'team_attendance_today', { state: 'OnLeave' });
    expect(late.people.every((p: { state: string }) => p.state === 'OnLeave')).toBe(true);
  });

  it('people_lookup: the directory as the console scopes it, without salaries', async () => {
    const found = await call(clients[era].manager, 'people_lookup', { search: 'Sneha' });
    expect(found.people.map((p: { name: string }) => p.name)).toContain('Sneha Kulkarni');
    expect(JSON.stringify(found)).not.toMatch(/ctc|pan|bank/i);
    expect((await call(clients[era].manager, 'people_lookup', { search: ids.outsiderName })).people).toEqual([]);
    expect((await call(clients[era].hr, 'people_lookup', { search: ids.outsiderName })).people[0].name).toBe(ids.outsiderName);
  });

  it('resources: my leave balances and my month, as muster:// URIs', async () => {
    const list = await clients[era].employee.listResources();
    expect(list.resources.map((r) => r.uri)).toContain('muster://me/leave-balances');
    expect(list.resources.map((r) => r.uri)).toContain(`muster://me/attendance/${today.slice(0, 7)}`);
    const templates = await clients[era].employee.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toEqual(['muster://me/attendance/{month}']);
    const balances = await clients[era].employee.readResource({ uri: 'muster://me/leave-balances' });
    expect(JSON.parse((balances.contents[0] as { text: string }).text).employee).toBe('Sneha Kulkarni');
    const month = await clients[era].employee.readResource({ uri: `muster://me/attendance/${today.slice(0, 7)}` });
    expect(JSON.parse((month.contents[0] as { text: string }).text).month).toBe(today.slice(0, 7));
  });

  it('prompts: plan my leave for everyone who applies, review approvals for deciders', async () => {
    expect((await clients[era].employee.listPrompts()).prompts.map((p) => p.name)).toEqual(['plan_my_leave']);
    expect((await clients[era].manager.listPrompts()).prompts.map((p) => p.name)).toEqual(['plan_my_leave', 'review_team_approvals']);
    const plan = await clients[era].employee.getPrompt({ name: 'plan_my_leave', arguments: { when: 'next Friday' } });
    expect((plan.messages[0]?.content as { text: string }).text).toMatch(/next Friday[\s\S]*leave_quote[\s\S]*Do not apply until/);
  });
});

describe('acting', () => {
  it('applies for leave next Friday as the employee; the request lands in the manager\'s approval inbox (done-when)', async () => {
    for (const era of ERAS) {
      const monday = await freeWeek(server, [ids.sneha], addDays(today, era === 'legacy' ? 35 : 49));
      const friday = addDays(monday, 4);
      const applied = await call(clients[era].employee, 'leave_apply', { leaveType: 'CL', fromDate: friday, toDate: friday, reason: 'Family function' });
      expect(applied.request).toMatchObject({ employee: 'Sneha Kulkarni', from: friday, to: friday, workingDays: 1, status: 'PendingManager' });
      expect(applied.message).toMatch(/^Applied: 1 day\(s\) of Casual/);
      const inbox = await sessions.manager.get('/api/leave/requests?toApprove=true&pageSize=100');
      expect(inbox.body.items.map((r: { id: string }) => r.id)).toContain(applied.request.id);
      const audit = await auditOf(ids.sneha, 'leave.submitted');
      expect(audit[0]).toMatchObject({ source: 'mcp', actor_name: 'Sneha Kulkarni', credential_kind: 'api-key', credential_name: `employee assistant (${era})` });
      // The manager sees it among their approvals, with the team-load context.
      const pending = await call(clients[era].manager, 'approvals_pending', { kind: 'leave' });
      const mine = pending.leave.find((r: { id: string }) => r.id === applied.request.id);
      expect(mine.teamLoad).toMatchObject({ teamSize: expect.any(Number), load: expect.stringMatching(/ok|tight|critical/) });
    }
  });

  it('refuses what the console refuses, in words: overlap, insufficient balance, unknown backup', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 63));
    const client = clients.legacy.employee;
    await call(client, 'leave_apply', { leaveType: 'CL', fromDate: monday, toDate: monday });
    expect(await refusal(client, 'leave_apply', { leaveType: 'CL', fromDate: monday, toDate: monday })).toMatch(/overlap/i);
    expect(await refusal(client, 'leave_apply', { leaveType: 'CL', fromDate: addDays(monday, 1), toDate: addDays(monday, 1), backup: 'Nobody Atall' })).toMatch(/cannot be the backup. The choices are/);
    const text = await refusal(client, 'leave_apply', { leaveType: 'CL', fromDate: addDays(monday, 7), toDate: addDays(monday, 7 + 60) });
    expect(text).not.toMatch(/select|sqlite|at .*\.ts:\d+|[0-9a-f]{8}-[0-9a-f]{4}-/i);
  });

  it('withdraws one\'s own pending request, never a colleague\'s', async () => {
    const monday = await freeWeek(server, [ids.sneha, ids.rahul], addDays(today, 77));
    const mine = await call(clients.modern.employee, 'leave_apply', { leaveType: 'CL', fromDate: monday, toDate: monday });
    const withdrawn = await call(clients.modern.employee, 'leave_withdraw', { requestId: mine.request.id, note: 'Plans changed' });
    expect(withdrawn.request).toMatchObject({ status: 'Rejected', closure: 'Withdrawn' });
    const rahuls = await call(clients.modern.manager, 'leave_apply', { leaveType: 'CL', fromDate: addDays(monday, 1), toDate: addDays(monday, 1) });
    expect(await refusal(clients.modern.employee, 'leave_withdraw', { requestId: rahuls.request.id })).toMatch(/not found \(or it is outside what you may see\)/);
    // Nor approve it: the tool is not even there for an employee.
    await expect(clients.modern.employee.callTool({ name: 'approvals_approve', arguments: { requestId: rahuls.request.id } })).rejects.toThrow(/not found/);
  });

  it('approves and rejects as the manager, with the spec §4.3 note limit; nobody decides their own', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 91));
    const a = await call(clients.legacy.employee, 'leave_apply', { leaveType: 'CL', fromDate: monday, toDate: monday });
    const b = await call(clients.legacy.employee, 'leave_apply', { leaveType: 'CL', fromDate: addDays(monday, 1), toDate: addDays(monday, 1) });
    const approved = await call(clients.legacy.manager, 'approvals_approve', { requestId: a.request.id, note: 'Enjoy' });
    expect(approved).toMatchObject({ kind: 'leave', leave: { status: 'Approved' } });
    expect(approved.message).toMatch(/^Approved Sneha Kulkarni's Casual/);
    expect(await refusal(clients.legacy.manager, 'approvals_reject', { requestId: b.request.id, note: 'x'.repeat(501) })).toMatch(/at most 500 characters/);
    const rejected = await call(clients.modern.manager, 'approvals_reject', { requestId: b.request.id, kind: 'leave', note: `${'n'.repeat(499)}é` });
    expect(rejected.leave).toMatchObject({ status: 'Rejected' });
    expect(rejected.leave.decisionNote).toHaveLength(500);
    const audit = await auditOf(ids.sneha, 'leave.approved');
    expect(audit[0]).toMatchObject({ source: 'mcp', actor_name: 'Rahul Deshmukh', credential_kind: 'api-key', credential_name: 'manager assistant (legacy)' });
    expect(await refusal(clients.legacy.manager, 'approvals_approve', { requestId: a.request.id })).toMatch(/already|settled|Approved/i);
    const own = await call(clients.legacy.manager, 'leave_apply', { leaveType: 'CL', fromDate: addDays(monday, 2), toDate: addDays(monday, 2) });
    expect(await refusal(clients.legacy.manager, 'approvals_approve', { requestId: own.request.id })).toMatch(/not found|own/i);
  });

  it('checks in and out with the location rules, audited with the credential', async () => {
    // Outside every geo-fence (no position): kept, flagged, not counted.
    const flagged = await call(clients.legacy.employee, 'attendance_check_in');
    expect(flagged).toMatchObject({ direction: 'in', counted: false, flags: ['OffZone'] });
    expect(flagged.message).toMatch(/regularization/);
    // At Bengaluru HQ, Sneha's office: counted.
    clock.advance(60_000);
    const inside = await call(clients.modern.employee, 'attendance_check_out', { latitude: 13.0285, longitude: 77.5197, accuracyMeters: 20 });
    expect(inside).toMatchObject({ direction: 'out', counted: true, flags: [] });
    expect(await refusal(clients.modern.employee, 'attendance_check_in', { latitude: 13.0285 })).toMatch(/both latitude and longitude/);
    const audit = await auditOf(ids.sneha, 'attendance.self-punch');
    expect(audit[0]).toMatchObject({ source: 'mcp', credential_kind: 'api-key', credential_name: 'employee assistant (modern)' });
    expect(audit[0]?.summary).toMatch(/Checked out through employee assistant \(modern\)/);
    expect((await auditOf(ids.sneha, 'attendance.self-punch-flagged'))[0]).toMatchObject({ source: 'mcp' });
  });

  it('asks for a regularization: preview first (nothing sent), then sent to the manager, who approves it', async () => {
    const month = await call(clients.legacy.employee, 'attendance_get', { month: today.slice(0, 7) });
    const previous = await call(clients.legacy.employee, 'attendance_get', { month: addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7) });
    const candidates = [...month.month.days, ...previous.month.days].filter((d: { status: string; date: string }) => d.status === 'MissingPunch' && d.date >= addDays(today, -25) && d.date < today);
    const day = candidates.at(-1)?.date as string;
    expect(day).toBeTruthy();
    const preview = await call(clients.legacy.employee, 'regularization_request', {
      date: day,
      kind: 'MissingPunchOut',
      punches: [{ time: '18:45', direction: 'out' }],
      previewOnly: true,
    });
    expect(preview.sent).toBe(false);
    expect(preview.before.status).toBe('MissingPunch');
    expect(preview.after.status).not.toBe('MissingPunch');
    expect(preview.after.lastOut).toBe('18:45');
    expect(await server.deps.db.selectFrom('regularization').select('id').where('employee_id', '=', ids.sneha).where('date', '=', day).executeTakeFirst()).toBeUndefined();
    expect(await refusal(clients.legacy.employee, 'regularization_request', { date: day, kind: 'MissingPunchOut', punches: [{ time: '18:30', direction: 'out' }] })).toMatch(/reason is needed/);
    const sent = await call(clients.modern.employee, 'regularization_request', {
      date: day,
      kind: 'MissingPunchOut',
      reason: 'Forgot to punch',
      punches: [{ time: '18:45', direction: 'out' }],
    });
    expect(sent).toMatchObject({ sent: true, request: { status: 'AwaitingManager' } });
    const pending = await call(clients.modern.manager, 'approvals_pending', { kind: 'regularization' });
    expect(pending.regularizations.map((r: { id: string }) => r.id)).toContain(sent.request.id);
    const approved = await call(clients.modern.manager, 'approvals_approve', { requestId: sent.request.id });
    expect(approved.kind).toBe('regularization');
    expect(approved.regularization.status).toBe('Approved');
    expect((await auditOf(ids.sneha, 'regularization.requested'))[0]).toMatchObject({ source: 'mcp', credential_name: 'employee assistant (modern)' });
  });

  it('HR overrides a day (spec §4.2 rules), never their own', async () => {
    const day = await workingDayFrom(addDays(today, -20));
    const done = await call(clients.legacy.hr, 'attendance_override_day', { employee: 'KPC0019', date: day, reason: 'Client visit', workedMinutes: 480 });
    expect(done).toMatchObject({ employee: 'Sneha Kulkarni', day: { workedMinutes: 480, override: 'HR override: Client visit' } });
    expect(await refusal(clients.modern.hr, 'attendance_override_day', { employee: 'hr@kaveri.example', date: day, reason: 'x', workedMinutes: 10 })).toMatch(/Nobody overrides their own attendance/);
    expect(await refusal(clients.modern.hr, 'attendance_override_day', { employee: 'Sneha', date: day, reason: 'x' })).toMatch(/at least one of workedMinutes, otMinutes, frozen/);
    expect(await refusal(clients.modern.hr, 'attendance_override_day', { employee: 'Sneha', date: addDays(today, 2), reason: 'x', frozen: true })).toMatch(/future/);
    const audit = await server.deps.db
      .selectFrom('audit_log')
      .select(['source', 'credential_kind', 'credential_name'])
      .where('employee_id', '=', ids.sneha)
      .where('category', '=', 'Attendance')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ source: 'mcp', credential_kind: 'api-key', credential_name: 'hr assistant (legacy)' });
  });

  it('HR records leave for an employee (on behalf), a manager cannot', async () => {
    const monday = await freeWeek(server, [ids.sneha], addDays(today, 105));
    const recorded = await call(clients.modern.hr, 'leave_apply', { leaveType: 'CL', fromDate: monday, toDate: monday, employee: 'Sneha Kulkarni' });
    const priya = await server.deps.db.selectFrom('employee').select('full_name').where('id', '=', ids.priya).executeTakeFirstOrThrow();
    expect(recorded.request).toMatchObject({ employee: 'Sneha Kulkarni', recordedBy: priya.full_name });
    expect(await refusal(clients.modern.manager, 'leave_apply', { leaveType: 'CL', fromDate: monday, toDate: monday, employee: 'Sneha' })).toMatch(/Input validation error|Unrecognized key/);
  });

  it('shows the audit trail with the credential in the console', async () => {
    const page = await sessions.hr.get(`/api/employees/${ids.sneha}/audit?pageSize=100`);
    const viaAgent = page.body.items.filter((e: { source: string }) => e.source === 'mcp');
    expect(viaAgent.length).toBeGreaterThan(3);
    expect(viaAgent[0].credential).toMatchObject({ kind: 'api-key', name: expect.stringMatching(/assistant/) });
    const consoleRows = page.body.items.filter((e: { source: string }) => e.source === 'console');
    expect(consoleRows.every((e: { credential: unknown }) => e.credential === null)).toBe(true);
  });
});
