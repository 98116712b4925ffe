import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_EMAIL, LOGIN_WINDOW_MS } from '../../server/src/http/rate-limit.ts';
import { type Job, type Scheduler, startScheduler } from '../../server/src/jobs/scheduler.ts';
import { testEngine } from '../support/engine.ts';
import { PG_ADMIN, type PgInstance, type PgInstances, roomInWindow, startPostgresInstances } from '../support/instances.ts';

/**
 * The instance tests on PostgreSQL (issue 19): two app instances on one database of a throwaway
 * cluster, MUSTER_DATABASE_URL set and MUSTER_INSTANCES left unset (PostgreSQL is shared by
 * default). The same rules as on SQLite (instances-sessions, -jobs, -limits): a revoked session is
 * refused by the other instance at once, each job firing runs once, the rate limits are one budget.
 * PostgreSQL-only by nature: `npm run test:postgres` runs it (on its cluster), as it runs the other
 * instances-* files on one PostgreSQL database; `npm test` stays on SQLite and says it left it out.
 */

const onPostgres = testEngine() === 'postgres';
if (!onPostgres) process.stdout.write('[postgres-only, not run on SQLite] instances-postgres.test.ts: npm run test:postgres runs it\n');

let two: PgInstances;
let a: PgInstance;
let b: PgInstance;
beforeAll(async () => {
  if (!onPostgres) return;
  two = await startPostgresInstances(2);
  [a, b] = two.servers as [PgInstance, PgInstance];
}, 120_000);
afterAll(async () => two?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!onPostgres)('PostgreSQL: two instances on one database', () => {
  it('is in the shared mode without MUSTER_INSTANCES', () => {
    expect(a.deps.config).toMatchObject({ sharedDatabase: true });
  });

  it('refuses on B at once a session signed out on A, and on A one revoked on B', async () => {
    const c = await a.login(PG_ADMIN.email, PG_ADMIN.password);
    const cookie = c.cookieHeader();
    for (let i = 0; i < 5; i++) expect((await b.client().get('/api/auth/me', { cookie })).status).toBe(200);
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    expect((await b.client().get('/api/auth/me', { cookie })).status).toBe(401);

    const victim = await a.login(PG_ADMIN.email, PG_ADMIN.password);
    for (let i = 0; i < 3; i++) expect((await victim.get('/api/auth/me')).status).toBe(200);
    const mine = (await victim.get('/api/sessions')).body.items.find((s: { current: boolean }) => s.current) as { id: string };
    const other = await b.login(PG_ADMIN.email, PG_ADMIN.password);
    expect((await other.delete(`/api/sessions/${mine.id}`)).status).toBe(200);
    expect((await victim.get('/api/auth/me')).status).toBe(401);
    expect((await other.get('/api/auth/me')).status).toBe(200);
  });

  it('runs each job firing once across both instances, and a start-up catch-up once', async () => {
    const ran: { job: string; slot: string }[] = [];
    const job = (name: string, schedule: string, catchUpAtStart: boolean): Job => ({
      name,
      schedule,
      catchUpAtStart,
      run: async (_ctx, _deps, run) => {
        ran.push({ job: name, slot: run?.slot ?? '' });
        await sleep(30);
        return 'ok';
      },
    });
    const schedulers: Scheduler[] = [];
    for (const s of [a, b]) schedulers.push(await startScheduler(s.deps, [job('every-second', '* * * * * *', false), job('catch-up-once', '0 0 1 1 *', true)], { checkEveryMs: 60_000 }));
    await sleep(3_500);
    for (const s of schedulers) await s.stop();
    const firings = ran.filter((r) => r.job === 'every-second').map((r) => r.slot);
    expect(firings.length).toBeGreaterThanOrEqual(2);
    expect(new Set(firings).size).toBe(firings.length);
    expect(ran.filter((r) => r.job === 'catch-up-once')).toHaveLength(1);
  });

  it('takes over, once, a run a stopped instance left unfinished', async () => {
    const slot = '2026-01-01T00:00:00.000Z';
    await a.deps.db
      .insertInto('job_lease')
      .values({ name: 'left-unfinished', slot, holder: 'stopped-host/1/dead', lease_until: new Date(Date.now() - 600_000).toISOString(), finished_at: null })
      .execute();
    const ran: string[] = [];
    const schedulers: Scheduler[] = [];
    for (const s of [a, b]) {
      schedulers.push(
        await startScheduler(s.deps, [{ name: 'left-unfinished', schedule: '0 0 1 1 *', catchUpAtStart: false, run: async (_c, _d, run) => (ran.push(run?.slot ?? ''), 'ok') }], { checkEveryMs: 150, leaseMs: 1_000 }),
      );
    }
    await sleep(1_200);
    for (const s of schedulers) await s.stop();
    expect(ran).toEqual([slot]);
    const lease = await a.deps.db.selectFrom('job_lease').selectAll().where('name', '=', 'left-unfinished').executeTakeFirstOrThrow();
    expect(lease.finished_at).not.toBeNull();
  });

  it('gives an API key 600 requests a minute across both instances together', async () => {
    const admin = await a.login(PG_ADMIN.email, PG_ADMIN.password);
    const issued = await admin.post('/api/api-keys', { name: 'spread over two', scope: 'ReadOnly' });
    expect(issued.status, issued.text).toBe(200);
    const headers = { authorization: `Bearer ${issued.body.key as string}` };
    await roomInWindow(60_000, 40_000);
    const ca = a.client();
    const cb = b.client();
    for (let i = 1; i <= 600; i++) {
      const res = await (i % 2 ? ca : cb).get('/api/public/v1/employees', headers);
      expect(res.status, `request ${i}`).toBe(200);
      expect(Number(res.headers.get('ratelimit-remaining')), `request ${i}`).toBe(600 - i);
    }
    for (const c of [ca, cb]) expect((await c.get('/api/public/v1/employees', headers)).status).toBe(429);
  }, 180_000);

  it('throttles failed sign-ins for one email counted on both instances', async () => {
    await roomInWindow(LOGIN_WINDOW_MS, 20_000);
    const email = 'nobody@instances.example';
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL; i++) {
      expect((await (i % 2 ? b : a).client().post('/api/auth/login', { email, password: `bad-${i}-password` })).status).toBe(401);
    }
    for (const s of [a, b]) expect((await s.client().post('/api/auth/login', { email, password: PG_ADMIN.password })).status).toBe(429);
  }, 60_000);
});
