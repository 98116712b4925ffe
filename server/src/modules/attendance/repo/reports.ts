import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../context.ts';
import type { DB } from '../../../db/schema.ts';
import type { Ids } from './days.ts';

/**
 * Attendance's side of reports and the dashboard: aggregates over the stored
 * reconciled days (`attendance_day`), never a second reconcile. `ids` is the
 * caller's population (scope and filters applied by the directory), `'all'`
 * the organisation. One statement per figure set; the JS side only shapes.
 */

/** Days an employee was expected at work (holidays, weekly offs and days not final yet are not). */
export const EXPECTED_STATUSES = ['Present', 'HalfDay', 'Absent', 'MissingPunch', 'HalfDayLeave'] as const;
/** Days scheduled for work, leave included (what absence rates are measured against). */
export const SCHEDULED_STATUSES = [...EXPECTED_STATUSES, 'OnLeave'] as const;
export const OFF_DAY_WORK_STATUSES = ['WorkedOnHoliday', 'WorkedOnWeeklyOff'] as const;

/** A condition no row meets (SQLite cannot bind a boolean). */
const NOTHING = sql<SqlBool>`1 = 0`;

function population(eb: ExpressionBuilder<DB, 'attendance_day'>, ids: Ids, from: string, to: string) {
  const range = [eb('attendance_day.date', '>=', from), eb('attendance_day.date', '<=', to)];
  if (ids === 'all') return eb.and(range);
  return eb.and([...range, ids.length ? eb('attendance_day.employee_id', 'in', ids) : NOTHING]);
}

type Eb = ExpressionBuilder<DB, 'attendance_day'>;
const countIf = (eb: Eb, status: readonly string[]) => eb.fn.sum<number>(eb.case().when('attendance_day.status', 'in', [...status]).then(1).else(0).end());
const countWhere = (eb: Eb, column: 'late_minutes' | 'early_minutes' | 'ot_minutes') => eb.fn.sum<number>(eb.case().when(`attendance_day.${column}`, '>', 0).then(1).else(0).end());

/** Per employee over [from, to]: days by status, late count, hours, overtime, leave and loss of pay. */
export async function attendanceSummaryByEmployee(db: Db, ids: Ids, from: string, to: string) {
  const rows = await db
    .selectFrom('attendance_day')
    .select((eb) => [
      'attendance_day.employee_id',
      countIf(eb, ['Present']).as('present'),
      countIf(eb, ['HalfDay']).as('half_days'),
      countIf(eb, ['Absent']).as('absent'),
      countIf(eb, ['MissingPunch']).as('missing_punch'),
      eb.fn.sum<number>('attendance_day.leave_days').as('leave'),
      countIf(eb, ['Holiday']).as('holidays'),
      countIf(eb, ['WeeklyOff']).as('weekly_offs'),
      countIf(eb, OFF_DAY_WORK_STATUSES).as('worked_off'),
      countIf(eb, ['Pending']).as('pending'),
      countWhere(eb, 'late_minutes').as('late'),
      eb.fn.sum<number>('attendance_day.worked_minutes').as('worked'),
      eb.fn.sum<number>('attendance_day.ot_minutes').as('ot'),
      eb.fn.sum<number>('attendance_day.present_days').as('present_days'),
      eb.fn.sum<number>('attendance_day.lop_days').as('lop'),
      countIf(eb, EXPECTED_STATUSES).as('expected'),
    ])
    .where((eb) => population(eb, ids, from, to))
    .groupBy('attendance_day.employee_id')
    .execute();
  return rows.map((r) => ({
    employeeId: r.employee_id,
    present: Number(r.present),
    halfDays: Number(r.half_days),
    absent: Number(r.absent),
    missingPunch: Number(r.missing_punch),
    leave: Number(r.leave),
    holidays: Number(r.holidays),
    weeklyOffs: Number(r.weekly_offs),
    workedOff: Number(r.worked_off),
    pending: Number(r.pending),
    late: Number(r.late),
    workedMinutes: Number(r.worked),
    otMinutes: Number(r.ot),
    presentDays: Number(r.present_days),
    lopDays: Number(r.lop),
    expected: Number(r.expected),
  }));
}

/** Per employee over [from, to]: late arrivals and early exits, their minutes and the worst of each. */
export async function lateEarlyByEmployee(db: Db, ids: Ids, from: string, to: string) {
  const rows = await db
    .selectFrom('attendance_day')
    .select((eb) => [
      'attendance_day.employee_id',
      countWhere(eb, 'late_minutes').as('late'),
      eb.fn.sum<number>('attendance_day.late_minutes').as('late_minutes'),
      eb.fn.max<number>('attendance_day.late_minutes').as('worst_late'),
      countWhere(eb, 'early_minutes').as('early'),
      eb.fn.sum<number>('attendance_day.early_minutes').as('early_minutes'),
      eb.fn.max<number>('attendance_day.early_minutes').as('worst_early'),
      countIf(eb, EXPECTED_STATUSES).as('expected'),
    ])
    .where((eb) => population(eb, ids, from, to))
    .groupBy('attendance_day.employee_id')
    .execute();
  return rows.map((r) => ({
    employeeId: r.employee_id,
    late: Number(r.late),
    lateMinutes: Number(r.late_minutes),
    worstLate: Number(r.worst_late ?? 0),
    early: Number(r.early),
    earlyMinutes: Number(r.early_minutes),
    worstEarly: Number(r.worst_early ?? 0),
    expected: Number(r.expected),
  }));
}

/** Late arrivals and early exits by weekday (0 = Sunday) over [from, to]. */
export async function lateEarlyByWeekday(db: Db, ids: Ids, from: string, to: string) {
  // SQLite-only: strftime('%w') (PostgreSQL: extract(dow from date::date)).
  const weekday = sql<string>`strftime('%w', ${sql.ref('attendance_day.date')})`;
  const rows = await db
    .selectFrom('attendance_day')
    .select((eb) => [weekday.as('weekday'), countWhere(eb, 'late_minutes').as('late'), countWhere(eb, 'early_minutes').as('early')])
    .where((eb) => population(eb, ids, from, to))
    .where((eb) => eb.or([eb('attendance_day.late_minutes', '>', 0), eb('attendance_day.early_minutes', '>', 0)]))
    .groupBy(weekday)
    .execute();
  return rows.map((r) => ({ weekday: Number(r.weekday), late: Number(r.late), early: Number(r.early) }));
}

/**
 * Per employee over [from, to]: overtime minutes and days, the longest day,
 * and the days overtime reached the shift's daily cap (what was worked beyond
 * it was not counted), with the cap itself.
 */
export async function overtimeByEmployee(db: Db, ids: Ids, from: string, to: string) {
  const rows = await db
    .selectFrom('attendance_day')
    .leftJoin('shift', 'shift.id', 'attendance_day.shift_id')
    .select((eb) => [
      'attendance_day.employee_id',
      eb.fn.sum<number>('attendance_day.ot_minutes').as('ot'),
      countWhere(eb as unknown as Eb, 'ot_minutes').as('ot_days'),
      eb.fn.max<number>('attendance_day.ot_minutes').as('longest'),
      eb.fn
        .sum<number>(eb.case().when(eb.and([eb('shift.ot_max_minutes', 'is not', null), eb('attendance_day.ot_minutes', '>', 0), eb('attendance_day.ot_minutes', '>=', eb.ref('shift.ot_max_minutes'))])).then(1).else(0).end())
        .as('at_cap'),
      eb.fn.max<number | null>('shift.ot_max_minutes').as('cap'),
      eb.fn.sum<number>(eb.case().when('attendance_day.status', 'in', [...OFF_DAY_WORK_STATUSES]).then(eb.ref('attendance_day.ot_minutes')).else(0).end()).as('ot_off'),
    ])
    .where((eb) => population(eb as unknown as Eb, ids, from, to))
    .groupBy('attendance_day.employee_id')
    .having((eb) => eb.fn.sum('attendance_day.ot_minutes'), '>', 0)
    .execute();
  return rows.map((r) => ({
    employeeId: r.employee_id,
    otMinutes: Number(r.ot),
    otDays: Number(r.ot_days),
    longestMinutes: Number(r.longest ?? 0),
    daysAtCap: Number(r.at_cap),
    capMinutes: r.cap === null ? null : Number(r.cap),
    offDayOtMinutes: Number(r.ot_off),
  }));
}

/**
 * Per employee over [from, to]: days scheduled for work, absent days, half
 * days, and spells of absence — runs of absent or half days with no worked
 * or leave day between them (weekly offs and holidays do not break a run).
 * Gaps and islands with window functions: within the scheduled days in date
 * order, a run of absences keeps `row number among scheduled days − row
 * number among absences` constant.
 */
export async function absenceByEmployee(db: Db, ids: Ids, from: string, to: string) {
  const absent = ['Absent', 'HalfDay'];
  const rows = await db
    .with('scheduled', (qc) =>
      qc
        .selectFrom('attendance_day')
        .select((eb) => [
          'attendance_day.employee_id',
          'attendance_day.status',
          sql<number>`row_number() over (partition by ${sql.ref('attendance_day.employee_id')} order by ${sql.ref('attendance_day.date')})`.as('n_all'),
          eb.case().when('attendance_day.status', 'in', absent).then(1).else(0).end().as('is_absent'),
        ])
        .where((eb) => population(eb, ids, from, to))
        .where('attendance_day.status', 'in', [...SCHEDULED_STATUSES]),
    )
    .with('absences', (qc) =>
      qc
        .selectFrom('scheduled')
        .select([
          'scheduled.employee_id',
          'scheduled.status',
          sql<number>`${sql.ref('scheduled.n_all')} - row_number() over (partition by ${sql.ref('scheduled.employee_id')} order by ${sql.ref('scheduled.n_all')})`.as('island'),
        ])
        .where('scheduled.is_absent', '=', 1),
    )
    .with('scheduled_counts', (qc) =>
      qc
        .selectFrom('scheduled')
        .select((eb) => ['scheduled.employee_id', eb.fn.countAll<number>().as('scheduled')])
        .groupBy('scheduled.employee_id'),
    )
    .with('absence_counts', (qc) =>
      qc
        .selectFrom('absences')
        .select((eb) => [
          'absences.employee_id',
          eb.fn.sum<number>(eb.case().when('absences.status', '=', 'Absent').then(1).else(0).end()).as('absent'),
          eb.fn.sum<number>(eb.case().when('absences.status', '=', 'HalfDay').then(1).else(0).end()).as('half_days'),
          sql<number>`count(distinct ${sql.ref('absences.island')})`.as('spells'),
        ])
        .groupBy('absences.employee_id'),
    )
    .selectFrom('scheduled_counts')
    .leftJoin('absence_counts', 'absence_counts.employee_id', 'scheduled_counts.employee_id')
    .select(['scheduled_counts.employee_id', 'scheduled_counts.scheduled', 'absence_counts.absent', 'absence_counts.half_days', 'absence_counts.spells'])
    .execute();
  return rows.map((r) => ({
    employeeId: r.employee_id,
    scheduled: Number(r.scheduled),
    absent: Number(r.absent ?? 0),
    halfDays: Number(r.half_days ?? 0),
    spells: Number(r.spells ?? 0),
  }));
}

export type OffDaySort = 'date' | 'employee' | 'worked' | 'ot';

function offDayWork(db: Db, ids: Ids, from: string, to: string) {
  return db
    .selectFrom('attendance_day')
    .leftJoin('shift', 'shift.id', 'attendance_day.shift_id')
    .where((eb) => population(eb as unknown as Eb, ids, from, to))
    .where('attendance_day.status', 'in', [...OFF_DAY_WORK_STATUSES]);
}

/**
 * Comp-off a day off earns: a full day for a full shift's work, half a day
 * for half a shift's (the shift's thresholds), nothing below.
 */
function compOffDue(eb: ExpressionBuilder<DB, 'attendance_day' | 'shift'>) {
  return eb
    .case()
    .when('attendance_day.worked_minutes', '>=', eb.fn.coalesce('shift.full_day_minutes', eb.val(420)))
    .then(sql<number>`1.0`)
    .when('attendance_day.worked_minutes', '>=', eb.fn.coalesce('shift.half_day_minutes', eb.val(240)))
    .then(sql<number>`0.5`)
    .else(sql<number>`0`)
    .end();
}

/** One page of employee-days worked on a holiday or weekly off, with what each earns. */
export async function offDayWorkPage(db: Db, ids: Ids, from: string, to: string, sort: OffDaySort, order: 'asc' | 'desc', page: { limit: number; offset: number } | null) {
  let q = offDayWork(db, ids, from, to)
    .innerJoin('employee', 'employee.id', 'attendance_day.employee_id')
    .select((eb) => [
      'attendance_day.employee_id',
      'attendance_day.date',
      'attendance_day.status',
      'attendance_day.holiday_name',
      'attendance_day.first_in',
      'attendance_day.last_out',
      'attendance_day.worked_minutes',
      'attendance_day.ot_minutes',
      compOffDue(eb).as('comp_off'),
    ]);
  const column = { date: 'attendance_day.date', employee: 'employee.full_name', worked: 'attendance_day.worked_minutes', ot: 'attendance_day.ot_minutes' }[sort];
  q = q.orderBy(sql.ref(column), order).orderBy('attendance_day.date', 'desc').orderBy('employee.full_name').orderBy('attendance_day.employee_id');
  if (page) q = q.limit(page.limit).offset(page.offset);
  const rows = await q.execute();
  return rows.map((r) => ({
    employeeId: r.employee_id,
    date: r.date,
    status: r.status,
    holidayName: r.holiday_name,
    firstIn: r.first_in,
    lastOut: r.last_out,
    workedMinutes: r.worked_minutes,
    otMinutes: r.ot_minutes,
    compOff: Number(r.comp_off),
  }));
}

/** Totals of the same days: how many, hours, overtime, comp-off earned, people. */
export async function offDayWorkTotals(db: Db, ids: Ids, from: string, to: string) {
  const row = await offDayWork(db, ids, from, to)
    .select((eb) => [
      eb.fn.countAll<number>().as('days'),
      eb.fn.sum<number>('attendance_day.worked_minutes').as('worked'),
      eb.fn.sum<number>('attendance_day.ot_minutes').as('ot'),
      eb.fn.sum<number>(compOffDue(eb)).as('comp_off'),
      sql<number>`count(distinct ${sql.ref('attendance_day.employee_id')})`.as('people'),
    ])
    .executeTakeFirst();
  return { days: Number(row?.days ?? 0), workedMinutes: Number(row?.worked ?? 0), otMinutes: Number(row?.ot ?? 0), compOff: Number(row?.comp_off ?? 0), people: Number(row?.people ?? 0) };
}

/** The same days by month (`YYYY-MM`) and kind. */
export async function offDayWorkByMonth(db: Db, ids: Ids, from: string, to: string) {
  const month = sql<string>`substr(${sql.ref('attendance_day.date')}, 1, 7)`;
  const rows = await offDayWork(db, ids, from, to)
    .select((eb) => [month.as('month'), 'attendance_day.status', eb.fn.countAll<number>().as('days')])
    .groupBy([month, 'attendance_day.status'])
    .execute();
  return rows.map((r) => ({ month: r.month, status: r.status, days: Number(r.days) }));
}

/** Per day over [from, to]: expected working days, present days (a half day counts half) and late arrivals. */
export async function dailyAttendance(db: Db, ids: Ids, from: string, to: string) {
  const rows = await db
    .selectFrom('attendance_day')
    .select((eb) => [
      'attendance_day.date',
      countIf(eb, EXPECTED_STATUSES).as('expected'),
      eb.fn.sum<number>('attendance_day.present_days').as('present'),
      countWhere(eb, 'late_minutes').as('late'),
      countIf(eb, ['Absent']).as('absent'),
    ])
    .where((eb) => population(eb, ids, from, to))
    .groupBy('attendance_day.date')
    .orderBy('attendance_day.date')
    .execute();
  return rows.map((r) => ({ date: r.date, expected: Number(r.expected), present: Number(r.present), late: Number(r.late), absent: Number(r.absent) }));
}

/** Per month (`YYYY-MM`) over [from, to]: expected days, present days, late arrivals, absences, hours and overtime. */
export async function monthlyAttendance(db: Db, ids: Ids, from: string, to: string) {
  const month = sql<string>`substr(${sql.ref('attendance_day.date')}, 1, 7)`;
  const rows = await db
    .selectFrom('attendance_day')
    .select((eb) => [
      month.as('month'),
      countIf(eb, EXPECTED_STATUSES).as('expected'),
      eb.fn.sum<number>('attendance_day.present_days').as('present'),
      countWhere(eb, 'late_minutes').as('late'),
      countIf(eb, ['Absent']).as('absent'),
      eb.fn.sum<number>('attendance_day.leave_days').as('leave'),
      eb.fn.sum<number>('attendance_day.ot_minutes').as('ot'),
    ])
    .where((eb) => population(eb, ids, from, to))
    .groupBy(month)
    .orderBy(month)
    .execute();
  return rows.map((r) => ({ month: r.month, expected: Number(r.expected), present: Number(r.present), late: Number(r.late), absent: Number(r.absent), leave: Number(r.leave), otMinutes: Number(r.ot) }));
}

/** How many stored days of one date are still pending (not final: waiting for a terminal or the shift's end). */
export async function countPendingDays(db: Db, ids: Ids, date: string): Promise<number> {
  const row = await db
    .selectFrom('attendance_day')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => population(eb, ids, date, date))
    .where('attendance_day.status', '=', 'Pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
