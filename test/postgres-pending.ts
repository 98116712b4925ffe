/**
 * Integration test files that still fail on PostgreSQL for reasons not fixed
 * yet (issue 19 stays open while this list is not empty). `npm run
 * test:postgres` leaves them out and prints them with their reasons. The list
 * may only shrink: a file fixed on PostgreSQL leaves it.
 */
export const POSTGRES_PENDING: Readonly<Record<string, string>> = {};

/**
 * Files that test the embedded engine itself and mean nothing on PostgreSQL:
 * they open their own SQLite file (pragmas, the statement cache, migrations
 * on a file, a seeded file with a fixed clock). The PostgreSQL run leaves them
 * out and prints them; `npm test` runs them.
 */
export const SQLITE_ONLY_FILES: Readonly<Record<string, string>> = {
  'test/integration/database.test.ts': "the SQLite file's pragmas and checkpoints",
  'test/integration/reusable-query.test.ts': "direct handles of SQLite's statement cache",
  'test/integration/migration-order.test.ts': 'migrations applied to a SQLite file out of order',
  'test/integration/backup.test.ts': "SQLite's online backup API (on PostgreSQL backups are pg_dump/PITR, the operator's)",
  'test/integration/lan-https.test.ts': 'its server (test/support/lan-server.ts) opens a SQLite file; the HTTPS layer does not depend on the engine',
  'test/integration/startup.test.ts': 'starts the server as a process on a new data dir, its SQLite file (configuration refusals, first run, SIGTERM); servers on PostgreSQL start in every other file of this run',
  'test/integration/lan-certificates.test.ts': 'its server (test/support/lan-server.ts) opens a SQLite file; the certificates do not depend on the engine',
  'test/integration/bench-history-seed.test.ts': "the scale bench's seeder writes a SQLite file directly (bulk inserts, indexes dropped and rebuilt)",
};
