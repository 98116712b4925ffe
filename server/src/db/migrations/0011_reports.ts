import { type Kysely, sql } from 'kysely';

/**
 * Reports and the dashboard: reports users saved (a built-in report with its
 * parameter and filters under a name), and the ten-minute slots in which each
 * terminal was heard from, so the terminal health report can state uptime
 * (the registry only keeps the last contact). The covering index on
 * attendance days takes two more columns for the reports. Frozen once shipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_report')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_report_id', 'text', (c) => c.notNull())
    .addColumn('param', 'integer')
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('owner_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('saved_report_shared_ck', sql`shared in (0, 1)`)
    .execute();
  await db.schema.createIndex('saved_report_owner_ix').on('saved_report').columns(['owner_user_id', 'created_at']).execute();
  await db.schema.createIndex('saved_report_shared_ix').on('saved_report').columns(['shared', 'created_at']).execute();

  // One row per terminal per ten minutes it was reached in (slot = epoch milliseconds / 600,000).
  await db.schema
    .createTable('terminal_contact_slot')
    .addColumn('terminal_id', 'text', (c) => c.notNull().references('terminal.id').onDelete('cascade'))
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('terminal_contact_slot_pk', ['terminal_id', 'slot'])
    .execute();

  // Reports read these columns of every day of a year: the covering index of the day view and calendar
  // (0008) takes early exits and the shift too, so late/early and overtime need no table lookups.
  // Still one index: writes maintain as many as before.
  await sql`DROP INDEX attendance_day_date_ix`.execute(db);
  await sql`CREATE INDEX attendance_day_date_ix ON attendance_day
    (date, employee_id, status, worked_minutes, ot_minutes, late_minutes, early_minutes, frozen, provisional, lop_days, leave_days, present_days, shift_id)`.execute(db);
}
