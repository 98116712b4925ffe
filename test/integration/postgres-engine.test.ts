import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database.ts';
import { tableVersions } from '../../server/src/db/cache.ts';
import { runTransaction } from '../../server/src/db/transaction.ts';
import { parseInt8 } from '../../server/src/db/postgres.ts';
import { testEngine } from '../support/engine.ts';
import { startServer, type TestServer } from '../support/server.ts';

const onPostgres = testEngine() === 'postgres';
if (!onPostgres) process.stdout.write('[postgres-only, not run on SQLite] postgres-engine.test.ts: column types, type parsers and table versions on PostgreSQL\n');

describe('64-bit integers from PostgreSQL', () => {
  it('arrive as numbers, and one beyond 2^53 is refused rather than rounded', () => {
    expect(parseInt8('1000000000005')).toBe(1_000_000_000_005);
    expect(parseInt8('-42')).toBe(-42);
    expect(() => parseInt8('9007199254740993')).toThrow(RangeError);
  });
});

describe.skipIf(!onPostgres)('the PostgreSQL engine', () => {
  let server: TestServer;
  let db: Database;

  beforeAll(async () => {
    server = await startServer({ outbox: false });
    db = server.database.db;
  });
  afterAll(async () => server?.close());

  it('stores SQLite integers as bigint and reals as double precision', async () => {
    const { rows } = await sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns
      where table_name = 'punch' and column_name in ('terminal_user_id', 'geo_lat', 'utc_offset_minutes') order by column_name`.execute(db);
    expect(rows).toEqual([
      { column_name: 'geo_lat', data_type: 'double precision' },
      { column_name: 'terminal_user_id', data_type: 'bigint' },
      { column_name: 'utc_offset_minutes', data_type: 'bigint' },
    ]);
  });

  it('answers as SQLite would: counts and sums as numbers, comparisons as 1/0, 8-byte floats kept whole', async () => {
    const row = (
      await sql<{ n: unknown; s: unknown; yes: unknown; no: unknown; f: unknown; big: unknown }>`
        select count(*) as n, sum(cast(1.5 as numeric)) as s, 1 = 1 as yes, 1 = 2 as no,
               cast(12.9715987 as double precision) as f, cast(1000000000005 as bigint) as big
        from organisation`.execute(db)
    ).rows[0];
    expect(row).toEqual({ n: 1, s: 1.5, yes: 1, no: 0, f: 12.9715987, big: 1_000_000_000_005 });
    await expect(sql`select cast(9007199254740993 as bigint) as big`.execute(db)).rejects.toThrow(RangeError);
  });

  it('bumps table versions for every write: outside a transaction, at its commit, and through cascading foreign keys', async () => {
    const versions = tableVersions(db);
    const at = new Date().toISOString();
    const before = versions.of('designation');
    await db.insertInto('designation').values({ id: 'pg-versions-1', name: 'PG versions 1', created_at: at }).execute();
    expect(versions.of('designation')).toBeGreaterThan(before);
    const inside = { before: 0, during: 0 };
    await runTransaction(db, async (trx) => {
      inside.before = versions.of('designation');
      await trx.insertInto('designation').values({ id: 'pg-versions-2', name: 'PG versions 2', created_at: at }).execute();
      inside.during = versions.of('designation');
    });
    expect(inside.during).toBeGreaterThan(inside.before);
    // Bumped again at the commit: a value cached while the transaction was open is not served after it.
    expect(versions.of('designation')).toBeGreaterThan(inside.during);
    const employee = await db.selectFrom('employee').select('id').where('manager_id', 'is', null).executeTakeFirstOrThrow();
    const line = versions.of('reporting_line');
    await db.updateTable('employee').set({ updated_at: at }).where('id', '=', employee.id).execute();
    expect(versions.of('reporting_line')).toBeGreaterThan(line);
  });
});
