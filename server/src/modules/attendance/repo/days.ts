import { sql } from 'kysely';
import type { Db } from '../../../context.ts';
import { isPostgres, stringAgg } from '../../../db/dialect.ts';
import { reusableQuery, reusableSelect } from '../../../db/reusable-query.ts';
import type { AttendanceDayTable, AttendanceOverrideTable } from '../../../db/schema.ts';

/** Reconciled days (`attendance_day`) and HR's overrides of them (`attendance_override`). */

/** Some employees by id, or every employee. */
export type Ids = readonly string[] | 'all';

export type ExistingDay = Pick<
  AttendanceDayTable,
  'employee_id' | 'date' | 'frozen' | 'override_worked_minutes' | 'override_ot_minutes' | 'override_reason'
>;

/** Only rows that constrain reconciliation: frozen or overridden. */
function constrainingDays(db: Db, from: string, to: string) {
  return db
    .selectFrom('attendance_day')
    .select(['employee_id', 'date', 'frozen', 'override_worked_minutes', 'override_ot_minutes', 'override_reason'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where((eb) => eb.or([eb('frozen', '=', 1), eb('override_worked_minutes', 'is not', null), eb('override_ot_minutes', 'is not', null)]));
}

// Reconciling a punch's day reads these for one employee: compiled once (see reusableQuery).
const constrainingDaysOf = reusableSelect((db, a: { ids: readonly string[]; from: string; to: string }) =>
  constrainingDays(db, a.from, a.to).where('employee_id', 'in', a.ids),
);

export async function listExistingDays(db: Db, ids: Ids, from: string, to: string): Promise<ExistingDay[]> {
  if (ids === 'all') return constrainingDays(db, from, to).execute();
  return ids.length === 0 ? [] : constrainingDaysOf(db, { ids, from, to });
}

/** The frozen days of an employee in a range, ascending (ModuleLinks `attendance.frozenDays`). */
export async function frozenDates(db: Db, employeeId: string, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('attendance_day')
    .select('date')
    .where('employee_id', '=', employeeId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where('frozen', '=', 1)
    .orderBy('date')
    .execute();
  return rows.map((r) => r.date);
}

const DAY_COLUMNS = [
  'employee_id',
  'date',
  'shift_id',
  'status',
  'provisional',
  'frozen',
  'worked_minutes',
  'ot_minutes',
  'late_minutes',
  'early_minutes',
  'first_in',
  'last_out',
  'punch_count',
  'present_days',
  'leave_days',
  'lop_days',
  'holiday_name',
  'leave_code',
  'reasons',
  'window_start',
  'window_end',
  'override_worked_minutes',
  'override_ot_minutes',
  'override_reason',
  'dirty',
  'computed_at',
] as const;

// What reconciling a day rewrites: everything but its key, the freeze and HR's override.
const KEPT_ON_RECONCILE: ReadonlySet<string> = new Set(['employee_id', 'date', 'frozen', 'override_worked_minutes', 'override_ot_minutes', 'override_reason']);
const DAY_UPDATE_COLUMNS = DAY_COLUMNS.filter((c) => !KEPT_ON_RECONCILE.has(c));

const UPSERT_BATCH = 400;

function upsertQuery(db: Db, rows: readonly AttendanceDayTable[]) {
  return db
    .insertInto('attendance_day')
    .values(rows as AttendanceDayTable[])
    .onConflict((oc) =>
      oc
        .columns(['employee_id', 'date'])
        .doUpdateSet((eb) => Object.fromEntries(DAY_UPDATE_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])) as never)
        .where('attendance_day.frozen', '=', 0),
    );
}

const upsertBatch = reusableQuery(upsertQuery);

/**
 * Inserts or replaces reconciled days; a frozen row is never touched.
 * Building a 400-row statement costs more than running it: full batches and
 * the few rows of an incremental reconcile reuse their compiled SQL; the odd
 * tail of a range is built once per range.
 */
/**
 * Serialises reconciles of the same employees across connections, for the rest of the caller's
 * transaction: two transactions each adding punches to one employee-day must not each store a day
 * computed from only their own punches. PostgreSQL: a row lock on the employees (ids sorted, so two
 * lockers never wait on each other in a circle; NO KEY UPDATE, so inserts referencing the employee
 * are not blocked); the second locker waits for the first to commit and its later statements read
 * the first's punches (SERIALIZABLE instead fails it, and `inTransaction` runs it again). SQLite-only
 * branch: nothing to do, the transaction already holds the file's write lock from `begin immediate`.
 */
export async function lockEmployeesForReconcile(db: Db, ids: readonly string[]): Promise<void> {
  if (!isPostgres(db) || ids.length === 0) return;
  await db.selectFrom('employee').select('id').where('id', 'in', [...new Set(ids)].sort()).orderBy('id').forNoKeyUpdate().execute();
}

export async function upsertDays(db: Db, rows: readonly AttendanceDayTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    const batch = rows.slice(i, i + UPSERT_BATCH);
    if (batch.length > 64 && batch.length !== UPSERT_BATCH) await upsertQuery(db, batch).execute();
    else if (batch.length > 0) await upsertBatch(db, batch);
  }
}

export async function findDay(db: Db, employeeId: string, date: string): Promise<AttendanceDayTable | undefined> {
  return db.selectFrom('attendance_day').select([...DAY_COLUMNS]).where('employee_id', '=', employeeId).where('date', '=', date).executeTakeFirst();
}

export async function listDays(db: Db, ids: Ids, from: string, to: string): Promise<AttendanceDayTable[]> {
  let q = db.selectFrom('attendance_day').select([...DAY_COLUMNS]).where('date', '>=', from).where('date', '<=', to);
  if (ids !== 'all') {
    if (ids.length === 0) return [];
    q = q.where('employee_id', 'in', ids);
  }
  return q.orderBy('employee_id').orderBy('date').execute();
}

/** Whether any reconciled day names a shift (it then cannot be deleted). */
export async function anyDayOnShift(db: Db, shiftId: string): Promise<boolean> {
  return (await db.selectFrom('attendance_day').select('employee_id').where('shift_id', '=', shiftId).executeTakeFirst()) !== undefined;
}

export async function updateDayOverride(
  db: Db,
  employeeId: string,
  date: string,
  patch: Partial<Pick<AttendanceDayTable, 'frozen' | 'override_worked_minutes' | 'override_ot_minutes' | 'override_reason' | 'status' | 'worked_minutes' | 'ot_minutes' | 'present_days' | 'lop_days' | 'computed_at'>>,
): Promise<void> {
  await db.updateTable('attendance_day').set(patch).where('employee_id', '=', employeeId).where('date', '=', date).execute();
}

export async function insertOverrideEntry(db: Db, row: AttendanceOverrideTable): Promise<void> {
  await db.insertInto('attendance_override').values(row).execute();
}

export async function listOverrideEntries(db: Db, employeeId: string, date: string) {
  return db
    .selectFrom('attendance_override')
    .select(['id', 'reason', 'worked_minutes', 'ot_minutes', 'frozen', 'before', 'after', 'actor_name', 'at'])
    .where('employee_id', '=', employeeId)
    .where('date', '=', date)
    .orderBy('at', 'desc')
    // Ties (one clock reading) newest first on every engine: ids are time-ordered.
    .orderBy('id', 'desc')
    .execute();
}

export type OverrideEntryRow = Awaited<ReturnType<typeof listOverrideEntries>>[number];

/** Days still waiting to become final whose window has ended, and days marked dirty. */
export async function daysToSweep(db: Db, nowIso: string, limit: number) {
  return db
    .selectFrom('attendance_day')
    .select(['employee_id', 'date'])
    .where('frozen', '=', 0)
    .where((eb) => eb.or([eb.and([eb('provisional', '=', 1), eb('window_end', '<=', nowIso)]), eb('dirty', '=', 1)]))
    .orderBy('date')
    .limit(limit)
    .execute();
}

/** The window end of every day from a date on that is provisional or dirty (what the sweep weighs against the terminals). */
export async function listOpenDayWindows(db: Db, from: string) {
  return db
    .selectFrom('attendance_day')
    .select(['employee_id', 'date', 'window_end', 'dirty'])
    .where('date', '>=', from)
    .where((eb) => eb.or([eb('provisional', '=', 1), eb('dirty', '=', 1)]))
    .execute();
}

/** Whether each stored day of a range is final, frozen or dirty (what closing days skips). */
export async function listDayStates(db: Db, from: string, to: string) {
  return db
    .selectFrom('attendance_day')
    .select(['employee_id', 'date', 'provisional', 'dirty', 'frozen'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
}

/** What the calendar grid shows of each day (no reasons: a month of them is large). */
export interface CalendarCellRow {
  status: string;
  worked_minutes: number;
  ot_minutes: number;
  late_minutes: number;
  frozen: number;
  provisional: number;
}

/**
 * The stored days of some employees in a range, by employee and date. One row
 * per employee (the days joined into a string in SQL): handing 31 rows per
 * person from SQLite to JavaScript costs twice as much as splitting one.
 */
export async function listCalendarCells(db: Db, ids: readonly string[], from: string, to: string): Promise<Map<string, Map<string, CalendarCellRow>>> {
  const out = new Map<string, Map<string, CalendarCellRow>>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('attendance_day')
    .select([
      'employee_id',
      // Every column is NOT NULL and none can hold ',' or ';' (dates, status codes, integers).
      stringAgg(db, sql`date || ',' || status || ',' || worked_minutes || ',' || ot_minutes || ',' || late_minutes || ',' || frozen || ',' || provisional`, ';').as('cells'),
    ])
    .where('employee_id', 'in', ids)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .groupBy('employee_id')
    .execute();
  for (const r of rows) {
    const days = new Map<string, CalendarCellRow>();
    for (const cell of r.cells.split(';')) {
      const [date = '', status = '', worked, ot, late, frozen, provisional] = cell.split(',');
      days.set(date, { status, worked_minutes: Number(worked), ot_minutes: Number(ot), late_minutes: Number(late), frozen: Number(frozen), provisional: Number(provisional) });
    }
    out.set(r.employee_id, days);
  }
  return out;
}

/** Per employee and status, the count and sums of a range of days (the month totals of the calendar). */
export async function sumDaysByStatus(db: Db, ids: Ids, from: string, to: string, opts: { elsewhere: boolean }) {
  let q = db
    .selectFrom('attendance_day')
    .select((eb) => [
      'employee_id',
      'status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('worked_minutes').as('worked'),
      eb.fn.sum<number>('ot_minutes').as('ot'),
      eb.fn.sum<number>('lop_days').as('lop'),
      eb.fn.sum<number>('leave_days').as('leave'),
      eb.fn.sum<number>('present_days').as('present'),
      eb.fn.sum<number>(eb.case().when('late_minutes', '>', 0).then(1).else(0).end()).as('late'),
      // Days whose stored reasons name a punch at another location (the reasons are JSON text: `{"rule":"wrong-location",…}`).
      // Only when asked: the reasons are not in the date index, so counting them reads every day's row from the table, in
      // date order — at 15,000 people a year's summary spent most of its 34 s on those lookups.
      opts.elsewhere ? eb.fn.sum<number>(eb.case().when('reasons', 'like', '%"rule":"wrong-location"%').then(1).else(0).end()).as('elsewhere') : sql<number>`0`.as('elsewhere'),
    ])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .groupBy(['employee_id', 'status']);
  if (ids !== 'all') {
    if (ids.length === 0) return [];
    q = q.where('employee_id', 'in', ids);
  }
  return q.execute();
}

export async function markDirty(db: Db, ids: Ids, from: string, to: string): Promise<void> {
  let q = db.updateTable('attendance_day').set({ dirty: 1 }).where('date', '>=', from).where('date', '<=', to).where('frozen', '=', 0);
  if (ids !== 'all') {
    if (ids.length === 0) return;
    q = q.where('employee_id', 'in', ids);
  }
  await q.execute();
}

/** Per employee, the sums of a range of days (days worked, hours, overtime, loss of pay) for the statutory registers. */
export async function sumDaysByEmployee(db: Db, ids: Ids, from: string, to: string) {
  let q = db
    .selectFrom('attendance_day')
    .select((eb) => [
      'employee_id',
      eb.fn.sum<number>('present_days').as('present'),
      eb.fn.sum<number>('worked_minutes').as('worked'),
      eb.fn.sum<number>('ot_minutes').as('ot'),
      eb.fn.sum<number>('lop_days').as('lop'),
    ])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .groupBy('employee_id');
  if (ids !== 'all') {
    if (ids.length === 0) return [];
    q = q.where('employee_id', 'in', ids);
  }
  return (await q.execute()).map((r) => ({ employee_id: r.employee_id, present: Number(r.present ?? 0), worked: Number(r.worked ?? 0), ot: Number(r.ot ?? 0), lop: Number(r.lop ?? 0) }));
}

/** The days of a range with one of some statuses (e.g. work on holidays), with what was worked. */
export async function listDaysWithStatus(db: Db, statuses: readonly string[], from: string, to: string) {
  return db
    .selectFrom('attendance_day')
    .select(['employee_id', 'date', 'status', 'worked_minutes', 'ot_minutes', 'holiday_name', 'provisional'])
    .where('status', 'in', [...statuses])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('employee_id')
    .execute();
}

/** What the statutory registers print of each day of a range (no reasons, no windows: a month of 1,000 people is 31,000 rows). */
export async function listRegisterDays(db: Db, ids: Ids, from: string, to: string) {
  let q = db
    .selectFrom('attendance_day')
    .select(['employee_id', 'date', 'shift_id', 'status', 'provisional', 'frozen', 'worked_minutes', 'ot_minutes', 'first_in', 'last_out', 'present_days', 'lop_days', 'holiday_name', 'leave_code'])
    .where('date', '>=', from)
    .where('date', '<=', to);
  if (ids !== 'all') {
    if (ids.length === 0) return [];
    q = q.where('employee_id', 'in', ids);
  }
  return q.execute();
}
