import type { Kysely } from 'kysely';

// Issue 19: several server instances on one database. A lease per scheduled
// job, so each slot of its schedule runs on one instance (taken over when the
// instance holding it stops renewing), and per-key fixed-window counters for the rate
// limits and the login throttle that every instance counts in. Engine-neutral
// (text times, an upsert both engines run). Frozen once shipped.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_lease')
    .addColumn('name', 'text', (c) => c.primaryKey())
    // The scheduled time claimed (ISO, UTC): a later slot is claimed by the first instance to ask.
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    // Renewed while the run lasts; once past, another instance takes the unfinished slot over.
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();

  await db.schema
    .createTable('rate_limit_hit')
    // One row per key: its window starts at the key's first hit after the last one ended, as the
    // single PC's memory store counts, so a burst never straddles two clock-aligned windows.
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_hit_window').on('rate_limit_hit').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hit').execute();
  await db.schema.dropTable('job_lease').execute();
}
