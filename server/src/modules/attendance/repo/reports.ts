import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../context.ts';
import type { DB } from '../../../db/schema.ts';
import { type Ids, sumDaysByStatus } from './days.ts';

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

/**
 * Per employee over [from, to]: days by status, late count, hours, overtime,
 * leave and loss of pay. Grouped by employee and status (narrow rows for
 * SQLite's sorter: about as fast as the plainest aggregate over the days),
 * then folded into one row per employee.
 */
export async function attendanceSummaryByEmployee(db: Db, ids: Ids, from: string, to: string) {
  const rows = await sumDaysByStatus(db, ids, from, to, { elsewhere: false });
  const out = new Map<string, ReturnType<typeof emptySummary>>();
  for (const r of rows) {
    let t = out.get(r.employee_id);
    if (!t) out.set(r.employee_id, (t = emptySummary(r.employee_id)));
    const n = Number(r.n);
    const status = r.status;
    if (status === 'Present') t.present += n;
    else if (status === 'HalfDay') t.halfDays += n;
    else if (status === 'Absent') t.absent += n;
    else if (status === 'MissingPunch') t.missingPunch += n;
    else if (status === 'Holiday') t.holidays += n;
    else if (status === 'WeeklyOff') t.weeklyOffs += n;
    else if (status === 'Pending') t.pending += n;
    else if ((OFF_DAY_WORK_STATUSES as readonly string[]).includes(status)) t.workedOff += n;
    if ((EXPECTED_STATUSES as readonly string[]).includes(status)) t.expected += n;
    t.leave += Number(r.leave ?? 0);
    t.late += Number(r.late ?? 0);
    t.workedMinutes += Number(r.worked ?? 0);
    t.otMinutes += Number(r.ot ?? 0);
    t.presentDays += Number(r.present ?? 0);
    t.lopDays += Number(r.lop ?? 0);
  }
  return [...out.values()];
}

function emptySummary(employeeId: string) {
  return { employeeId, present: 0, halfDays: 0, absent: 0, missingPunch: 0, leave: 0, holidays: 0, weeklyOffs: 0, workedOff: 0, pending: 0, late: 0, workedMinutes: 0, otMinutes: 0, presentDays: 0, lopDays: 0, expected: 0 };
}

/**
 * Per employee over [from, to]: late arrivals and early exits, their minutes
 * and the worst of each (only the days with either: a small sort), and the
 * days each was expected at work.
 */
export async function lateEarlyByEmployee(db: Db, ids: Ids, from: string, to: string) {
  const [rows, expected] = await Promise.all([
    db
      .selectFrom('attendance_day')
      .select((eb) => [
        'attendance_day.employee_id',
        countWhere(eb, 'late_minutes').as('late'),
        eb.fn.sum<number>('attendance_day.late_minutes').as('late_minutes'),
        eb.fn.max<number>('attendance_day.late_minutes').as('worst_late'),
        countWhere(eb, 'early_minutes').as('early'),
        eb.fn.sum<number>('attendance_day.early_minutes').as('early_minutes'),
        eb.fn.max<number>('attendance_day.early_minutes').as('worst_early'),
      ])
      .where((eb) => population(eb, ids, from, to))
      .where((eb) => eb.or([eb('attendance_day.late_minutes', '>', 0), eb('attendance_day.early_minutes', '>', 0)]))
      .groupBy('attendance_day.employee_id')
      .execute(),
    expectedDaysByEmployee(db, ids, from, to),
  ]);
  const late = new Map(rows.map((r) => [r.employee_id, r]));
  return [...expected].map(([employeeId, days]) => {
    const r = late.get(employeeId);
    return {
      employeeId,
      late: Number(r?.late ?? 0),
      lateMinutes: Number(r?.late_minutes ?? 0),
      worstLate: Number(r?.worst_late ?? 0),
      early: Number(r?.early ?? 0),
      earlyMinutes: Number(r?.early_minutes ?? 0),
      worstEarly: Number(r?.worst_early ?? 0),
      expected: days,
    };
  });
}

/** Days each employee was expected at work in [from, to] (everyone with a stored day). */
export async function expectedDaysByEmployee(db: Db, ids: Ids, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('attendance_day')
    .select((eb) => ['attendance_day.employee_id', countIf(eb, EXPECTED_STATUSES).as('n')])
    .where((eb) => population(eb, ids, from, to))
    .groupBy('attendance_day.employee_id')
    // The map's order is the reports' order among ties: said, not left to the engine's grouping (SQLite's
    // comes out by id; PostgreSQL's hash aggregate in any order).
    .orderBy('attendance_day.employee_id')
    .execute();
  return new Map(rows.map((r) => [r.employee_id, Number(r.n)]));
}

/**
 * Late arrivals and early exits by weekday (0 = Sunday) over [from, to]:
 * counted per day in SQL (the index on date serves it without sorting), the
 * days then added up by their weekday.
 */
export async function lateEarlyByWeekday(db: Db, ids: Ids, from: string, to: string) {
  const byWeekday = new Map<number, { weekday: number; late: number; early: number }>();
  for (const d of await dailyAttendance(db, ids, from, to)) {
    const weekday = new Date(`${d.date}T00:00:00Z`).getUTCDay();
    const w = byWeekday.get(weekday) ?? { weekday, late: 0, early: 0 };
    w.late += d.late;
    w.early += d.early;
    byWeekday.set(weekday, w);
  }
  return [...byWeekday.values()];
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
    // Only days with overtime reach the sort (about one in ten).
    .where('attendance_day.ot_minutes', '>', 0)
    .groupBy('attendance_day.employee_id')
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
 * An absence starts a spell when the scheduled day before it (in the
 * period) is not an absence: one look back along the primary key per
 * absence, instead of numbering every day of everyone (which needs a sort
 * of all of them).
 */
export async function absenceByEmployee(db: Db, ids: Ids, from: string, to: string) {
  const absent = ['Absent', 'HalfDay'];
  const [scheduled, absences] = await Promise.all([
    db
      .selectFrom('attendance_day')
      .select((eb) => ['attendance_day.employee_id', eb.fn.countAll<number>().as('n')])
      .where((eb) => population(eb, ids, from, to))
      .where('attendance_day.status', 'in', [...SCHEDULED_STATUSES])
      .groupBy('attendance_day.employee_id')
      .execute(),
    db
      .selectFrom('attendance_day as a')
      .select((eb) => {
        const previous = eb
          .selectFrom('attendance_day as p')
          .select('p.status')
          .whereRef('p.employee_id', '=', 'a.employee_id')
          .whereRef('p.date', '<', 'a.date')
          .where('p.date', '>=', from)
          .where('p.status', 'in', [...SCHEDULED_STATUSES])
          .orderBy('p.date', 'desc')
          .limit(1);
        return [
          'a.employee_id',
          eb.fn.sum<number>(eb.case().when('a.status', '=', 'Absent').then(1).else(0).end()).as('absent'),
          eb.fn.sum<number>(eb.case().when('a.status', '=', 'HalfDay').then(1).else(0).end()).as('half_days'),
          eb.fn.sum<number>(eb.case().when(eb.fn.coalesce(previous, eb.val('')), 'in', absent).then(0).else(1).end()).as('spells'),
        ];
      })
      .where('a.date', '>=', from)
      .where('a.date', '<=', to)
      .where('a.status', 'in', absent)
      .$if(ids !== 'all', (q) => q.where('a.employee_id', 'in', ids === 'all' || ids.length === 0 ? [''] : ids))
      .groupBy('a.employee_id')
      .execute(),
  ]);
  const byEmployee = new Map(absences.map((r) => [r.employee_id, r]));
  return scheduled.map((s) => {
    const a = byEmployee.get(s.employee_id);
    return { employeeId: s.employee_id, scheduled: Number(s.n), absent: Number(a?.absent ?? 0), halfDays: Number(a?.half_days ?? 0), spells: Number(a?.spells ?? 0) };
  });
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

/** Per day over [from, to]: expected working days, present days (a half day counts half), late arrivals, early exits and absences (the index on date serves it in order, without sorting). */
export async function dailyAttendance(db: Db, ids: Ids, from: string, to: string) {
  const rows = await db
    .selectFrom('attendance_day')
    .select((eb) => [
      'attendance_day.date',
      countIf(eb, EXPECTED_STATUSES).as('expected'),
      eb.fn.sum<number>('attendance_day.present_days').as('present'),
      countWhere(eb, 'late_minutes').as('late'),
      countWhere(eb, 'early_minutes').as('early'),
      countIf(eb, ['Absent']).as('absent'),
    ])
    .where((eb) => population(eb, ids, from, to))
    .groupBy('attendance_day.date')
    .orderBy('attendance_day.date')
    .execute();
  return rows.map((r) => ({ date: r.date, expected: Number(r.expected), present: Number(r.present), late: Number(r.late), early: Number(r.early), absent: Number(r.absent) }));
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
