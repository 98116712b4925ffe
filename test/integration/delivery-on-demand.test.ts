import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxHasChannels, startDeliveryOnDemand, startDeliveryThread } from '../../server/src/delivery.ts';
import type { Client } from '../support/client.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { sqliteOnly } from '../support/engine.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Issue 17: the delivery thread costs its memory (it loads the server's
 * modules again), so the server starts it only once the office has somewhere
 * to send — an enabled webhook endpoint or SMTP switched on — and delivers on
 * the request thread until then; and a thread that cannot start at all leaves
 * the deliveries to the request thread instead of to nobody.
 */

let server: TestServer;
let admin: Client;
const receiver = new WebhookReceiver();

async function until(cond: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Queues a test event for the endpoint and waits for it at the receiver; answers how often it arrived. */
async function testEventArrives(endpointId: string): Promise<number> {
  const res = await admin.post(`/api/webhooks/${endpointId}/test`);
  expect(res.status, res.text).toBe(200);
  const id = res.body.eventId as string;
  await receiver.waitFor((r) => r.some((x) => x.headers['webhook-id'] === id));
  return receiver.received.filter((x) => x.headers['webhook-id'] === id).length;
}

beforeAll(async () => {
  server = await startServer({ outbox: false });
  admin = await server.login('admin@kaveri.example');
  await receiver.start();
});
afterAll(async () => {
  await receiver.stop();
  await server.close();
});

describe('the delivery thread on demand', () => {
  it.skipIf(sqliteOnly('the delivery thread shares the SQLite file’s table versions; on PostgreSQL delivery runs in-process'))('stays on the request thread until an endpoint is enabled, then moves to its own thread and delivers from there', async () => {
    const worker = startDeliveryOnDemand(server.deps, { idleMs: 50 }, 20);
    try {
      expect(await outboxHasChannels(server.deps.db)).toBe(false);
      await new Promise((r) => setTimeout(r, 200));
      expect(worker.onOwnThread).toBe(false);
      // SMTP saved but switched off sends nothing: still no thread.
      const smtp = await admin.put('/api/settings/email', { host: '127.0.0.1', port: 2525, tlsMode: 'none', fromAddress: 'muster@kaveri.example', enabled: false });
      expect(smtp.status, smtp.text).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      expect(worker.onOwnThread).toBe(false);

      const created = await admin.post('/api/webhooks', { url: receiver.url, eventTypes: ['*'], allowInsecureHttp: true });
      expect(created.status, created.text).toBe(200);
      // Queued at once: whichever thread sends it, it arrives once (the request thread's worker hands over after recording).
      expect(await testEventArrives(created.body.id)).toBe(1);
      await until(() => worker.onOwnThread, 'the move to the delivery thread');
      expect(await testEventArrives(created.body.id)).toBe(1);
      await worker.idle();

      // What counts as somewhere to send: an enabled endpoint, or SMTP switched on.
      expect((await admin.patch(`/api/webhooks/${created.body.id}`, { enabled: false })).status).toBe(200);
      expect(await outboxHasChannels(server.deps.db)).toBe(false);
      expect((await admin.put('/api/settings/email', { host: '127.0.0.1', port: 2525, tlsMode: 'none', fromAddress: 'muster@kaveri.example', enabled: true })).status).toBe(200);
      expect(await outboxHasChannels(server.deps.db)).toBe(true);
      expect((await admin.put('/api/settings/email', { host: '127.0.0.1', port: 2525, tlsMode: 'none', fromAddress: 'muster@kaveri.example', enabled: false })).status).toBe(200);
      expect((await admin.patch(`/api/webhooks/${created.body.id}`, { enabled: true })).status).toBe(200);
    } finally {
      await worker.stop();
    }
  });

  it.skipIf(sqliteOnly('the delivery thread and its fallback exist on SQLite only; on PostgreSQL delivery runs in-process'))('falls back to the request thread when the thread cannot start, and still delivers', async () => {
    // A thread that cannot open the database file (its folder would be a file) dies before it is ready, as one that cannot be loaded would.
    const config = { ...server.deps.config, databaseFile: path.join(server.deps.config.databaseFile, 'muster.sqlite') };
    const worker = startDeliveryThread({ ...server.deps, config }, { idleMs: 50 });
    try {
      const endpoints = await admin.get('/api/webhooks');
      const endpointId = endpoints.body.items[0].id as string;
      expect(await testEventArrives(endpointId)).toBe(1);
      await worker.idle();
      const pending = await server.deps.db.selectFrom('outbox_delivery').select('id').where('status', '=', 'pending').execute();
      expect(pending).toEqual([]);
    } finally {
      await worker.stop();
    }
  });
});
