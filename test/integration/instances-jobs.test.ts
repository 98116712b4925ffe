import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Job, type Scheduler, startScheduler } from '../../server/src/jobs/scheduler.ts';
import { RESTARTED } from '../../server/src/modules/jobs/index.ts';
import { type Instances, startInstances } from '../support/instances.ts';

/**
 * Scheduled jobs on two instances sharing one database (issue 19): every instance schedules every
 * job, each firing runs on one of them (a slot claimed in `job_lease`), a start-up catch-up runs once,
 * and a run left unfinished by a stopped instance is taken over once its lease runs out.
 */

let two: Instances;
beforeAll(async () => {
  two = await startInstances(2);
});
afterAll(async () => two?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Ran {
  job: string;
  slot: string;
  instance: number;
}

function recorder(ran: Ran[], instance: number, name: string, schedule: string, catchUpAtStart = false): Job {
  return {
    name,
    schedule,
    catchUpAtStart,
    run: async (_ctx, _deps, run) => {
      ran.push({ job: name, slot: run?.slot ?? '', instance });
      // Long enough that both instances' timers fire while the first still runs.
      await sleep(30);
      return 'ok';
    },
  };
}

async function both(make: (instance: number) => Job[], options: Parameters<typeof startScheduler>[2]): Promise<Scheduler[]> {
  const out: Scheduler[] = [];
  for (const [i, s] of two.servers.entries()) out.push(await startScheduler(s.deps, make(i), options));
  return out;
}

describe('scheduled jobs across instances', () => {
  it('runs each firing once across both instances, and a start-up catch-up once', async () => {
    const ran: Ran[] = [];
    const schedulers = await both(
      (i) => [recorder(ran, i, 'every-second', '* * * * * *'), recorder(ran, i, 'catch-up-once', '0 0 1 1 *', true)],
      { checkEveryMs: 60_000 },
    );
    await sleep(3_500);
    for (const s of schedulers) await s.stop();
    const firings = ran.filter((r) => r.job === 'every-second').map((r) => r.slot);
    expect(firings.length).toBeGreaterThanOrEqual(2);
    expect(new Set(firings).size).toBe(firings.length);
    // Every one of them was scheduled on both: the other instance skipped it.
    expect(ran.filter((r) => r.job === 'catch-up-once')).toHaveLength(1);
  });

  it('takes over a run a stopped instance left unfinished, once, and fails the jobs it left running', async () => {
    const db = two.servers[0]?.deps.db;
    if (!db) throw new Error('no instance');
    const past = new Date(Date.now() - 10 * 60_000).toISOString();
    const slot = '2026-01-01T00:00:00.000Z';
    await db.insertInto('job_lease').values({ name: 'left-unfinished', slot, holder: 'stopped-host/1/dead', lease_until: past, finished_at: null }).execute();
    const jobRow = (id: string, updatedAt: string) => ({
      id,
      kind: 'attendance.recompute',
      title: 'Recompute',
      status: 'running',
      total: 10,
      done: 3,
      message: null,
      params: '{}',
      result: null,
      error: null,
      permission: 'attendance:manage',
      cancel_requested: 0 as const,
      created_by_user_id: null,
      created_by_name: 'Test',
      started_at: updatedAt,
      updated_at: updatedAt,
      finished_at: null,
    });
    const orphan = crypto.randomUUID();
    const alive = crypto.randomUUID();
    await db.insertInto('job').values([jobRow(orphan, past), jobRow(alive, new Date().toISOString())]).execute();

    const ran: Ran[] = [];
    const schedulers = await both((i) => [recorder(ran, i, 'left-unfinished', '0 0 1 1 *')], { checkEveryMs: 150, leaseMs: 1_000 });
    await sleep(1_200);
    for (const s of schedulers) await s.stop();
    expect(ran.map((r) => r.slot)).toEqual([slot]);
    const lease = await db.selectFrom('job_lease').selectAll().where('name', '=', 'left-unfinished').executeTakeFirstOrThrow();
    expect(lease.finished_at).not.toBeNull();
    expect(lease.holder).not.toBe('stopped-host/1/dead');

    const rows = await db.selectFrom('job').select(['id', 'status', 'error']).where('id', 'in', [orphan, alive]).execute();
    expect(rows.find((r) => r.id === orphan)).toMatchObject({ status: 'failed', error: RESTARTED });
    // Its heartbeat is fresh: it runs on a live instance and stays running.
    expect(rows.find((r) => r.id === alive)?.status).toBe('running');
  });
});
