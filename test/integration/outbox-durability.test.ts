import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { Client } from '../support/client.ts';
import { freePort, spawnTs, type Spawned } from '../support/process.ts';
import { engineEnv } from '../support/server.ts';
import { DEMO_PASSWORD, freshDataDir } from '../support/templates.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Issue 17 §1: the outbox survives kill -9. A child server is killed while a
 * delivery is under way (the receiver holds the request); after the restart
 * the same event (same `webhook-id`) is delivered.
 */

const receiver = new WebhookReceiver();
const children: Spawned[] = [];
const dataDir = freshDataDir('demo');
afterAll(async () => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  await receiver.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startChild(port: number): Promise<Spawned> {
  // One server restarting (MUSTER_INSTANCES=1): on PostgreSQL instances otherwise claim a delivery for 5 minutes
  // before sending, and a killed one's claim is taken over when it runs out (instances-outbox.test.ts), not at restart.
  const env = { PORT: String(port), HOST: '127.0.0.1', MUSTER_DATA_DIR: dataDir, MUSTER_LOG_LEVEL: 'warn', MUSTER_JOBS: '0', MUSTER_INSTANCES: '1', ...(await engineEnv(dataDir)) };
  const p = spawnTs('server/src/main.ts', env);
  children.push(p);
  await p.waitFor(/Muster listening on/);
  return p;
}

describe('outbox durability', () => {
  it('a delivery cut by kill -9 is sent again after the restart, with the same event id', async () => {
    await receiver.start();
    receiver.hang = true;
    const port = await freePort();
    const first = await startChild(port);
    const admin = new Client(`http://127.0.0.1:${port}`);
    expect((await admin.post('/api/auth/login', { email: 'admin@kaveri.example', password: DEMO_PASSWORD })).status).toBe(200);
    const endpoint = await admin.post('/api/webhooks', { url: receiver.url, eventTypes: ['*'], allowInsecureHttp: true });
    expect(endpoint.status).toBe(200);
    const test = await admin.post(`/api/webhooks/${endpoint.body.id}/test`);
    expect(test.status).toBe(200);
    // The worker is sending it now: the receiver holds the request open.
    await receiver.waitFor(() => receiver.held.length > 0);
    const heldId = receiver.held[0]?.headers['webhook-id'];
    expect(heldId).toBe(test.body.eventId);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    receiver.hang = false;
    await startChild(port);
    await receiver.waitFor((r) => r.some((x) => x.headers['webhook-id'] === heldId), 30_000);
    const got = receiver.received.find((x) => x.headers['webhook-id'] === heldId) as { body: string; headers: Record<string, string> };
    expect(new Webhook(endpoint.body.secret).verify(got.body, got.headers)).toMatchObject({ type: 'webhook.test', id: heldId });
    await admin.post('/api/auth/login', { email: 'admin@kaveri.example', password: DEMO_PASSWORD });
    let detail = await admin.get(`/api/webhooks/${endpoint.body.id}/deliveries/${test.body.id}`);
    for (let i = 0; i < 50 && detail.body.status !== 'delivered'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      detail = await admin.get(`/api/webhooks/${endpoint.body.id}/deliveries/${test.body.id}`);
    }
    expect(detail.body).toMatchObject({ status: 'delivered', eventId: heldId });
  }, 90_000);
});
