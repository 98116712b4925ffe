import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleLinks } from '../../server/src/wiring.ts';
import { type Terminal, TerminalList } from '../../shared/terminals.ts';
import { systemCaller } from '../../server/src/context.ts';
import { sweepDays } from '../../server/src/modules/attendance/jobs.ts';
import { notifyOfflineTerminals } from '../../server/src/modules/terminals/index.ts';
import { CONNECTOR, NOW, type World, ist, startWorld } from '../support/attendance.ts';

/**
 * What a keep-alive proves: contact only when the connector reached the
 * terminal; "synced" (attendance may close days) only when, besides, nothing
 * is left to deliver. An unplugged terminal shows offline, admins hear of it,
 * and its location's days stay provisional instead of turning Absent.
 */

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => w.server.close());

const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();
const ctx = () => ({ db: w.server.deps.db, clock: w.clock, caller: systemCaller(), timeZone: 'Asia/Kolkata', links: moduleLinks });
const keepAlive = (body: object) => w.server.client().post('/api/ingest/biometric/keepalive', { terminalType: 'zk', ...body }, CONNECTOR);

async function terminal(serial: string): Promise<Terminal> {
  const list = (await w.admin.get('/api/terminals')).body;
  expect(TerminalList.safeParse(list).success).toBe(true);
  return list.items.find((t: Terminal) => t.serial === serial) as Terminal;
}

async function offlineTitles(): Promise<string[]> {
  const admin = await w.server.login('admin@kaveri.example');
  const items = (await admin.get('/api/notifications?pageSize=100')).body.items as { kind: string; title: string }[];
  return items.filter((n) => n.kind === 'terminal.offline').map((n) => n.title);
}

describe('keep-alives from a connector that cannot reach its terminal', () => {
  it('do not count as contact: the terminal shows offline with the reason, and admins are notified after the threshold', async () => {
    w.clock.set(at(0));
    expect((await keepAlive({ serial: 'SYNC-OFF', state: 'online', backlog: 0 })).status).toBe(200);
    expect(await terminal('SYNC-OFF')).toMatchObject({ online: true, connectorState: 'online', lastContactAt: at(0), syncedUntil: at(0), connectorDetail: null });

    // Unplugged: the connector keeps reporting every minute that it cannot reach it.
    for (let m = 1; m <= 10; m++) {
      w.clock.set(at(m));
      await keepAlive({ serial: 'SYNC-OFF', state: 'offline', backlog: 0, detail: 'no TCP connection to 10.0.0.9:4370 within 5000 ms' });
    }
    expect(await terminal('SYNC-OFF')).toMatchObject({
      online: false,
      connectorState: 'offline',
      connectorDetail: 'no TCP connection to 10.0.0.9:4370 within 5000 ms',
      lastContactAt: at(0),
      syncedUntil: at(0),
    });
    // Ten minutes of silence is below its 15-minute threshold: no notice yet.
    await notifyOfflineTerminals(ctx());
    expect(await offlineTitles()).not.toContain('Terminal zk SYNC-OFF is offline');

    w.clock.set(at(16));
    await keepAlive({ serial: 'SYNC-OFF', state: 'offline', backlog: 0, detail: 'no TCP connection to 10.0.0.9:4370 within 5000 ms' });
    expect(await notifyOfflineTerminals(ctx())).toBeGreaterThanOrEqual(1);
    expect(await offlineTitles()).toContain('Terminal zk SYNC-OFF is offline');
    // Further offline keep-alives neither clear the notice nor repeat it.
    w.clock.set(at(17));
    await keepAlive({ serial: 'SYNC-OFF', state: 'offline', backlog: 0 });
    expect(await notifyOfflineTerminals(ctx())).toBe(0);
    expect((await offlineTitles()).filter((t) => t === 'Terminal zk SYNC-OFF is offline')).toHaveLength(1);

    // Reached again: online, contact and sync advance, the old error is gone.
    w.clock.set(at(18));
    await keepAlive({ serial: 'SYNC-OFF', state: 'online', backlog: 0 });
    expect(await terminal('SYNC-OFF')).toMatchObject({ online: true, connectorState: 'online', connectorDetail: null, lastContactAt: at(18), syncedUntil: at(18) });
    // A new outage is notified again once it lasts.
    w.clock.set(at(19));
    await keepAlive({ serial: 'SYNC-OFF', state: 'error', backlog: 0, detail: 'comm key refused' });
    w.clock.set(at(40));
    await keepAlive({ serial: 'SYNC-OFF', state: 'error', backlog: 0, detail: 'comm key refused' });
    expect(await notifyOfflineTerminals(ctx())).toBeGreaterThanOrEqual(1);
    expect((await offlineTitles()).filter((t) => t === 'Terminal zk SYNC-OFF is offline')).toHaveLength(2);
    w.clock.set(NOW);
  });

  it('a registered terminal the connector has never reached is notified once it has been reported unreachable past the threshold', async () => {
    w.clock.set(at(0));
    const created = await w.admin.post('/api/terminals', { name: 'Never reached', protocol: 'zk-tcp', host: '10.0.0.77', port: 4370 });
    expect(created.status).toBe(200);
    // Without a serial yet: the connector names it by its registry id.
    await keepAlive({ serial: 'SYNC-NEVER', registryId: created.body.id, state: 'error', detail: 'no TCP connection to 10.0.0.77:4370 within 5000 ms' });
    w.clock.set(at(10));
    await keepAlive({ serial: 'SYNC-NEVER', registryId: created.body.id, state: 'error', detail: 'no TCP connection to 10.0.0.77:4370 within 5000 ms' });
    await notifyOfflineTerminals(ctx());
    expect(await offlineTitles()).not.toContain('Terminal Never reached is offline');
    const row = await terminal('SYNC-NEVER');
    expect(row).toMatchObject({ id: created.body.id, online: false, lastContactAt: null, syncedUntil: null, connectorState: 'error' });
    w.clock.set(at(16));
    await keepAlive({ serial: 'SYNC-NEVER', registryId: created.body.id, state: 'error', detail: 'no TCP connection to 10.0.0.77:4370 within 5000 ms' });
    await notifyOfflineTerminals(ctx());
    expect(await offlineTitles()).toContain('Terminal Never reached is offline');
    w.clock.set(NOW);
  });
});

describe('the point attendance treats as complete', () => {
  it('does not advance while the connector still holds records, nor while it cannot reach the terminal', async () => {
    const [, e1] = w.employees as [World['employees'][number], World['employees'][number]];
    const gate = await w.admin.post('/api/terminals', { name: 'Backlog gate', protocol: 'zk-push', serial: 'SYNC-BL', port: 18083, locationId: w.locationId });
    expect(gate.status).toBe(200);
    // Last synced on 11 March at 15:30 IST, before that day's window ended.
    w.clock.set('2031-03-11T10:00:00.000Z');
    await keepAlive({ serial: 'SYNC-BL', state: 'online', backlog: 0 });
    w.clock.set(NOW);
    const job = await w.hr.post('/api/attendance/recompute', { from: '2031-03-11', to: '2031-03-11', employeeId: e1.id });
    for (let i = 0; i < 100 && (await w.hr.get(`/api/attendance/recompute/${job.body.id}`)).body.status === 'running'; i++) await new Promise((r) => setTimeout(r, 20));
    const day = async () => (await w.hr.get(`/api/attendance/employee/${e1.id}/day/2031-03-11`)).body.day;
    expect(await day()).toMatchObject({ status: 'Pending', provisional: true });

    // Reached, but 40 records still to deliver (e.g. the server was down): the day must wait for them.
    await keepAlive({ serial: 'SYNC-BL', state: 'online', backlog: 40 });
    await sweepDays(ctx());
    expect(await day()).toMatchObject({ status: 'Pending', provisional: true });
    expect((await day()).reasons.map((r: { text: string }) => r.text).join(' ')).toContain('waiting for Backlog gate');
    expect((await terminal('SYNC-BL')).syncedUntil).toBe('2031-03-11T10:00:00.000Z');
    // A record arriving (here one of 11 March) is contact, not proof that nothing else waits.
    const punch = await w.server.client().post(
      '/api/ingest/biometric/timelog',
      { serial: 'SYNC-BL', terminalType: 'zk', terminalId: 1, transId: 1, at: ist('2031-03-11', '09:10'), terminalUserId: e1.terminalUserId, attendStat: '0' },
      CONNECTOR,
    );
    expect(punch.status).toBe(200);
    // Unreachable with nothing spooled: still not complete (the terminal may hold punches).
    await keepAlive({ serial: 'SYNC-BL', state: 'offline', backlog: 0 });
    await sweepDays(ctx());
    expect(await day()).toMatchObject({ provisional: true });
    expect((await terminal('SYNC-BL')).syncedUntil).toBe('2031-03-11T10:00:00.000Z');

    // Reached with nothing left: the day is final, with the punch that came late (not Absent).
    await keepAlive({ serial: 'SYNC-BL', state: 'online', backlog: 0 });
    expect((await terminal('SYNC-BL')).syncedUntil).toBe(NOW);
    await sweepDays(ctx());
    const final = await day();
    expect(final.provisional).toBe(false);
    expect(final.status).not.toBe('Absent');
  });

  it('an older connector (no state, no backlog) still counts as contact and sync', async () => {
    w.clock.set(at(0));
    await keepAlive({ serial: 'SYNC-OLD' });
    expect(await terminal('SYNC-OLD')).toMatchObject({ online: true, lastContactAt: at(0), syncedUntil: at(0), connectorState: null });
    w.clock.set(NOW);
  });
});

describe('the ingest OpenAPI', () => {
  it('documents the 413 of a photo above the limit on the single time log route, and the keep-alive rules', async () => {
    const doc = (await w.server.client().get('/api/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, unknown>; description?: string }>> };
    expect(Object.keys(doc.paths['/api/ingest/biometric/timelog']!.post!.responses)).toContain('413');
    expect(Object.keys(doc.paths['/api/ingest/biometric/timelogs']!.post!.responses)).toContain('413');
    expect(doc.paths['/api/ingest/biometric/keepalive']!.post!.description).toContain('only when `state` is `online` or absent');
    // And the route answers it: a photo over the limit is refused as too large, naming the field.
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(1024 * 1024)]).toString('base64');
    const res = await w.server
      .client()
      .post('/api/ingest/biometric/timelog', { serial: 'SYNC-PHOTO', terminalType: 'zk', terminalId: 1, transId: 1, at: ist('2031-03-10', '09:00'), terminalUserId: 1, photoBase64: big }, CONNECTOR);
    expect(res.status).toBe(413);
    expect(res.body.errors[0].path).toBe('body.photoBase64');
  });
});
