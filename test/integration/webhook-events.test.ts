import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicEmployee } from '../../shared/public-v1.ts';
import { webhookEventSchema } from '../../shared/webhook-events.ts';
import { WEBHOOK_EVENTS, type WebhookEventType } from '../../shared/webhooks.ts';
import { announceFinalDays, closeDays } from '../../server/src/modules/attendance/index.ts';
import { notifyOfflineTerminals, touchTerminal } from '../../server/src/modules/terminals/index.ts';
import { systemCtx } from '../../server/src/wiring.ts';
import { type World, ist, punch, startWorld } from '../support/attendance.ts';

/**
 * Issue 17 §2: every use case that changes what an integrator follows writes
 * its event in the same transaction, with `data` in the representation the
 * API returns (each payload is checked against the schema the OpenAPI
 * `webhooks` section documents).
 */

let w: World;

async function eventsOf(type: WebhookEventType) {
  const rows = await w.server.deps.db.selectFrom('outbox_event').select(['id', 'payload']).where('type', '=', type).orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => {
    const parsed = webhookEventSchema(type).safeParse(JSON.parse(r.payload));
    if (!parsed.success) throw new Error(`${type} payload does not match its schema: ${parsed.error.message}`);
    return parsed.data as { id: string; type: string; data: any };
  });
}

beforeAll(async () => {
  w = await startWorld({ employees: 3, suffix: 'Events' });
});
afterAll(async () => w.server.close());

describe('events written by the use cases', () => {
  it('employee created / updated / exited carry the employee as the public API shows them', async () => {
    const created = await w.hr.post('/api/employees', { code: 'EV0001', fullName: 'Event Person', email: 'event.person@kaveri.example', joinedDate: '2031-01-06' });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    expect((await w.hr.patch(`/api/employees/${id}`, { fullName: 'Event Person-Renamed' })).status).toBe(200);
    expect((await w.hr.post(`/api/employees/${id}/exit`, { exitDate: '2031-04-30', reason: 'Resigned' })).status).toBe(200);
    const [c] = (await eventsOf('employee.created')).filter((e) => e.data.id === id);
    const [u] = (await eventsOf('employee.updated')).filter((e) => e.data.id === id);
    const [x] = (await eventsOf('employee.exited')).filter((e) => e.data.id === id);
    expect(c?.data).toMatchObject({ code: 'EV0001', fullName: 'Event Person', status: 'Active' });
    expect(u?.data).toMatchObject({ fullName: 'Event Person-Renamed' });
    expect(x?.data).toMatchObject({ exitDate: '2031-04-30', status: 'OnNotice' });
    expect(Object.keys(c?.data ?? {}).sort()).toEqual(Object.keys(PublicEmployee.shape).sort());
    // A refused change writes no event.
    const before = (await eventsOf('employee.created')).length;
    expect((await w.hr.post('/api/employees', { code: 'EV0001', fullName: 'Twin', email: 'twin@kaveri.example', joinedDate: '2031-01-06' })).status).toBe(409);
    expect((await eventsOf('employee.created')).length).toBe(before);
  });

  it('regularization submitted and decided; attendance day overridden', async () => {
    const [e0, e1] = w.employees as [World['employees'][number], World['employees'][number]];
    await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist('2031-03-10', '09:28') });
    const req = await w.employee.post('/api/regularizations', { date: '2031-03-10', kind: 'MissingPunchOut', reason: 'Forgot to punch out', punches: [{ time: '18:30', direction: 'out' }] });
    expect(req.status, req.text).toBe(200);
    expect((await w.manager.post(`/api/regularizations/${req.body.id}/approve`, {})).status).toBe(200);
    expect((await eventsOf('regularization.submitted')).map((e) => e.data.id)).toContain(req.body.id);
    const decided = (await eventsOf('regularization.decided')).find((e) => e.data.id === req.body.id);
    expect(decided?.data.status).toMatch(/Approved/);
    const over = await w.hr.patch(`/api/attendance/employee/${e1.id}/day/2031-03-10`, { reason: 'Worked at the vendor site', workedMinutes: 480 });
    expect(over.status).toBe(200);
    const o = (await eventsOf('attendance.day.overridden')).at(-1);
    expect(o?.data).toMatchObject({ employeeId: e1.id, date: '2031-03-10', workedMinutes: 480 });
  });

  it('terminal offline and back online', async () => {
    await punch(w.server, { terminalUserId: 77001, at: ist('2031-03-11', '09:00') });
    const t = await w.server.deps.db.selectFrom('terminal').select(['id', 'serial', 'name']).where('serial', '=', 'TEST-T1').executeTakeFirstOrThrow();
    await w.server.deps.db.updateTable('terminal').set({ last_contact_at: '2031-03-01T00:00:00.000Z', offline_notified_at: null, enabled: 1 }).where('id', '=', t.id).execute();
    const ctx = await systemCtx(w.server.deps);
    expect(await notifyOfflineTerminals(ctx)).toBeGreaterThanOrEqual(1);
    const off = (await eventsOf('terminal.offline')).find((e) => e.data.id === t.id);
    expect(off?.data).toMatchObject({ id: t.id, name: t.name, online: false, lastContactAt: '2031-03-01T00:00:00.000Z' });
    expect(JSON.stringify(off?.data)).not.toMatch(/commKey|host|port/);
    await touchTerminal(ctx, t.id, { serial: t.serial ?? 'TEST-T1', terminalType: 'zk' } as never, {});
    expect((await eventsOf('terminal.online')).filter((e) => e.data.id === t.id)).toHaveLength(1);
    // Heard again while online: no second event.
    await touchTerminal(ctx, t.id, { serial: t.serial ?? 'TEST-T1', terminalType: 'zk' } as never, {});
    expect((await eventsOf('terminal.online')).filter((e) => e.data.id === t.id)).toHaveLength(1);
  });

  it('attendance day final: only once every terminal of the location reported past the day, once per day, in order', async () => {
    const db = w.server.deps.db;
    const ctx = await systemCtx(w.server.deps);
    await db.updateTable('terminal').set({ location_id: w.locationId, enabled: 1, synced_until: null }).where('serial', '=', 'TEST-T1').execute();
    await closeDays(ctx);
    await announceFinalDays(ctx);
    const mine = async () => (await eventsOf('attendance.day.final')).filter((e) => e.data.location.id === w.locationId);
    // The terminal has never delivered everything: the location's yesterday is not final.
    expect(await mine()).toEqual([]);
    await db.updateTable('terminal').set({ synced_until: w.clock.now().toISOString() }).where('serial', '=', 'TEST-T1').execute();
    await closeDays(ctx);
    await announceFinalDays(ctx);
    const events = await mine();
    expect(events.map((e) => e.data.date)).toEqual(['2031-03-11']);
    expect(events[0]?.data).toMatchObject({ timeZone: 'Asia/Kolkata', employees: expect.any(Number), terminalsSyncedUntil: w.clock.now().toISOString() });
    await announceFinalDays(ctx);
    expect(await mine()).toHaveLength(1);
  });

  it('the OpenAPI description lists every event type in its webhooks section', async () => {
    const doc = (await w.server.client().get('/api/openapi.json')).body;
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(Object.keys(doc.webhooks).sort()).toEqual(Object.keys(WEBHOOK_EVENTS).sort());
    const approved = doc.webhooks['leave.request.approved'].post;
    expect(approved.requestBody.content['application/json'].schema).toBeTruthy();
    expect(approved.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  });
});
