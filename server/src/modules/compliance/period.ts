import type { PeriodKind } from '../../../../shared/compliance.ts';
import { addDays, monthBounds } from '../../../../shared/dates.ts';

/**
 * Register periods, pure. A month is the wage period that ends in it (the
 * calendar month, or e.g. 26 Sep – 25 Oct for "2026-10" with a wage period
 * starting on the 26th); a year is a calendar year (`2026`) or a financial
 * year (`2026-27`); a date is "as of" that day, with the leavers of its month.
 */

export interface Period {
  kind: PeriodKind;
  /** As asked, e.g. `2026-10`. */
  value: string;
  label: string;
  from: string;
  to: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatDay(day: string): string {
  return `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}

function validDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

const inRange = (year: number) => year >= 1900 && year <= 2199;

/** The wage period ending in a month. */
export function monthPeriod(month: string, wageStartDay: number): Period {
  const { first, last } = monthBounds(`${month}-01`);
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  if (wageStartDay <= 1) return { kind: 'month', value: month, label: `${MONTHS[m - 1]} ${y}`, from: first, to: last };
  const end = `${month}-${String(wageStartDay - 1).padStart(2, '0')}`;
  const prev = monthBounds(addDays(first, -1)).first.slice(0, 7);
  const from = `${prev}-${String(wageStartDay).padStart(2, '0')}`;
  return { kind: 'month', value: month, label: `${formatDay(from)} to ${formatDay(end)}`, from, to: end };
}

/** Parses a period of a kind; a string naming what is wrong when it is not one. */
export function parsePeriod(kind: PeriodKind, value: string, opts: { wageStartDay: number; fyStartMonth: number }): Period | string {
  if (kind === 'month') {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value) || !inRange(Number(value.slice(0, 4)))) return `must be a month YYYY-MM for this register (${value})`;
    return monthPeriod(value, opts.wageStartDay);
  }
  if (kind === 'year') {
    if (/^\d{4}$/.test(value) && inRange(Number(value))) return { kind, value, label: `Calendar year ${value}`, from: `${value}-01-01`, to: `${value}-12-31` };
    const fy = /^(\d{4})-(\d{2})$/.exec(value);
    if (fy && inRange(Number(fy[1])) && (Number(fy[1]) + 1) % 100 === Number(fy[2])) {
      const start = Number(fy[1]);
      const sm = String(opts.fyStartMonth).padStart(2, '0');
      const from = `${start}-${sm}-01`;
      const to = addDays(`${opts.fyStartMonth === 1 ? start + 1 : start + 1}-${sm}-01`, -1);
      return { kind, value, label: `Financial year ${value}`, from, to };
    }
    return `must be a calendar year YYYY or a financial year such as 2026-27 for this register (${value})`;
  }
  if (!validDay(value) || !inRange(Number(value.slice(0, 4)))) return `must be a date YYYY-MM-DD for this register (${value})`;
  return { kind, value, label: `As on ${formatDay(value)}`, from: `${value.slice(0, 7)}-01`, to: value };
}

/** What a month's bundle holds of each kind: the month, its calendar year up to the month's end, the month's end. */
export function bundlePeriod(kind: PeriodKind, month: string, wageStartDay: number): Period {
  const m = monthPeriod(month, wageStartDay);
  if (kind === 'month') return m;
  if (kind === 'date') return { kind, value: m.to, label: `As on ${formatDay(m.to)}`, from: m.from, to: m.to };
  const year = month.slice(0, 4);
  return { kind, value: year, label: `Calendar year ${year} (1 January to ${formatDay(m.to)})`, from: `${year}-01-01`, to: m.to < `${year}-12-31` ? m.to : `${year}-12-31` };
}

/** Every day from..to, ascending. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}
