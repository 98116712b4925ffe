import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../context.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The directory's side of reports and the dashboard: labels for report rows,
 * headcount, joiners and leavers over a period (by month, department,
 * location or tenure band), birthdays and work anniversaries. Every figure
 * is an aggregate in SQL over the employee table; `ids` is the caller's
 * population (scope and filters already applied), `'all'` the organisation.
 */

export type Ids = readonly string[] | 'all';

// SQLite cannot bind a boolean: constant conditions are written out.
const ALL = sql<SqlBool>`1 = 1`;
const NOTHING = sql<SqlBool>`1 = 0`;

function inIds(eb: ExpressionBuilder<DB, 'employee'>, ids: Ids) {
  if (ids === 'all') return ALL;
  return ids.length ? eb('employee.id', 'in', ids) : NOTHING;
}

/** Code, name, department, location and dates of each employee of the population. */
export async function listEmployeeLabels(db: Db, ids: Ids) {
  if (ids !== 'all' && ids.length === 0) return [];
  return db
    .selectFrom('employee')
    .leftJoin('department', 'department.id', 'employee.department_id')
    .leftJoin('location', 'location.id', 'employee.location_id')
    .select([
      'employee.id',
      'employee.code',
      'employee.full_name',
      'employee.department_id',
      'department.name as department_name',
      'employee.location_id',
      'location.name as location_name',
      'employee.status',
      'employee.joined_date',
      'employee.exit_date',
    ])
    .where((eb) => inIds(eb, ids))
    .execute();
}

/** On the rolls at the end of `day`: joined by then and not yet gone (the exit date is the last working day). */
function onRollAt(eb: ExpressionBuilder<DB, 'employee'>, day: string) {
  return eb.and([eb('employee.joined_date', '<=', day), eb.or([eb('employee.exit_date', 'is', null), eb('employee.exit_date', '>', day)])]);
}

function countWhen(eb: ExpressionBuilder<DB, 'employee'>, condition: ReturnType<typeof onRollAt>) {
  return eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
}

export interface PeriodBounds {
  /** Each period's first and last day, in order. */
  periods: readonly { from: string; to: string }[];
  /** Leavers count only up to this day (a notice period ending later has not happened yet). */
  today: string;
}

export type HeadcountGroupColumn = 'none' | 'department' | 'location';

/**
 * Per group (the whole population, a department or a location) and period:
 * on the rolls the day before it starts, on the rolls at its end, joiners and
 * leavers within it. One statement of conditional sums.
 */
export async function headcountByPeriod(db: Db, ids: Ids, bounds: PeriodBounds, group: HeadcountGroupColumn) {
  const column = group === 'department' ? 'employee.department_id' : group === 'location' ? 'employee.location_id' : null;
  const first = bounds.periods[0];
  if (!first) return [];
  const rows = await db
    .selectFrom('employee')
    .select((eb) => {
      const cells = bounds.periods.flatMap((p, i) => {
        const end = p.to < bounds.today ? p.to : bounds.today;
        return [
          countWhen(eb, onRollAt(eb, dayBefore(p.from))).as(`o${i}`),
          countWhen(eb, onRollAt(eb, end)).as(`c${i}`),
          countWhen(eb, eb.and([eb('employee.joined_date', '>=', p.from), eb('employee.joined_date', '<=', end)])).as(`j${i}`),
          countWhen(eb, eb.and([eb('employee.exit_date', '>=', p.from), eb('employee.exit_date', '<=', end)])).as(`l${i}`),
        ];
      });
      return [column ? sql<string | null>`${sql.ref(column)}`.as('group_id') : sql<string | null>`null`.as('group_id'), ...cells];
    })
    .where((eb) => inIds(eb, ids))
    .$if(column !== null, (q) => q.groupBy(sql.ref(column as string)))
    .execute();
  return rows.map((r) => {
    const row = r as Record<string, unknown>;
    return {
      groupId: (row.group_id as string | null) ?? null,
      periods: bounds.periods.map((_, i) => ({
        opening: Number(row[`o${i}`] ?? 0),
        closing: Number(row[`c${i}`] ?? 0),
        joiners: Number(row[`j${i}`] ?? 0),
        leavers: Number(row[`l${i}`] ?? 0),
      })),
    };
  });
}

/** The tenure bands, longest last: [label, full years from, years to (exclusive) or null]. */
export const TENURE_BANDS: readonly [string, number, number | null][] = [
  ['Under 1 year', 0, 1],
  ['1–3 years', 1, 3],
  ['3–5 years', 3, 5],
  ['5–10 years', 5, 10],
  ['10 years or more', 10, null],
];

function yearsBefore(day: string, years: number): string {
  return `${String(Number(day.slice(0, 4)) - years).padStart(4, '0')}${day.slice(4)}`;
}

function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Per tenure band: on the rolls the day before `from` and at `to` (tenure at
 * that day), joiners, and leavers in [from, to] by their tenure at exit. The
 * band of a day is found by comparing the joining date with that day minus
 * N years (plain text comparisons, so PostgreSQL runs the same SQL); a
 * leaver's tenure in full years from the year and month-day parts of the two dates.
 */
export async function headcountByTenure(db: Db, ids: Ids, from: string, to: string) {
  const open = dayBefore(from);
  const rows = await db
    .selectFrom('employee')
    .select((eb) => {
      // Full years between joining and exit: year difference, one less before the anniversary.
      const tenureAtExit = sql<number>`(cast(substr(${sql.ref('employee.exit_date')}, 1, 4) as integer) - cast(substr(${sql.ref('employee.joined_date')}, 1, 4) as integer) - (case when substr(${sql.ref('employee.exit_date')}, 6, 5) < substr(${sql.ref('employee.joined_date')}, 6, 5) then 1 else 0 end))`;
      const inBandAt = (day: string, lo: number, hi: number | null) =>
        eb.and([eb('employee.joined_date', '<=', yearsBefore(day, lo)), ...(hi === null ? [] : [eb('employee.joined_date', '>', yearsBefore(day, hi))])]);
      return TENURE_BANDS.flatMap(([, lo, hi], i) => [
        countWhen(eb, eb.and([onRollAt(eb, open), inBandAt(open, lo, hi)])).as(`o${i}`),
        countWhen(eb, eb.and([onRollAt(eb, to), inBandAt(to, lo, hi)])).as(`c${i}`),
        countWhen(eb, eb.and([eb('employee.joined_date', '>=', from), eb('employee.joined_date', '<=', to), i === 0 ? ALL : NOTHING])).as(`j${i}`),
        countWhen(
          eb,
          eb.and([
            eb('employee.exit_date', '>=', from),
            eb('employee.exit_date', '<=', to),
            sql<SqlBool>`${tenureAtExit} >= ${lo}`,
            ...(hi === null ? [] : [sql<SqlBool>`${tenureAtExit} < ${hi}`]),
          ]),
        ).as(`l${i}`),
      ]);
    })
    .where((eb) => inIds(eb, ids))
    .executeTakeFirst();
  const row = (rows ?? {}) as Record<string, unknown>;
  return TENURE_BANDS.map(([label], i) => ({
    band: label,
    opening: Number(row[`o${i}`] ?? 0),
    closing: Number(row[`c${i}`] ?? 0),
    joiners: Number(row[`j${i}`] ?? 0),
    leavers: Number(row[`l${i}`] ?? 0),
  }));
}

/** On the rolls now, on notice, joined in [from, to], left in [from, to]: the dashboard's headcount. */
export async function headcountNow(db: Db, ids: Ids, from: string, to: string) {
  const row = await db
    .selectFrom('employee')
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when('employee.status', '!=', 'Exited').then(1).else(0).end()).as('on_roll'),
      eb.fn.sum<number>(eb.case().when('employee.status', '=', 'OnNotice').then(1).else(0).end()).as('on_notice'),
      countWhen(eb, eb.and([eb('employee.joined_date', '>=', from), eb('employee.joined_date', '<=', to)])).as('joiners'),
      countWhen(eb, eb.and([eb('employee.exit_date', '>=', from), eb('employee.exit_date', '<=', to)])).as('leavers'),
    ])
    .where((eb) => inIds(eb, ids))
    .executeTakeFirst();
  return {
    headcount: Number(row?.on_roll ?? 0),
    onNotice: Number(row?.on_notice ?? 0),
    joiners: Number(row?.joiners ?? 0),
    leavers: Number(row?.leavers ?? 0),
  };
}

/**
 * People on the rolls whose birthday or joining anniversary (month-day) falls
 * in [from, to] (at most 7 days; the range may wrap over the new year). The
 * month-day is compared as text (`substr`, which PostgreSQL has too).
 */
export async function celebrationsBetween(db: Db, ids: Ids, from: string, to: string) {
  const a = from.slice(5);
  const b = to.slice(5);
  const inRange = (column: 'employee.date_of_birth' | 'employee.joined_date') => (eb: ExpressionBuilder<DB, 'employee'>) => {
    const md = sql<string>`substr(${sql.ref(column)}, 6, 5)`;
    return a <= b ? eb.and([eb(md, '>=', a), eb(md, '<=', b)]) : eb.or([eb(md, '>=', a), eb(md, '<=', b)]);
  };
  const base = db
    .selectFrom('employee')
    .where('employee.status', '!=', 'Exited')
    .where((eb) => inIds(eb, ids));
  const [birthdays, anniversaries] = await Promise.all([
    base.select(['employee.id', 'employee.full_name', 'employee.date_of_birth as day']).where('employee.date_of_birth', 'is not', null).where(inRange('employee.date_of_birth')).execute(),
    base.select(['employee.id', 'employee.full_name', 'employee.joined_date as day']).where('employee.joined_date', '<', from).where(inRange('employee.joined_date')).execute(),
  ]);
  return { birthdays: birthdays.map((r) => ({ ...r, day: r.day as string })), anniversaries };
}
