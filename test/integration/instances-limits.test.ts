import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_EMAIL, LOGIN_WINDOW_MS } from '../../server/src/http/rate-limit.ts';
import type { TestServer } from '../support/server.ts';
import { type Instances, roomInWindow, startInstances } from '../support/instances.ts';
import { DEMO_PASSWORD } from '../support/templates.ts';

/**
 * Rate limits shared by two instances on one database (issue 19): the public API's 600 requests a
 * minute per key and the login throttle count in the database when MUSTER_INSTANCES > 1, so a
 * client spreading its requests over both instances gets one budget, not two.
 */

let two: Instances;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  two = await startInstances(2);
  [a, b] = two.servers as [TestServer, TestServer];
});
afterAll(async () => two?.close());

describe('rate limits across instances', () => {
  it('gives an API key 600 requests a minute across both instances together', async () => {
    const admin = await a.login('admin@kaveri.example');
    const issued = await admin.post('/api/api-keys', { name: 'spread over two', scope: 'ReadOnly' });
    expect(issued.status).toBe(200);
    const headers = { authorization: `Bearer ${issued.body.key as string}` };
    // The window is aligned to the clock's minute: start with room for 600 requests in it.
    await roomInWindow(60_000, 40_000);
    const ca = a.client();
    const cb = b.client();
    for (let i = 1; i <= 600; i++) {
      const res = await (i % 2 ? ca : cb).get('/api/public/v1/attendance?date=2026-01-05', headers);
      expect(res.status, `request ${i}`).toBe(200);
      expect(Number(res.headers.get('ratelimit-remaining')), `request ${i}`).toBe(600 - i);
    }
    for (const c of [ca, cb]) {
      const blocked = await c.get('/api/public/v1/employees', headers);
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('content-type')).toMatch(/problem\+json/);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another key has its own budget, on either instance.
    const other = await admin.post('/api/api-keys', { name: 'quiet', scope: 'ReadOnly' });
    expect((await cb.get('/api/public/v1/employees', { 'x-api-key': other.body.key as string })).status).toBe(200);
  }, 180_000);

  it('throttles failed sign-ins for one email counted on both instances', async () => {
    await roomInWindow(LOGIN_WINDOW_MS, 20_000);
    const email = 'md@kaveri.example';
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i++) {
      const res = await (i % 2 ? b : a).client().post('/api/auth/login', { email, password: `bad-${i}-password` });
      expect(res.status, `failure ${i + 1}`).toBe(401);
    }
    for (const s of [a, b]) {
      const blocked = await s.client().post('/api/auth/login', { email, password: DEMO_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Successful sign-ins do not count: another person signs in on both, again and again.
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL + 2; i++) {
      expect((await (i % 2 ? b : a).client().post('/api/auth/login', { email: 'hr@kaveri.example', password: DEMO_PASSWORD })).status).toBe(200);
    }
  }, 60_000);
});
