import type { Db } from '../context.ts';
import type { DB } from './schema.ts';
import { TableVersions } from './table-versions.ts';

/**
 * The one cache mechanism of the server. A cache declares the tables its
 * values are computed from; a value is served only while none of those tables
 * has been written since it was computed (see `table-versions.ts`: every
 * statement that writes a table bumps its version at the connection). Nobody
 * clears a cache by hand, so a write from any channel — console, public API,
 * agent, job, import — is seen by the next read.
 *
 * Besides tables, a key carries whatever else the value depends on (the
 * caller's view, the query, today's date).
 */

export type TableName = keyof DB & string;
/** A table, or its activity columns only (`ACTIVITY_COLUMNS` in `table-versions.ts`). */
export type TableSource = TableName | `${TableName}#activity`;

// Root and transaction instances of one database share its adapter object.
const registry = new WeakMap<object, TableVersions>();

/** Registers the versions a database's connection feeds (`openDatabase` calls it). */
export function attachVersions(db: Db, versions: TableVersions): void {
  registry.set(db.getExecutor().adapter, versions);
}

// Databases other server instances write too (config.sharedDatabase): their versions here see only this
// process's writes, so nothing read from them is kept (docs/deployment.md, "Several instances").
const uncached = new WeakSet<object>();

/**
 * Turns every cache off for `db` (and its transactions): another instance's write
 * bumps no counter here, so a kept value could be stale. The app does it when
 * MUSTER_INSTANCES > 1 or the database is PostgreSQL.
 */
export function serveUncached(db: Db): void {
  uncached.add(db.getExecutor().adapter);
}

/** The table versions of a database opened with `openDatabase`. */
export function tableVersions(db: Db): TableVersions {
  const versions = registry.get(db.getExecutor().adapter);
  if (!versions) throw new Error('This database was not opened with openDatabase: its writes are not tracked, so nothing can be cached.');
  return versions;
}

export interface CacheOptions {
  /** For diagnostics. */
  name: string;
  /** Every table the cached values are computed from. */
  reads: readonly TableSource[];
  /** Most values kept (least recently used go first). */
  maxEntries?: number;
  /** For byte values: most bytes kept in all. */
  maxBytes?: number;
}

interface Entry<V> {
  generation: number;
  value: V;
  bytes: number;
}

class Store<V> {
  readonly entries = new Map<string, Entry<V>>();
  generation = -1;
  bytes = 0;
}

export interface Cache<V> {
  readonly name: string;
  readonly reads: readonly TableSource[];
  /** The value for `key`, computed (and kept) when absent or when a table it reads changed. */
  get(db: Db, key: string, compute: () => Promise<V>): Promise<V>;
  /**
   * The value kept for `key` while no table it reads changed, else undefined; computes nothing (a
   * caller that would read several values' sources in one statement asks first which are missing).
   */
  peek(db: Db, key: string): V | undefined;
  /** Values currently kept for `db` (tests and diagnostics). */
  size(db: Db): number;
}

/** A cache of values computed from the tables `options.reads` names. */
export function defineCache<V>(options: CacheOptions): Cache<V> {
  const maxEntries = options.maxEntries ?? 1000;
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const stores = new WeakMap<object, Store<V>>();
  const reads = [...options.reads];

  function storeOf(db: Db): Store<V> {
    const key = db.getExecutor().adapter;
    let store = stores.get(key);
    if (!store) stores.set(key, (store = new Store()));
    return store;
  }

  function remove(store: Store<V>, key: string): void {
    const old = store.entries.get(key);
    if (!old) return;
    store.bytes -= old.bytes;
    store.entries.delete(key);
  }

  return {
    name: options.name,
    reads,
    async get(db, key, compute) {
      // One WeakSet lookup on the single-PC path; shared databases compute every time (the session check first).
      if (uncached.has(db.getExecutor().adapter)) return compute();
      const versions = tableVersions(db);
      const store = storeOf(db);
      // Read before computing: a value computed while a write commits is kept under the old generation and never served.
      const generation = versions.sumOf(reads);
      if (store.generation !== generation) {
        store.entries.clear();
        store.bytes = 0;
        store.generation = generation;
      }
      const hit = store.entries.get(key);
      if (hit) {
        store.entries.delete(key);
        store.entries.set(key, hit);
        return hit.value;
      }
      const value = await compute();
      if (versions.sumOf(reads) !== generation || store.generation !== generation) return value;
      remove(store, key);
      const bytes = Buffer.isBuffer(value) ? value.length : 0;
      store.entries.set(key, { generation, value, bytes });
      store.bytes += bytes;
      while (store.entries.size > maxEntries || (store.bytes > maxBytes && store.entries.size > 1)) {
        remove(store, store.entries.keys().next().value as string);
      }
      return value;
    },
    peek(db, key) {
      if (uncached.has(db.getExecutor().adapter)) return undefined;
      const store = storeOf(db);
      if (store.generation !== tableVersions(db).sumOf(reads)) return undefined;
      const hit = store.entries.get(key);
      if (!hit) return undefined;
      store.entries.delete(key);
      store.entries.set(key, hit);
      return hit.value;
    },
    size(db) {
      return storeOf(db).entries.size;
    },
  };
}

/** A cache of whole answers kept as serialised JSON bytes. */
export function defineJsonCache(options: CacheOptions): {
  readonly name: string;
  get(db: Db, key: string, compute: () => Promise<unknown>): Promise<Buffer>;
} {
  const bytes = defineCache<Buffer>({ maxBytes: 16 * 1024 * 1024, ...options });
  return {
    name: options.name,
    get: (db, key, compute) => bytes.get(db, key, async () => Buffer.from(JSON.stringify(await compute()))),
  };
}
