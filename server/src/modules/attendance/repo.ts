import { sql } from 'kysely';
import type { Db } from '../../context.ts';
import { reusableQuery, reusableSelect } from '../../db/reusable-query.ts';
import type { AttendanceDayTable, PunchTable } from '../../db/schema.ts';

/** Plain kysely queries of the attendance tables, one per function. */

type Ids = readonly string[] | 'all';

function assignmentsBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('shift_assignment')
    .select(['employee_id', 'shift_id', 'effective_from', 'effective_to'])
    .where('effective_from', '<=', to)
    .where((eb) => eb.or([eb('effective_to', 'is', null), eb('effective_to', '>=', from)]));
}

// Reconciling a punch's day reads these for one employee: compiled once (see reusableQuery).
const assignmentsOf = reusableSelect((db, a: { ids: readonly string[]; from: string; to: string }) =>
  assignmentsBetween(db, a.from, a.to).where('employee_id', 'in', a.ids).orderBy('employee_id').orderBy('effective_from'),
);

export async function listAssignments(db: Db, ids: Ids, from: string, to: string) {
  if (ids === 'all') return assignmentsBetween(db, from, to).orderBy('employee_id').orderBy('effective_from').execute();
  return ids.length === 0 ? [] : assignmentsOf(db, { ids, from, to });
}

/** Punches in [lo, hi) that no later row supersedes. */
function punchesBetween(db: Db, lo: string, hi: string) {
  return db
    .selectFrom('punch')
    .select(['id', 'employee_id', 'at', 'direction', 'flags', 'source', 'terminal_id', 'attend_stat'])
    .where('at', '>=', lo)
    .where('at', '<', hi)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('punch as later').select('later.id').whereRef('later.supersedes_id', '=', 'punch.id'))));
}

const punchesOf = reusableSelect((db, a: { ids: readonly string[]; lo: string; hi: string }) =>
  punchesBetween(db, a.lo, a.hi).where('employee_id', 'in', a.ids).orderBy('employee_id').orderBy('at'),
);

/** Punches of employees in [lo, hi) that no later row supersedes, by employee then time. */
export async function listEmployeePunches(db: Db, ids: Ids, lo: string, hi: string) {
  if (ids === 'all') return punchesBetween(db, lo, hi).where('employee_id', 'is not', null).orderBy('employee_id').orderBy('at').execute();
  return ids.length === 0 ? [] : punchesOf(db, { ids, lo, hi });
}

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

const enabledTerminals = reusableSelect((db, _: Record<string, never>) =>
  db.selectFrom('terminal').select(['name', 'location_id', 'synced_until']).where('enabled', '=', 1),
);

export async function terminalSync(db: Db) {
  return enabledTerminals(db, {});
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

export async function updateDayOverride(
  db: Db,
  employeeId: string,
  date: string,
  patch: Partial<Pick<AttendanceDayTable, 'frozen' | 'override_worked_minutes' | 'override_ot_minutes' | 'override_reason' | 'status' | 'worked_minutes' | 'ot_minutes' | 'present_days' | 'lop_days' | 'computed_at'>>,
): Promise<void> {
  await db.updateTable('attendance_day').set(patch).where('employee_id', '=', employeeId).where('date', '=', date).execute();
}

export async function insertOverrideEntry(db: Db, row: import('../../db/schema.ts').AttendanceOverrideTable): Promise<void> {
  await db.insertInto('attendance_override').values(row).execute();
}

export async function listOverrideEntries(db: Db, employeeId: string, date: string) {
  return db
    .selectFrom('attendance_override')
    .select(['id', 'reason', 'worked_minutes', 'ot_minutes', 'frozen', 'before', 'after', 'actor_name', 'at'])
    .where('employee_id', '=', employeeId)
    .where('date', '=', date)
    .orderBy('at', 'desc')
    .execute();
}

export const PUNCH_COLUMNS = [
  'id',
  'employee_id',
  'source',
  'terminal_id',
  'terminal_serial',
  'terminal_user_id',
  'trans_id',
  'at',
  'utc_offset_minutes',
  'local_date',
  'local_time',
  'attend_stat',
  'verify_mode',
  'direction',
  'photo_path',
  'geo_lat',
  'geo_lng',
  'geo_accuracy',
  'flags',
  'supersedes_id',
  'regularization_id',
  'note',
  'created_by_name',
  'created_at',
] as const;

const insertPunchRow = reusableQuery((db, row: PunchTable) => db.insertInto('punch').values(row).onConflict((oc) => oc.doNothing()));

/** Inserts a punch unless an equal one (same terminal record or same natural punch) exists. Returns whether it was new. */
export async function insertPunch(db: Db, row: PunchTable): Promise<boolean> {
  const result = await insertPunchRow(db, row);
  return Number(result.numAffectedRows ?? 0n) > 0;
}

/** The stored punch a duplicate repeats: same (serial, transId) or same (serial, user, instant, state). */
export async function findDuplicatePunch(
  db: Db,
  key: { serial: string; transId: number | null; terminalUserId: number | null; at: string; attendStat: string },
) {
  const row = await db
    .selectFrom('punch')
    .select(['id', 'employee_id'])
    .where('terminal_serial', '=', key.serial)
    .where((eb) =>
      eb.or([
        ...(key.transId !== null ? [eb('trans_id', '=', key.transId)] : []),
        eb.and([
          key.terminalUserId === null ? eb('terminal_user_id', 'is', null) : eb('terminal_user_id', '=', key.terminalUserId),
          eb('at', '=', key.at),
          eb('attend_stat', '=', key.attendStat),
        ]),
      ]),
    )
    .executeTakeFirst();
  return row;
}

export async function findPunch(db: Db, id: string) {
  return db.selectFrom('punch').select([...PUNCH_COLUMNS]).where('id', '=', id).executeTakeFirst();
}

/** Every punch of an employee in [lo, hi), with who superseded it. */
export async function listPunchDetails(db: Db, employeeId: string, lo: string, hi: string) {
  return db
    .selectFrom('punch')
    .leftJoin('terminal', 'terminal.id', 'punch.terminal_id')
    .select([
      ...PUNCH_COLUMNS.map((c) => `punch.${c}` as const),
      'terminal.name as terminal_name',
      (eb) =>
        eb
          .selectFrom('punch as later')
          .select('later.id')
          .whereRef('later.supersedes_id', '=', 'punch.id')
          .limit(1)
          .as('superseded_by'),
    ])
    .where('punch.employee_id', '=', employeeId)
    .where('punch.at', '>=', lo)
    .where('punch.at', '<', hi)
    .orderBy('punch.at')
    .execute();
}

export type PunchDetailRow = Awaited<ReturnType<typeof listPunchDetails>>[number];

/** The last punch of each employee since an instant (for the live board). */
export async function punchesSince(db: Db, lo: string) {
  return db
    .selectFrom('punch')
    .select(['id', 'employee_id', 'at', 'direction', 'flags', 'source', 'terminal_id', 'attend_stat'])
    .where('at', '>=', lo)
    .where('employee_id', 'is not', null)
    .orderBy('employee_id')
    .orderBy('at')
    .execute();
}

export async function listAssignmentRows(db: Db, employeeId: string) {
  return db
    .selectFrom('shift_assignment')
    .innerJoin('shift', 'shift.id', 'shift_assignment.shift_id')
    .select([
      'shift_assignment.id',
      'shift_assignment.shift_id',
      'shift.name as shift_name',
      'shift_assignment.effective_from',
      'shift_assignment.effective_to',
      'shift_assignment.created_by_name',
      'shift_assignment.created_at',
    ])
    .where('shift_assignment.employee_id', '=', employeeId)
    .orderBy('shift_assignment.effective_from', 'desc')
    .execute();
}

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
      sql<string>`group_concat(date || ',' || status || ',' || worked_minutes || ',' || ot_minutes || ',' || late_minutes || ',' || frozen || ',' || provisional, ';')`.as('cells'),
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

export async function markDirty(db: Db, ids: Ids, from: string, to: string): Promise<void> {
  let q = db.updateTable('attendance_day').set({ dirty: 1 }).where('date', '>=', from).where('date', '<=', to).where('frozen', '=', 0);
  if (ids !== 'all') {
    if (ids.length === 0) return;
    q = q.where('employee_id', 'in', ids);
  }
  await q.execute();
}
