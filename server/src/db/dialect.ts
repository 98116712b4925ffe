import {
  type DataTypeNode,
  type Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresAdapter,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
  type UnknownRow,
  sql,
} from 'kysely';

/**
 * The one seam for what differs between the embedded engine (SQLite) and
 * PostgreSQL. Repositories and migrations ask here instead of branching on
 * their own, so a grep for `dialect.ts` finds every difference. In each
 * function below the second branch is SQLite-only SQL (group_concat, julianday,
 * strftime/datetime) and the first PostgreSQL-only.
 */
export type Engine = 'sqlite' | 'postgres';

/** Any kysely instance or transaction (migrations get `Kysely<unknown>`). */
interface HasExecutor {
  getExecutor(): { adapter: unknown };
}

/** The engine a database (or transaction) runs on. */
export function engineOf(db: HasExecutor): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgres(db: HasExecutor): boolean {
  return engineOf(db) === 'postgres';
}

/** Joins `expression` over a group with `separator` (SQLite `group_concat`, PostgreSQL `string_agg`: needs text). */
export function stringAgg(db: HasExecutor, expression: RawBuilder<unknown>, separator: string): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`string_agg(${expression}, ${sql.lit(separator)})`
    : sql<string>`group_concat(${expression}, ${sql.lit(separator)})`;
}

/** Hours from one ISO-8601 UTC text timestamp to another (fractional). */
export function hoursBetween(db: HasExecutor, from: RawBuilder<unknown>, to: RawBuilder<unknown>): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`(extract(epoch from (cast(${to} as timestamptz) - cast(${from} as timestamptz))) / 3600.0)`
    : sql<number>`((julianday(${to}) - julianday(${from})) * 24)`;
}

/**
 * A local date's midnight (`YYYY-MM-DD` text) shifted by `minutes` and written
 * as an ISO-8601 UTC timestamp with milliseconds, the form every `*_at` column holds.
 */
export function dateShiftedToIso(db: HasExecutor, date: RawBuilder<unknown>, minutes: number): RawBuilder<string> {
  if (!Number.isInteger(minutes)) throw new Error('dateShiftedToIso: minutes must be a whole number');
  return isPostgres(db)
    ? sql<string>`to_char(cast(${date} as timestamp) + ${sql.lit(minutes)} * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', datetime(${date}, ${`${minutes} minutes`}))`;
}

/**
 * Column types as the migrations name them (SQLite's affinities) in
 * PostgreSQL's words: SQLite's `integer` is 64-bit (terminal user ids reach
 * 1e12, sizes in bytes, counters), PostgreSQL's 32-bit, so `bigint`; SQLite's
 * `real` is an 8-byte float, PostgreSQL's a 4-byte one (geo coordinates and
 * leave amounts would lose digits), so `double precision`. Applied by a plugin
 * to every statement on PostgreSQL, so the frozen migrations stay as written.
 */
const POSTGRES_TYPES: Readonly<Record<string, string>> = {
  integer: 'bigint',
  real: 'double precision',
  blob: 'bytea',
};

class PostgresTypes extends OperationNodeTransformer {
  protected override transformDataType(node: DataTypeNode): DataTypeNode {
    const mapped = typeof node.dataType === 'string' ? POSTGRES_TYPES[node.dataType] : undefined;
    return mapped ? { ...node, dataType: mapped as DataTypeNode['dataType'] } : node;
  }
}

/** The kysely plugin that writes SQLite's column types as PostgreSQL's (see `POSTGRES_TYPES`). */
export class PostgresTypesPlugin implements KyselyPlugin {
  readonly #transformer = new PostgresTypes();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const kind = args.node.kind;
    // Only schema statements name column types: the others pass untouched.
    if (kind !== 'CreateTableNode' && kind !== 'AlterTableNode') return args.node;
    return this.#transformer.transformNode(args.node, args.queryId);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** For migrations: run `sqlite` on SQLite and `postgres` on PostgreSQL. */
export async function byEngine(db: Kysely<unknown>, both: { sqlite: () => Promise<void>; postgres: () => Promise<void> }): Promise<void> {
  await (isPostgres(db) ? both.postgres() : both.sqlite());
}
