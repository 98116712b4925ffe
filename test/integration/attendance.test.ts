import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleLinks } from '../../server/src/wiring.ts';
import { AttendanceDay, CalendarResponse, DayDetail, DayView, LiveView, MonthView } from '../../shared/attendance/index.ts';
import { PublicAttendanceList } from '../../shared/public-v1.ts';
import { systemCaller } from '../../server/src/context.ts';
import { attendanceInputsChanged } from '../../server/src/modules/attendance/index.ts';
import { closeDays, sweepDays } from '../../server/src/modules/attendance/jobs.ts';
import { type World, CONNECTOR, TODAY, ist, istInstant, punch, startWorld } from '../support/attendance.ts';
import { renderDayReasonIn } from '../../shared/i18n/day-reasons.ts';
import { LOCALES, hasOwnMessage } from '../../shared/i18n/index.ts';

let w: World;
let e0: World['employees'][number];
let e1: World['employees'][number];
let e2: World['employees'][number];

beforeAll(async () => {
  w = await startWorld();
  [e0, e1, e2] = w.employees as [typeof e0, typeof e1, typeof e2];
  // Monday 10 March: e0 on time, e1 late and leaving early, e2 nothing. Tuesday: e0 forgets to punch out.
  for (const [user, at] of [
    [e0.terminalUserId, ist('2031-03-10', '09:25')],
    [e0.terminalUserId, ist('2031-03-10', '18:35')],
    [e1.terminalUserId, ist('2031-03-10', '09:47')],
    [e1.terminalUserId, ist('2031-03-10', '17:30')],
    [e0.terminalUserId, ist('2031-03-11', '09:31')],
  ] as const) {
    expect((await punch(w.server, { terminalUserId: user, at })).status).toBe(200);
  }
});
afterAll(async () => w.server.close());

async function recompute(from: string, to: string, employeeId?: string) {
  const job = await w.hr.post('/api/attendance/recompute', { from, to, ...(employeeId ? { employeeId } : {}) });
  expect(job.status).toBe(200);
  for (let i = 0; i < 200; i++) {
    const j = await w.hr.get(`/api/attendance/recompute/${job.body.id}`);
    if (j.body.status !== 'running') return j.body;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('recompute did not finish');
}

const dayOf = async (id: string, date: string) => (await w.hr.get(`/api/attendance/employee/${id}/day/${date}`)).body as DayDetail;

describe('each accepted punch is reconciled into its day in the same transaction', () => {
  it('a full day is Present, with reasons, pairs and the punches it used', async () => {
    const res = await w.hr.get(`/api/attendance/employee/${e0.id}/day/2031-03-10`);
    expect(res.status).toBe(200);
    expect(DayDetail.safeParse(res.body).success).toBe(true);
    const d = res.body as DayDetail;
    expect(d.day?.status).toBe('Present');
    expect(d.day?.workedMinutes).toBe(550 - 60);
    expect(d.day?.provisional).toBe(false);
    expect(d.pairs).toHaveLength(1);
    expect(d.punches.map((p) => p.role)).toEqual(['in', 'out']);
    expect(d.punches[0]?.source).toBe('terminal');
    expect(d.day?.reasons.map((r) => r.rule)).toContain('present');
    // Stored, not computed on the fly.
    const row = await w.server.deps.db.selectFrom('attendance_day').select('status').where('employee_id', '=', e0.id).where('date', '=', '2031-03-10').executeTakeFirst();
    expect(row?.status).toBe('Present');
  });

  it('late and early leave carry minutes and words', async () => {
    const d = await dayOf(e1.id, '2031-03-10');
    expect(d.day?.lateMinutes).toBe(17);
    expect(d.day?.earlyMinutes).toBe(60);
    expect(d.day?.reasons.map((r) => r.text).join(' ')).toContain('late by 17 min (grace 10)');
  });

  it('each reason carries its message and values beside the English words, a message every language has (issue 21)', async () => {
    const reasons = (await dayOf(e1.id, '2031-03-10')).day?.reasons ?? [];
    expect(reasons.map((r) => r.rule)).toEqual(expect.arrayContaining(['shift', 'worked', 'late', 'early-leave']));
    for (const r of reasons) {
      expect(r.messageId, r.text).toBeDefined();
      expect(renderDayReasonIn('en-IN', r)).toBe(r.text);
      for (const locale of LOCALES) expect(hasOwnMessage(locale, 'employee', `dayReason.${r.messageId}`), `${locale} ${r.messageId}`).toBe(true);
      if (r.rule !== 'shift') expect(renderDayReasonIn('mr-IN', r)).not.toBe(r.text);
    }
    const late = reasons.find((r) => r.rule === 'late');
    expect(late).toMatchObject({ messageId: 'late', messageValues: { by: '17', grace: '10', time: '09:47', expected: '09:30' } });
    const worked = reasons.find((r) => r.rule === 'worked');
    expect(worked?.messageValues?.worked).toEqual({ duration: 463 - 60 });
  });

  it('a lone punch makes a MissingPunch day', async () => {
    expect((await dayOf(e0.id, '2031-03-11')).day?.status).toBe('MissingPunch');
  });
});

describe('GET /api/attendance/employee/{id}/day/{date}', () => {
  it.each([
    ['2031-03-13', 400, 'params.date'], // future
    ['2031-02-30', 400, 'params.date'],
    ['20310310', 400, 'params.date'],
  ])('%s → %i', async (date, status, path) => {
    const res = await w.hr.get(`/api/attendance/employee/${e0.id}/day/${date}`);
    expect(res.status).toBe(status);
    expect(res.body.errors[0].path).toBe(path);
  });

  it('an unknown employee is 404; another employee outside scope is 404 too', async () => {
    expect((await w.hr.get('/api/attendance/employee/00000000-0000-0000-0000-000000000000/day/2031-03-10')).status).toBe(404);
    expect((await w.employee.get(`/api/attendance/employee/${e1.id}/day/2031-03-10`)).status).toBe(404);
    expect((await w.employee.get(`/api/attendance/employee/${e0.id}/day/2031-03-10`)).status).toBe(200);
  });
});

describe('PATCH /api/attendance/employee/{id}/day/{date} (spec §4.2)', () => {
  const url = (id: string, date: string) => `/api/attendance/employee/${id}/day/${date}`;

  it.each([
    [{ workedMinutes: 480 }, 'body.reason'],
    [{ reason: '   ', workedMinutes: 480 }, 'body.reason'],
    [{ reason: 'x' }, 'body'],
    [{ reason: 'x', workedMinutes: 1441 }, 'body.workedMinutes'],
    [{ reason: 'x', workedMinutes: -1 }, 'body.workedMinutes'],
    [{ reason: 'x', workedMinutes: 7.5 }, 'body.workedMinutes'],
    [{ reason: 'x', otMinutes: 2000 }, 'body.otMinutes'],
    [{ reason: 'x', frozen: 'yes' }, 'body.frozen'],
    [{ reason: 'x', workedMinutes: 100, otMinutes: 200 }, 'body.otMinutes'],
    [{ reason: 'x', status: 'Present' }, 'body'],
  ])('%j → 400 naming %s', async (body, path) => {
    const res = await w.hr.patch(url(e2.id, '2031-03-10'), body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('a future date, a malformed date, a day before joining: clear 4xx; an unknown employee: 404', async () => {
    expect((await w.hr.patch(url(e2.id, '2031-03-13'), { reason: 'x', frozen: true })).status).toBe(400);
    expect((await w.hr.patch(url(e2.id, '2031-3-10'), { reason: 'x', frozen: true })).status).toBe(400);
    const before = await w.hr.patch(url(e2.id, '2030-12-31'), { reason: 'x', frozen: true });
    expect(before.status).toBe(400);
    expect(before.body.errors[0].path).toBe('params.date');
    expect((await w.hr.patch(url('00000000-0000-0000-0000-000000000000', '2031-03-10'), { reason: 'x', frozen: true })).status).toBe(404);
  });

  it('needs attendance:override: a manager or the employee gets 403', async () => {
    expect((await w.manager.patch(url(e2.id, '2031-03-10'), { reason: 'x', workedMinutes: 480 })).status).toBe(403);
    expect((await w.employee.patch(url(e0.id, '2031-03-10'), { reason: 'x', workedMinutes: 480 })).status).toBe(403);
  });

  it('nobody overrides their own day, not even HR (403, nothing changed)', async () => {
    const priya = (await w.hr.get('/api/auth/me')).body.user.employeeId as string;
    const before = (await dayOf(priya, '2031-03-10')).day;
    expect((await dayOf(priya, '2031-03-10')).canOverride).toBe(false);
    expect((await dayOf(e0.id, '2031-03-10')).canOverride).toBe(true);
    const res = await w.hr.patch(url(priya, '2031-03-10'), { reason: 'I was there', workedMinutes: 540, otMinutes: 60 });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('own attendance');
    expect((await w.hr.patch(url(priya, '2031-03-10'), { reason: 'Closing the month', frozen: true })).status).toBe(403);
    expect((await dayOf(priya, '2031-03-10')).day).toMatchObject({ workedMinutes: before?.workedMinutes, frozen: false, override: null });
  });

  it('overrides worked minutes (status follows), audits before/after and notifies the employee', async () => {
    const res = await w.hr.patch(url(e2.id, '2031-03-10'), { reason: 'Worked from the vendor site', workedMinutes: 480, otMinutes: 30 });
    expect(res.status).toBe(200);
    expect(AttendanceDay.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ status: 'Present', workedMinutes: 480, otMinutes: 30, frozen: false });
    const audit = await w.server.deps.db
      .selectFrom('audit_log')
      .select(['category', 'action', 'summary', 'changes', 'actor_name'])
      .where('employee_id', '=', e2.id)
      .where('action', '=', 'attendance.override')
      .executeTakeFirstOrThrow();
    expect(audit.category).toBe('Attendance');
    expect(audit.actor_name).toBe('Priya Sharma');
    expect(audit.summary).toContain('Worked from the vendor site');
    const changes = JSON.parse(audit.changes) as { field: string; before: unknown; after: unknown }[];
    expect(changes).toEqual(expect.arrayContaining([{ field: 'status', before: 'Absent', after: 'Present' }, { field: 'workedMinutes', before: 0, after: 480 }]));
    const note = await w.server.deps.db
      .selectFrom('notification')
      .innerJoin('user_account', 'user_account.id', 'notification.user_id')
      .select('title')
      .where('user_account.employee_id', '=', e2.id)
      .execute();
    // e2 has no login: nobody to notify. e0 has one:
    expect(note).toHaveLength(0);
    await w.hr.patch(url(e0.id, '2031-03-11'), { reason: 'Forgot to punch out', workedMinutes: 470 });
    const mine = (await w.employee.get('/api/notifications')).body.items.map((n: { title: string }) => n.title);
    expect(mine).toContain('Your attendance on Tue 11 Mar 2031 was changed');
    // The override stays in force across reconciliations.
    expect((await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-11', '12:00') })).status).toBe(200);
    expect((await dayOf(e0.id, '2031-03-11')).day).toMatchObject({ workedMinutes: 470, status: 'Present' });
    const detail = await dayOf(e0.id, '2031-03-11');
    expect(detail.overrides[0]).toMatchObject({ reason: 'Forgot to punch out', workedMinutes: 470, actorName: 'Priya Sharma' });
    expect(detail.overrides[0]?.before.status).toBe('MissingPunch');
  });

  it('a frozen day is never changed by reconciliation; unfreezing reconciles it again from its punches', async () => {
    const frozen = await w.hr.patch(url(e1.id, '2031-03-10'), { reason: 'Checked with the plant head', frozen: true });
    expect(frozen.status).toBe(200);
    expect(frozen.body).toMatchObject({ frozen: true, status: 'HalfDay', workedMinutes: 403 });
    const before = (await dayOf(e1.id, '2031-03-10')).day;
    // A late punch arrives: stored, but the frozen day keeps its figures.
    expect((await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist('2031-03-10', '20:00') })).status).toBe(200);
    await attendanceInputsChanged({ db: w.server.deps.db, clock: w.clock, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: moduleLinks }, e1.id, '2031-03-10', '2031-03-10');
    await recompute('2031-03-10', '2031-03-10', e1.id);
    const after = (await dayOf(e1.id, '2031-03-10')).day;
    expect(after).toMatchObject({ status: before?.status, workedMinutes: before?.workedMinutes, frozen: true, punchCount: before?.punchCount });
    // Unfreeze: the engine takes over again and sees the third punch (in, out, in → missing punch).
    const unfrozen = await w.hr.patch(url(e1.id, '2031-03-10'), { reason: 'Release', frozen: false });
    expect(unfrozen.body).toMatchObject({ frozen: false, status: 'MissingPunch', punchCount: 3 });
  });
});

describe('recompute range (admin action with progress)', () => {
  it('reconciles every employee-day of the range and reports progress; validates the range', async () => {
    const job = await recompute('2031-03-01', '2031-03-12');
    expect(job.status).toBe('done');
    expect(job.done).toBe(job.total);
    expect(job.total).toBeGreaterThan(100 * 12);
    expect((await w.hr.post('/api/attendance/recompute', { from: '2031-03-12', to: '2031-03-01' })).status).toBe(400);
    expect((await w.hr.post('/api/attendance/recompute', { from: '2029-01-01', to: '2031-03-01' })).body.errors[0].path).toBe('body.to');
    expect((await w.manager.post('/api/attendance/recompute', { from: '2031-03-01', to: '2031-03-02' })).status).toBe(403);
  });
});

describe('month, calendar and day views', () => {
  it("an employee's month has every day since joining with totals", async () => {
    const res = await w.hr.get(`/api/attendance/employee/${e0.id}/month/2031-03`);
    expect(res.status).toBe(200);
    expect(MonthView.safeParse(res.body).success).toBe(true);
    const m = res.body as MonthView;
    expect(m.days.map((d) => d.date)).toEqual(Array.from({ length: 12 }, (_, i) => `2031-03-${String(i + 1).padStart(2, '0')}`));
    // 1 Mar: 1st Saturday (working); 2 Mar Sunday off; 8 Mar 2nd Saturday off; 9 Mar Sunday off.
    expect(m.days.find((d) => d.date === '2031-03-08')?.status).toBe('WeeklyOff');
    expect(m.days.find((d) => d.date === '2031-03-01')?.status).toBe('Absent');
    expect(m.totals.weeklyOffs).toBe(3);
    expect(m.totals.present).toBe(2);
    expect(m.days.find((d) => d.date === TODAY)?.status).toBe('Pending');
    expect((await w.hr.get(`/api/attendance/employee/${e0.id}/month/2031-13`)).status).toBe(400);
  });

  it('the calendar: the paginated envelope with kpis, filters, codes and totals', async () => {
    const res = await w.hr.get(`/api/attendance/calendar/2031-03?locationId=${w.locationId}&pageSize=2&page=1`);
    expect(res.status).toBe(200);
    expect(CalendarResponse.safeParse(res.body).success).toBe(true);
    const c = res.body as CalendarResponse;
    expect(c).toMatchObject({ total: 3, page: 1, pageSize: 2, month: '2031-03' });
    expect(c.items).toHaveLength(2);
    expect(c.days).toHaveLength(31);
    expect(c.items[0]?.cells).toHaveLength(31);
    const row0 = c.items.find((r) => r.employee.id === e0.id);
    expect(c.days[9]).toMatchObject({ date: '2031-03-10', weekday: 1 });
    expect(row0?.cells[9]).toEqual({ status: 'Present', workedMinutes: 490 });
    expect(row0?.cells[20]).toEqual({ status: null }); // a future working day
    expect(row0?.cells[21]).toEqual({ status: 'WeeklyOff', provisional: true }); // 22 March: 4th Saturday, known in advance
    expect(c.kpis.employees).toBe(3);
    expect(c.kpis.present).toBeGreaterThanOrEqual(3);
    expect(c.kpis.lateCount).toBeGreaterThanOrEqual(1);
    const page2 = (await w.hr.get(`/api/attendance/calendar/2031-03?locationId=${w.locationId}&pageSize=2&page=2`)).body as CalendarResponse;
    expect(page2.items).toHaveLength(1);
    expect(page2.kpis).toEqual(c.kpis);
    const search = (await w.hr.get(`/api/attendance/calendar/2031-03?q=${e1.code}`)).body as CalendarResponse;
    expect(search.items.map((r) => r.employee.id)).toEqual([e1.id]);
    expect((await w.hr.get('/api/attendance/calendar/2031-03?pageSize=101')).body.errors[0].path).toBe('query.pageSize');
    expect((await w.hr.get('/api/attendance/calendar/2031-3')).status).toBe(400);
  });

  it('the calendar keeps the scope: a manager sees the reporting line, an employee only self', async () => {
    const mgr = (await w.manager.get(`/api/attendance/calendar/2031-03?pageSize=100`)).body as CalendarResponse;
    const ids = mgr.items.map((r) => r.employee.id);
    expect(ids).toEqual(expect.arrayContaining([e0.id, e1.id, e2.id]));
    expect(mgr.total).toBeLessThan(60);
    const self = (await w.employee.get('/api/attendance/calendar/2031-03')).body as CalendarResponse;
    expect(self.items.map((r) => r.employee.id)).toEqual([e0.id]);
  });

  it("the day view lists every employee's record, filters by status, counts by status", async () => {
    const res = await w.hr.get(`/api/attendance/day/2031-03-10?locationId=${w.locationId}`);
    expect(res.status).toBe(200);
    expect(DayView.safeParse(res.body).success).toBe(true);
    const v = res.body as DayView;
    expect(v.total).toBe(3);
    expect(v.kpis.byStatus.Present).toBeGreaterThanOrEqual(2);
    const absent = (await w.hr.get(`/api/attendance/day/2031-03-01?locationId=${w.locationId}&status=Absent`)).body as DayView;
    expect(absent.items.length).toBe(3);
    expect((await w.hr.get('/api/attendance/day/2031-03-10?status=Nope')).status).toBe(400);
  });
});

describe('live board', () => {
  it('shows in / out / not yet in / late / off now, with counts and terminals (on leave: next test)', async () => {
    // Thursday 13 March, 10:15 IST: e0 in, e1 in then out, e2 nothing (late, shift 09:30 + 10 min grace).
    w.clock.set('2031-03-13T04:45:00.000Z');
    await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-13', '09:20') });
    await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist('2031-03-13', '09:10') });
    await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist('2031-03-13', '10:00') });
    // Sessions idle out after 12 h: sign in again at the new time.
    let hr = await w.server.login('hr@kaveri.example');
    const res = await hr.get(`/api/attendance/live?locationId=${w.locationId}`);
    expect(res.status).toBe(200);
    expect(LiveView.safeParse(res.body).success).toBe(true);
    const v = res.body as LiveView;
    const state = (id: string) => v.items.find((r) => r.employee.id === id);
    expect(state(e0.id)).toMatchObject({ state: 'In', lastPunch: { source: 'terminal', terminal: 'zk TEST-T1' } });
    expect(state(e0.id)?.workedMinutes).toBe(55);
    expect(state(e1.id)?.state).toBe('Out');
    expect(state(e2.id)?.state).toBe('Late');
    expect(v.counts).toMatchObject({ In: 1, Out: 1, Late: 1, total: 3 });
    expect(v.terminals.some((t) => t.name === 'zk TEST-T1' && t.online)).toBe(true);
    const filtered = (await hr.get(`/api/attendance/live?locationId=${w.locationId}&state=Late`)).body as LiveView;
    expect(filtered.items.map((r) => r.employee.id)).toEqual([e2.id]);
    // Earlier the same morning nobody is late yet.
    w.clock.set('2031-03-13T03:30:00.000Z');
    const early = (await hr.get(`/api/attendance/live?locationId=${w.locationId}`)).body as LiveView;
    expect(early.items.find((r) => r.employee.id === e2.id)?.state).toBe('NotYetIn');
    // Saturday 15 March (3rd Saturday: working) vs Sunday 16: off.
    w.clock.set('2031-03-16T06:00:00.000Z');
    hr = await w.server.login('hr@kaveri.example');
    const sunday = (await hr.get(`/api/attendance/live?locationId=${w.locationId}`)).body as LiveView;
    expect(sunday.counts.Off).toBe(3);
    w.clock.set('2031-03-12T12:00:00.000Z');
  });

  it('an employee whose leave is approved for today is OnLeave (not Late) on the board', async () => {
    // Friday 14 March: e0 asks for a day of sick leave (applied on the 12th), the manager approves.
    const sl = (await w.server.deps.db.selectFrom('leave_type').select('id').where('code', '=', 'SL').executeTakeFirstOrThrow()).id;
    const topUp = await w.hr.post('/api/leave/adjustments', { employeeId: e0.id, leaveTypeId: sl, days: 2, reason: 'Test top-up' });
    expect(topUp.status, topUp.text).toBe(200);
    const applied = await w.employee.post('/api/leave/requests', { leaveTypeId: sl, fromDate: '2031-03-14', toDate: '2031-03-14', reason: 'Fever' });
    expect(applied.status, applied.text).toBe(200);
    const board = async () => {
      w.clock.set('2031-03-14T04:45:00.000Z'); // 10:15 IST, past the 09:30 start + 10 min grace
      const hr = await w.server.login('hr@kaveri.example');
      const v = (await hr.get(`/api/attendance/live?locationId=${w.locationId}`)).body as LiveView;
      const onLeave = (await hr.get(`/api/attendance/live?locationId=${w.locationId}&state=OnLeave`)).body as LiveView;
      w.clock.set('2031-03-12T12:00:00.000Z');
      return { v, onLeave };
    };
    // While the request waits, nobody has come in: all three are late.
    const pending = await board();
    expect(pending.v.items.find((r) => r.employee.id === e0.id)?.state).toBe('Late');
    expect(pending.v.counts).toMatchObject({ Late: 3, OnLeave: 0 });
    expect(pending.onLeave.items).toEqual([]);

    const approved = await w.manager.post(`/api/leave/requests/${applied.body.id}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    const after = await board();
    expect(LiveView.safeParse(after.v).success).toBe(true);
    expect(after.v.items.find((r) => r.employee.id === e0.id)).toMatchObject({ state: 'OnLeave', shiftDate: '2031-03-14', lastPunch: null, lateMinutes: 0 });
    expect(after.v.items.find((r) => r.employee.id === e1.id)?.state).toBe('Late');
    expect(after.v.counts).toMatchObject({ OnLeave: 1, Late: 2, total: 3 });
    expect(after.onLeave.items.map((r) => r.employee.id)).toEqual([e0.id]);
  });
});

describe('public v1 attendance returns real records', () => {
  it('status, first in, last out, worked, overtime and late minutes per employee', async () => {
    const key = (await w.admin.post('/api/api-keys', { name: 'payroll', scope: 'ReadOnly' })).body.key as string;
    const res = await w.server.client().get('/api/public/v1/attendance?date=2031-03-10', { authorization: `Bearer ${key}` });
    expect(res.status).toBe(200);
    expect(PublicAttendanceList.safeParse(res.body).success).toBe(true);
    const rec = res.body.data.find((r: { employeeId: string }) => r.employeeId === e1.id);
    expect(rec).toMatchObject({ employeeCode: e1.code, reconciled: true, provisional: false, lateMinutes: 17, firstIn: istInstant('2031-03-10', '09:47') });
    const e0rec = res.body.data.find((r: { employeeId: string }) => r.employeeId === e0.id);
    expect(e0rec).toMatchObject({ status: 'Present', firstIn: istInstant('2031-03-10', '09:25'), lastOut: istInstant('2031-03-10', '18:35'), workedMinutes: 490, otMinutes: 0 });
  });
});

describe('nightly close and the sweep', () => {
  it('closing marks days without punches absent; the sweep finalises days whose window has ended', async () => {
    const ctx = { db: w.server.deps.db, clock: w.clock, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: moduleLinks };
    await w.server.deps.db.deleteFrom('attendance_day').where('employee_id', '=', e2.id).where('date', '=', '2031-03-11').execute();
    expect(await closeDays(ctx, 3)).toBeGreaterThan(0);
    const row = await w.server.deps.db.selectFrom('attendance_day').select(['status', 'provisional']).where('employee_id', '=', e2.id).where('date', '=', '2031-03-11').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'Absent', provisional: 0 });
    // Today is Pending; once its window has passed, the sweep closes it.
    expect((await dayOf(e2.id, TODAY)).day?.status).toBe('Pending');
    w.clock.set('2031-03-13T12:00:00.000Z');
    await sweepDays({ ...ctx });
    const today = await w.server.deps.db.selectFrom('attendance_day').select(['status', 'provisional']).where('employee_id', '=', e2.id).where('date', '=', TODAY).executeTakeFirstOrThrow();
    expect(today).toMatchObject({ status: 'Absent', provisional: 0 });
    w.clock.set('2031-03-12T12:00:00.000Z');
  });

  it('a terminal of the location that has never reported keeps its days provisional until it does', async () => {
    const ctx = { db: w.server.deps.db, clock: w.clock, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: moduleLinks };
    const silent = await w.admin.post('/api/terminals', { name: 'New gate', protocol: 'zk-push', serial: 'NEW-0001', port: 18090, locationId: w.locationId });
    expect(silent.status).toBe(200);
    try {
      await w.server.deps.db.deleteFrom('attendance_day').where('employee_id', '=', e2.id).where('date', '=', '2031-03-10').execute();
      await closeDays(ctx, 3);
      const waiting = (await dayOf(e2.id, '2031-03-10')).day;
      expect(waiting).toMatchObject({ status: 'Pending', provisional: true, lopDays: 0 });
      expect(waiting?.reasons.map((r) => r.text).join(' ')).toContain('waiting for New gate, which has not reported its whole log yet');
      // The sweep leaves it alone while the terminal stays silent…
      await sweepDays(ctx);
      expect((await dayOf(e2.id, '2031-03-10')).day).toMatchObject({ status: 'Pending', provisional: true });
      // …and makes it final once it has reported.
      await w.server.client().post('/api/ingest/biometric/keepalive', { serial: 'NEW-0001', terminalType: 'zk' }, CONNECTOR);
      await sweepDays(ctx);
      expect((await dayOf(e2.id, '2031-03-10')).day).toMatchObject({ status: 'Absent', provisional: false });
    } finally {
      await w.admin.delete(`/api/terminals/${silent.body.id}`);
    }
  });
});
