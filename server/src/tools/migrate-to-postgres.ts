import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { type Kysely, type Transaction, sql } from 'kysely';
import { migrateToLatest, openPostgres } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';

/**
 * Moves an office from the embedded SQLite file to PostgreSQL (`npm run
 * migrate-to-postgres`, issue 19). SQL lives here rather than in a module's
 * repository: a tool that copies every table whatever it holds, not a request
 * path. The source side is SQLite-only by nature (sqlite_master, pragmas).
 *
 * One consistent snapshot: every read of the file happens in one read
 * transaction (WAL gives it a fixed snapshot while a server may keep writing).
 * One target transaction: the copy, the re-enabled triggers and the checksum
 * check commit together or not at all, so a mismatch leaves no half-copied data.
 */

/** A table's outcome: rows and checksums on both sides. */
export interface TableReport {
  table: string;
  sqliteRows: number;
  postgresRows: number;
  sqliteChecksum: string;
  postgresChecksum: string;
  ok: boolean;
}

export interface MigrationReport {
  tables: TableReport[];
  /** Every table arrived with the same count and checksum (then, and only then, the copy was committed). */
  ok: boolean;
  /** Migrations run on the target before the copy. */
  migrationsApplied: string[];
}

/** Copy progress, reported per batch. */
export interface Progress {
  table: string;
  /** 1-based position of the table in the copy order, and how many tables there are. */
  index: number;
  tables: number;
  copied: number;
  total: number;
}

export interface MigrateOptions {
  /** The SQLite file (data/muster.sqlite). */
  from: string;
  /** postgres://… of an empty database. */
  to: string;
  onProgress?: (p: Progress) => void;
  /** Rows per INSERT at most (kept under PostgreSQL's 65,535 parameters per statement whatever the width). */
  batchRows?: number;
}

/** Why the tool refuses to start (a clear message, no data written). */
export class MigrationRefused extends Error {
  override name = 'MigrationRefused';
}

/** kysely's lock row is the target's own (migrateToLatest made it); the migration list is copied as the file has it. */
const SKIPPED = new Set(['kysely_migration_lock']);
const MAX_PARAMETERS = 60_000;
const READ_BATCH = 5_000;

type Row = Record<string, unknown>;

/** One value as both sides write it into the checksum: numbers, text, null, bytes (hex) are all SQLite holds. */
function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return { hex: value.toString('hex') };
  if (typeof value === 'bigint') return Number(value);
  return value;
}

function addRow(hash: Hash, columns: readonly string[], row: Row): void {
  hash.update(JSON.stringify(columns.map((c) => canonical(row[c]))));
  hash.update('\n');
}

interface SourceTable {
  name: string;
  columns: string[];
  primaryKey: string[];
  parents: string[];
}

/** Tables of the file (SQLite-only: sqlite_master and pragmas), parents before children. */
function sourceTables(file: SQLite.Database): SourceTable[] {
  const names = (file.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`).all() as { name: string }[])
    .map((r) => r.name)
    .filter((n) => !SKIPPED.has(n));
  const tables = names.map((name): SourceTable => {
    const info = file.pragma(`table_info("${name.replaceAll('"', '""')}")`) as { name: string; pk: number }[];
    const fks = file.pragma(`foreign_key_list("${name.replaceAll('"', '""')}")`) as { table: string }[];
    const primaryKey = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
    return {
      name,
      columns: info.map((c) => c.name),
      // Without a declared key every column orders the rows (identical rows then tie, and hash alike).
      primaryKey: primaryKey.length ? primaryKey : info.map((c) => c.name),
      parents: [...new Set(fks.map((f) => f.table))].filter((p) => p !== name),
    };
  });
  // Foreign-key order (constraints are deferred too, so self-references and any cycle still copy).
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: SourceTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (t: SourceTable) => {
    if (state.get(t.name)) return;
    state.set(t.name, 'visiting');
    for (const p of t.parents) {
      const parent = byName.get(p);
      if (parent) visit(parent);
    }
    state.set(t.name, 'done');
    ordered.push(t);
  };
  tables.forEach(visit);
  return ordered;
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** Refuses a target holding anything of an office: any table with a row (the migration list included). */
async function assertEmpty(db: Kysely<any>): Promise<void> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  if (tables.rows.some((t) => t.name === 'kysely_migration')) {
    const applied = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db);
    const n = Number(applied.rows[0]?.n ?? 0);
    if (n) {
      throw new MigrationRefused(
        `The target database already holds a Muster schema (${n} applied migrations in kysely_migration). Muster copies only into an empty database: create a new one (createdb), then run again.`,
      );
    }
  }
  const occupied: string[] = [];
  for (const { name } of tables.rows) {
    const r = await sql<{ any: number }>`select exists (select 1 from ${sql.table(name)}) as any`.execute(db);
    if (r.rows[0]?.any) occupied.push(name);
  }
  if (occupied.length) {
    const shown = occupied.slice(0, 5).join(', ') + (occupied.length > 5 ? `, … (${occupied.length} tables)` : '');
    throw new MigrationRefused(
      `The target database is not empty (rows in ${shown}). Muster copies only into an empty database: create a new one (createdb) or drop this one's tables, then run again.`,
    );
  }
}

/** The file's applied migrations must be exactly this version's: an older file is upgraded by starting Muster on it first. */
function assertSameVersion(file: SQLite.Database): void {
  const known = new Set(Object.keys(migrations));
  const hasList = file.prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`).get();
  const applied = hasList ? (file.prepare('select name from kysely_migration').all() as { name: string }[]).map((r) => r.name) : [];
  const unknown = applied.filter((n) => !known.has(n));
  const missing = [...known].filter((n) => !applied.includes(n));
  if (!applied.length) throw new MigrationRefused('The SQLite file holds no Muster database (no applied migrations).');
  if (unknown.length) throw new MigrationRefused(`The SQLite file was made by a newer Muster (migrations ${unknown.join(', ')} are unknown here): run this tool from that version.`);
  if (missing.length) throw new MigrationRefused(`The SQLite file is from an older Muster (migrations ${missing.join(', ')} not applied): start this version of Muster on it once so it upgrades, then run again.`);
}

interface ForeignKey {
  table: string;
  name: string;
  deferrable: boolean;
  deferred: boolean;
}

async function foreignKeys(trx: Transaction<any>): Promise<ForeignKey[]> {
  const r = await sql<{ table: string; name: string; deferrable: number; deferred: number }>`
    select c.relname as table, k.conname as name, k.condeferrable as deferrable, k.condeferred as deferred
    from pg_constraint k join pg_class c on c.oid = k.conrelid
    where k.contype = 'f' and c.relnamespace = current_schema()::regnamespace`.execute(trx);
  return r.rows.map((f) => ({ table: f.table, name: f.name, deferrable: Boolean(f.deferrable), deferred: Boolean(f.deferred) }));
}

async function columnsOf(db: Kysely<any>): Promise<Map<string, Map<string, string>>> {
  const r = await sql<{ table: string; column: string; type: string }>`select table_name as table, column_name as column, data_type as type
    from information_schema.columns where table_schema = current_schema()`.execute(db);
  const out = new Map<string, Map<string, string>>();
  for (const c of r.rows) {
    let t = out.get(c.table);
    if (!t) out.set(c.table, (t = new Map()));
    t.set(c.column, c.type);
  }
  return out;
}

/** Rollback carrying the report (a mismatch must leave nothing committed). */
class Mismatch extends Error {
  constructor(readonly tables: TableReport[]) {
    super('checksum mismatch');
  }
}

/**
 * Copies the SQLite file `from` into the empty PostgreSQL database `to`.
 * Throws `MigrationRefused` before writing anything when the target is not
 * empty or the file is not this version's; returns the per-table report
 * otherwise (`ok` false: nothing of the copy was committed).
 */
export async function migrateToPostgres(options: MigrateOptions): Promise<MigrationReport> {
  if (!fs.existsSync(options.from)) throw new MigrationRefused(`No SQLite file at ${options.from}.`);
  const file = new SQLite(options.from, { readonly: true, fileMustExist: true });
  const target = openPostgres(options.to);
  const db = target.db as unknown as Kysely<any>;
  try {
    // The snapshot: a read transaction whose first read fixes what every later read sees.
    file.exec('begin');
    assertSameVersion(file);
    const tables = sourceTables(file);
    await assertEmpty(db);
    const migrationsApplied = await migrateToLatest(target.db);
    const targetColumns = await columnsOf(db);
    for (const t of tables) {
      const have = targetColumns.get(t.name);
      if (!have) throw new MigrationRefused(`Table ${t.name} of the SQLite file has no counterpart in PostgreSQL after the migrations.`);
      const lacking = t.columns.filter((c) => !have.has(c));
      if (lacking.length) throw new MigrationRefused(`Columns ${lacking.join(', ')} of ${t.name} have no counterpart in PostgreSQL.`);
    }
    const batchLimit = options.batchRows ?? 1000;
    let reports: TableReport[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        // The frozen triggers (0005's append-only punches, 0014's reporting line and leave load) must not
        // fire: the rows are history as it stands, and 0014's maintained tables are copied as they are.
        // Foreign keys checked at commit, not row by row: employees point at managers copied later in the same table.
        const fks = await foreignKeys(trx);
        for (const fk of fks.filter((f) => !f.deferrable)) {
          await sql`alter table ${sql.table(fk.table)} alter constraint ${sql.id(fk.name)} deferrable initially immediate`.execute(trx);
        }
        await sql`set constraints all deferred`.execute(trx);
        for (const t of tables) await sql`alter table ${sql.table(t.name)} disable trigger user`.execute(trx);
        // The migrations seed rows of their own (default settings, document types) and their list: the file's
        // rows replace them all (the same migration names, the file's dates; the file's settings as edited).
        await sql`truncate table ${sql.join(tables.map((t) => sql.table(t.name)))}`.execute(trx);

        const sqliteSide = new Map<string, { rows: number; checksum: string }>();
        for (const [i, t] of tables.entries()) {
          const total = (file.prepare(`select count(*) as n from ${quote(t.name)}`).get() as { n: number }).n;
          const perInsert = Math.max(1, Math.min(batchLimit, Math.floor(MAX_PARAMETERS / t.columns.length)));
          const order = t.primaryKey.map(quote).join(', ');
          const hash = createHash('sha256');
          let copied = 0;
          let batch: Row[] = [];
          const flush = async () => {
            if (!batch.length) return;
            await trx.insertInto(t.name).values(batch).execute();
            copied += batch.length;
            batch = [];
            options.onProgress?.({ table: t.name, index: i + 1, tables: tables.length, copied, total });
          };
          // SQLite's text order is bytewise (BINARY), as PostgreSQL's "C" collation below.
          for (const row of file.prepare(`select * from ${quote(t.name)} order by ${order}`).iterate() as IterableIterator<Row>) {
            addRow(hash, t.columns, row);
            const values: Row = {};
            for (const c of t.columns) values[c] = typeof row[c] === 'bigint' ? Number(row[c]) : row[c];
            batch.push(values);
            if (batch.length >= perInsert) await flush();
          }
          await flush();
          if (copied === 0) options.onProgress?.({ table: t.name, index: i + 1, tables: tables.length, copied, total });
          sqliteSide.set(t.name, { rows: copied, checksum: hash.digest('hex') });
        }

        // Checks first (they must hold before anything is put back), then the schema as the migrations left it.
        await sql`set constraints all immediate`.execute(trx);
        for (const fk of fks.filter((f) => !f.deferrable)) {
          await sql`alter table ${sql.table(fk.table)} alter constraint ${sql.id(fk.name)} not deferrable`.execute(trx);
        }
        for (const t of tables) await sql`alter table ${sql.table(t.name)} enable trigger user`.execute(trx);
        await resetSequences(trx);

        reports = [];
        for (const t of tables) {
          const source = sqliteSide.get(t.name) as { rows: number; checksum: string };
          const types = targetColumns.get(t.name) as Map<string, string>;
          const copy = await checksumOf(trx, t, types);
          reports.push({
            table: t.name,
            sqliteRows: source.rows,
            postgresRows: copy.rows,
            sqliteChecksum: source.checksum,
            postgresChecksum: copy.checksum,
            ok: source.rows === copy.rows && source.checksum === copy.checksum,
          });
        }
        if (reports.some((r) => !r.ok)) throw new Mismatch(reports);
      });
    } catch (e) {
      if (e instanceof Mismatch) return { tables: e.tables, ok: false, migrationsApplied };
      throw e;
    }
    return { tables: reports, ok: true, migrationsApplied };
  } finally {
    if (file.inTransaction) file.exec('rollback');
    file.close();
    await target.close();
  }
}

/** The copy's rows in the same order and serialisation as the file's, read through a cursor (tables can hold millions of punches). */
async function checksumOf(trx: Transaction<any>, t: SourceTable, types: Map<string, string>): Promise<{ rows: number; checksum: string }> {
  const order = sql.join(t.primaryKey.map((c) => (/char|text/.test(types.get(c) ?? '') ? sql`${sql.ref(c)} collate "C"` : sql.ref(c))));
  await sql`declare muster_copy_check no scroll cursor for select * from ${sql.table(t.name)} order by ${order}`.execute(trx);
  const hash = createHash('sha256');
  let rows = 0;
  for (;;) {
    const r = await sql<Row>`fetch ${sql.raw(String(READ_BATCH))} from muster_copy_check`.execute(trx);
    for (const row of r.rows) addRow(hash, t.columns, row);
    rows += r.rows.length;
    if (r.rows.length < READ_BATCH) break;
  }
  await sql`close muster_copy_check`.execute(trx);
  return { rows, checksum: hash.digest('hex') };
}

/** Sequences behind serial or identity columns continue after the copied values (none today: ids are text; kept for any later table). */
async function resetSequences(trx: Transaction<any>): Promise<void> {
  const r = await sql<{ table: string; column: string; sequence: string }>`
    select c.table_name as table, c.column_name as column, pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as sequence
    from information_schema.columns c
    where c.table_schema = current_schema() and (c.column_default like 'nextval(%' or c.is_identity = 'YES')`.execute(trx);
  for (const s of r.rows) {
    if (!s.sequence) continue;
    await sql`select setval(${s.sequence}, coalesce((select max(${sql.ref(s.column)}) from ${sql.table(s.table)}), 0) + 1, false)`.execute(trx);
  }
}
