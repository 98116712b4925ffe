import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Punches are the evidence behind every attendance figure: never deleted, never
// edited. Corrections are new rows that supersede (`supersedes_id`); the one
// change allowed is attaching an unmatched punch (no employee yet) to the
// employee its terminal user id was later mapped to. Frozen once shipped.
const FIXED = [
  'id', 'source', 'terminal_id', 'terminal_serial', 'terminal_user_id', 'trans_id', 'at', 'utc_offset_minutes',
  'local_date', 'local_time', 'attend_stat', 'verify_mode', 'direction', 'photo_path', 'geo_lat', 'geo_lng',
  'geo_accuracy', 'flags', 'supersedes_id', 'regularization_id', 'note', 'created_by_name', 'created_at',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return upPostgres(db);
  // SQLite-only: trigger syntax (RAISE, WHEN).
  await sql`CREATE TRIGGER punch_never_deleted BEFORE DELETE ON punch
    BEGIN SELECT RAISE(ABORT, 'punches are never deleted: add a superseding punch instead'); END`.execute(db);
  const changed = FIXED.map((c) => `NEW.${c} IS NOT OLD.${c}`).join(' OR ');
  await sql
    .raw(
      `CREATE TRIGGER punch_never_edited BEFORE UPDATE ON punch
       WHEN OLD.employee_id IS NOT NULL OR ${changed}
       BEGIN SELECT RAISE(ABORT, 'punches are never edited: add a superseding punch instead'); END`,
    )
    .execute(db);
}


/** The same two refusals as PL/pgSQL trigger functions (IS DISTINCT FROM is SQLite's IS NOT). */
async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE FUNCTION punch_never_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'punches are never deleted: add a superseding punch instead'; END $$`.execute(db);
  await sql`CREATE TRIGGER punch_never_deleted BEFORE DELETE ON punch FOR EACH ROW EXECUTE FUNCTION punch_never_deleted()`.execute(db);
  const changed = FIXED.map((c) => `NEW.${c} IS DISTINCT FROM OLD.${c}`).join(' OR ');
  await sql`CREATE FUNCTION punch_never_edited() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'punches are never edited: add a superseding punch instead'; END $$`.execute(db);
  await sql
    .raw(
      `CREATE TRIGGER punch_never_edited BEFORE UPDATE ON punch FOR EACH ROW
       WHEN (OLD.employee_id IS NOT NULL OR ${changed})
       EXECUTE FUNCTION punch_never_edited()`,
    )
    .execute(db);
}
