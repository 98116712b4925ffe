import { type Kysely, sql } from 'kysely';

// The calendar's month totals and the day view read these columns of every
// day in a date range: an index that carries them answers from the index alone
// (no table lookups), and replaces the (date, employee_id) one, so writes keep
// maintaining the same number of indexes. Frozen once shipped.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX attendance_day_date_ix`.execute(db);
  await sql`CREATE INDEX attendance_day_date_ix ON attendance_day
    (date, employee_id, status, worked_minutes, ot_minutes, late_minutes, frozen, provisional, lop_days, leave_days, present_days)`.execute(db);
}
