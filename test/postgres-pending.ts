/**
 * Integration test files that still fail on PostgreSQL for reasons not fixed
 * yet (issue 19 stays open while this list is not empty). `npm run
 * test:postgres` leaves them out and prints them with their reasons. The list
 * may only shrink: a file fixed on PostgreSQL leaves it.
 */
export const POSTGRES_PENDING: Readonly<Record<string, string>> = {
  // Two report answers (hr GET /api/reports/… for 2026-10) differ in bytes from same-bytes.json on PostgreSQL:
  // likely a float (avg/division in numeric vs SQLite's double) or a tie order in the report SQL; not analysed yet.
  'test/integration/same-bytes.test.ts': 'two report answers differ in bytes from SQLite (not analysed yet)',
  // It counts statements with statementsRun(), which SQLite's statement cache feeds; PostgreSQL's pool does not count yet.
  'test/integration/leave-list-cost.test.ts': 'statementsRun() counts only on SQLite (the PostgreSQL pool wrapper does not count statements yet)',
  // These start the server as a child process on its data dir (SQLite file) and kill or restart it; under load 19
  // on 2 cores they timed out at 30 s in the PostgreSQL run. Not analysed: they may need MUSTER_DATABASE_URL passed on.
  'test/integration/startup.test.ts': 'timed out (30 s) in the first PostgreSQL run under load; spawns the server as a process (not analysed)',
  'test/integration/outbox-durability.test.ts': 'kills and restarts a server process; failed in the first PostgreSQL run (not analysed)',
};

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
  'test/integration/lan-certificates.test.ts': 'its server (test/support/lan-server.ts) opens a SQLite file; the certificates do not depend on the engine',
};
