import fs from 'node:fs';
import { moduleLinks } from '../../server/src/wiring.ts';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorConfig, IngestAccepted, KeepAliveAccepted, PHOTO_MAX_BYTES } from '../../shared/ingest.ts';
import { type Terminal, TerminalList } from '../../shared/terminals.ts';
import { systemCaller } from '../../server/src/context.ts';
import { sweepDays } from '../../server/src/modules/attendance/jobs.ts';
import { notifyOfflineTerminals } from '../../server/src/modules/terminals/index.ts';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import type { Client } from '../support/client.ts';
import { CONNECTOR, NOW, type World, ist, punch, startWorld } from '../support/attendance.ts';
import { CONNECTOR_SECRET } from '../support/server.ts';

/** Spec §4.6 ingest (validation, 401s, idempotency, photos), the terminal registry, enrolment, admin logs. */

let w: World;
let e0: World['employees'][number];
let e1: World['employees'][number];
let e2: World['employees'][number];
const put = (c: Client, p: string, body: object) => c.request('PUT', p, { body });
const base = { serial: 'ING-0001', terminalType: 'zk', terminalId: 1, transId: 1, at: '2031-03-10T09:25:00+05:30', terminalUserId: 77001, attendStat: '0' };
let trans = 1000;
const post = (body: object, headers: Record<string, string> = CONNECTOR) => w.server.client().post('/api/ingest/biometric/timelog', body, headers);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF fake image body')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png')]);

beforeAll(async () => {
  w = await startWorld();
  [e0, e1, e2] = w.employees as [typeof e0, typeof e1, typeof e2];
});
afterAll(async () => w.server.close());

async function count(table: 'punch' | 'terminal_admin_log') {
  const r = await w.server.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('authentication: the connector secret, nothing else (spec §5.4)', () => {
  it.each([
    ['no header', {}],
    ['a wrong secret', { authorization: 'Bearer not-the-secret-at-all-0123456789' }],
    ['another scheme', { authorization: `Basic ${CONNECTOR_SECRET}` }],
    ['the secret with a suffix', { authorization: `Bearer ${CONNECTOR_SECRET}x` }],
  ])('%s → 401', async (_label, headers) => {
    const res = await post({ ...base, transId: trans++ }, headers);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('a session cookie or an API key is not a connector secret', async () => {
    expect((await w.hr.post('/api/ingest/biometric/timelog', { ...base, transId: trans++ })).status).toBe(401);
    const key = (await w.admin.post('/api/api-keys', { name: 'not a connector', scope: 'ReadOnly' })).body.key as string;
    expect((await post({ ...base, transId: trans++ }, { authorization: `Bearer ${key}` })).status).toBe(401);
    expect((await w.server.client().get('/api/ingest/biometric/config', { authorization: `Bearer ${key}` })).status).toBe(401);
  });
});

describe('routing', () => {
  it('ingest goes straight to its routes: no browser headers; an unknown ingest path is a 404 problem, a browser path keeps them', async () => {
    const ok = await post({ ...base, transId: trans++, at: '2031-03-09T09:41:00+05:30' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toBeNull();
    const missing = await w.server.client().post('/api/ingest/biometric/no-such-route', {}, CONNECTOR);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/problem\+json/);
    expect(missing.headers.get('content-security-policy')).toBeNull();
    const console = await w.hr.get('/api/employees');
    expect(console.status).toBe(200);
    expect(console.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('operations without path parameters run from the first layer: none claims a path the docs or the agent endpoint answer, which still answer', async () => {
    const doc = await w.server.client().get('/api/openapi.json');
    expect(doc.status).toBe(200);
    const literal = Object.keys((doc.body as { paths: Record<string, unknown> }).paths).filter((p) => !p.includes('{'));
    expect(literal.length).toBeGreaterThan(50);
    const early = (p: string) => p === '/api/openapi.json' || p === '/api/docs' || p.startsWith('/api/docs/');
    expect(literal.filter(early)).toEqual([]);
    expect((await fetch(`${w.server.url}/api/docs/`)).status).toBe(200);
    // The agent endpoint is documented beside the operations but mounted by its own router, before them.
    const agent = await fetch(`${w.server.url}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(agent.status).toBe(401);
    expect(agent.headers.get('www-authenticate')).toMatch(/resource_metadata/);
  });
});

describe('validation to spec §4.6', () => {
  it.each([
    [{ serial: '' }, 'body.serial'],
    [{ serial: undefined }, 'body.serial'],
    [{ terminalType: '' }, 'body.terminalType'],
    [{ terminalUserId: 1.5 }, 'body.terminalUserId'],
    [{ terminalUserId: 9007199254740992 }, 'body.terminalUserId'],
    [{ terminalUserId: '77001' }, 'body.terminalUserId'],
    [{ transId: undefined }, 'body.transId'],
    [{ terminalId: 2.5 }, 'body.terminalId'],
    [{ at: '2031-03-10T09:25:00' }, 'body.at'], // no offset
    [{ at: '2023-02-29T09:00:00Z' }, 'body.at'],
    [{ at: '2031-03-10 09:25:00Z' }, 'body.at'],
    [{ at: '2031-13-01T09:00Z' }, 'body.at'],
    [{ at: '2031-03-10T24:00Z' }, 'body.at'],
    [{ at: '2031-03-10T09:25+15:00' }, 'body.at'],
    [{ attendStat: 0 }, 'body.attendStat'],
  ])('%j → 400 naming %s', async (patch, field) => {
    const res = await post({ ...base, transId: trans++, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it.each(['2024-02-29T09:00:00Z', '2031-03-10T09:26+05:30', '2031-03-10T09:27:00+0530', '2031-03-10T03:58:00Z', '2031-03-10T09:29:30.250+05:30'])(
    'accepts %s (leap day, seconds optional, numeric offsets, Z)',
    async (at) => {
      const res = await post({ ...base, serial: 'ING-DATES', transId: trans++, at, terminalUserId: 77099 });
      expect(res.status).toBe(200);
      expect(IngestAccepted.safeParse(res.body).success).toBe(true);
    },
  );

  it('keeps the offset and the local time as received', async () => {
    const res = await post({ ...base, serial: 'ING-DATES', transId: trans++, at: '2031-03-10T09:31+0530', terminalUserId: 77099 });
    const row = await w.server.deps.db.selectFrom('punch').select(['at', 'utc_offset_minutes', 'local_date', 'local_time']).where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ at: '2031-03-10T04:01:00.000Z', utc_offset_minutes: 330, local_date: '2031-03-10', local_time: '09:31:00' });
  });
});

describe('idempotency: nothing lost, nothing doubled', () => {
  it('a replay of (serial, transId) answers duplicate and changes nothing', async () => {
    const first = await post({ ...base, transId: 5 });
    expect(first.body).toMatchObject({ ok: true, duplicate: false });
    const n = await count('punch');
    const dayBefore = await w.server.deps.db.selectFrom('attendance_day').select(['status', 'computed_at', 'punch_count']).where('employee_id', '=', e0.id).where('date', '=', '2031-03-10').executeTakeFirstOrThrow();
    w.clock.advance(1000);
    const again = await post({ ...base, transId: 5 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, duplicate: true, id: first.body.id });
    expect(await count('punch')).toBe(n);
    const dayAfter = await w.server.deps.db.selectFrom('attendance_day').select(['status', 'computed_at', 'punch_count']).where('employee_id', '=', e0.id).where('date', '=', '2031-03-10').executeTakeFirstOrThrow();
    expect(dayAfter).toEqual(dayBefore);
    w.clock.set(NOW);
  });

  it('the same natural punch under another transId (serial, user, instant, state) is a duplicate too', async () => {
    const first = await post({ ...base, transId: 6, at: '2031-03-10T18:35:00+05:30', attendStat: '1' });
    const n = await count('punch');
    const again = await post({ ...base, transId: 7, at: '2031-03-10T13:05:00Z', attendStat: '1' });
    expect(again.body).toEqual({ ok: true, duplicate: true, id: first.body.id });
    expect(await count('punch')).toBe(n);
    // A different state at the same instant is another punch.
    expect((await post({ ...base, transId: 8, at: '2031-03-10T18:35:00+05:30', attendStat: '255' })).body.duplicate).toBe(false);
  });
});

describe('photos', () => {
  it('stores a JPEG or PNG in the data folder and shows it beside the punch', async () => {
    const res = await post({ ...base, transId: trans++, terminalUserId: e1.terminalUserId, at: '2031-03-10T09:40:00+05:30', photoBase64: JPEG.toString('base64') });
    expect(res.status).toBe(200);
    const row = await w.server.deps.db.selectFrom('punch').select('photo_path').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(fs.readFileSync(path.join(w.server.dataDir, row.photo_path ?? '')).equals(JPEG)).toBe(true);
    const day = (await w.hr.get(`/api/attendance/employee/${e1.id}/day/2031-03-10`)).body;
    const url = day.punches.find((p: { id: string }) => p.id === res.body.id).photoUrl as string;
    const photo = await w.hr.get(url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect((photo.body as Buffer).equals(JPEG)).toBe(true);
    expect((await w.employee.get(url)).status).toBe(404); // someone else's punch
    const png = await post({ ...base, transId: trans++, terminalUserId: e1.terminalUserId, at: '2031-03-10T09:41:00+05:30', photoBase64: PNG.toString('base64') });
    expect(png.status).toBe(200);
  });

  it('refuses what is not base64 of a JPEG or PNG (400) and a photo over the limit (413)', async () => {
    const bad = await post({ ...base, transId: trans++, photoBase64: 'not base64!' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('body.photoBase64');
    const gif = await post({ ...base, transId: trans++, photoBase64: Buffer.from('GIF89a....').toString('base64') });
    expect(gif.status).toBe(400);
    const big = Buffer.concat([JPEG, Buffer.alloc(PHOTO_MAX_BYTES)]);
    const n = await count('punch');
    const tooBig = await post({ ...base, transId: trans++, photoBase64: big.toString('base64') });
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('content-type')).toMatch(/problem\+json/);
    const huge = await post({ ...base, transId: trans++, photoBase64: Buffer.alloc(3 * 1024 * 1024).toString('base64') });
    expect(huge.status).toBe(413);
    expect(await count('punch')).toBe(n);
  });
});

describe('terminal registry', () => {
  it('a terminal appears on its first message and tracks contact, last punch, skew, punches today', async () => {
    // A live punch 40 s behind the true time: the terminal clock is 40 s slow.
    const now = Date.parse(NOW);
    const at = new Date(now - 40_000 + 5.5 * 3_600_000).toISOString().slice(0, 19) + '+05:30';
    expect((await post({ ...base, serial: 'REG-0001', terminalType: 'anviz', terminalId: 3, deviceUid: 'MAC-01', transId: 1, at })).status).toBe(200);
    const list = (await w.admin.get('/api/terminals')).body;
    expect(TerminalList.safeParse(list).success).toBe(true);
    const t = list.items.find((x: Terminal) => x.serial === 'REG-0001') as Terminal;
    expect(t).toMatchObject({ terminalType: 'anviz', protocol: 'anviz-tcp', machineNumber: 3, deviceUid: 'MAC-01', online: true, lastContactAt: NOW, clockSkewSeconds: -40, skewWarning: false, punchesToday: 1 });
  });

  it('keep-alives carry the connector state, backlog, dead letters, skew and firmware', async () => {
    const res = await w.server.client().post('/api/ingest/biometric/keepalive', { serial: 'REG-0001', terminalType: 'anviz', state: 'online', backlog: 5, deadLetters: 2, clockSkewSeconds: 300, detail: 'polling', firmware: 'Anviz 2.1' }, CONNECTOR);
    expect(res.status).toBe(200);
    expect(KeepAliveAccepted.safeParse(res.body).success).toBe(true);
    const t = (await w.admin.get('/api/terminals')).body.items.find((x: Terminal) => x.serial === 'REG-0001') as Terminal;
    expect(t).toMatchObject({ connectorState: 'online', backlog: 5, deadLetters: 2, clockSkewSeconds: 300, skewWarning: true, firmwareNotes: 'Anviz 2.1', connectorDetail: 'polling' });
    expect(res.body.terminalId).toBe(t.id);
    expect((await w.server.client().post('/api/ingest/biometric/keepalive', { serial: '', terminalType: 'zk' }, CONNECTOR)).body.errors[0].path).toBe('body.serial');
    expect((await w.server.client().post('/api/ingest/biometric/keepalive', { serial: 'X', terminalType: 'zk', backlog: -1 }, CONNECTOR)).body.errors[0].path).toBe('body.backlog');
  });

  it('the console manages terminals (device:manage); the connector reads its list from /config', async () => {
    expect((await w.hr.get('/api/terminals')).status).toBe(403);
    const missingHost = await w.admin.post('/api/terminals', { name: 'Gate 2', protocol: 'zk-tcp' });
    expect(missingHost.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.host', 'body.port']);
    expect((await w.admin.post('/api/terminals', { name: 'Serial', protocol: 'anviz-serial' })).body.errors.map((e: { path: string }) => e.path)).toEqual(['body.serialPath', 'body.baudRate']);
    expect((await w.admin.post('/api/terminals', { name: 'Push', protocol: 'fk-push' })).body.errors.map((e: { path: string }) => e.path)).toEqual(['body.serial', 'body.port']);
    expect((await w.admin.post('/api/terminals', { name: 'Zone', protocol: 'zk-tcp', host: 'h', port: 1, timeZone: 'Mars/Olympus' })).body.errors[0].path).toBe('body.timeZone');
    const created = await w.admin.post('/api/terminals', { name: 'Gate 2', protocol: 'zk-udp', host: '192.168.1.201', port: 4370, commKey: 1234, timeZone: 'Asia/Kolkata', locationId: w.locationId, directionPolicy: 'fixed-in' });
    expect(created.status).toBe(200);
    expect((await w.admin.post('/api/terminals', { name: 'Gate 2', protocol: 'zk-tcp', host: 'h', port: 1 })).status).toBe(409);
    expect((await w.admin.post('/api/terminals', { name: 'Other', protocol: 'zk-tcp', host: 'h', port: 1, serial: 'REG-0001' })).status).toBe(409);
    const config = await w.server.client().get('/api/ingest/biometric/config', CONNECTOR);
    expect(config.status).toBe(200);
    expect(ConnectorConfig.safeParse(config.body).success).toBe(true);
    expect(config.body.organisationTimeZone).toBe('Asia/Kolkata');
    const gate = config.body.terminals.find((t: { name: string }) => t.name === 'Gate 2');
    expect(gate).toMatchObject({ protocol: 'zk-udp', host: '192.168.1.201', port: 4370, commKey: 1234, enabled: true, timeZone: 'Asia/Kolkata' });
    // A terminal that only reported (no address) is not one to poll.
    expect(config.body.terminals.some((t: { serial: string | null }) => t.serial === 'REG-0001')).toBe(false);
    expect((await w.hr.get('/api/ingest/biometric/config')).status).toBe(401);
    expect((await w.admin.delete(`/api/terminals/${created.body.id}`)).status).toBe(200);
    const used = (await w.admin.get('/api/terminals')).body.items.find((x: Terminal) => x.serial === 'REG-0001') as Terminal;
    expect((await w.admin.delete(`/api/terminals/${used.id}`)).status).toBe(409);
  });

  it('a changed direction policy applies to the days of its punches at once', async () => {
    await post({ ...base, serial: 'DIR-0001', transId: 1, terminalUserId: e2.terminalUserId, at: ist('2031-03-12', '09:20'), attendStat: '0' });
    await post({ ...base, serial: 'DIR-0001', transId: 2, terminalUserId: e2.terminalUserId, at: ist('2031-03-12', '13:20'), attendStat: '1' });
    const pairs = async () => (await w.hr.get(`/api/attendance/employee/${e2.id}/day/2031-03-12`)).body.pairs.length as number;
    expect(await pairs()).toBe(1);
    const t = (await w.admin.get('/api/terminals')).body.items.find((x: Terminal) => x.serial === 'DIR-0001') as Terminal;
    const res = await put(w.admin, `/api/terminals/${t.id}`, { name: t.name, protocol: 'zk-push', serial: 'DIR-0001', port: 18081, directionPolicy: 'fixed-in' });
    expect(res.status).toBe(200);
    expect(await pairs()).toBe(0);
  });

  it('a day stays provisional until every terminal of the location has reported past it', async () => {
    const slow = await w.admin.post('/api/terminals', { name: 'Slow gate', protocol: 'zk-push', serial: 'SLOW-0001', port: 18082, locationId: w.locationId });
    expect(slow.status).toBe(200);
    // Its last word came on 11 March at 15:30 IST, before that day's window ended.
    w.clock.set('2031-03-11T10:00:00.000Z');
    await w.server.client().post('/api/ingest/biometric/keepalive', { serial: 'SLOW-0001', terminalType: 'zk' }, CONNECTOR);
    w.clock.set(NOW);
    const job = await w.hr.post('/api/attendance/recompute', { from: '2031-03-11', to: '2031-03-11', employeeId: e1.id });
    for (let i = 0; i < 100 && (await w.hr.get(`/api/attendance/recompute/${job.body.id}`)).body.status === 'running'; i++) await new Promise((r) => setTimeout(r, 20));
    const waiting = (await w.hr.get(`/api/attendance/employee/${e1.id}/day/2031-03-11`)).body.day;
    expect(waiting).toMatchObject({ status: 'Pending', provisional: true });
    expect(waiting.reasons.map((r: { text: string }) => r.text).join(' ')).toContain('waiting for Slow gate');
    // It reports now; the sweep makes the day final: nothing came, so absent.
    await w.server.client().post('/api/ingest/biometric/keepalive', { serial: 'SLOW-0001', terminalType: 'zk' }, CONNECTOR);
    await sweepDays({ db: w.server.deps.db, clock: w.clock, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: moduleLinks });
    expect((await w.hr.get(`/api/attendance/employee/${e1.id}/day/2031-03-11`)).body.day).toMatchObject({ status: 'Absent', provisional: false });
    await put(w.admin, `/api/terminals/${slow.body.id}`, { name: 'Slow gate', protocol: 'zk-push', serial: 'SLOW-0001', port: 18082, locationId: null });
  });

  it('admins are notified once when a terminal falls silent', async () => {
    const ctx = { db: w.server.deps.db, clock: w.clock, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: moduleLinks };
    w.clock.set('2031-03-12T12:20:00.000Z');
    expect(await notifyOfflineTerminals(ctx)).toBeGreaterThanOrEqual(1);
    const admin = await w.server.login('admin@kaveri.example');
    const titles = (await admin.get('/api/notifications?pageSize=100')).body.items.map((n: { title: string }) => n.title);
    expect(titles).toContain('Terminal anviz REG-0001 is offline');
    expect(await notifyOfflineTerminals(ctx)).toBe(0);
    const t = (await admin.get('/api/terminals')).body.items.find((x: Terminal) => x.serial === 'REG-0001') as Terminal;
    expect(t.online).toBe(false);
    w.clock.set(NOW);
  });
});

describe('enrolment and unmatched punches', () => {
  it('punches of an unmapped terminal user are kept; mapping them attaches them and reconciles those days', async () => {
    await post({ ...base, serial: 'MAP-0001', transId: 1, terminalUserId: 55555, at: ist('2031-03-10', '09:30'), attendStat: '0' });
    await post({ ...base, serial: 'MAP-0001', transId: 2, terminalUserId: 55555, at: ist('2031-03-10', '18:30'), attendStat: '1' });
    const unmatched = (await w.admin.get('/api/terminals/unmatched')).body;
    const group = unmatched.items.find((u: { serial: string }) => u.serial === 'MAP-0001');
    expect(group).toMatchObject({ terminalUserId: 55555, count: 2 });
    expect((await w.hr.get(`/api/attendance/employee/${e2.id}/day/2031-03-10`)).body.day.status).toBe('Absent');
    const res = await w.admin.post('/api/terminals/enrolments', { terminalId: group.terminal.id, terminalUserId: 55555, employeeId: e2.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ attached: 2, daysReconciled: 1, enrolment: { terminalUserId: 55555, employee: { id: e2.id } } });
    expect((await w.hr.get(`/api/attendance/employee/${e2.id}/day/2031-03-10`)).body.day.status).toBe('Present');
    expect((await w.admin.get('/api/terminals/unmatched')).body.items.some((u: { serial: string }) => u.serial === 'MAP-0001')).toBe(false);
    const audit = await w.server.deps.db.selectFrom('audit_log').select(['category', 'summary']).where('employee_id', '=', e2.id).where('action', '=', 'terminal.enrolment-mapped').executeTakeFirstOrThrow();
    expect(audit.category).toBe('Devices');
    // Later punches of that user on that terminal go straight to the employee.
    const later = await post({ ...base, serial: 'MAP-0001', transId: 3, terminalUserId: 55555, at: ist('2031-03-11', '09:30'), attendStat: '0' });
    const row = await w.server.deps.db.selectFrom('punch').select('employee_id').where('id', '=', later.body.id).executeTakeFirstOrThrow();
    expect(row.employee_id).toBe(e2.id);
    expect((await w.admin.post('/api/terminals/enrolments', { terminalId: group.terminal.id, terminalUserId: 55555, employeeId: e1.id })).status).toBe(409);
  });

  it("a terminal's own mapping wins over an organisation-wide one", async () => {
    await w.admin.post('/api/terminals/enrolments', { terminalId: null, terminalUserId: 66666, employeeId: e1.id });
    const anywhere = await post({ ...base, serial: 'ORG-0001', transId: 1, terminalUserId: 66666, at: ist('2031-03-10', '10:00') });
    const mapTerminal = (await w.admin.get('/api/terminals')).body.items.find((x: Terminal) => x.serial === 'MAP-0001') as Terminal;
    await w.admin.post('/api/terminals/enrolments', { terminalId: mapTerminal.id, terminalUserId: 66666, employeeId: e0.id });
    const there = await post({ ...base, serial: 'MAP-0001', transId: 4, terminalUserId: 66666, at: ist('2031-03-10', '10:05') });
    const owner = async (id: string) => (await w.server.deps.db.selectFrom('punch').select('employee_id').where('id', '=', id).executeTakeFirstOrThrow()).employee_id;
    expect(await owner(anywhere.body.id)).toBe(e1.id);
    expect(await owner(there.body.id)).toBe(e0.id);
    expect((await w.admin.get('/api/terminals/enrolments')).body.items.length).toBeGreaterThanOrEqual(3);
  });
});

describe('admin logs', () => {
  const log = { serial: 'ING-0001', terminalType: 'zk', terminalId: 1, transId: 1, at: '2031-03-09T11:00+05:30', adminId: 1, targetUserId: 77001, action: 'EnrollFinger', result: 0 };
  it('are kept per terminal, audited (Devices) on the mapped employee, and idempotent', async () => {
    const res = await w.server.client().post('/api/ingest/biometric/adminlog', log, CONNECTOR);
    expect(res.status).toBe(200);
    expect(res.body.duplicate).toBe(false);
    const n = await count('terminal_admin_log');
    expect((await w.server.client().post('/api/ingest/biometric/adminlog', log, CONNECTOR)).body).toEqual({ ok: true, duplicate: true, id: res.body.id });
    expect(await count('terminal_admin_log')).toBe(n);
    const audit = await w.server.deps.db.selectFrom('audit_log').select(['category', 'summary', 'source']).where('employee_id', '=', e0.id).where('action', '=', 'terminal.admin-log').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ category: 'Devices', source: 'connector' });
    expect(audit.summary).toContain('EnrollFinger');
    const listed = (await w.admin.get('/api/terminals/admin-logs')).body.items;
    expect(listed[0]).toMatchObject({ action: 'EnrollFinger', targetUserId: 77001, employee: { id: e0.id } });
  });

  it('validate like the time log', async () => {
    for (const [patch, field] of [
      [{ action: undefined }, 'body.action'],
      [{ at: '2031-03-09T11:00' }, 'body.at'],
      [{ targetUserId: 'x' }, 'body.targetUserId'],
      [{ terminalType: '' }, 'body.terminalType'],
    ] as const) {
      const res = await w.server.client().post('/api/ingest/biometric/adminlog', { ...log, transId: 99, ...patch }, CONNECTOR);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe(field);
    }
    expect((await w.server.client().post('/api/ingest/biometric/adminlog', log)).status).toBe(401);
  });
});

describe('test connection', () => {
  it("dials a ZK terminal with the connector's driver: device info, clock, record count; unreachable → ok false", async () => {
    const emulator = await new ZkEmulator({ serial: 'EMU-TEST-1', timeZone: 'Asia/Kolkata', udp: false }).start();
    try {
      for (let i = 0; i < 3; i++) emulator.addPunch({ userId: '77001', state: 0 });
      const created = await w.admin.post('/api/terminals', { name: 'Emulated gate', protocol: 'zk-tcp', host: '127.0.0.1', port: emulator.port });
      const res = await w.admin.post(`/api/terminals/${created.body.id}/test`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: true, reachable: true, device: { serial: 'EMU-TEST-1', recordCount: 3 } });
      expect(res.body.detail).toContain('3 records');
      const after = (await w.admin.get('/api/terminals')).body.items.find((t: Terminal) => t.id === created.body.id) as Terminal;
      expect(after.serial).toBe('EMU-TEST-1');
      expect(after.clockSkewSeconds).not.toBeNull();
    } finally {
      await emulator.stop();
    }
    const dead = await w.admin.post('/api/terminals', { name: 'Nowhere', protocol: 'zk-tcp', host: '127.0.0.1', port: 1 });
    const res = await w.admin.post(`/api/terminals/${dead.body.id}/test`);
    expect(res.body).toMatchObject({ ok: false, reachable: false, device: null });
  });
});
