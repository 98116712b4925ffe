import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../../server/src/jobs/scheduler.ts';
import type { AppDeps } from '../../server/src/context.ts';
import { systemCtx } from '../../server/src/wiring.ts';
import { testEngine } from '../support/engine.ts';
import { type Instances, startInstances } from '../support/instances.ts';

/**
 * A scheduled job's slot is claimed by one instance (`job_lease`), but an instance that stalls (a
 * long GC pause, a suspended VM) past its lease is not dead: another instance takes the run over,
 * and the first one resumes where it was. Leases cannot fence that out without every job checking
 * its lease before each write, so the guarantee is the jobs' own: each one is idempotent per slot
 * (what it writes is keyed by the period or day it covers, checked in the transaction that writes
 * it). This test holds every job to that: run twice for one slot — at once on two instances, and
 * once more afterwards; one after the other on SQLite — it leaves the database as one run on a twin database does.
 */

// The backup copies files (a second copy of the same night is a file more, by design, and it is
// skipped on PostgreSQL); every other job writes only rows.
const ROW_JOBS = JOBS.filter((j) => j.name !== 'database-backup');
// Bookkeeping that differs between two runs without anything counted twice.
const IGNORED = new Set(['job_lease', 'rate_limit_hit', 'kysely_migration', 'kysely_migration_lock']);

let twin: Instances;
let pair: Instances;
beforeAll(async () => {
  [twin, pair] = await Promise.all([startInstances(1), startInstances(2)]);
}, 120_000);
afterAll(async () => {
  await twin?.close();
  await pair?.close();
});

async function rowCounts(deps: AppDeps): Promise<Record<string, number>> {
  const tables = (await deps.db.introspection.getTables()).map((t) => t.name).filter((n) => !IGNORED.has(n)).sort();
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await deps.db
      .selectFrom(t as never)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

describe('a scheduled job run twice for one slot (a stalled instance resuming after its run was taken over)', () => {
  it('stores what one run stores, for every job', async () => {
    const slot = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const [a, b] = pair.servers.map((s) => s.deps);
    const single = twin.servers[0]!.deps;
    // Work for the jobs, the same in both databases: the last days open again, the last two months'
    // scheduled ledger entries undone, the terminals silent for hours.
    const since = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const ledgerSince = new Date(Date.now() - 62 * 86_400_000).toISOString().slice(0, 10);
    const silentSince = new Date(Date.now() - 3 * 3_600_000).toISOString();
    for (const deps of [single, a!]) {
      await deps.db.deleteFrom('attendance_day').where('date', '>=', since).execute();
      await deps.db.deleteFrom('leave_ledger').where('period_key', 'is not', null).where('effective_date', '>=', ledgerSince).execute();
      await deps.db.updateTable('terminal').set({ last_contact_at: silentSince }).execute();
    }
    let changedSomething = 0;
    for (const job of ROW_JOBS) {
      const before = await rowCounts(single);
      await job.run(await systemCtx(single), single, { slot });
      const once = await rowCounts(single);
      if (JSON.stringify(once) !== JSON.stringify(before)) changedSomething++;

      if (testEngine() === 'postgres') {
        // Both runs at once, each in its own transactions (SERIALIZABLE, retried on conflict).
        await Promise.all([job.run(await systemCtx(a!), a!, { slot }), job.run(await systemCtx(b!), b!, { slot })]);
      } else {
        // Two SQLite instances in one test process cannot interleave transactions (each waits for the
        // file's write lock synchronously, on the thread the other needs): one after the other here;
        // across processes SQLite writes one transaction at a time anyway.
        await job.run(await systemCtx(a!), a!, { slot });
        await job.run(await systemCtx(b!), b!, { slot });
      }
      await job.run(await systemCtx(a!), a!, { slot });
      expect({ job: job.name, counts: await rowCounts(a!) }).toEqual({ job: job.name, counts: once });
    }
    // The demo organisation gives most jobs something to do, so the comparison is not of empty runs.
    expect(changedSomething).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
