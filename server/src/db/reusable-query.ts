import type SQLite from 'better-sqlite3';
import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A kysely query that hot paths run thousands of times: its SQL is built and
 * compiled once per shape of arguments, and each run only binds new values.
 * Building and compiling took more time than SQLite spent running the
 * statements of a punch's reconcile (the session check and the day upsert
 * had their own copies of this trick before).
 *
 * Arguments are values, lists and plain records of them. `build` must hand
 * them to kysely as values and never branch on them: it runs once, with
 * stand-ins, and a stand-in that does not come back as a parameter of its
 * own throws. Values are bound by key, and arguments whose lists or records
 * do not match the compiled shape are built by kysely as usual.
 *
 * Inside a transaction opened by `whileLive` (context.ts `inTransaction`)
 * the statement runs on the connection at once: await the transaction's own
 * kysely writes before a reusable read that must see them.
 */
export function reusableQuery<A, R>(build: (db: Database, args: A) => Compilable<R>): (db: Database, args: A) => Promise<QueryResult<R>> {
  // Per engine (adapter class): SQLite and PostgreSQL write the same query differently (`?` and `$1`), and one
  // process may hold both (the PostgreSQL benchmark, the migration to PostgreSQL).
  let engine: unknown;
  let compiled = new Map<string, Template>();
  const byEngine = new Map<unknown, Map<string, Template>>();
  return async (db, args) => {
    const adapter = db.getExecutor().adapter.constructor;
    if (adapter !== engine) {
      engine = adapter;
      compiled = byEngine.get(adapter) ?? new Map();
      byEngine.set(adapter, compiled);
    }
    const key = shapeKey(args);
    let template = compiled.get(key);
    if (!template) {
      template = compileTemplate(db, build, args);
      if (compiled.size >= MAX_SHAPES) compiled.delete(compiled.keys().next().value as string);
      compiled.set(key, template);
    }
    const params = bind(template, args);
    if (!params) return db.executeQuery(build(db, args)); // a rare shape the key did not tell apart
    const handle = liveTransactions.has(db) ? handles.get(db.getExecutor().adapter) : undefined;
    if (handle) return runOn<R>(handle, template.sql, params);
    return db.executeQuery<R>(CompiledQuery.raw(template.sql, params));
  };
}

/** Rows of a reusable select. */
export function reusableSelect<A, R>(build: (db: Database, args: A) => Compilable<R>): (db: Database, args: A) => Promise<R[]> {
  const run = reusableQuery(build);
  return async (db, args) => (await run(db, args)).rows;
}

// Root and transaction instances of one database share its adapter object.
const handles = new WeakMap<object, SQLite.Database>();
const liveTransactions = new WeakSet<object>();

/** Lets reusable queries run on this database's handle inside its live transactions (`openDatabase` calls it). */
export function attachHandle(db: Database, handle: SQLite.Database): void {
  handles.set(db.getExecutor().adapter, handle);
}

/**
 * Runs `fn` while `trx` holds the connection: its reusable queries go to the
 * handle directly (kysely would pass six async layers per query to reach the
 * same handle). Before and after, they go through kysely, which refuses a
 * transaction used after its end.
 */
export async function whileLive<T>(trx: object, fn: () => Promise<T>): Promise<T> {
  liveTransactions.add(trx);
  try {
    return await fn();
  } finally {
    liveTransactions.delete(trx);
  }
}

/** What kysely's SQLite driver does with a compiled query. */
function runOn<R>(handle: SQLite.Database, sql: string, params: unknown[]): QueryResult<R> {
  const statement = handle.prepare(sql);
  if (statement.reader) return { rows: statement.all(params) as R[] };
  const { changes, lastInsertRowid } = statement.run(params);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

// Shapes of one query that stay compiled (the day upsert alone has 65: 1-64 rows and full batches).
const MAX_SHAPES = 128;
const STAND_IN = '\u0000muster-arg:';
const STAND_IN_EXACT = /^\u0000muster-arg:(\d+)$/;

interface Template {
  sql: string;
  /** The arguments it was compiled with, each value replaced by its index: values are read by key along it. */
  shape: unknown;
  /** Per parameter: the index of the flattened argument it binds, or -1 for a constant. */
  sources: number[];
  constants: unknown[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * The shape of arguments, built on every call, so cheap: list lengths and
 * how many keys records have, lists described by their first item. What it
 * cannot tell apart (key names, later items) `flatten` checks.
 */
function shapeKey(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.length}${shapeKey(value[0])}]`;
  if (!isRecord(value)) return '?';
  let count = 0;
  let nested = '';
  for (const k in value) {
    count++;
    const v = value[k];
    if (typeof v === 'object' && v !== null) nested += shapeKey(v);
  }
  return `{${count}${nested}}`;
}

/** Every value of the arguments, in the order of the template's stand-ins; false where the arguments have another shape. */
function flatten(value: unknown, shape: unknown, out: unknown[]): boolean {
  if (Array.isArray(shape)) {
    if (!Array.isArray(value) || value.length !== shape.length) return false;
    for (let i = 0; i < shape.length; i++) if (!flatten(value[i], shape[i], out)) return false;
    return true;
  }
  if (isRecord(shape)) {
    if (!isRecord(value)) return false;
    for (const k in shape) {
      if (!(k in value) || !flatten(value[k], shape[k], out)) return false;
    }
    return true;
  }
  if (Array.isArray(value) || isRecord(value) || value === undefined) return false;
  out[shape as number] = value;
  return true;
}

/** The stand-ins with each replaced by its index, as `flatten` reads them. */
function indicesOf(shape: unknown): unknown {
  if (Array.isArray(shape)) return shape.map(indicesOf);
  if (isRecord(shape)) {
    const out: Record<string, unknown> = {};
    for (const k in shape) out[k] = indicesOf(shape[k]);
    return out;
  }
  return Number((shape as string).slice(STAND_IN.length));
}

/** The arguments with each value replaced by a stand-in naming its index. */
function standIns(value: unknown, next: { i: number }): unknown {
  if (Array.isArray(value)) return value.map((item) => standIns(item, next));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const k in value) out[k] = standIns(value[k], next);
    return out;
  }
  return `${STAND_IN}${next.i++}`;
}

function compileTemplate<A, R>(db: Database, build: (db: Database, args: A) => Compilable<R>, args: A): Template {
  const next = { i: 0 };
  const shape = standIns(args, next);
  const query = build(db, shape as A).compile();
  const sources: number[] = [];
  const constants: unknown[] = [];
  const bound = new Set<number>();
  for (const p of query.parameters) {
    const match = typeof p === 'string' ? STAND_IN_EXACT.exec(p) : null;
    if (match) {
      const index = Number(match[1]);
      sources.push(index);
      bound.add(index);
      constants.push(undefined);
    } else if (typeof p === 'string' && p.includes(STAND_IN)) {
      throw new Error('reusableQuery: an argument is used inside an expression; pass it to the query as a value');
    } else {
      sources.push(-1);
      constants.push(p);
    }
  }
  if (bound.size !== next.i) throw new Error(`reusableQuery: ${next.i - bound.size} argument(s) not passed to the query as values`);
  return { sql: query.sql, shape: indicesOf(shape), sources, constants };
}

function bind(template: Template, args: unknown): unknown[] | null {
  const flat: unknown[] = [];
  if (!flatten(args, template.shape, flat)) return null;
  const params = new Array<unknown>(template.sources.length);
  for (let i = 0; i < params.length; i++) {
    const s = template.sources[i] as number;
    params[i] = s < 0 ? template.constants[i] : flat[s];
  }
  return params;
}
