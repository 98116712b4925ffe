/**
 * Which engine this test run uses: SQLite (`npm test`) or PostgreSQL
 * (`npm run test:postgres`, which sets MUSTER_TEST_PG_URL to the throwaway
 * cluster's maintenance database, see postgres-run.ts).
 */
import pg from 'pg';

export const PG_URL_ENV = 'MUSTER_TEST_PG_URL';

export type TestEngine = 'sqlite' | 'postgres';

export function testEngine(): TestEngine {
  return process.env[PG_URL_ENV] ? 'postgres' : 'sqlite';
}

/**
 * For tests that are SQLite-only by nature (they read the database file, its
 * pragmas, the backup API, the delivery thread sharing the file's table
 * versions): true on the PostgreSQL run, which then prints why the test does
 * not run there. Use as `it.skipIf(sqliteOnly('reads the SQLite file'))(…)`.
 */
export function sqliteOnly(reason: string): boolean {
  if (testEngine() !== 'postgres') return false;
  process.stdout.write(`[sqlite-only, not run on PostgreSQL] ${reason}\n`);
  return true;
}

/** The URL of another database of the test cluster. */
export function pgUrlOf(database: string): string {
  const url = new URL(process.env[PG_URL_ENV] as string);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs statements on the cluster's maintenance database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function onCluster(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: process.env[PG_URL_ENV] });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

/** A database name of the test cluster, unique to this test. */
export function freshDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}
