import { addDays, formatDay, monthBounds } from '../../../../shared/dates.ts';
import type { ReportParameterKind, ReportParameterSpec } from '../../../../shared/reports.ts';
import { badRequest } from '../../http/problem.ts';

/**
 * The one integer parameter of a report, pure: what it means (a month, a
 * year, a leave year, the last N days), its default for today, and the days
 * it covers. A bad value is a 400 naming the parameter.
 */

export interface Period {
  kind: ReportParameterKind;
  value: number;
  /** "November 2026", "2026", "FY 2026-27", "Last 30 days". */
  label: string;
  /** First day covered. */
  from: string;
  /** Last day of the period as such (a month's last day). */
  end: string;
  /** Last day covered: the period's end, or today when it ends later. */
  to: string;
  /** For `period`: whether it is a month or a whole year. */
  grain: 'month' | 'year' | 'days';
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const YEAR_MIN = 1900;
const YEAR_MAX = 2199;
export const DAYS_MAX = 366;

const SPECS: Record<ReportParameterKind, Omit<ReportParameterSpec, 'default' | 'kind'>> = {
  period: { label: 'Month or year', description: 'A month as YYYYMM (202611) or a whole calendar year as YYYY (2026).', min: YEAR_MIN, max: YEAR_MAX * 100 + 12 },
  month: { label: 'Month', description: 'A month as YYYYMM, e.g. 202611 for November 2026.', min: YEAR_MIN * 100 + 1, max: YEAR_MAX * 100 + 12 },
  year: { label: 'Year', description: 'A calendar year as YYYY, e.g. 2026.', min: YEAR_MIN, max: YEAR_MAX },
  leaveYear: { label: 'Leave year', description: 'The leave year starting in YYYY, e.g. 2026 for FY 2026-27 when the year starts in April.', min: YEAR_MIN, max: YEAR_MAX },
  days: { label: 'Days', description: `The last N days up to today, 1 to ${DAYS_MAX}.`, min: 1, max: DAYS_MAX },
};

/** The parameter as the catalogue shows it, with its default for today. */
export function parameterSpec(kind: ReportParameterKind, today: string, yearStartMonth: number, defaultDays = 30): ReportParameterSpec {
  return { kind, ...SPECS[kind], default: defaultValue(kind, today, yearStartMonth, defaultDays) };
}

export function defaultValue(kind: ReportParameterKind, today: string, yearStartMonth: number, defaultDays = 30): number {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  switch (kind) {
    case 'period':
    case 'month':
      return y * 100 + m;
    case 'year':
      return y;
    case 'leaveYear':
      return m >= yearStartMonth ? y : y - 1;
    case 'days':
      return defaultDays;
  }
}

function invalid(where: string, message: string): never {
  throw badRequest(`${where}: ${message}`, [{ path: where, message }]);
}

function month(value: number, where: string): { y: number; m: number } {
  const y = Math.floor(value / 100);
  const m = value % 100;
  if (!Number.isInteger(value) || y < YEAR_MIN || y > YEAR_MAX || m < 1 || m > 12) invalid(where, 'must be a month YYYYMM (e.g. 202611)');
  return { y, m };
}

function year(value: number, where: string, what = 'a year YYYY (e.g. 2026)'): number {
  if (!Number.isInteger(value) || value < YEAR_MIN || value > YEAR_MAX) invalid(where, `must be ${what}`);
  return value;
}

/** A leave year's label: `FY 2026-27` for a year starting in April, `2026` for one starting in January. */
export function leaveYearName(startYear: number, startMonth: number): string {
  return startMonth === 1 ? String(startYear) : `FY ${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/**
 * The days a parameter value covers, for today. `where` names it in a 400
 * (`query.param`, `body.param`).
 */
export function resolvePeriod(kind: ReportParameterKind, value: number, today: string, yearStartMonth: number, where = 'query.param'): Period {
  const cap = (end: string) => (end > today ? today : end);
  switch (kind) {
    case 'period': {
      if (value >= YEAR_MIN && value <= YEAR_MAX) return yearPeriod(kind, value, cap);
      if (value < YEAR_MIN * 100) invalid(where, 'must be a month YYYYMM (e.g. 202611) or a year YYYY (e.g. 2026)');
      return monthPeriod(kind, value, where, cap);
    }
    case 'month':
      return monthPeriod(kind, value, where, cap);
    case 'year':
      return yearPeriod(kind, year(value, where), cap);
    case 'leaveYear': {
      const y = year(value, where, 'the year a leave year starts in, YYYY (e.g. 2026)');
      const from = formatDay(y, yearStartMonth, 1);
      const end = addDays(formatDay(y + 1, yearStartMonth, 1), -1);
      return { kind, value, label: leaveYearName(y, yearStartMonth), from, end, to: cap(end), grain: 'year' };
    }
    case 'days': {
      if (!Number.isInteger(value) || value < 1 || value > DAYS_MAX) invalid(where, `must be a number of days, 1 to ${DAYS_MAX}`);
      return { kind, value, label: value === 1 ? 'Today' : `Last ${value} days`, from: addDays(today, -(value - 1)), end: today, to: today, grain: 'days' };
    }
  }
}

function monthPeriod(kind: ReportParameterKind, value: number, where: string, cap: (end: string) => string): Period {
  const { y, m } = month(value, where);
  const { first, last } = monthBounds(formatDay(y, m, 1));
  return { kind, value, label: `${MONTHS[m - 1]} ${y}`, from: first, end: last, to: cap(last), grain: 'month' };
}

function yearPeriod(kind: ReportParameterKind, y: number, cap: (end: string) => string): Period {
  const end = `${y}-12-31`;
  return { kind, value: y, label: String(y), from: `${y}-01-01`, end, to: cap(end), grain: 'year' };
}

/** The months `YYYY-MM` from one day's month to another's, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endKey = to.slice(0, 7);
  for (let guard = 0; guard < 1200; guard++) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > endKey) break;
    out.push(key);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** `Nov 2026` for `2026-11`; `Nov` when every month is of one year. */
export function monthLabel(key: string, withYear = true): string {
  const name = MONTH_SHORT[Number(key.slice(5, 7)) - 1] ?? key;
  return withYear ? `${name} ${key.slice(0, 4)}` : name;
}
