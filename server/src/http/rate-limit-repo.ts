import type { Db } from '../context.ts';

/** The shared per-key window counters of the rate limits (`rate_limit_hit`, migration 0018). */

/**
 * Counts one hit for a key and answers its window: one upsert both engines run
 * atomically (SQLite ≥ 3.35 and PostgreSQL have ON CONFLICT … DO UPDATE …
 * RETURNING, and both read the old row in every SET expression), so two
 * instances never lose each other's hits. A window that started at or before
 * `expiredAt` is over: this hit starts a new one at `now`.
 */
export async function countHit(db: Db, key: string, now: string, expiredAt: string): Promise<{ hits: number; windowStart: string }> {
  const row = await db
    .insertInto('rate_limit_hit')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const over = eb('rate_limit_hit.window_start', '<=', expiredAt);
        return {
          hits: eb.case().when(over).then(1).else(eb('rate_limit_hit.hits', '+', 1)).end(),
          window_start: eb.case().when(over).then(now).else(eb.ref('rate_limit_hit.window_start')).end(),
        };
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowStart: row.window_start };
}

/** Takes one hit back (a request that turned out not to count: the login throttle counts failures only). */
export async function uncountHit(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_limit_hit')
    .set((eb) => ({ hits: eb('hits', '-', 1) }))
    .where('key', '=', key)
    .where('hits', '>', 0)
    .execute();
}

export async function resetHits(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_hit').where('key', '=', key).execute();
}

/** Windows that ended: the key's next hit would start afresh anyway. */
export async function pruneHits(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('rate_limit_hit').where('window_start', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
