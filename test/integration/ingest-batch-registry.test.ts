import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorConfig, PHOTO_MAX_BYTES, TIMELOG_BATCH_MAX, TimeLogBatchAccepted } from '../../shared/ingest.ts';
import { ASSIGNED_USER_ID_BASE, RawUserList, type Terminal } from '../../shared/terminals.ts';
import { CONNECTOR, type World, ist, startWorld } from '../support/attendance.ts';

/**
 * Issue 4 follow-ups on the server: the batch time log route, terminals
 * registered by address without a serial (registryId), push terminals' ports,
 * and non-numeric terminal user ids reported by the connector and mapped here.
 */

let w: World;
let e0: World['employees'][number];
let e1: World['employees'][number];
const connector = () => w.server.client();
const log = (patch: object) => ({ serial: 'BATCH-0001', terminalType: 'zk', terminalId: 1, transId: 1, at: ist('2031-03-10', '09:20'), terminalUserId: 77001, attendStat: '0', ...patch });
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg body')]);

beforeAll(async () => {
  w = await startWorld();
  [e0, e1] = w.employees as [typeof e0, typeof e1];
});
afterAll(async () => w.server.close());

async function punchCount(serial: string): Promise<number> {
  const r = await w.server.deps.db.selectFrom('punch').select((eb) => eb.fn.countAll<number>().as('n')).where('terminal_serial', '=', serial).executeTakeFirstOrThrow();
  return Number(r.n);
}

async function terminalsBySerial(serial: string): Promise<Terminal[]> {
  return ((await w.admin.get('/api/terminals')).body.items as Terminal[]).filter((t) => t.serial === serial);
}

describe('POST /api/ingest/biometric/timelogs', () => {
  it('stores each valid record, refuses each invalid one alone with the single route’s status, and reconciles the days', async () => {
    const records = [
      log({ transId: 1, terminalUserId: e1.terminalUserId, at: ist('2031-03-10', '09:02'), attendStat: '0' }),
      log({ transId: 2, at: '2031-03-10T09:25:00' }), // no offset
      log({ transId: 3, terminalUserId: e1.terminalUserId, at: ist('2031-03-10', '18:05'), attendStat: '1' }),
      'not an object',
      log({ transId: 4, terminalUserId: 1.5 }),
      log({ transId: 5, photoBase64: Buffer.concat([JPEG, Buffer.alloc(PHOTO_MAX_BYTES)]).toString('base64') }),
      log({ transId: 6, photoBase64: 'not base64!' }),
      log({ transId: 1, terminalUserId: e1.terminalUserId, at: ist('2031-03-10', '09:02'), attendStat: '0' }), // the first again
    ];
    const res = await connector().post('/api/ingest/biometric/timelogs', { records }, CONNECTOR);
    expect(res.status).toBe(200);
    expect(TimeLogBatchAccepted.safeParse(res.body).success).toBe(true);
    const results = res.body.results as { ok: boolean; status?: number; duplicate?: boolean; id?: string; errors?: { path: string }[] }[];
    expect(results.map((r) => (r.ok ? (r.duplicate ? 'dup' : 'ok') : r.status))).toEqual(['ok', 400, 'ok', 400, 400, 413, 400, 'dup']);
    expect(results[1]?.errors?.map((e) => e.path)).toEqual(['body.at']);
    expect(results[4]?.errors?.map((e) => e.path)).toEqual(['body.terminalUserId']);
    expect(results[6]?.errors?.map((e) => e.path)).toEqual(['body.photoBase64']);
    expect(results[7]?.id).toBe(results[0]?.id);
    expect(await punchCount('BATCH-0001')).toBe(2);
    // In and out arrived together: the day was reconciled with both.
    expect((await w.hr.get(`/api/attendance/employee/${e1.id}/day/2031-03-10`)).body.day).toMatchObject({ status: 'Present' });
    // A replay of the whole batch changes nothing.
    const again = await connector().post('/api/ingest/biometric/timelogs', { records }, CONNECTOR);
    expect(again.body.results.filter((r: { ok: boolean; duplicate?: boolean }) => r.ok && !r.duplicate)).toEqual([]);
    expect(await punchCount('BATCH-0001')).toBe(2);
  });

  it('answers like the single route for concurrent batches and singles of the same punches', async () => {
    const records = Array.from({ length: 300 }, (_, i) => log({ serial: 'BATCH-0002', transId: 100 + i, terminalUserId: 90000 + (i % 50), at: ist('2031-03-11', `${String(8 + (i % 10)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`) }));
    const [a, b, single] = await Promise.all([
      connector().post('/api/ingest/biometric/timelogs', { records: records.slice(0, 200) }, CONNECTOR),
      connector().post('/api/ingest/biometric/timelogs', { records: records.slice(100) }, CONNECTOR),
      connector().post('/api/ingest/biometric/timelog', records[150], CONNECTOR),
    ]);
    expect([a.status, b.status, single.status]).toEqual([200, 200, 200]);
    const all = [...a.body.results, ...b.body.results, single.body] as { ok: boolean; duplicate: boolean; id: string }[];
    expect(all.every((r) => r.ok)).toBe(true);
    // Each punch stored once; every answer for it names that one row.
    expect(all.filter((r) => !r.duplicate)).toHaveLength(300);
    expect(new Set(all.map((r) => r.id)).size).toBe(300);
    expect(await punchCount('BATCH-0002')).toBe(300);
  });

  it('refuses an envelope without 1 to 500 records, and anyone without the connector secret', async () => {
    for (const body of [{}, { records: [] }, { records: 'x' }, { records: Array.from({ length: TIMELOG_BATCH_MAX + 1 }, () => log({})) }]) {
      const res = await connector().post('/api/ingest/biometric/timelogs', body, CONNECTOR);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe('body.records');
    }
    expect((await connector().post('/api/ingest/biometric/timelogs', { records: [log({})] })).status).toBe(401);
    expect((await w.admin.post('/api/ingest/biometric/timelogs', { records: [log({})] })).status).toBe(401);
  });

  it('is documented in the OpenAPI description with the TimeLog items', async () => {
    const doc = (await connector().get('/api/openapi.json')).body;
    const op = doc.paths['/api/ingest/biometric/timelogs'].post;
    expect(op.operationId).toBe('ingestTimeLogs');
    expect(JSON.stringify(doc.components.schemas.TimeLogBatch)).toContain('#/components/schemas/TimeLog');
  });
});

describe('a terminal registered by address, without a serial (registryId)', () => {
  it('gets its serial from the first record instead of a second registry row', async () => {
    const created = await w.admin.post('/api/terminals', { name: 'Address only', protocol: 'zk-tcp', host: '10.0.0.77', port: 4370, locationId: w.locationId, directionPolicy: 'fixed-in' });
    expect(created.status).toBe(200);
    expect(created.body.serial).toBeNull();
    const res = await connector().post('/api/ingest/biometric/timelog', log({ serial: 'ADDR-0001', transId: 1, registryId: created.body.id, terminalUserId: e0.terminalUserId }), CONNECTOR);
    expect(res.status).toBe(200);
    const rows = await terminalsBySerial('ADDR-0001');
    expect(rows.map((t) => t.id)).toEqual([created.body.id]);
    expect(rows[0]).toMatchObject({ name: 'Address only', terminalType: 'zk', host: '10.0.0.77', directionPolicy: 'fixed-in', location: { id: w.locationId } });
    const punch = await w.server.deps.db.selectFrom('punch').select(['terminal_id', 'employee_id']).where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(punch).toEqual({ terminal_id: created.body.id, employee_id: e0.id });
    // Later messages, with or without the id, keep to that row.
    await connector().post('/api/ingest/biometric/timelog', log({ serial: 'ADDR-0001', transId: 2, at: ist('2031-03-10', '18:00') }), CONNECTOR);
    await connector().post('/api/ingest/biometric/keepalive', { serial: 'ADDR-0001', terminalType: 'zk', registryId: created.body.id }, CONNECTOR);
    expect((await terminalsBySerial('ADDR-0001')).map((t) => t.id)).toEqual([created.body.id]);
  });

  it('a keep-alive or an admin log can be the first message too', async () => {
    const a = await w.admin.post('/api/terminals', { name: 'Keep-alive first', protocol: 'anviz-tcp', host: '10.0.0.78', port: 5010 });
    const b = await w.admin.post('/api/terminals', { name: 'Admin log first', protocol: 'zk-udp', host: '10.0.0.79', port: 4370 });
    const ka = await connector().post('/api/ingest/biometric/keepalive', { serial: 'ADDR-KA', terminalType: 'anviz', registryId: a.body.id }, CONNECTOR);
    expect(ka.body.terminalId).toBe(a.body.id);
    const admin = await connector().post('/api/ingest/biometric/adminlog', { serial: 'ADDR-AL', terminalType: 'zk', terminalId: 1, transId: 1, at: ist('2031-03-10', '08:00'), action: 'EnrollFinger', registryId: b.body.id.toUpperCase() }, CONNECTOR);
    expect(admin.status).toBe(200);
    expect((await terminalsBySerial('ADDR-KA')).map((t) => t.id)).toEqual([a.body.id]);
    expect((await terminalsBySerial('ADDR-AL')).map((t) => t.id)).toEqual([b.body.id]);
  });

  it('an unknown registry id, or a row that already has another serial, falls back to the serial', async () => {
    const unknown = await connector().post('/api/ingest/biometric/timelog', log({ serial: 'ADDR-UNKNOWN', registryId: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e' }), CONNECTOR);
    expect(unknown.status).toBe(200);
    expect(await terminalsBySerial('ADDR-UNKNOWN')).toHaveLength(1);
    // The device at that address was swapped for another: the new one is a terminal of its own.
    const first = (await terminalsBySerial('ADDR-0001'))[0] as Terminal;
    await connector().post('/api/ingest/biometric/timelog', log({ serial: 'ADDR-SWAPPED', registryId: first.id }), CONNECTOR);
    expect((await terminalsBySerial('ADDR-0001')).map((t) => t.id)).toEqual([first.id]);
    const swapped = await terminalsBySerial('ADDR-SWAPPED');
    expect(swapped).toHaveLength(1);
    expect(swapped[0]?.id).not.toBe(first.id);
    expect((await connector().post('/api/ingest/biometric/timelog', log({ registryId: 'not-a-uuid' }), CONNECTOR)).body.errors[0].path).toBe('body.registryId');
  });
});

describe('push terminals: the port the connector listens on', () => {
  it('is required, with an optional address to listen on, and reaches the connector in its configuration', async () => {
    const missing = await w.admin.post('/api/terminals', { name: 'ADMS no port', protocol: 'zk-push', serial: 'PUSH-NP' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.port']);
    const adms = await w.admin.post('/api/terminals', { name: 'ADMS gate', protocol: 'zk-push', serial: 'PUSH-ADMS', port: 18085 });
    const fk = await w.admin.post('/api/terminals', { name: 'FK gate', protocol: 'fk-push', serial: 'PUSH-FK', host: '127.0.0.1', port: 17005 });
    expect([adms.status, fk.status]).toEqual([200, 200]);
    const config = await connector().get('/api/ingest/biometric/config', CONNECTOR);
    const parsed = ConnectorConfig.parse(config.body);
    expect(parsed.terminals.find((t) => t.serial === 'PUSH-ADMS')).toMatchObject({ protocol: 'zk-push', host: null, port: 18085 });
    expect(parsed.terminals.find((t) => t.serial === 'PUSH-FK')).toMatchObject({ protocol: 'fk-push', host: '127.0.0.1', port: 17005 });
  });
});

describe('terminal user ids that are not plain numbers', () => {
  let terminalId: string;
  const report = (unmappedUserIds: { userId: string; records: number }[]) =>
    connector().post('/api/ingest/biometric/keepalive', { serial: 'RAW-0001', terminalType: 'zk', registryId: terminalId, unmappedUserIds }, CONNECTOR);
  const raws = async () => RawUserList.parse((await w.admin.get('/api/terminals/raw-users')).body).items.filter((r) => r.terminal.id === terminalId);
  const userIdMap = async () => ConnectorConfig.parse((await connector().get('/api/ingest/biometric/config', CONNECTOR)).body).terminals.find((t) => t.id === terminalId)?.userIdMap;

  beforeAll(async () => {
    terminalId = (await w.admin.post('/api/terminals', { name: 'Raw ids gate', protocol: 'zk-tcp', host: '10.0.0.80', port: 4370 })).body.id;
  });

  it('are kept per terminal from the keep-alives and counted on the terminal', async () => {
    expect((await report([{ userId: 'A12', records: 3 }, { userId: '007', records: 2 }, { userId: 'B-9', records: 1 }, { userId: 'OLD', records: 1 }])).status).toBe(200);
    expect((await report([{ userId: 'A12', records: 4 }, { userId: '007', records: 2 }, { userId: 'B-9', records: 1 }])).status).toBe(200);
    const list = await raws();
    expect(list.map((r) => [r.rawUserId, r.records, r.terminalUserId])).toEqual([
      ['007', 2, null],
      ['A12', 4, null],
      ['B-9', 1, null],
      ['OLD', 0, null],
    ]);
    const t = ((await w.admin.get('/api/terminals')).body.items as Terminal[]).find((x) => x.id === terminalId);
    expect(t?.unmappedUserIds).toBe(3);
    expect(await userIdMap()).toEqual({});
    const bad = await connector().post('/api/ingest/biometric/keepalive', { serial: 'RAW-0001', terminalType: 'zk', unmappedUserIds: [{ userId: '', records: 1 }] }, CONNECTOR);
    expect(bad.body.errors[0].path).toBe('body.unmappedUserIds.0.userId');
  });

  it('"map to number" sends them with that number; the config carries the map; audited on whom it means', async () => {
    expect((await w.hr.post('/api/terminals/raw-users', { terminalId, rawUserId: '007', terminalUserId: 7 })).status).toBe(403);
    const res = await w.admin.post('/api/terminals/raw-users', { terminalId, rawUserId: '007', terminalUserId: e0.terminalUserId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rawUserId: '007', terminalUserId: e0.terminalUserId, employee: { id: e0.id }, mappedByName: expect.any(String) });
    expect(await userIdMap()).toEqual({ '007': e0.terminalUserId });
    const audit = await w.server.deps.db.selectFrom('audit_log').select(['category', 'summary']).where('employee_id', '=', e0.id).where('action', '=', 'terminal.raw-user-mapped').executeTakeFirstOrThrow();
    expect(audit.category).toBe('Devices');
    expect(audit.summary).toContain('"007"');
    // Once the connector has sent them it reports the id no more: kept, with 0 records.
    await report([{ userId: 'A12', records: 4 }, { userId: 'B-9', records: 1 }]);
    expect((await raws()).find((r) => r.rawUserId === '007')).toMatchObject({ records: 0, terminalUserId: e0.terminalUserId });
  });

  it('"map to employee" uses their biometric id when it means them here, else an assigned number mapped to them on this terminal', async () => {
    const own = await w.admin.post('/api/terminals/raw-users', { terminalId, rawUserId: 'A12', employeeId: e1.id });
    expect(own.body).toMatchObject({ terminalUserId: e1.terminalUserId, employee: { id: e1.id } });
    // e0's biometric id is taken here by "007"? No: two raw ids may not share a number.
    const clash = await w.admin.post('/api/terminals/raw-users', { terminalId, rawUserId: 'B-9', employeeId: e0.id });
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0].path).toBe('body.employeeId');
    // An employee without a biometric id gets an assigned number and a mapping of it on this terminal.
    const nobody = await w.hr.post('/api/employees', { code: `RAW${Date.now() % 100000}`, fullName: 'No Biometric', joinedDate: '2031-01-01', locationId: w.locationId });
    expect(nobody.status).toBe(200);
    const assigned = await w.admin.post('/api/terminals/raw-users', { terminalId, rawUserId: 'B-9', employeeId: nobody.body.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ terminalUserId: ASSIGNED_USER_ID_BASE, employee: { id: nobody.body.id } });
    const enrolments = (await w.admin.get('/api/terminals/enrolments')).body.items as { terminal: { id: string } | null; terminalUserId: number; employee: { id: string } }[];
    expect(enrolments.find((e) => e.terminalUserId === ASSIGNED_USER_ID_BASE)).toMatchObject({ terminal: { id: terminalId }, employee: { id: nobody.body.id } });
    expect(await userIdMap()).toEqual({ '007': e0.terminalUserId, A12: e1.terminalUserId, 'B-9': ASSIGNED_USER_ID_BASE });
    // Records sent with it land on that employee.
    const sent = await connector().post('/api/ingest/biometric/timelog', log({ serial: 'RAW-0001', transId: 1, terminalUserId: ASSIGNED_USER_ID_BASE, registryId: terminalId }), CONNECTOR);
    const punch = await w.server.deps.db.selectFrom('punch').select('employee_id').where('id', '=', sent.body.id).executeTakeFirstOrThrow();
    expect(punch.employee_id).toBe(nobody.body.id);
  });

  it('refuses plain numbers, ids already mapped, unknown terminals and employees, and half-filled bodies', async () => {
    const cases: [object, number, string][] = [
      [{ terminalId, rawUserId: '12', terminalUserId: 12 }, 400, 'body.rawUserId'],
      [{ terminalId, rawUserId: 'A12', terminalUserId: 99 }, 409, 'body.rawUserId'],
      [{ terminalId, rawUserId: 'NEW', terminalUserId: e0.terminalUserId }, 409, 'body.terminalUserId'],
      [{ terminalId: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e', rawUserId: 'X1', terminalUserId: 5 }, 400, 'body.terminalId'],
      [{ terminalId, rawUserId: 'X1', employeeId: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e' }, 400, 'body.employeeId'],
      [{ terminalId, rawUserId: 'X1' }, 400, 'body.terminalUserId'],
      [{ terminalId, rawUserId: 'X1', terminalUserId: 5, employeeId: e0.id }, 400, 'body.terminalUserId'],
      [{ terminalId, rawUserId: 'X1', terminalUserId: -1 }, 400, 'body.terminalUserId'],
      [{ terminalId, rawUserId: '', terminalUserId: 5 }, 400, 'body.rawUserId'],
    ];
    for (const [body, status, path] of cases) {
      const res = await w.admin.post('/api/terminals/raw-users', body);
      expect([res.status, res.body.errors?.[0]?.path]).toEqual([status, path]);
    }
    // An id can be mapped before the connector reports it.
    const early = await w.admin.post('/api/terminals/raw-users', { terminalId, rawUserId: 'LATER', terminalUserId: 424242 });
    expect(early.body).toMatchObject({ rawUserId: 'LATER', records: 0, terminalUserId: 424242, employee: null, firstReportedAt: null });
  });

  it('removing a mapping takes it out of the configuration (records already sent stay)', async () => {
    const row = (await raws()).find((r) => r.rawUserId === '007');
    expect((await w.admin.delete(`/api/terminals/raw-users/${row?.id}`)).status).toBe(200);
    expect((await userIdMap())?.['007']).toBeUndefined();
    expect((await w.admin.delete(`/api/terminals/raw-users/${row?.id}`)).status).toBe(409);
    expect((await w.admin.delete('/api/terminals/raw-users/0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e')).status).toBe(404);
    const audit = await w.server.deps.db.selectFrom('audit_log').select('summary').where('employee_id', '=', e0.id).where('action', '=', 'terminal.raw-user-unmapped').executeTakeFirst();
    expect(audit?.summary).toContain('"007"');
  });
});
