import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instances, startInstances } from '../support/instances.ts';

/**
 * Two instances on one database (issue 19): what one changes, the other serves at once. Each
 * instance's caches see only its own writes, so with MUSTER_INSTANCES > 1 they are off (the session
 * check first): a session revoked on A is refused by B on its very next request.
 */

let two: Instances;
beforeAll(async () => {
  two = await startInstances(2);
});
afterAll(async () => two?.close());

describe('sessions across instances', () => {
  it('a session signed in on A works on B, and signed out on A is refused by B at once', async () => {
    const [a, b] = two.servers as [NonNullable<Instances['servers'][0]>, NonNullable<Instances['servers'][1]>];
    const c = await a.login('manager@kaveri.example');
    const cookie = c.cookieHeader();
    // B has checked this session several times (a cache would hold it now).
    for (let i = 0; i < 5; i++) expect((await b.client().get('/api/auth/me', { cookie })).status).toBe(200);
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    expect((await b.client().get('/api/auth/me', { cookie })).status).toBe(401);
    expect((await b.client().get('/api/employees', { cookie })).status).toBe(401);
  });

  it('a session revoked by an admin on B is refused by A on the next request; the others stay', async () => {
    const [a, b] = two.servers as [NonNullable<Instances['servers'][0]>, NonNullable<Instances['servers'][1]>];
    const victim = await a.login('employee@kaveri.example');
    const other = await a.login('employee@kaveri.example');
    for (let i = 0; i < 3; i++) {
      expect((await victim.get('/api/employees')).status).toBe(200);
      expect((await other.get('/api/employees')).status).toBe(200);
    }
    const mine = (await victim.get('/api/sessions')).body.items.find((s: { current: boolean }) => s.current) as { id: string };
    const admin = await b.login('admin@kaveri.example');
    expect((await admin.delete(`/api/sessions/${mine.id}`)).status).toBe(200);
    expect((await victim.get('/api/employees')).status).toBe(401);
    expect((await other.get('/api/employees')).status).toBe(200);
  });

  it('a change written on A is in the next answer of B (directory, settings)', async () => {
    const [a, b] = two.servers as [NonNullable<Instances['servers'][0]>, NonNullable<Instances['servers'][1]>];
    const hrA = await a.login('hr@kaveri.example');
    const hrB = await b.login('hr@kaveri.example');
    const first = (await hrB.get('/api/employees?pageSize=1')).body.items[0] as { id: string; fullName: string };
    for (let i = 0; i < 3; i++) expect((await hrB.get('/api/employees?pageSize=1')).status).toBe(200);
    const profile = await hrA.get(`/api/employees/${first.id}`);
    expect(profile.status).toBe(200);
    const renamed = `${first.fullName.split(' ')[0]} Renamed-${Date.now() % 100000}`;
    const patched = await hrA.patch(`/api/employees/${first.id}`, { fullName: renamed });
    expect(patched.status, patched.text).toBe(200);
    const after = (await hrB.get(`/api/employees?pageSize=1&q=${encodeURIComponent(renamed)}`)).body.items as { fullName: string }[];
    expect(after.map((e) => e.fullName)).toContain(renamed);
    expect((await hrB.get(`/api/employees/${first.id}`)).body.fullName).toBe(renamed);
  });
});
