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
  /** Most bytes kept in all: each value counts what `sizeOf` says; without it a Buffer its length, anything else nothing. */
  maxBytes?: number;
  /**
   * Keep a value only from the second time its key is asked (since the tables last changed): a value
   * asked once and never again is computed, returned and left to the young generation. For large
   * values that many keys produce once each (a list paged through in new orders and sizes), where
   * keeping every one pushed it into the old generation and evicted the ones asked again.
   */
  keepFromSecondAsking?: boolean;
}

interface Entry<V> {
  generation: number;
  value: V;
  bytes: number;
}

class Store<V> {
  readonly entries = new Map<string, Entry<V>>();
  /** Keys asked once and not kept (`keepFromSecondAsking`), oldest first. */
  readonly askedOnce = new Set<string>();
  generation = -1;
  bytes = 0;
}

export interface Cache<V> {
  readonly name: string;
  readonly reads: readonly TableSource[];
  /** The value for `key`, computed (and kept) when absent or when a table it reads changed. */
  get(db: Db, key: string, compute: () => Promise<V>): Promise<V>;
  /** The value kept for `key`, if any and still current; nothing is computed (and nothing is kept with caches off). */
  peek(db: Db, key: string): V | undefined;
  /** Values currently kept for `db` (tests and diagnostics). */
  size(db: Db): number;
}

/** A cache of values computed from the tables `options.reads` names. */
export function defineCache<V>(options: CacheOptions & { sizeOf?: (value: V) => number }): Cache<V> {
  const sizeOf = options.sizeOf ?? ((value: V) => (Buffer.isBuffer(value) ? value.length : 0));
  const maxEntries = options.maxEntries ?? 1000;
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const keepFromSecondAsking = options.keepFromSecondAsking === true;
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

  /** The store of `db` as of its tables' versions now (emptied if any changed), and that generation. */
  function current(db: Db): { store: Store<V>; generation: number } {
    const store = storeOf(db);
    const generation = tableVersions(db).sumOf(reads);
    if (store.generation !== generation) {
      store.entries.clear();
      store.askedOnce.clear();
      store.bytes = 0;
      store.generation = generation;
    }
    return { store, generation };
  }

  /** A kept value, made the most recently used. */
  function hitOf(store: Store<V>, key: string): Entry<V> | undefined {
    const hit = store.entries.get(key);
    if (hit) {
      store.entries.delete(key);
      store.entries.set(key, hit);
    }
    return hit;
  }

  return {
    name: options.name,
    reads,
    peek(db, key) {
      if (uncached.has(db.getExecutor().adapter)) return undefined;
      const { store } = current(db);
      return hitOf(store, key)?.value;
    },
    async get(db, key, compute) {
      // One WeakSet lookup on the single-PC path; shared databases compute every time (the session check first).
      if (uncached.has(db.getExecutor().adapter)) return compute();
      const versions = tableVersions(db);
      // Read before computing: a value computed while a write commits is kept under the old generation and never served.
      const { store, generation } = current(db);
      const hit = hitOf(store, key);
      if (hit) return hit.value;
      const value = await compute();
      if (versions.sumOf(reads) !== generation || store.generation !== generation) return value;
      if (keepFromSecondAsking && !store.askedOnce.delete(key)) {
        store.askedOnce.add(key);
        if (store.askedOnce.size > maxEntries) store.askedOnce.delete(store.askedOnce.values().next().value as string);
        return value;
      }
      remove(store, key);
      const bytes = sizeOf(value);
      store.entries.set(key, { generation, value, bytes });
      store.bytes += bytes;
      while (store.entries.size > maxEntries || (store.bytes > maxBytes && store.entries.size > 1)) {
        remove(store, store.entries.keys().next().value as string);
      }
      return value;
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

export interface KeptByIdOptions<V> {
  /** For diagnostics. */
  name: string;
  /** Every table the kept values are computed from. */
  reads: readonly TableSource[];
  /** Scopes kept at once (a caller's view, a leave year); the one used least recently goes first. */
  maxScopes: number;
  /** Most values per scope; a scope that would outgrow it starts again. */
  maxPerScope?: number;
  /** With `sizeOf`: most bytes per scope, the same way. */
  maxBytesPerScope?: number;
  sizeOf?: (value: V) => number;
}

export interface KeptById<V> {
  /**
   * The value of every id, those not kept for this scope read together by `readMissing` (ids it does not answer are
   * left out: gone since). Each scope's values belong to one state of the tables: the scope's map is taken before
   * anything is read, so values read while a write commits land in a map no later reader is given.
   */
  get(db: Db, scope: string, ids: readonly string[], readMissing: (missing: string[]) => Promise<ReadonlyMap<string, V>>): Promise<Map<string, V>>;
  /** The scope's kept values if every one of `ids` is among them (as of now; nothing is read), else nothing. */
  keptIfAll(db: Db, scope: string, ids: readonly string[]): ReadonlyMap<string, V> | undefined;
}

/**
 * Values kept one per id (a record, a person's row, a person's ledger) for the state of the tables they read:
 * a list's new page, filter or order mostly shows ids another page showed, so only the ids not shown since the
 * last write to those tables are read. With caches off (several instances) every id is read every time.
 */
export function defineKeptById<V>(options: KeptByIdOptions<V>): KeptById<V> {
  const scopes = defineCache<{ values: Map<string, V>; bytes: number }>({ name: options.name, reads: options.reads, maxEntries: options.maxScopes });
  const maxPerScope = options.maxPerScope ?? Number.POSITIVE_INFINITY;
  const maxBytes = options.maxBytesPerScope ?? Number.POSITIVE_INFINITY;
  const sizeOf = options.sizeOf ?? (() => 0);
  return {
    async get(db, scope, ids, readMissing) {
      const kept = await scopes.get(db, scope, async () => ({ values: new Map(), bytes: 0 }));
      const missing = [...new Set(ids.filter((id) => !kept.values.has(id)))];
      const read = missing.length > 0 ? await readMissing(missing) : new Map<string, V>();
      let bytes = 0;
      for (const v of read.values()) bytes += sizeOf(v);
      if (kept.values.size + read.size > maxPerScope || kept.bytes + bytes > maxBytes) {
        kept.values.clear();
        kept.bytes = 0;
      }
      for (const [id, v] of read) kept.values.set(id, v);
      kept.bytes += bytes;
      // What was just read answers even when the scope started again.
      const out = new Map<string, V>();
      for (const id of ids) {
        const v = read.get(id) ?? kept.values.get(id);
        if (v !== undefined) out.set(id, v);
      }
      return out;
    },
    keptIfAll(db, scope, ids) {
      const kept = scopes.peek(db, scope);
      if (!kept) return undefined;
      for (const id of ids) if (!kept.values.has(id)) return undefined;
      return kept.values;
    },
  };
}
