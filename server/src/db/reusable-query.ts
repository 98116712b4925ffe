import type SQLite from 'better-sqlite3';
import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { Database } from './database.ts';

/**
 * A kysely query that hot paths run thousands of times: its SQL is built and
 * compiled once per shape of arguments, and each run only binds new values.
 * Building and compiling took more time than SQLite spent running the
 * statements of a punch's reconcile (the session check and the day upsert
 * had their own copies of this trick before).
 *
 * Arguments are values, lists and plain records of them. `build` must hand
 * them to kysely as values and never branch on them: it runs once, with
 * stand-ins, and a stand-in that does not come back as a parameter throws.
 * Lists are homogeneous (every item shaped like the first: rows of one
 * insert), and each list length is a shape of its own.
 */
export function reusableQuery<A, R>(build: (db: Database, args: A) => Compilable<R>): (db: Database, args: A) => Promise<QueryResult<R>> {
  const compiled = new Map<string, Template>();
  return async (db, args) => {
    const key = shapeKey(args);
    let template = compiled.get(key);
    if (!template) {
      template = compileTemplate(db, build, args);
      if (compiled.size >= MAX_SHAPES) compiled.clear();
      compiled.set(key, template);
    }
    const params = bind(template, args);
    // Inside a transaction the one connection is already this caller's: run on it directly
    // (kysely would go through six async layers per query to reach the same handle).
    const handle = db.isTransaction ? handles.get(db.getExecutor().adapter) : undefined;
    if (handle) return runOn<R>(handle, template.sql, params);
    return db.executeQuery<R>(CompiledQuery.raw(template.sql, params));
  };
}

// Root and transaction instances of one database share its adapter object.
const handles = new WeakMap<object, SQLite.Database>();

/** Lets reusable queries run on this database's handle inside its transactions (`openDatabase` calls it). */
export function attachHandle(db: Database, handle: SQLite.Database): void {
  handles.set(db.getExecutor().adapter, handle);
}

/** What kysely's SQLite driver does with a compiled query. */
function runOn<R>(handle: SQLite.Database, sql: string, params: unknown[]): QueryResult<R> {
  const statement = handle.prepare(sql);
  if (statement.reader) return { rows: statement.all(params) as R[] };
  const { changes, lastInsertRowid } = statement.run(params);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/** Rows of a reusable select. */
export function reusableSelect<A, R>(build: (db: Database, args: A) => Compilable<R>): (db: Database, args: A) => Promise<R[]> {
  const run = reusableQuery(build);
  return async (db, args) => (await run(db, args)).rows;
}

// Shapes of one query (list lengths) that stay compiled; more means churn, so start over.
const MAX_SHAPES = 64;
const STAND_IN = '\u0000muster-arg:';

interface Template {
  sql: string;
  /** The stand-ins it was compiled with: list items and records are read by their keys. */
  shape: unknown;
  /** Per parameter: the index of the flattened argument it binds, or -1 for a constant. */
  sources: number[];
  constants: unknown[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * The shape of arguments: list lengths and how many keys records have, with
 * lists read through their first item. Runs on every call, so it builds one
 * short string and never lists keys (a key that differs is caught by `flatten`).
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

/** Every value of the arguments, in the order of the template's shape. */
function flatten(value: unknown, shape: unknown, out: unknown[]): void {
  if (Array.isArray(shape)) {
    for (const item of value as unknown[]) flatten(item, shape[0], out);
  } else if (isRecord(shape)) {
    const record = value as Record<string, unknown>;
    for (const k in shape) {
      const v = record[k];
      if (v === undefined) throw new Error(`reusableQuery: argument "${k}" is missing (records of one query carry the same keys)`);
      flatten(v, shape[k], out);
    }
  } else out.push(value);
}

/** The arguments with each value replaced by a stand-in naming its flattened index. */
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
    if (typeof p === 'string' && p.startsWith(STAND_IN)) {
      const index = Number(p.slice(STAND_IN.length));
      sources.push(index);
      bound.add(index);
      constants.push(undefined);
    } else {
      sources.push(-1);
      constants.push(p);
    }
  }
  if (bound.size !== next.i) throw new Error(`reusableQuery: ${next.i - bound.size} argument(s) not passed to the query as values`);
  return { sql: query.sql, shape, sources, constants };
}

function bind(template: Template, args: unknown): unknown[] {
  const flat: unknown[] = [];
  flatten(args, template.shape, flat);
  const params = new Array<unknown>(template.sources.length);
  for (let i = 0; i < params.length; i++) {
    const s = template.sources[i] as number;
    params[i] = s < 0 ? template.constants[i] : flat[s];
  }
  return params;
}
