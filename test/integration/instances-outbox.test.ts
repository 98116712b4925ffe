import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { type Instances, startInstances } from '../support/instances.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Two instances on one database both run the outbox delivery worker (issue 19): each due delivery
 * is claimed before it is sent, so a webhook leaves once, whichever instance wrote its event.
 */

let two: Instances;
const receiver = new WebhookReceiver();
beforeAll(async () => {
  two = await startInstances(2, { outbox: true });
  await receiver.start();
});
afterAll(async () => {
  await two?.close();
  await receiver.stop();
});

describe('webhooks across instances', () => {
  it('delivers each event once though both instances deliver', async () => {
    const [a, b] = two.servers as [TestServer, TestServer];
    const adminA = await a.login('admin@kaveri.example');
    const adminB = await b.login('admin@kaveri.example');
    const created = await adminA.post('/api/webhooks', { url: receiver.url, eventTypes: ['*'], allowInsecureHttp: true });
    expect(created.status, created.text).toBe(200);
    const endpointId = created.body.id as string;
    const events: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await (i % 2 ? adminB : adminA).post(`/api/webhooks/${endpointId}/test`);
      expect(res.status).toBe(200);
      events.push(res.body.eventId as string);
    }
    await receiver.waitFor((r) => events.every((id) => r.some((x) => x.headers['webhook-id'] === id)));
    await Promise.all([a.outbox?.idle(), b.outbox?.idle()]);
    // Time for a second send, had there been one.
    await new Promise((r) => setTimeout(r, 300));
    const ids = receiver.received.map((x) => x.headers['webhook-id']).filter((id) => id !== undefined && events.includes(id));
    expect(ids).toHaveLength(events.length);
    expect(new Set(ids).size).toBe(events.length);
  });
});
