import type { Db } from '../context.ts';

/**
 * The scheduled jobs' leases (`job_lease`, migration 0018): with several
 * instances on one database, each slot of a job's schedule is claimed by one
 * of them with a single conditional UPDATE (atomic on both engines: SQLite
 * writes one at a time, PostgreSQL re-checks the WHERE on the row it locked).
 */

/** The row each job's claims update (a slot of '' is older than any). */
export async function ensureLease(db: Db, name: string, now: string): Promise<void> {
  await db
    .insertInto('job_lease')
    .values({ name, slot: '', holder: '', lease_until: now, finished_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Claims `slot` for `holder` when the last slot claimed is before
 * `claimedBefore` (the slot itself for a scheduled firing; earlier for a
 * start-up catch-up, which another instance's recent run makes needless) and
 * no live run holds the job (finished, or its lease ran out). True when this
 * caller won it.
 */
export async function claimSlot(db: Db, name: string, slot: string, holder: string, now: string, until: string, claimedBefore = slot): Promise<boolean> {
  const r = await db
    .updateTable('job_lease')
    .set({ slot, holder, lease_until: until, finished_at: null })
    .where('name', '=', name)
    .where('slot', '<', claimedBefore)
    .where((eb) => eb.or([eb('finished_at', 'is not', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0) === 1;
}

/** Takes over a run whose holder stopped renewing its lease before it finished; the slot taken over, or undefined. */
export async function takeOverStale(db: Db, name: string, holder: string, now: string, until: string): Promise<string | undefined> {
  const r = await db
    .updateTable('job_lease')
    .set({ holder, lease_until: until })
    .where('name', '=', name)
    .where('finished_at', 'is', null)
    .where('lease_until', '<', now)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows ?? 0) !== 1) return undefined;
  const row = await db.selectFrom('job_lease').select(['slot', 'holder']).where('name', '=', name).executeTakeFirst();
  return row?.holder === holder ? row.slot : undefined;
}

/** Extends the lease of a run still going; false when another instance took it over meanwhile. */
export async function renewLease(db: Db, name: string, holder: string, until: string): Promise<boolean> {
  const r = await db
    .updateTable('job_lease')
    .set({ lease_until: until })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0) === 1;
}

/** Marks the holder's run finished (failed runs too: a failed slot waits for the next, as on one PC). */
export async function finishLease(db: Db, name: string, holder: string, at: string): Promise<void> {
  await db.updateTable('job_lease').set({ finished_at: at }).where('name', '=', name).where('holder', '=', holder).where('finished_at', 'is', null).execute();
}
