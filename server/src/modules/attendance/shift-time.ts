import { TZDate } from '@date-fns/tz';
import { addDays, splitDay, weekdayOf } from '../../../../shared/dates.ts';
import type { WeeklyOffRule } from '../../../../shared/org.ts';

/**
 * Pure time helpers of the engine: local wall-clock times of a shift day in
 * the organisation's zone become instants once, here, with a real tz library.
 */

const zoned = new Map<string, number>();

/** Epoch ms of `minutes` after local midnight of `day` in `timeZone` (minutes may exceed 1440). */
export function zonedInstant(day: string, minutes: number, timeZone: string): number {
  const extraDays = Math.floor(minutes / 1440);
  const d = extraDays ? addDays(day, extraDays) : day;
  const m = minutes - extraDays * 1440;
  const key = `${timeZone}|${d}|${m}`;
  let hit = zoned.get(key);
  if (hit === undefined) {
    const [y, mo, dd] = splitDay(d);
    hit = new TZDate(y, mo - 1, dd, Math.floor(m / 60), m % 60, 0, 0, timeZone).getTime();
    if (zoned.size > 200_000) zoned.clear();
    zoned.set(key, hit);
  }
  return hit;
}

const weekdays = new Map<string, number>();

/** Whether a weekly-off rule set makes a day off (e.g. every Sunday, 2nd and 4th Saturday). */
export function isWeeklyOff(day: string, rules: readonly WeeklyOffRule[]): boolean {
  if (rules.length === 0) return false;
  let weekday = weekdays.get(day);
  if (weekday === undefined) {
    weekday = weekdayOf(day);
    if (weekdays.size > 50_000) weekdays.clear();
    weekdays.set(day, weekday);
  }
  const nth = Math.ceil(Number(day.slice(8, 10)) / 7);
  for (const r of rules) if (r.weekday === weekday && (r.weeks === 'all' || r.weeks.includes(nth))) return true;
  return false;
}

/** Every day from..to inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
