import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

export interface OpenedDatabase {
  db: Database;
  /** The raw handle, for the online backup API and bench floors only. */
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

/** Opens (creating if needed) the SQLite file with the pragmas Muster relies on. */
export function openDatabase(file: string): OpenedDatabase {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite would checkpoint inside whichever commit crosses 1,000 WAL pages, adding
  // milliseconds to that request; checkpoint from a timer between requests instead.
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpoints = setInterval(() => {
    try {
      sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // A transaction is open across this tick: the next tick checkpoints.
    }
  }, CHECKPOINT_EVERY_MS);
  checkpoints.unref();
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  let closed = false;
  return {
    db,
    sqlite,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(checkpoints);
      // Kysely's destroy closes the better-sqlite3 handle too.
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;
const CHECKPOINT_EVERY_MS = 1000;

/**
 * Kysely prepares every query afresh; better-sqlite3 statements are reusable,
 * and preparing costs more than running a small indexed query. Keep the most
 * recent ones by SQL text.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    const hit = statements.get(source);
    if (hit) return hit;
    const statement = sqlite.prepare(source);
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
    statements.set(source, statement);
    return statement;
  };
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Applies every pending migration, each in its own transaction, oldest first.
 * Returns the names applied. Throws on the first failure (that one is rolled back).
 */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const applied: string[] = [];
  for (;;) {
    const { error, results } = await migrator.migrateUp();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    const done = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (done.length === 0) return applied;
    applied.push(...done);
  }
}
