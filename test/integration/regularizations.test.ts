import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Regularization, RegularizationList, RegularizationPreview, type SelfPunchResult } from '../../shared/attendance/index.ts';
import { reportingLineIds } from '../../server/src/modules/employees/scope.ts';
import type { Client } from '../support/client.ts';
import { type World, ist, istInstant, punch, startWorld } from '../support/attendance.ts';

let w: World;
let e0: World['employees'][number];
let e1: World['employees'][number];
let e1Client: Client;

beforeAll(async () => {
  w = await startWorld();
  [e0, e1] = w.employees as [typeof e0, typeof e1];
  await w.admin.post('/api/users', { employeeId: e1.id, email: e1.email, password: 'tester-pass-123', roles: ['Employee'] });
  e1Client = await w.server.login(e1.email, 'tester-pass-123');
  // Monday 10 March: e0 forgot to punch out; Tuesday 11: e0 forgot to punch in.
  await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-10', '09:28') });
  await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-11', '18:40'), attendStat: '1' });
  await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist('2031-03-10', '09:28') });
});
afterAll(async () => w.server.close());

const request = (c: Client, body: object) => c.post('/api/regularizations', body);
const put = (c: Client, path: string, body: object) => c.request('PUT', path, { body });
const status = async (date: string, id = e0.id) => (await w.hr.get(`/api/attendance/employee/${id}/day/${date}`)).body.day.status as string;

describe('requesting a regularization', () => {
  it.each([
    [{ date: '2031-03-13', kind: 'MissingPunchOut', reason: 'x', punches: [{ time: '18:30', direction: 'out' }] }, 400, 'body.date'], // future
    [{ date: '2031-02-01', kind: 'MissingPunchOut', reason: 'x', punches: [{ time: '18:30', direction: 'out' }] }, 400, 'body.date'], // older than 30 days
    [{ date: '2030-12-20', kind: 'MissingPunchOut', reason: 'x', punches: [{ time: '18:30', direction: 'out' }] }, 400, 'body.date'],
    [{ date: '2031-03-10', kind: 'Forgot', reason: 'x', punches: [] }, 400, 'body.kind'],
    [{ date: '2031-03-10', kind: 'MissingPunchOut', reason: '', punches: [{ time: '18:30', direction: 'out' }] }, 400, 'body.reason'],
    [{ date: '2031-03-10', kind: 'MissingPunchOut', reason: 'x', punches: [{ time: '18:30', direction: 'in' }] }, 400, 'body.punches'],
    [{ date: '2031-03-10', kind: 'MissingPunchOut', reason: 'x', punches: [{ time: '25:00', direction: 'out' }] }, 400, 'body.punches.0.time'],
    [{ date: '2031-03-12', kind: 'MissingPunchOut', reason: 'x', punches: [{ time: '23:00', direction: 'out' }] }, 400, 'body.punches.0.time'], // later today: the future
    [{ date: '2031-03-10', kind: 'ManualEntry', reason: 'x', punches: [] }, 400, 'body.punches'],
    [{ date: '2031-03-10', kind: 'OffZone', reason: 'x', punches: [] }, 400, 'body.supersedes'],
  ])('%j → %i naming %s', async (body, code, path) => {
    const res = await request(w.employee, body);
    expect(res.status).toBe(code);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('a time after midnight on a day shift is the next morning (every instant belongs to one shift day)', async () => {
    const res = await request(e1Client, { date: '2031-03-11', kind: 'MissingPunchOut', reason: 'Stayed for the audit', punches: [{ time: '02:30', direction: 'out' }] });
    expect(res.status).toBe(200);
    expect(res.body.punches[0].at).toBe(istInstant('2031-03-12', '02:30'));
  });

  it('a frozen day cannot be regularized (409)', async () => {
    await w.hr.patch(`/api/attendance/employee/${e0.id}/day/2031-03-07`, { reason: 'closed', frozen: true });
    const res = await request(w.employee, { date: '2031-03-07', kind: 'MissingPunchIn', reason: 'x', punches: [{ time: '09:30', direction: 'in' }] });
    expect(res.status).toBe(409);
  });

  it('needs regularization:apply and a login bound to an employee', async () => {
    // The demo HR has it too (every preset does); an API key cannot reach platform routes at all.
    expect((await w.server.client().post('/api/regularizations', {})).status).toBe(401);
  });
});

describe('previewing a request before sending it', () => {
  const preview = (c: Client, body: object) => c.post('/api/regularizations/preview', body);

  it('shows the day now and once approved, without storing anything (reason not needed yet)', async () => {
    const requestsBefore = (await w.hr.get(`/api/regularizations?employeeId=${e0.id}`)).body.total as number;
    const res = await preview(w.employee, { date: '2031-03-10', kind: 'MissingPunchOut', punches: [{ time: '18:35', direction: 'out' }] });
    expect(res.status).toBe(200);
    expect(RegularizationPreview.safeParse(res.body).success).toBe(true);
    const { before, after } = res.body as RegularizationPreview;
    expect(before).toMatchObject({ status: 'MissingPunch', workedMinutes: 0, firstIn: istInstant('2031-03-10', '09:28'), lastOut: null });
    expect(after).toMatchObject({ status: 'Present', firstIn: istInstant('2031-03-10', '09:28'), lastOut: istInstant('2031-03-10', '18:35') });
    expect(after.workedMinutes).toBeGreaterThan(8 * 60);
    expect(after.reasons.map((r) => r.text).join(' ')).not.toMatch(/no out/i);
    // Nothing stored: the day and the request list are as they were.
    expect(await status('2031-03-10')).toBe('MissingPunch');
    expect((await w.hr.get(`/api/regularizations?employeeId=${e0.id}`)).body.total).toBe(requestsBefore);
  });

  it('a proposal that leaves the day short says so (half day)', async () => {
    const res = await preview(w.employee, { date: '2031-03-10', kind: 'MissingPunchOut', punches: [{ time: '13:45', direction: 'out' }] });
    expect(res.status).toBe(200);
    expect(res.body.after.status).toBe('HalfDay');
  });

  it.each([
    [{ date: '2031-03-13', kind: 'MissingPunchOut', punches: [{ time: '18:30', direction: 'out' }] }, 400, 'body.date'],
    [{ date: '2031-03-10', kind: 'MissingPunchOut', punches: [{ time: '18:30', direction: 'in' }] }, 400, 'body.punches'],
    [{ date: '2031-03-10', kind: 'MissingPunchOut', punches: [{ time: '25:00', direction: 'out' }] }, 400, 'body.punches.0.time'],
    [{ date: '2031-03-10', kind: 'MissingPunchOut', reason: 'x'.repeat(501), punches: [{ time: '18:30', direction: 'out' }] }, 400, 'body.reason'],
  ])('the same checks as sending: %j → %i naming %s', async (body, code, path) => {
    const res = await preview(w.employee, body);
    expect(res.status).toBe(code);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('a frozen day has nothing to preview (409)', async () => {
    await w.hr.patch(`/api/attendance/employee/${e0.id}/day/2031-03-06`, { reason: 'closed', frozen: true });
    expect((await preview(w.employee, { date: '2031-03-06', kind: 'MissingPunchIn', punches: [{ time: '09:30', direction: 'in' }] })).status).toBe(409);
  });
});

describe('manager → (HR) → approved, in one transaction with the punches and the day', () => {
  let outReq: Regularization;
  it('creates at AwaitingManager, notifies the manager, audits', async () => {
    expect(await status('2031-03-10')).toBe('MissingPunch');
    const res = await request(w.employee, { date: '2031-03-10', kind: 'MissingPunchOut', reason: 'Forgot to punch out', punches: [{ time: '18:35', direction: 'out' }] });
    expect(res.status).toBe(200);
    expect(Regularization.safeParse(res.body).success).toBe(true);
    outReq = res.body;
    expect(outReq).toMatchObject({ status: 'AwaitingManager', kind: 'MissingPunchOut', requiresHr: false, canDecide: false });
    expect(outReq.punches[0]).toMatchObject({ time: '18:35', direction: 'out', at: istInstant('2031-03-10', '18:35') });
    const inbox = (await w.manager.get('/api/notifications')).body.items.map((n: { title: string }) => n.title);
    expect(inbox).toContain('Att Tester 0 asks to regularize 10 Mar 2031');
    const audit = await w.server.deps.db.selectFrom('audit_log').select(['category', 'summary']).where('employee_id', '=', e0.id).where('action', '=', 'regularization.requested').executeTakeFirstOrThrow();
    expect(audit.category).toBe('Attendance');
    // A second open request for the same day and kind: 409.
    expect((await request(w.employee, { date: '2031-03-10', kind: 'MissingPunchOut', reason: 'again', punches: [{ time: '18:35', direction: 'out' }] })).status).toBe(409);
    // …and the preview says so before the employee types a reason.
    expect((await w.employee.post('/api/regularizations/preview', { date: '2031-03-10', kind: 'MissingPunchOut', punches: [{ time: '18:35', direction: 'out' }] })).status).toBe(409);
  });

  it('whoever decides sees the request’s effect on the day; outside scope it does not exist', async () => {
    const res = await w.manager.get(`/api/regularizations/${outReq.id}/preview`);
    expect(res.status).toBe(200);
    expect(RegularizationPreview.safeParse(res.body).success).toBe(true);
    expect(res.body.before.status).toBe('MissingPunch');
    expect(res.body.after).toMatchObject({ status: 'Present', lastOut: istInstant('2031-03-10', '18:35') });
    expect((await w.employee.get(`/api/regularizations/${outReq.id}/preview`)).status).toBe(200); // its author
    expect((await e1Client.get(`/api/regularizations/${outReq.id}/preview`)).status).toBe(404);
  });

  it('nobody decides their own request; the approval line decides', async () => {
    expect((await w.employee.post(`/api/regularizations/${outReq.id}/approve`, {})).status).toBe(403);
    expect((await e1Client.post(`/api/regularizations/${outReq.id}/approve`, {})).status).toBe(404); // outside e1's scope
    const list = (await w.manager.get('/api/regularizations?awaitingMe=true')).body as RegularizationList;
    expect(RegularizationList.safeParse(list).success).toBe(true);
    expect(list.items.map((r) => r.id)).toContain(outReq.id);
    expect(list.pending).toBeGreaterThanOrEqual(1);
    expect(list.items.find((r) => r.id === outReq.id)?.canDecide).toBe(true);
  });

  it('the manager approves: a manual punch is added and the day reconciled; the employee is notified', async () => {
    const res = await w.manager.post(`/api/regularizations/${outReq.id}/approve`, { note: 'ok' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Approved', managerDecisionBy: 'Rahul Deshmukh' });
    expect(await status('2031-03-10')).toBe('Present');
    const day = (await w.hr.get(`/api/attendance/employee/${e0.id}/day/2031-03-10`)).body;
    const manual = day.punches.find((p: { source: string }) => p.source === 'manual');
    expect(manual).toMatchObject({ direction: 'out', regularizationId: outReq.id, role: 'out', at: istInstant('2031-03-10', '18:35') });
    expect(day.regularizations[0].status).toBe('Approved');
    const mine = (await w.employee.get('/api/notifications')).body.items.map((n: { title: string }) => n.title);
    expect(mine).toContain('Your regularization of 10 Mar 2031 was approved');
    // Anything else now is a 409, a preview too (its punches are in the day).
    expect((await w.manager.get(`/api/regularizations/${outReq.id}/preview`)).status).toBe(409);
    expect((await w.manager.post(`/api/regularizations/${outReq.id}/approve`, {})).status).toBe(409);
    expect((await w.hr.post(`/api/regularizations/${outReq.id}/reject`, { note: 'no' })).status).toBe(409);
  });

  it('a kind that needs HR goes ManagerApprovedAwaitingHR, then HR approves', async () => {
    const res = await request(w.employee, {
      date: '2031-03-11',
      kind: 'ManualEntry',
      reason: 'Worked at the vendor site',
      punches: [
        { time: '09:30', direction: 'in' },
        { time: '18:30', direction: 'out' },
      ],
    });
    expect(res.body).toMatchObject({ status: 'AwaitingManager', requiresHr: true });
    const id = res.body.id as string;
    const mgr = await w.manager.post(`/api/regularizations/${id}/approve`, {});
    expect(mgr.body.status).toBe('ManagerApprovedAwaitingHR');
    expect(await status('2031-03-11')).toBe('MissingPunch'); // nothing applied yet
    expect((await w.manager.post(`/api/regularizations/${id}/approve`, {})).status).toBe(403);
    const hrInbox = (await w.hr.get('/api/regularizations?status=ManagerApprovedAwaitingHR')).body as RegularizationList;
    expect(hrInbox.items.map((r) => r.id)).toContain(id);
    const done = await w.hr.post(`/api/regularizations/${id}/approve`, { note: 'verified with the vendor' });
    expect(done.body).toMatchObject({ status: 'Approved', hrDecisionBy: 'Priya Sharma', decisionNote: 'verified with the vendor' });
    // in 09:30 (manual), out 18:30 (manual), out 18:40 (terminal, state 1): the extra out is unpaired.
    const day = (await w.hr.get(`/api/attendance/employee/${e0.id}/day/2031-03-11`)).body;
    expect(day.punches.filter((p: { source: string }) => p.source === 'manual')).toHaveLength(2);
  });

  it('rejection from either waiting state keeps the note; a note is required', async () => {
    const a = (await request(e1Client, { date: '2031-03-10', kind: 'MissingPunchOut', reason: 'x', punches: [{ time: '18:30', direction: 'out' }] })).body;
    expect((await w.manager.post(`/api/regularizations/${a.id}/reject`, {})).status).toBe(400);
    expect((await w.manager.post(`/api/regularizations/${a.id}/reject`, { note: '' })).body.errors[0].path).toBe('body.note');
    const rejected = await w.manager.post(`/api/regularizations/${a.id}/reject`, { note: 'No gate record' });
    expect(rejected.body).toMatchObject({ status: 'Rejected', decisionNote: 'No gate record' });
    expect(await status('2031-03-10', e1.id)).toBe('MissingPunch');
    expect((await w.manager.post(`/api/regularizations/${a.id}/approve`, {})).status).toBe(409);

    const b = (await request(e1Client, { date: '2031-03-10', kind: 'ManualEntry', reason: 'y', punches: [{ time: '18:30', direction: 'out' }] })).body;
    await w.manager.post(`/api/regularizations/${b.id}/approve`, {});
    const hrRejected = await w.hr.post(`/api/regularizations/${b.id}/reject`, { note: 'Not allowed' });
    expect(hrRejected.body).toMatchObject({ status: 'Rejected', hrDecisionBy: 'Priya Sharma' });
  });

  it('lists with filters (status, kind, employee) and scope; validates the filters', async () => {
    const all = (await w.hr.get(`/api/regularizations?employeeId=${e0.id}`)).body as RegularizationList;
    expect(all.items.every((r) => r.employee.id === e0.id)).toBe(true);
    expect(all.total).toBe(2);
    const manual = (await w.hr.get(`/api/regularizations?kind=ManualEntry&employeeId=${e1.id}`)).body as RegularizationList;
    expect(manual.items.map((r) => r.kind)).toEqual(['ManualEntry']);
    const rejected = (await w.hr.get('/api/regularizations?status=Rejected&pageSize=100')).body as RegularizationList;
    expect(rejected.items.every((r) => r.status === 'Rejected')).toBe(true);
    expect((await w.hr.get('/api/regularizations?status=Pending')).body.errors[0].path).toBe('query.status');
    expect((await w.hr.get('/api/regularizations?kind=Late')).body.errors[0].path).toBe('query.kind');
    expect((await w.hr.get('/api/regularizations?employeeId=nope')).body.errors[0].path).toBe('query.employeeId');
    // An employee sees only their own.
    const mine = (await e1Client.get('/api/regularizations')).body as RegularizationList;
    expect(mine.items.every((r) => r.employee.id === e1.id)).toBe(true);
  });

  it('approval is refused when the day was frozen meanwhile', async () => {
    const r = (await request(e1Client, { date: '2031-03-11', kind: 'MissingPunchIn', reason: 'x', punches: [{ time: '09:30', direction: 'in' }] })).body;
    await w.hr.patch(`/api/attendance/employee/${e1.id}/day/2031-03-11`, { reason: 'closed', frozen: true });
    expect((await w.manager.post(`/api/regularizations/${r.id}/approve`, {})).status).toBe(409);
    expect((await w.hr.get(`/api/regularizations/${r.id}`)).body.status).toBe('AwaitingManager');
  });
});

describe('HR notification and the regularization window (e2, a login of its own)', () => {
  let e2: World['employees'][number];
  let e2Client: Client;
  const hrNotes = async () => {
    const res = await w.hr.get('/api/notifications?pageSize=100');
    expect(res.status).toBe(200);
    return (res.body.items as { kind: string; title: string; body: string | null; link: string | null }[]).filter((n) => n.kind === 'regularization.awaiting-hr');
  };

  beforeAll(async () => {
    e2 = w.employees[2] as typeof e2;
    expect((await w.admin.post('/api/users', { employeeId: e2.id, email: e2.email, password: 'tester-pass-123', roles: ['Employee'] })).status).toBe(200);
    e2Client = await w.server.login(e2.email, 'tester-pass-123');
  });

  it('HR is notified when a request reaches ManagerApprovedAwaitingHR, not before', async () => {
    const title = "Att Tester 2's regularization of 5 Mar 2031 needs HR";
    const res = await request(e2Client, {
      date: '2031-03-05',
      kind: 'ManualEntry',
      reason: 'Badge left at home',
      punches: [
        { time: '09:30', direction: 'in' },
        { time: '18:30', direction: 'out' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'AwaitingManager', requiresHr: true });
    expect((await hrNotes()).map((n) => n.title)).not.toContain(title);
    const mgr = await w.manager.post(`/api/regularizations/${res.body.id}/approve`, { note: 'seen at the desk' });
    expect(mgr.body.status).toBe('ManagerApprovedAwaitingHR');
    const note = (await hrNotes()).find((n) => n.title === title);
    expect(note).toMatchObject({ body: 'Manual entry of the day, approved by Rahul Deshmukh.', link: '/attendance/regularizations' });
    // Only HR is told: the manager and the employee get no "needs HR" notice.
    for (const c of [w.manager, e2Client]) {
      const titles = (await c.get('/api/notifications?pageSize=100')).body.items.map((n: { title: string }) => n.title);
      expect(titles).not.toContain(title);
    }
    // A kind without the HR stage never notifies HR (e0's MissingPunchOut of the 10th went straight to Approved).
    expect((await hrNotes()).map((n) => n.title)).not.toContain("Att Tester 0's regularization of 10 Mar 2031 needs HR");
    expect((await w.hr.post(`/api/regularizations/${res.body.id}/approve`, {})).body.status).toBe('Approved');
  });

  it('regularizationWindowDays decides how far back a day may be regularized', async () => {
    const ask = (date: string) => request(e2Client, { date, kind: 'MissingPunchIn', reason: 'Card reader down', punches: [{ time: '09:30', direction: 'in' }] });
    const setWindow = async (days: number) => {
      const res = await w.hr.patch('/api/attendance/settings', { regularizationWindowDays: days });
      expect(res.status, res.text).toBe(200);
      expect(res.body.regularizationWindowDays).toBe(days);
    };
    expect((await w.hr.get('/api/attendance/settings')).body.regularizationWindowDays).toBe(30);
    try {
      // Narrower: 5 days back from Wednesday 12 March is Friday 7 March.
      await setWindow(5);
      const outside = await ask('2031-03-06');
      expect(outside.status).toBe(400);
      expect(outside.body.errors).toEqual([{ path: 'body.date', message: 'must be on or after 2031-03-07' }]);
      expect(outside.body.detail).toContain('older than 5 days');
      const inside = await ask('2031-03-07');
      expect(inside.status, inside.text).toBe(200);
      expect(inside.body.status).toBe('AwaitingManager');
      // Back to the default 30: the 6th is accepted now.
      await setWindow(30);
      expect((await ask('2031-03-06')).status).toBe(200);
      expect((await ask('2031-01-10')).body.errors[0].path).toBe('body.date');
      // Wider: 62 days reaches Thursday 9 January, not Wednesday the 8th.
      await setWindow(62);
      const before = await ask('2031-01-08');
      expect(before.status).toBe(400);
      expect(before.body.errors).toEqual([{ path: 'body.date', message: 'must be on or after 2031-01-09' }]);
      const edge = await ask('2031-01-09');
      expect(edge.status, edge.text).toBe(200);
      expect((await ask('2031-01-10')).status).toBe(200);
      // A day before joining (1 January) is inside the window but still refused, naming the field.
      await setWindow(366);
      expect((await ask('2030-12-31')).body.errors[0]).toMatchObject({ path: 'body.date', message: 'is outside your employment' });
    } finally {
      await setWindow(30);
    }
  });
});

describe('self check-in with geo-fences', () => {
  it('without fences a check-in is plain; with them, off-zone and wrong-location are flagged and not counted', async () => {
    w.clock.set('2031-03-12T03:50:00.000Z'); // 09:20 IST
    const employee = await w.server.login(e0.email, 'tester-pass-123');
    // No fences anywhere (the demo has two): a check-in is taken as it is.
    const demoFences = (await w.hr.get('/api/attendance/locations')).body.items as { locationId: string; weeklyOffs: unknown; geoFence: unknown }[];
    for (const l of demoFences) await put(w.hr, `/api/attendance/locations/${l.locationId}`, { weeklyOffs: l.weeklyOffs, geoFence: null });
    const plain = await employee.post('/api/attendance/me/punch', { direction: 'in' });
    expect(plain.status).toBe(200);
    expect((plain.body as SelfPunchResult).punch).toMatchObject({ source: 'self', direction: 'in', flags: [] });
    // Fences: the test location here, another location 100 km away.
    const other = (await w.admin.post('/api/locations', { name: `Far Site ${Date.now()}` })).body.id as string;
    expect((await put(w.hr, `/api/attendance/locations/${w.locationId}`, { weeklyOffs: null, geoFence: { lat: 12.9716, lng: 77.5946, radiusMeters: 200 } })).status).toBe(200);
    expect((await put(w.hr, `/api/attendance/locations/${other}`, { weeklyOffs: null, geoFence: { lat: 13.9, lng: 77.5946, radiusMeters: 200 } })).status).toBe(200);
    const inside = await employee.post('/api/attendance/me/punch', { direction: 'out', geo: { lat: 12.9717, lng: 77.5947, accuracy: 20 } });
    expect(inside.body.punch.flags).toEqual([]);
    const wrong = await employee.post('/api/attendance/me/punch', { direction: 'in', geo: { lat: 13.9, lng: 77.5946, accuracy: 10 } });
    expect(wrong.body.punch.flags).toEqual(['WrongLocation']);
    const off = await employee.post('/api/attendance/me/punch', { direction: 'in', geo: { lat: 10, lng: 76, accuracy: 10 } });
    expect(off.body.punch).toMatchObject({ flags: ['OffZone'], role: 'flagged' });
    const hidden = await employee.post('/api/attendance/me/punch', { direction: 'in' });
    expect(hidden.body.punch.flags).toEqual(['OffZone']);
    expect((await employee.post('/api/attendance/me/punch', { direction: 'sideways' })).body.errors[0].path).toBe('body.direction');
    expect((await employee.post('/api/attendance/me/punch', { direction: 'in', geo: { lat: 91, lng: 0 } })).body.errors[0].path).toBe('body.geo.lat');

    const today = (await employee.get('/api/attendance/me')).body;
    expect(today.geoFenceRequired).toBe(true);
    // Flagged check-ins do not count for pay, but the person is in: they can check out.
    expect(today.live.state).toBe('In');
    expect(today.punches.filter((p: { role: string }) => p.role === 'flagged')).toHaveLength(3);

    // An OffZone regularization accepts the flagged punch: a manual row supersedes it.
    const req = await employee.post('/api/regularizations', { date: '2031-03-12', kind: 'OffZone', reason: 'At the customer', supersedes: [off.body.punch.id] });
    expect(req.status).toBe(200);
    expect(req.body.punches[0].direction).toBe('in');
    const wrongKind = await employee.post('/api/regularizations', { date: '2031-03-12', kind: 'WrongLocation', reason: 'x', supersedes: [off.body.punch.id] });
    expect(wrongKind.status).toBe(400);
    const approved = await w.manager.post(`/api/regularizations/${req.body.id}/approve`, {});
    expect(approved.body.status).toBe('Approved');
    const after = (await employee.get('/api/attendance/me')).body;
    expect(after.punches.find((p: { id: string }) => p.id === off.body.punch.id).role).toBe('superseded');
    expect(after.punches.find((p: { supersedesId: string | null }) => p.supersedesId === off.body.punch.id)).toMatchObject({ source: 'manual' });
    await put(w.hr, `/api/attendance/locations/${w.locationId}`, { weeklyOffs: null, geoFence: null });
    await put(w.hr, `/api/attendance/locations/${other}`, { weeklyOffs: null, geoFence: null });
    for (const l of demoFences) await put(w.hr, `/api/attendance/locations/${l.locationId}`, { weeklyOffs: l.weeklyOffs, geoFence: l.geoFence });
    w.clock.set('2031-03-12T12:00:00.000Z');
  });
});

describe('GET /api/regularizations/export (spec §4.7)', () => {
  it('exports with status, kind and employee filters in every format', async () => {
    const csv = await w.hr.get(`/api/regularizations/export?format=csv&employeeId=${e0.id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="?regularizations-2031-03-12\.csv"?/);
    const lines = csv.text.slice(1).trim().split('\n');
    expect(lines[0]).toContain('Kind');
    expect(lines.length - 1).toBe(3);
    const approved = await w.hr.get('/api/regularizations/export?format=csv&status=Approved&kind=MissingPunchOut');
    const approvedLines = approved.text.slice(1).trim().split('\n');
    expect(approvedLines[0]).toContain('Requested at (ISO 8601)');
    // Words, not codes: the kind and status as the console shows them.
    expect(approvedLines.slice(1).every((l) => l.includes('Missing punch out') && l.includes('Approved') && !l.includes('MissingPunchOut'))).toBe(true);
    expect((await w.hr.get('/api/regularizations/export?format=xlsx')).headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await w.hr.get('/api/regularizations/export?format=pdf')).headers.get('content-type')).toBe('application/pdf');
    for (const q of ['status=Nope', 'kind=Nope', 'employeeId=123', 'format=doc']) {
      expect((await w.hr.get(`/api/regularizations/export?${q}`)).status, q).toBe(400);
    }
  });
});

describe('GET /api/regularizations on a large table', () => {
  const STATUSES = ['AwaitingManager', 'ManagerApprovedAwaitingHR', 'Approved', 'Rejected'] as const;
  const KINDS = ['MissingPunchIn', 'MissingPunchOut', 'OffZone', 'ManualEntry', 'WrongLocation'] as const;
  const BULK = 60_000;

  it('filters, counts and pages in the database: right answers, and fast', async () => {
    const db = w.server.deps.db;
    const employees = (await db.selectFrom('employee').select('id').orderBy('code').execute()).map((e) => e.id);
    const rows = [];
    for (let i = 0; i < BULK; i++) {
      const at = new Date(Date.parse('2031-01-01T00:00:00.000Z') + Math.floor(i / 3) * 60_000).toISOString(); // shared instants: ties break by id
      rows.push({
        id: `0190${String(i).padStart(4, '0')}-0000-7000-8000-${String(i).padStart(12, '0')}`,
        employee_id: employees[(i * 7) % employees.length] as string,
        date: '2031-02-01',
        kind: KINDS[i % KINDS.length] as string,
        status: STATUSES[i % 10 === 0 ? 0 : i % 10 === 1 ? 1 : i % 10 < 6 ? 2 : 3] as string,
        reason: 'bulk',
        punches: '[]',
        supersedes: '[]',
        requires_hr: 0 as const,
        manager_decided_by: null,
        manager_decided_by_name: null,
        manager_decided_at: null,
        hr_decided_by: null,
        hr_decided_by_name: null,
        hr_decided_at: null,
        decision_note: null,
        created_by_name: 'bulk',
        created_at: at,
        updated_at: at,
      });
    }
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('regularization').values(rows.slice(i, i + 500)).execute();
    try {
      const all = await db.selectFrom('regularization').select(['id', 'employee_id', 'status', 'kind', 'created_at']).execute();
      const newestFirst = (a: (typeof all)[number], b: (typeof all)[number]) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id);
      all.sort(newestFirst);
      const priya = (await w.hr.get('/api/auth/me')).body.user.employeeId as string;
      // HR sees everything and decides every waiting request but their own.
      const hrMay = (r: (typeof all)[number]) => r.employee_id !== priya && (r.status === 'AwaitingManager' || r.status === 'ManagerApprovedAwaitingHR');
      const page = async (c: Client, q: string) => (await c.get(`/api/regularizations?${q}`)).body as RegularizationList;

      const first = await page(w.hr, 'pageSize=20');
      expect(first).toMatchObject({ total: all.length, page: 1, pageSize: 20, pending: all.filter(hrMay).length });
      expect(first.items.map((r) => r.id)).toEqual(all.slice(0, 20).map((r) => r.id));
      const third = await page(w.hr, 'pageSize=50&page=3');
      expect(third.items.map((r) => r.id)).toEqual(all.slice(100, 150).map((r) => r.id));
      expect(third.items.every((r) => r.canDecide === hrMay(all.find((a) => a.id === r.id) as (typeof all)[number]))).toBe(true);

      const waiting = await page(w.hr, 'status=AwaitingManager&kind=OffZone&pageSize=100&page=2');
      const expected = all.filter((r) => r.status === 'AwaitingManager' && r.kind === 'OffZone');
      expect(waiting.total).toBe(expected.length);
      expect(waiting.items.map((r) => r.id)).toEqual(expected.slice(100, 200).map((r) => r.id));
      expect(waiting.pending).toBe(first.pending); // pending ignores the filters

      const one = all.find((r) => r.employee_id !== priya)?.employee_id as string;
      const ofOne = await page(w.hr, `employeeId=${one}&pageSize=100`);
      expect(ofOne.total).toBe(all.filter((r) => r.employee_id === one).length);
      expect(ofOne.items.map((r) => r.id)).toEqual(all.filter((r) => r.employee_id === one).slice(0, 100).map((r) => r.id));

      const mine = await page(w.hr, 'awaitingMe=true&pageSize=100&page=4');
      expect(mine.total).toBe(all.filter(hrMay).length);
      expect(mine.items.map((r) => r.id)).toEqual(all.filter(hrMay).slice(300, 400).map((r) => r.id));
      expect(mine.items.every((r) => r.canDecide)).toBe(true);

      // A manager: their reporting line (at any depth) at the manager stage, never their own; scope applies.
      const line = new Set(await reportingLineIds(db, w.managerId));
      const visible = all.filter((r) => r.employee_id === w.managerId || line.has(r.employee_id));
      const managerMay = (r: (typeof all)[number]) => r.status === 'AwaitingManager' && line.has(r.employee_id);
      const m = await page(w.manager, 'pageSize=100&page=2');
      expect(m).toMatchObject({ total: visible.length, pending: visible.filter(managerMay).length });
      expect(m.items.map((r) => r.id)).toEqual(visible.slice(100, 200).map((r) => r.id));
      const mAwaiting = await page(w.manager, 'awaitingMe=true&pageSize=100');
      expect(mAwaiting.total).toBe(visible.filter(managerMay).length);
      expect(mAwaiting.items.map((r) => r.id)).toEqual(visible.filter(managerMay).slice(0, 100).map((r) => r.id));
      // Past the last page: empty items, the same total.
      expect(await page(w.manager, 'pageSize=100&page=100000')).toMatchObject({ items: [], total: visible.length });

      // Each page reads only what it shows (it used to read every row: about half a second per page at 50,000).
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        expect((await w.hr.get(`/api/regularizations?pageSize=20&page=${i + 2}&status=Approved`)).status).toBe(200);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      expect(times[2]).toBeLessThan(150);
    } finally {
      await db.deleteFrom('regularization').where('reason', '=', 'bulk').where('created_by_name', '=', 'bulk').execute();
    }
  });
});
