import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { attachVersions } from './cache.ts';
import { PostgresTypesPlugin } from './dialect.ts';
import type { DB, Database } from './schema.ts';
import { type StatementEffect, TableVersions, cascadeClosure, effectOf } from './table-versions.ts';

/**
 * PostgreSQL's door: a connection pool whose answers look like SQLite's (the
 * same JSON bytes on both engines) and whose every statement feeds the table
 * versions the in-process caches read.
 */

const INT8 = 20;
const NUMERIC = 1700;
const BOOL = 16;
const JSON_OID = 114;
const JSONB = 3802;
const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

/** 64-bit integers (every `integer` column is `bigint` here, and count() is one) as JS numbers; never rounded. */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`A 64-bit integer from PostgreSQL is beyond JavaScript's safe integers: ${text}`);
  return n;
}

const asText = (text: string): string => text;

/**
 * Type parsers of this pool only (pg's global ones stay as they are): numbers
 * for int8 and numeric (sums and averages), 1/0 for booleans (SQLite has none:
 * a comparison selected as a column answers 1 or 0 there), and json and dates
 * as the text SQLite would hand back.
 */
export const postgresTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (format === 'binary') return pg.types.getTypeParser(oid, 'binary');
    switch (oid) {
      case INT8:
        return parseInt8;
      case NUMERIC:
        return (text: string) => Number(text);
      case BOOL:
        return (text: string) => (text === 't' ? 1 : 0);
      case JSON_OID:
      case JSONB:
      case DATE:
      case TIMESTAMP:
      case TIMESTAMPTZ:
        return asText;
      default:
        return pg.types.getTypeParser(oid, 'text');
    }
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export interface PostgresOptions {
  /** Connections kept open at most (default 10). */
  poolSize?: number;
}

export interface OpenedPostgresParts {
  db: Database;
  pool: pg.Pool;
  versions: TableVersions;
  /** Statements the pool's connections ran for the application (what `statementsRun` reads). */
  counter: { n: number };
}

/** Opens a pool on `url` (postgres://…) and a kysely instance on it. Migrations are the caller's. */
export function openPostgresPool(url: string, options: PostgresOptions = {}): OpenedPostgresParts {
  const versions = new TableVersions();
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types: postgresTypes });
  // An idle client losing its server (a restart) must not crash the process: the pool drops it.
  pool.on('error', () => undefined);
  const cascades = new Cascades();
  const counter = { n: 0 };
  pool.on('connect', (client) => trackWrites(client, versions, cascades, counter));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new PostgresTypesPlugin()] });
  attachVersions(db, versions);
  return { db, pool, versions, counter };
}

/** Tables a write to each table also changes through foreign keys (cascade, set null, set default), from the catalogue. */
class Cascades {
  #map: Map<string, string[]> | undefined;
  invalidate(): void {
    this.#map = undefined;
  }
  async of(query: (text: string) => Promise<pg.QueryResult>): Promise<Map<string, string[]>> {
    if (this.#map) return this.#map;
    const { rows } = await query(
      `select c.relname as child, p.relname as parent
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       where k.contype = 'f' and (k.confdeltype in ('c', 'n', 'd') or k.confupdtype in ('c', 'n', 'd'))`,
    );
    const direct = new Map<string, Set<string>>();
    for (const r of rows as { child: string; parent: string }[]) {
      let set = direct.get(r.parent);
      if (!set) direct.set(r.parent, (set = new Set()));
      set.add(r.child);
    }
    this.#map = cascadeClosure(direct);
    return this.#map;
  }
}

const EFFECTS_KEPT = 2000;

/**
 * Wraps one pooled client's `query` so every statement bumps the versions of
 * the tables it writes, as SQLite's statement cache does (`table-versions.ts`):
 * before it runs and again once it has run (a value computed in between by
 * another connection read the old rows and must not be kept under the new
 * version); inside a transaction, again when it ends (commit or rollback).
 * The state is per client: one client is one connection, one transaction at a time.
 */
function trackWrites(client: pg.PoolClient, versions: TableVersions, cascades: Cascades, counter: { n: number }): void {
  const effects = new Map<string, StatementEffect>();
  let open: Set<string> | undefined;
  const original = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const effectFor = (text: string): StatementEffect => {
    let effect = effects.get(text);
    if (!effect) {
      // kysely opens a transaction with an isolation level as `start transaction …`.
      effect = /^\s*start\s+transaction\b/i.test(text) ? { writes: [], transaction: 'begin' } : effectOf(text);
      if (effects.size >= EFFECTS_KEPT) effects.delete(effects.keys().next().value as string);
      effects.set(text, effect);
    }
    return effect;
  };
  const tracked = async (...args: unknown[]): Promise<pg.QueryResult> => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (typeof text !== 'string' || typeof args[args.length - 1] === 'function') return original(...args);
    counter.n++;
    const effect = effectFor(text);
    if (effect.transaction === 'begin') {
      const result = await original(...args);
      open = new Set();
      return result;
    }
    if (effect.transaction === 'end') {
      const tables = open;
      open = undefined;
      try {
        return await original(...args);
      } finally {
        if (tables?.size) versions.bump(tables);
      }
    }
    if (effect.ddl) {
      cascades.invalidate();
      return original(...args);
    }
    if (!effect.writes.length) return original(...args);
    const cascading = await cascades.of((q) => original(q));
    const touched = new Set<string>();
    for (const t of effect.writes) {
      touched.add(t);
      for (const c of cascading.get(t) ?? []) touched.add(c);
    }
    versions.bump(touched);
    if (open) {
      for (const t of touched) open.add(t);
      return original(...args);
    }
    try {
      return await original(...args);
    } finally {
      versions.bump(touched);
    }
  };
  (client as unknown as { query: typeof tracked }).query = tracked;
}
