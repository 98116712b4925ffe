import { TZDate } from '@date-fns/tz';
import { addDays, splitDay } from '../../../../shared/dates.ts';

/**
 * A shift in time, for the engine (pure): local wall-clock times of a shift
 * day in the organisation's zone become instants once, here, with a real tz
 * library; a shift's occurrence on a day, its punch window trimmed against
 * its neighbours, and which shift day owns an instant.
 */

const MINUTE = 60_000;

export interface ShiftRule {
  id: string;
  name: string;
  /** Minutes after local midnight. */
  start: number;
  end: number;
  breakMinutes: number;
  lateGrace: number;
  earlyGrace: number;
  halfDay: number;
  fullDay: number;
  ot: { eligible: boolean; after: number; block: number; max: number | null; beforeStart: boolean };
  windowBefore: number;
  windowAfter: number;
  flexible: { coreStart: number; coreEnd: number; required: number } | null;
  hoursMode: 'pairs' | 'firstLast';
}

/** One occurrence of a shift: the day it starts and its instants (epoch ms). */
export interface Occurrence {
  day: string;
  shift: ShiftRule;
  start: number;
  end: number;
  /** The punch window before trimming against the neighbouring occurrences. */
  windowStart: number;
  windowEnd: number;
}

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

/** The occurrence of a shift on a day, in a time zone. */
export function occurrenceOf(day: string, shift: ShiftRule, timeZone: string): Occurrence {
  const start = zonedInstant(day, shift.start, timeZone);
  const end = zonedInstant(day, shift.end > shift.start ? shift.end : shift.end + 1440, timeZone);
  return { day, shift, start, end, windowStart: start - shift.windowBefore * MINUTE, windowEnd: end + shift.windowAfter * MINUTE };
}

/**
 * Where two consecutive occurrences meet, so that every instant belongs to
 * exactly one shift day: when their punch windows overlap, the midpoint
 * between the end of the first shift and the start of the second (kept
 * inside the overlap); when a gap separates the windows, its midpoint. The
 * configured windows thus decide where the cut falls, and no punch is left
 * without a day (an early check-in at 05:45 for a 09:30 shift counts).
 */
function boundary(a: Occurrence, b: Occurrence): number {
  if (b.windowStart >= a.windowEnd) return Math.round((a.windowEnd + b.windowStart) / 2);
  const mid = Math.round((a.end + b.start) / 2);
  return Math.min(Math.max(mid, b.windowStart), a.windowEnd);
}

/** The trimmed window of `cur` between its neighbours (either may be absent). */
export function trimmedWindow(prev: Occurrence | null, cur: Occurrence, next: Occurrence | null): { start: number; end: number } {
  const start = prev ? boundary(prev, cur) : cur.windowStart;
  const end = next ? boundary(cur, next) : cur.windowEnd;
  return { start, end: Math.max(start, end) };
}

/** The shift day a punch belongs to among three consecutive occurrences, or null (outside every window). */
export function ownerDay(at: number, prev: Occurrence, cur: Occurrence, next: Occurrence): string | null {
  const prevWindow = trimmedWindow(null, prev, cur);
  const curWindow = trimmedWindow(prev, cur, next);
  const nextWindow = trimmedWindow(cur, next, null);
  if (at >= curWindow.start && at < curWindow.end) return cur.day;
  if (at >= prevWindow.start && at < prevWindow.end) return prev.day;
  if (at >= nextWindow.start && at < nextWindow.end) return next.day;
  return null;
}
