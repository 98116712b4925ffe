import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleLinks } from '../../server/src/wiring.ts';
import { ShiftPolicy, type ShiftPolicyInput } from '../../shared/attendance/index.ts';
import { systemCaller } from '../../server/src/context.ts';
import { sweepDays } from '../../server/src/modules/attendance/jobs.ts';
import type { Client } from '../support/client.ts';
import { type World, ist, punch, startWorld } from '../support/attendance.ts';

/** Policy screens' routes: shifts, roster, weekly offs per location, holidays and opt-ins, settings, CSV import. */

let w: World;
let e0: World['employees'][number];
let e1: World['employees'][number];
const put = (c: Client, path: string, body: object) => c.request('PUT', path, { body });
const status = async (id: string, date: string) => (await w.hr.get(`/api/attendance/employee/${id}/day/${date}`)).body.day?.status as string | undefined;

const NIGHT: ShiftPolicyInput = {
  name: 'Test Night',
  startTime: '22:00',
  endTime: '06:00',
  isDefault: false,
  breakMinutes: 30,
  lateGraceMinutes: 5,
  earlyGraceMinutes: 5,
  halfDayMinutes: 225,
  fullDayMinutes: 405,
  overtime: { eligible: true, afterMinutes: 30, blockMinutes: 30, maxMinutes: 240, beforeStart: false },
  windowBeforeMinutes: 120,
  windowAfterMinutes: 300,
  flexible: null,
  hoursMode: 'pairs',
};

beforeAll(async () => {
  w = await startWorld();
  [e0, e1] = w.employees as [typeof e0, typeof e1];
});
afterAll(async () => w.server.close());

describe('shifts', () => {
  let night: ShiftPolicy;
  it('creates a night shift with its rules; the policy log records it', async () => {
    const res = await w.hr.post('/api/attendance/shifts', NIGHT);
    expect(res.status).toBe(200);
    expect(ShiftPolicy.safeParse(res.body).success).toBe(true);
    night = res.body;
    expect(night).toMatchObject({ name: 'Test Night', startTime: '22:00', endTime: '06:00', overtime: { blockMinutes: 30 } });
    const log = (await w.hr.get('/api/attendance/policy-log')).body.items;
    expect(log[0]).toMatchObject({ action: 'shift.created', actorName: 'Priya Sharma' });
  });

  it.each([
    [{ ...NIGHT, name: 'Bad', endTime: '22:00' }, 'body.endTime'],
    [{ ...NIGHT, name: 'Bad', startTime: '24:00' }, 'body.startTime'],
    [{ ...NIGHT, name: 'Bad', halfDayMinutes: 500 }, 'body.halfDayMinutes'],
    [{ ...NIGHT, name: 'Bad', overtime: { ...NIGHT.overtime, blockMinutes: 0 } }, 'body.overtime.blockMinutes'],
    [{ ...NIGHT, name: 'Bad', flexible: { coreStart: '16:00', coreEnd: '10:00', requiredMinutes: 480 } }, 'body.flexible.coreEnd'],
    [{ ...NIGHT, name: '' }, 'body.name'],
  ])('validates %#', async (body, path) => {
    const res = await w.hr.post('/api/attendance/shifts', body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('a duplicate name is 409; an employee may not manage shifts (403)', async () => {
    expect((await w.hr.post('/api/attendance/shifts', NIGHT)).status).toBe(409);
    expect((await w.employee.post('/api/attendance/shifts', { ...NIGHT, name: 'Mine' })).status).toBe(403);
  });

  it('the roster puts an employee on nights from a day on; earlier days keep their shift', async () => {
    await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-10', '09:30') });
    await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-10', '18:30') });
    // Tue 11 evening in, Wed 12 morning out: a night shift.
    await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-11', '21:55') });
    await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-12', '06:10') });
    expect(await status(e0.id, '2031-03-11')).toBe('MissingPunch'); // still on General: 21:55 is an odd punch
    const res = await w.hr.post(`/api/attendance/employee/${e0.id}/shifts`, { shiftId: night.id, effectiveFrom: '2031-03-11' });
    expect(res.status).toBe(200);
    expect(res.body.items.map((a: { shiftName: string; effectiveTo: string | null }) => [a.shiftName, a.effectiveTo])).toEqual([
      ['Test Night', null],
      ['General', '2031-03-10'],
    ]);
    expect(await status(e0.id, '2031-03-10')).toBe('Present'); // the past keeps General
    const day = (await w.hr.get(`/api/attendance/employee/${e0.id}/day/2031-03-11`)).body;
    expect(day.day).toMatchObject({ status: 'Present', shift: { name: 'Test Night' } });
    expect(day.pairs).toHaveLength(1);
    // Rewriting the past of the roster: 409. Audited on the employee.
    expect((await w.hr.post(`/api/attendance/employee/${e0.id}/shifts`, { shiftId: night.id, effectiveFrom: '2031-03-05' })).status).toBe(409);
    const audit = await w.server.deps.db.selectFrom('audit_log').select('summary').where('employee_id', '=', e0.id).where('action', '=', 'roster.assigned').executeTakeFirstOrThrow();
    expect(audit.summary).toContain('Test Night from 2031-03-11');
    // A shift in use cannot be deleted.
    expect((await w.hr.delete(`/api/attendance/shifts/${night.id}`)).status).toBe(409);
  });

  it('changing a shift applies from today; recompute applies it to the past', async () => {
    const general = (await w.hr.get('/api/attendance/shifts')).body.items.find((s: ShiftPolicy) => s.name === 'General') as ShiftPolicy;
    await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist('2031-03-10', '09:30') });
    await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist('2031-03-10', '16:00') });
    expect(await status(e1.id, '2031-03-10')).toBe('HalfDay');
    const { id: _id, assignedCount: _a, ...input } = general;
    const changed = await put(w.hr, `/api/attendance/shifts/${general.id}`, { ...input, fullDayMinutes: 300 });
    expect(changed.status).toBe(200);
    expect(await status(e1.id, '2031-03-10')).toBe('HalfDay');
    const job = await w.hr.post('/api/attendance/recompute', { from: '2031-03-10', to: '2031-03-10', employeeId: e1.id });
    for (let i = 0; i < 100 && (await w.hr.get(`/api/attendance/recompute/${job.body.id}`)).body.status === 'running'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await status(e1.id, '2031-03-10')).toBe('Present');
    // Today's days are marked dirty by the change and the sweep reconciles them with the new rules.
    await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist('2031-03-12', '09:31') });
    await put(w.hr, `/api/attendance/shifts/${general.id}`, { ...input, fullDayMinutes: 310 });
    const dirty = await w.server.deps.db.selectFrom('attendance_day').select(['dirty', 'reasons']).where('employee_id', '=', e1.id).where('date', '=', '2031-03-12').executeTakeFirstOrThrow();
    expect(dirty.dirty).toBe(1);
    expect(await sweepDays({ db: w.server.deps.db, clock: w.clock, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: moduleLinks })).toBeGreaterThan(0);
    const swept = await w.server.deps.db.selectFrom('attendance_day').select('dirty').where('employee_id', '=', e1.id).where('date', '=', '2031-03-12').executeTakeFirstOrThrow();
    expect(swept.dirty).toBe(0);
    await put(w.hr, `/api/attendance/shifts/${general.id}`, input);
    expect((await put(w.hr, `/api/attendance/shifts/${general.id}`, { ...input, isDefault: false })).status).toBe(409);
  });
});

describe('weekly offs per location, holidays, optional holidays', () => {
  it('a location may have its own weekly offs (null = the organisation\'s)', async () => {
    // Saturday 1 March 2031 is the 1st Saturday: a working day under the organisation's rules.
    expect(await status(e1.id, '2031-03-01')).toBe('Absent');
    const res = await put(w.hr, `/api/attendance/locations/${w.locationId}`, { weeklyOffs: [{ weekday: 0, weeks: 'all' }, { weekday: 6, weeks: 'all' }], geoFence: null });
    expect(res.status).toBe(200);
    expect(res.body.effectiveWeeklyOffs).toHaveLength(2);
    const job = await w.hr.post('/api/attendance/recompute', { from: '2031-03-01', to: '2031-03-01' });
    for (let i = 0; i < 200 && (await w.hr.get(`/api/attendance/recompute/${job.body.id}`)).body.status === 'running'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await status(e1.id, '2031-03-01')).toBe('WeeklyOff');
    expect((await put(w.hr, `/api/attendance/locations/${w.locationId}`, { weeklyOffs: [{ weekday: 9, weeks: 'all' }], geoFence: null })).body.errors[0].path).toMatch(/^body\.weeklyOffs/);
    await put(w.hr, `/api/attendance/locations/${w.locationId}`, { weeklyOffs: null, geoFence: null });
  });

  it('a holiday added for a past day reconciles that day at once; deleting it restores the day', async () => {
    expect(await status(e1.id, '2031-03-04')).toBe('Absent');
    const res = await w.hr.post('/api/attendance/holidays', { date: '2031-03-04', name: 'Works Day', locationId: w.locationId, optional: false });
    expect(res.status).toBe(200);
    expect(await status(e1.id, '2031-03-04')).toBe('Holiday');
    expect((await w.hr.post('/api/attendance/holidays', { date: '2031-03-04', name: 'Again', locationId: w.locationId, optional: false })).status).toBe(409);
    expect((await w.hr.post('/api/attendance/holidays', { date: '2031-02-30', name: 'X', locationId: null, optional: false })).body.errors[0].path).toBe('body.date');
    expect((await w.hr.delete(`/api/attendance/holidays/${res.body.id}`)).status).toBe(200);
    expect(await status(e1.id, '2031-03-04')).toBe('Absent');
  });

  it('an optional holiday counts only for those who opt in, within the yearly allowance', async () => {
    const opt = (await w.hr.post('/api/attendance/holidays', { date: '2031-03-05', name: 'Optional Fest', locationId: null, optional: true })).body;
    expect(await status(e0.id, '2031-03-05')).toBe('Absent');
    const res = await w.employee.post(`/api/attendance/holidays/${opt.id}/opt-in`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ optedIn: true, optInCount: 1 });
    expect(await status(e0.id, '2031-03-05')).toBe('Holiday');
    expect(await status(e1.id, '2031-03-05')).toBe('Absent');
    await w.hr.patch('/api/attendance/settings', { optionalHolidaysPerYear: 1 });
    const another = (await w.hr.post('/api/attendance/holidays', { date: '2031-03-06', name: 'Optional Two', locationId: null, optional: true })).body;
    expect((await w.employee.post(`/api/attendance/holidays/${another.id}/opt-in`)).status).toBe(409);
    expect((await w.employee.delete(`/api/attendance/holidays/${opt.id}/opt-in`)).body.optedIn).toBe(false);
    expect(await status(e0.id, '2031-03-05')).toBe('Absent');
    const audit = await w.server.deps.db.selectFrom('audit_log').select('action').where('employee_id', '=', e0.id).where('action', 'like', 'holiday.%').execute();
    expect(audit.map((a) => a.action)).toEqual(['holiday.opted-in', 'holiday.opted-out']);
  });
});

describe('settings', () => {
  it('reads and changes the rules; validates them; logs the change', async () => {
    const res = await w.hr.patch('/api/attendance/settings', { debounceSeconds: 60, lateMark: { every: 3, days: 0.5 }, hrApprovalKinds: ['ManualEntry', 'OffZone'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ debounceSeconds: 60, lateMark: { every: 3, days: 0.5 } });
    expect((await w.hr.patch('/api/attendance/settings', { debounceSeconds: -1 })).body.errors[0].path).toBe('body.debounceSeconds');
    expect((await w.hr.patch('/api/attendance/settings', { hrApprovalKinds: ['Late'] })).status).toBe(400);
    expect((await w.manager.patch('/api/attendance/settings', { debounceSeconds: 30 })).status).toBe(403);
    await w.hr.patch('/api/attendance/settings', { lateMark: null, debounceSeconds: 120 });
  });

  it('the late-mark rule turns every third late arrival into half a day of pay', async () => {
    for (const d of ['2031-03-03', '2031-03-05', '2031-03-06']) {
      await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist(d, '09:55') });
      await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist(d, '18:45') });
    }
    const off = (await w.hr.get(`/api/attendance/employee/${e1.id}/month/2031-03`)).body.totals;
    await w.hr.patch('/api/attendance/settings', { lateMark: { every: 3, days: 0.5 } });
    const on = (await w.hr.get(`/api/attendance/employee/${e1.id}/month/2031-03`)).body.totals;
    expect(on.lateCount).toBe(3);
    expect(on.lopDays - off.lopDays).toBe(0.5);
    await w.hr.patch('/api/attendance/settings', { lateMark: null });
  });
});

describe('CSV import of a terminal USB export', () => {
  const file = (lines: string[]) => lines.join('\n');

  it('previews every row with its outcome, then commits only the good ones; a re-import is all duplicates', async () => {
    const terminal = (await w.admin.post('/api/terminals', { name: 'USB gate', protocol: 'zk-tcp', host: '10.0.0.9', port: 4370, serial: 'USB-0001' })).body;
    const content = file([
      'UserID\tDateTime\tState\tVerify',
      `  ${e1.terminalUserId}\t2031-03-07 09:28:11\t0\t1`,
      `  ${e1.terminalUserId}\t2031-03-07 18:40:02\t1\t1`,
      `${e1.code},07/03/2031 19:00,1`,
      '99999\t2031-03-07 09:00:00\t0\t1',
      'abc\tyesterday\t0',
      `${e1.terminalUserId}\t2031-02-30 09:00:00\t0\t1`,
      `${e1.terminalUserId}\t2031-04-01 09:00:00\t0\t1`,
    ]);
    const preview = await w.hr.post('/api/attendance/punches/import', { content, terminalId: terminal.id, commit: false });
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ ok: 3, duplicate: 0, unmatched: 1, error: 3 });
    expect(preview.body.committed).toBe(false);
    const rows = preview.body.rows as { line: number; result: string; message: string | null }[];
    expect(rows.find((r) => r.line === 5)).toMatchObject({ result: 'unmatched' });
    expect(rows.find((r) => r.line === 6)?.message).toContain('no date and time');
    expect(rows.find((r) => r.line === 8)?.message).toBe('is in the future');
    expect(await status(e1.id, '2031-03-07')).toBe('Absent');
    const commit = await w.hr.post('/api/attendance/punches/import', { content, terminalId: terminal.id, commit: true });
    expect(commit.body.committed).toBe(true);
    expect(await status(e1.id, '2031-03-07')).toBe('MissingPunch'); // in, out, out
    const again = await w.hr.post('/api/attendance/punches/import', { content, terminalId: terminal.id, commit: true });
    expect(again.body.counts).toMatchObject({ ok: 0, duplicate: 4 });
    const unmatched = (await w.admin.get('/api/terminals/unmatched')).body.items;
    expect(unmatched.find((u: { serial: string; terminalUserId: number }) => u.serial === 'USB-0001' && u.terminalUserId === 99999)?.count).toBe(1);
    const audit = await w.server.deps.db.selectFrom('audit_log').select('summary').where('employee_id', '=', e1.id).where('action', '=', 'punches.imported').executeTakeFirstOrThrow();
    expect(audit.summary).toContain('3 punches imported');
  });

  it('previews a file of 150,000 punches (no stack overflow on large files)', async () => {
    const start = Date.parse('2031-01-02T03:00:00.000Z');
    const lines = ['user,time,state'];
    for (let i = 0; i < 150_000; i++) {
      const at = new Date(start + i * 37_000).toISOString().slice(0, 19).replace('T', ' ');
      lines.push(`${i % 2 ? e0.code : e1.code},${at},${i % 2}`);
    }
    const res = await w.hr.post('/api/attendance/punches/import', { content: file(lines), commit: false, timeZone: 'UTC' });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.counts).toEqual({ ok: 150_000, duplicate: 0, unmatched: 0, error: 0 });
    expect(res.body.committed).toBe(false);
    expect(res.body.rows).toHaveLength(5000);
  });

  it("keeps HR from importing their own punches: those rows are refused, the others stored", async () => {
    const priya = (await w.hr.get('/api/auth/me')).body.user.employeeId as string;
    const own = await w.server.deps.db.selectFrom('employee').select('code').where('id', '=', priya).executeTakeFirstOrThrow();
    const content = file([`${own.code},2031-03-05 09:00,0`, `${own.code},2031-03-05 19:00,1`, `${e0.code},2031-03-05 09:05,0`]);
    const res = await w.hr.post('/api/attendance/punches/import', { content, commit: true });
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ ok: 1, duplicate: 0, unmatched: 0, error: 2 });
    expect(res.body.rows[0]).toMatchObject({ result: 'error', message: expect.stringContaining('your own punches') });
    const stored = await w.server.deps.db.selectFrom('punch').select('id').where('employee_id', '=', priya).where('source', '=', 'import').execute();
    expect(stored).toHaveLength(0);
  });

  it('validates the body and needs attendance:manage', async () => {
    expect((await w.hr.post('/api/attendance/punches/import', { content: '', commit: false })).body.errors[0].path).toBe('body.content');
    expect((await w.hr.post('/api/attendance/punches/import', { content: '1\t2031-03-01 09:00', commit: false, timeZone: 'Mars/Base' })).body.errors[0].path).toBe('body.timeZone');
    expect((await w.hr.post('/api/attendance/punches/import', { content: '1\t2031-03-01 09:00', commit: false, terminalId: '00000000-0000-0000-0000-000000000000' })).body.errors[0].path).toBe('body.terminalId');
    expect((await w.manager.post('/api/attendance/punches/import', { content: '1\t2031-03-01 09:00', commit: false })).status).toBe(403);
  });
});
