import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { attachVersions } from './cache.ts';
import { migrations } from './migrations/index.ts';
import type { Engine } from './dialect.ts';
import { openPostgresPool } from './postgres.ts';
import { attachHandle } from './reusable-query.ts';
import type { DB, Database } from './schema.ts';
import { type StatementEffect, TableVersions, effectOf, versionTracker } from './table-versions.ts';

export type { Database } from './schema.ts';
export type { Engine } from './dialect.ts';

interface Opened {
  engine: Engine;
  db: Database;
  /** The table versions this connection bumps and its caches read (shared memory: see `TableVersions`). */
  versions: TableVersions;
  close(): Promise<void>;
}

/** The embedded engine: one file, one connection. */
export interface OpenedSqlite extends Opened {
  engine: 'sqlite';
  /** The raw handle, for the online backup API, bench floors and SQLite-only tests only. */
  sqlite: SQLite.Database;
}

/** PostgreSQL (`MUSTER_DATABASE_URL`): a pool of connections. */
export interface OpenedPostgres extends Opened {
  engine: 'postgres';
}

/** A database of either engine; only SQLite has a raw handle (narrow on `engine`). */
export type OpenedDatabase = OpenedSqlite | OpenedPostgres;

/** Where the data lives: the SQLite file, unless a PostgreSQL URL is configured. */
export interface DatabaseTarget {
  databaseFile: string;
  databaseUrl?: string | undefined;
}

/** Opens the configured engine: PostgreSQL when `databaseUrl` is set, else the SQLite file exactly as before. */
export function openConfiguredDatabase(target: DatabaseTarget, options: OpenOptions = {}): OpenedDatabase {
  return target.databaseUrl ? openPostgres(target.databaseUrl) : openDatabase(target.databaseFile, options);
}

/** Opens a PostgreSQL database (postgres://…); connections are made as requests need them. */
export function openPostgres(url: string): OpenedPostgres {
  const { db, versions, counter } = openPostgresPool(url);
  statementCounters.set(db, counter);
  let closed = false;
  return {
    engine: 'postgres',
    db,
    versions,
    async close() {
      if (closed) return;
      closed = true;
      // Kysely's destroy ends the pool.
      await db.destroy();
    },
  };
}

/** The raw SQLite handle of a database; throws on PostgreSQL (callers are SQLite-only by nature: pragmas, the file). */
export function sqliteHandle(opened: OpenedDatabase): SQLite.Database {
  if (opened.engine !== 'sqlite') throw new Error('This needs the embedded SQLite engine (it reads its file or pragmas).');
  return opened.sqlite;
}

export interface OpenOptions {
  /**
   * A second connection of the same server in another thread (the outbox
   * delivery thread): the first connection's `versions.buffer`, so writes on
   * either are seen by the caches of both. Such a connection leaves the WAL
   * checkpoints to the first one.
   */
  sharedVersions?: SharedArrayBuffer;
  /**
   * `false`: commits are not synced to disk one by one (`synchronous = NORMAL`): in WAL mode such a
   * commit is atomic and reaches the disk with the next synced commit of any connection or the next
   * checkpoint; only a power cut in between can lose it. For the delivery thread, whose records
   * (an attempt made, a delivery settled) are safe to lose: an unrecorded delivery is sent again
   * with the same event id (at-least-once). Its fsync held the write lock that requests wait for.
   */
  syncEachCommit?: boolean;
  /** Tests: how the checkpointer works (`CHECKPOINTS`), and the WAL file's size left after a restart (`WAL_SIZE_LIMIT`). */
  checkpoints?: Partial<CheckpointPolicy>;
  walSizeLimit?: number;
}

/** When the checkpoint thread copies the WAL into the database file, and when it makes the next writer start the WAL again. */
export interface CheckpointPolicy {
  everyMs: number;
  /** A WAL longer than this many frames at a checkpoint is restarted (see `CHECKPOINTER`). */
  restartAboveFrames: number;
  /** How long the restart waits for the write lock and for readers before it gives up until the next tick. */
  restartWaitMs: number;
  /** Off (tests: the behaviour without it). */
  restart: boolean;
}

/** On POSIX, files readable and writable by their owner only (0600); missing ones are skipped. */
export function keepPrivate(...files: string[]): void {
  if (process.platform === 'win32') return;
  for (const f of files) {
    try {
      fs.chmodSync(f, 0o600);
    } catch {
      // not there (yet)
    }
  }
}

/**
 * Opens (creating if needed) the SQLite file with the pragmas Muster relies on.
 * SQLite-only: this file is the embedded engine's door (pragmas, the checkpoint worker, the statement cache).
 */
export function openDatabase(file: string, options: OpenOptions = {}): OpenedSqlite {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // People's salaries and PANs: the file (and the WAL and shared-memory files SQLite makes beside it) for this user only.
  keepPrivate(file, `${file}-wal`, `${file}-shm`);
  // FULL, not NORMAL: in WAL mode NORMAL skips the fsync at commit, so a commit already answered
  // 200 (ingest, console writes) could roll back after a power cut while the connector has marked
  // its records sent. FULL syncs the WAL at each commit; group commit and batch ingest keep it cheap.
  sqlite.pragma(options.syncEachCommit === false ? 'synchronous = NORMAL' : 'synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite would checkpoint inside whichever commit crosses 1,000 WAL pages, adding
  // milliseconds to that request; checkpoint from a timer instead, on a connection of
  // its own in a worker thread: a checkpoint of a busy second takes 5–40 ms, which on
  // this thread stalled every request in flight (the ingest p99).
  sqlite.pragma('wal_autocheckpoint = 0');
  // Once restarted, the WAL file is cut back to this size at the next commit: a backlog's burst would
  // otherwise leave a file of its peak size on disk for good.
  sqlite.pragma(`journal_size_limit = ${options.walSizeLimit ?? WAL_SIZE_LIMIT}`);
  const checkpoints = options.sharedVersions ? { stop: async () => undefined } : startCheckpointer(file, { ...CHECKPOINTS, ...options.checkpoints });
  const versions = new TableVersions(options.sharedVersions);
  const track = versionTracker(sqlite, versions);
  const counter = { n: 0 };
  const cached = withStatementCache(sqlite, (effect) => {
    counter.n++;
    track(effect);
  });
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cached }) });
  attachHandle(db, cached);
  attachVersions(db, versions);
  statementCounters.set(db, counter);
  let closed = false;
  return {
    engine: 'sqlite',
    db,
    sqlite,
    versions,
    async close() {
      if (closed) return;
      closed = true;
      await checkpoints.stop();
      // Kysely's destroy closes the better-sqlite3 handle too.
      await db.destroy();
    },
  };
}

const statementCounters = new WeakMap<object, { n: number }>();

/**
 * Statements run on this connection since it was opened (every one passes the
 * statement cache below): tests count what one request costs with it.
 */
export function statementsRun(db: Database): number {
  return statementCounters.get(db)?.n ?? 0;
}

const STATEMENT_CACHE_SIZE = 500;
const CHECKPOINTS: CheckpointPolicy = { everyMs: 1000, restartAboveFrames: 4096, restartWaitMs: 20, restart: true };
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

// CommonJS evaluated in the worker (no loader needed, in the sources or a build alike).
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const policy = workerData.policy;
const timer = setInterval(() => {
  try {
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
    // Under writes without a pause a PASSIVE checkpoint never catches up with the last commit, so no
    // writer ever starts the WAL again from its beginning: under 8 senders of punches the file grew by
    // 35 MB a second (460 MB after 13 s), each commit appending to it (docs/performance.md). When it is
    // long, a RESTART copies the few frames written meanwhile, holding writers back, and waits for
    // readers, so the next writer starts the WAL from its beginning. It waits restartWaitMs at most: a
    // long read (an export) makes it give up until the next tick rather than hold writers back.
    if (policy.restart && passive && passive.log > policy.restartAboveFrames) {
      db.pragma('busy_timeout = ' + policy.restartWaitMs);
      try {
        db.pragma('wal_checkpoint(RESTART)');
      } finally {
        db.pragma('busy_timeout = 5000');
      }
    }
  } catch {
    // Busy or locked at this tick: the next one checkpoints.
  }
}, policy.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Checkpoints the WAL every second from a worker thread; `stop` closes its connection. */
function startCheckpointer(file: string, policy: CheckpointPolicy): { stop(): Promise<void> } {
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), policy },
  });
  worker.unref();
  // Losing the checkpointer only lets the WAL grow until the next start; never crash the server for it.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Held while it closes: an unref'd worker would let the process end mid-await.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

/**
 * Kysely prepares every query afresh; better-sqlite3 statements are reusable,
 * and preparing costs more than running a small indexed query. Keep the most
 * recent ones by SQL text. Every statement passes here just before it runs
 * (kysely and the reusable queries prepare on each run), which is where
 * `seen` learns what it writes (table versions, for the caches).
 */
function withStatementCache(sqlite: SQLite.Database, seen: (effect: StatementEffect) => void): SQLite.Database {
  const statements = new Map<string, { statement: SQLite.Statement; effect: StatementEffect }>();
  const prepare = (source: string): SQLite.Statement => {
    let hit = statements.get(source);
    if (!hit) {
      // kysely opens a transaction with a plain (deferred) `begin`. Two connections write this file (the
      // requests' and the delivery thread's): a deferred transaction that read before its first write
      // fails with SQLITE_BUSY (snapshot) when the other committed in between, without waiting. IMMEDIATE
      // takes the write lock at the start, waiting (busy_timeout) while the other commits.
      const sql = source === 'begin' ? 'begin immediate' : source;
      const statement = sqlite.prepare(sql);
      hit = { statement: statement.reader ? rowsBuiltInJs(statement) : statement, effect: effectOf(sql) };
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      statements.set(source, hit);
    }
    seen(hit.effect);
    return hit.statement;
  };
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A `*` among the columns a statement answers (`select *`, `select distinct "t".*`, `returning *`): the table's, which a migration may change. */
const SELECT_STAR = /(?:\bselect(?:\s+(?:distinct|all))?|\breturning|,)\s*(?:(?:"[^"]*"|\w+)\.)?\*/i;

/**
 * A reading statement whose rows come out of better-sqlite3 as arrays and are made objects by a
 * function written for its columns: what kysely and the reusable queries get from `prepare`.
 *
 * better-sqlite3 builds each row object in C++, one property at a time: the leave list's 51 request
 * rows of 45 columns took 1.6–2.5 ms that way and 0.9–1.4 ms as arrays turned into objects by an
 * object literal, which V8 builds from one template (1,000 employees of 38 columns: 16–17 ms against
 * 8.8 ms). The objects are the same: the same keys in the same order, a repeated name keeping its
 * first place and its last value (as the C++ side, setting one property after another, does).
 *
 * Left as they are: statements with `*` in the select list, whose column names are only known from
 * the table (a statement SQLite prepares again after a migration could name them differently), and
 * any column named `__proto__` (an object literal would set the prototype instead).
 */
export function rowsBuiltInJs(statement: SQLite.Statement): SQLite.Statement {
  const names = statement.columns().map((c) => c.name);
  if (SELECT_STAR.test(statement.source) || names.includes('__proto__')) return statement;
  // Keys are JSON string literals: no column name can be read as code.
  const build = new Function('r', `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}};`) as (row: unknown[]) => unknown;
  statement.raw(true);
  const objects = (rows: unknown[][]): unknown[] => {
    const out = rows as unknown[];
    for (let i = 0; i < rows.length; i++) out[i] = build(rows[i] as unknown[]);
    return out;
  };
  const view = {
    reader: true,
    source: statement.source,
    database: statement.database,
    get busy() {
      return statement.busy;
    },
    all: (...params: unknown[]) => objects(statement.all(...params) as unknown[][]),
    get: (...params: unknown[]) => {
      const row = statement.get(...params) as unknown[] | undefined;
      return row === undefined ? undefined : build(row);
    },
    *iterate(...params: unknown[]) {
      for (const row of statement.iterate(...params) as IterableIterator<unknown[]>) yield build(row);
    },
    columns: () => statement.columns(),
    run: () => {
      throw new TypeError('This statement returns data. Use all(), get(), or iterate() instead');
    },
  };
  return view as unknown as SQLite.Statement;
}

/**
 * Applies every pending migration, each in its own transaction, oldest first.
 * Returns the names applied. Throws on the first failure (that one is rolled back).
 */
export async function migrateToLatest(db: Database): Promise<string[]> {
  // Migration numbers are reserved per branch, so one can land after a higher one already ran
  // (0014 after 0015): run whatever has not run, in name order. Each touches only tables older than itself.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const applied: string[] = [];
  for (;;) {
    const { error, results } = await migrator.migrateUp();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    const done = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (done.length === 0) return applied;
    applied.push(...done);
  }
}
