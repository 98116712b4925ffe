import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayInZone } from '../../shared/dates.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf, freeWeek, leaveTypeIdOf, topUp } from '../support/leave.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Issue 17 §1–2 as an integrator tries it: register an endpoint, approve a
 * leave request, receive a signed event verified with `standardwebhooks`;
 * stop the receiver, approve again, start it: the event arrives.
 */

let server: TestServer;
let admin: Client;
let manager: Client;
let employee: Client;
let hr: Client;
const receiver = new WebhookReceiver();
const ids = { sneha: '', CL: '' };
let monday = '';

/** A new pending CL request of the demo employee on a free day, as the employee applies. */
async function pendingRequest(offsetDays: number): Promise<string> {
  const day = addDays(monday, offsetDays);
  const res = await employee.post('/api/leave/requests', { leaveTypeId: ids.CL, fromDate: day, toDate: day, duration: 'FullDay', reason: 'Family function' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

/** Sends a test event and waits for it at the receiver (by its event id). */
async function testEventArrives(endpointId: string): Promise<{ body: string; headers: Record<string, string> }> {
  const res = await admin.post(`/api/webhooks/${endpointId}/test`);
  expect(res.status).toBe(200);
  const id = res.body.eventId as string;
  await receiver.waitFor((r) => r.some((x) => x.headers['webhook-id'] === id));
  return receiver.received.filter((x) => x.headers['webhook-id'] === id).at(-1) as { body: string; headers: Record<string, string> };
}

/** Waits until the worker has recorded a delivery's outcome. */
async function settled(deliveryId: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const row = await server.deps.db.selectFrom('outbox_delivery').select('status').where('id', '=', deliveryId).executeTakeFirstOrThrow();
    if (row.status !== 'pending') return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('delivery not settled');
}

beforeAll(async () => {
  server = await startServer({ outbox: 'thread' });
  [admin, manager, employee, hr] = (await Promise.all(['admin', 'manager', 'employee', 'hr'].map((w) => server.login(`${w}@kaveri.example`)))) as [Client, Client, Client, Client];
  ids.sneha = await employeeIdOf(server, 'employee@kaveri.example');
  ids.CL = await leaveTypeIdOf(server, 'CL');
  await topUp(hr, ids.sneha, ids.CL, 10);
  monday = await freeWeek(server, [ids.sneha], addDays(dayInZone(new Date(), 'Asia/Kolkata'), 35));
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await server.close();
});

describe('webhook endpoints', () => {
  let secret = '';
  let endpointId = '';

  it('only api:manage manages them (403 for HR, managers and employees)', async () => {
    for (const c of [hr, manager, employee]) {
      expect((await c.get('/api/webhooks')).status).toBe(403);
      expect((await c.post('/api/webhooks', { url: 'https://example.com/h', eventTypes: ['*'] })).status).toBe(403);
    }
  });

  it('refuses link-local and metadata addresses, and http:// except to the LAN behind the switch (400 naming url)', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: 'https://169.254.169.254/latest/meta-data' }, /metadata/],
      [{ url: 'https://[fe80::1]/hook' }, /link-local/],
      [{ url: 'https://metadata.google.internal/computeMetadata' }, /metadata/],
      [{ url: 'http://192.168.1.20/hook' }, /allow http/],
      [{ url: 'http://8.8.8.8/hook', allowInsecureHttp: true }, /public address/],
      [{ url: 'http://payroll.example.com/hook', allowInsecureHttp: true }, /only to the LAN/],
      [{ url: 'ftp://192.168.1.20/hook' }, /https/],
      [{ url: 'https://user:pw@example.com/hook' }, /password/],
      [{ url: 'not a url' }, /absolute URL/],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/api/webhooks', { eventTypes: ['*'], ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].path).toBe('body.url');
      expect(res.body.errors[0].message).toMatch(message);
    }
    const unknownType = await admin.post('/api/webhooks', { url: 'https://example.com/h', eventTypes: ['leave.request.eaten'] });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.errors[0].path).toMatch(/^body\.eventTypes/);
  });

  it('registers an endpoint: the whsec_ secret is shown once, the change is audited', async () => {
    const res = await admin.post('/api/webhooks', { url: receiver.url, description: 'Payroll on the LAN', eventTypes: ['leave.request.approved', 'leave.request.submitted'], allowInsecureHttp: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    secret = res.body.secret;
    endpointId = res.body.id;
    expect(res.body.secretPrefix).toBe(`${secret.slice(0, 12)}…`);
    const read = await admin.get(`/api/webhooks/${endpointId}`);
    expect(JSON.stringify(read.body)).not.toContain(secret);
    const list = await admin.get('/api/webhooks');
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(list.body.eventTypes.map((t: { type: string }) => t.type)).toContain('attendance.day.final');
    const audit = await server.deps.db.selectFrom('audit_log').select(['category', 'summary']).where('action', '=', 'webhook.created').execute();
    expect(audit).toEqual([{ category: 'Permissions', summary: expect.stringContaining(receiver.url) }]);
  });

  it('an approval reaches the receiver signed as Standard Webhooks fixes it (verified with standardwebhooks)', async () => {
    const requestId = await pendingRequest(0);
    const res = await manager.post(`/api/leave/requests/${requestId}/approve`, { note: 'Enjoy' });
    expect(res.status).toBe(200);
    await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).type === 'leave.request.approved'));
    const got = receiver.received.find((x) => JSON.parse(x.body).type === 'leave.request.approved');
    if (!got) throw new Error('no approval event');
    const verified = new Webhook(secret).verify(got.body, got.headers) as { type: string; id: string; version: number; data: { id: string; status: string } };
    expect(verified.type).toBe('leave.request.approved');
    expect(verified.data.id).toBe(requestId);
    expect(verified.data.status).toBe('Approved');
    expect(verified.version).toBe(1);
    expect(got.headers['webhook-id']).toBe(verified.id);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(got.headers['content-type']).toBe('application/json');
    // The same representation GET /api/leave/requests/{id} answers.
    const api = await manager.get(`/api/leave/requests/${requestId}`);
    expect(verified.data.status).toBe(api.body.status);
    expect(Object.keys(verified.data).sort()).toEqual(Object.keys(api.body).sort());
    // A forged body does not verify.
    expect(() => new Webhook(secret).verify(got.body.replace('Approved', 'Rejected'), got.headers)).toThrow();
    // The submission came too (subscribed); a rejection would not (not subscribed).
    expect(receiver.events().some((e) => e.type === 'leave.request.submitted' && e.data.id === requestId)).toBe(true);
  });

  it('a rolled-back change emits nothing', async () => {
    const before = await server.deps.db.selectFrom('outbox_event').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const requestId = await pendingRequest(1);
    const after1 = await server.deps.db.selectFrom('outbox_event').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // The employee cannot approve their own request: 403, nothing written.
    expect((await employee.post(`/api/leave/requests/${requestId}/approve`, {})).status).toBe(403);
    // A note over the limit fails validation: 400.
    expect((await manager.post(`/api/leave/requests/${requestId}/reject`, {})).status).toBe(400);
    const after2 = await server.deps.db.selectFrom('outbox_event').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after1.n)).toBe(Number(before.n) + 1);
    expect(Number(after2.n)).toBe(Number(after1.n));
  });

  it('stop the receiver, approve again, start it: the event arrives (retried with backoff, every attempt recorded)', async () => {
    const requestId = await pendingRequest(2);
    await receiver.stop();
    const t0 = Date.now();
    expect((await manager.post(`/api/leave/requests/${requestId}/approve`, {})).status).toBe(200);
    // The first attempt fails (connection refused) and is recorded.
    const failed = async () =>
      server.deps.db
        .selectFrom('outbox_delivery')
        .innerJoin('outbox_event', 'outbox_event.id', 'outbox_delivery.event_id')
        .select(['outbox_delivery.id', 'outbox_delivery.attempts', 'outbox_delivery.status', 'outbox_delivery.last_error', 'outbox_event.payload'])
        .where('outbox_event.type', '=', 'leave.request.approved')
        .where('outbox_delivery.target', '=', endpointId)
        .orderBy('outbox_delivery.created_at', 'desc')
        .executeTakeFirstOrThrow();
    for (let i = 0; i < 100 && (await failed()).attempts === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const first = await failed();
    expect(JSON.parse(first.payload).data.id).toBe(requestId);
    expect(first).toMatchObject({ attempts: 1, status: 'pending', last_error: expect.stringMatching(/ECONNREFUSED/) });
    await receiver.start();
    await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).data?.id === requestId && JSON.parse(x.body).type === 'leave.request.approved'), 15_000);
    // The retry came after the first pause (5 s), not at once.
    const arrived = receiver.received.find((x) => JSON.parse(x.body).data?.id === requestId && JSON.parse(x.body).type === 'leave.request.approved') as { at: number; body: string; headers: Record<string, string> };
    expect(arrived.at - t0).toBeGreaterThanOrEqual(4_500);
    expect(new Webhook(secret).verify(arrived.body, arrived.headers)).toBeTruthy();
    await settled(first.id);
    const log = await admin.get(`/api/webhooks/${endpointId}/deliveries/${first.id}`);
    expect(log.status).toBe(200);
    expect(log.body.status).toBe('delivered');
    expect(log.body.attemptLog).toHaveLength(2);
    expect(log.body.attemptLog[0]).toMatchObject({ statusCode: 200, error: null });
    expect(log.body.attemptLog[1]).toMatchObject({ statusCode: null, error: expect.stringMatching(/ECONNREFUSED/) });
    expect(log.body.attemptLog[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(log.body.attemptLog[0].request).headers['webhook-id']).toBe(JSON.parse(arrived.body).id);
  }, 30_000);

  it('send test event, delivery log and redeliver with the same event id', async () => {
    const test = await admin.post(`/api/webhooks/${endpointId}/test`);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ eventType: 'webhook.test', status: 'pending', attempts: 0 });
    await settled(test.body.id);
    const list = await admin.get(`/api/webhooks/${endpointId}/deliveries?pageSize=5`);
    expect(list.body.items[0]).toMatchObject({ eventType: 'webhook.test', status: 'delivered' });
    const again = await admin.post(`/api/webhooks/${endpointId}/deliveries/${list.body.items[0].id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body.eventId).toBe(list.body.items[0].eventId);
    await receiver.waitFor((r) => r.filter((x) => JSON.parse(x.body).type === 'webhook.test').length === 2);
    const tests = receiver.received.filter((x) => JSON.parse(x.body).type === 'webhook.test');
    expect(tests[1]?.headers['webhook-id']).toBe(tests[0]?.headers['webhook-id']);
    expect((await admin.post(`/api/webhooks/${endpointId}/deliveries/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}/redeliver`)).status).toBe(404);
  });

  it('rotating the secret signs with both during the overlap', async () => {
    const res = await admin.post(`/api/webhooks/${endpointId}/rotate-secret`, { overlapHours: 24 });
    expect(res.status).toBe(200);
    const fresh = res.body.secret as string;
    expect(fresh).not.toBe(secret);
    expect(res.body.previousSecretExpiresAt).toBeTruthy();
    const got = await testEventArrives(endpointId);
    expect(got.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(got.body, got.headers)).toBeTruthy();
    expect(new Webhook(secret).verify(got.body, got.headers)).toBeTruthy();
    // Without an overlap only the new one signs.
    const now = await admin.post(`/api/webhooks/${endpointId}/rotate-secret`, { overlapHours: 0 });
    const last = await testEventArrives(endpointId);
    expect(last.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(() => new Webhook(fresh).verify(last.body, last.headers)).toThrow();
    expect(new Webhook(now.body.secret).verify(last.body, last.headers)).toBeTruthy();
    secret = now.body.secret;
    const audits = await server.deps.db.selectFrom('audit_log').select('action').where('action', 'like', 'webhook.%').execute();
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['webhook.created', 'webhook.secret-rotated', 'webhook.test-sent', 'webhook.redelivered']));
  });

  it('an endpoint failing for days is disabled and administrators are told', async () => {
    receiver.status = 500;
    await server.outbox?.idle();
    const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000).toISOString();
    await server.deps.db.updateTable('webhook_endpoint').set({ failing_since: sixDaysAgo }).where('id', '=', endpointId).execute();
    await admin.post(`/api/webhooks/${endpointId}/test`);
    for (let i = 0; i < 100; i++) {
      const row = await server.deps.db.selectFrom('webhook_endpoint').select(['enabled']).where('id', '=', endpointId).executeTakeFirstOrThrow();
      if (row.enabled === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const ep = await admin.get(`/api/webhooks/${endpointId}`);
    expect(ep.body).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/failed for 6 days/) });
    const notes = await admin.get('/api/notifications');
    expect(notes.body.items.some((n: { kind: string; title: string }) => n.kind === 'webhook.endpoint-disabled' && n.title.includes(receiver.url))).toBe(true);
    // Enabling again clears the failure state.
    receiver.status = 200;
    const on = await admin.patch(`/api/webhooks/${endpointId}`, { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, failingSince: null, disabledReason: null });
  });

  it('removes an endpoint (audited); its log is gone with it (404)', async () => {
    const res = await admin.delete(`/api/webhooks/${endpointId}`);
    expect(res.status).toBe(200);
    expect((await admin.get(`/api/webhooks/${endpointId}/deliveries`)).status).toBe(404);
    const audit = await server.deps.db.selectFrom('audit_log').select('summary').where('action', '=', 'webhook.deleted').execute();
    expect(audit).toHaveLength(1);
  });
});
