import type { Db } from '../context.ts';

/** The shared fixed-window counters of the rate limits (`rate_limit_hit`, migration 0018). */

/**
 * Counts one hit in a window and answers the window's count: one upsert both
 * engines run atomically (SQLite ≥ 3.35 and PostgreSQL have ON CONFLICT … DO
 * UPDATE … RETURNING), so two instances never lose each other's hits.
 */
export async function countHit(db: Db, key: string, windowStart: string): Promise<number> {
  const row = await db
    .insertInto('rate_limit_hit')
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ hits: eb('rate_limit_hit.hits', '+', 1) })))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** Takes one hit back (a request that turned out not to count: the login throttle counts failures only). */
export async function uncountHit(db: Db, key: string, windowStart: string): Promise<void> {
  await db
    .updateTable('rate_limit_hit')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .where('hits', '>', 0)
    .execute();
}

export async function resetHits(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_hit').where('key', '=', key).execute();
}

/** Windows that ended: nobody reads them again. */
export async function pruneHits(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('rate_limit_hit').where('window_start', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
