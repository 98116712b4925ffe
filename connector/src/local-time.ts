/**
 * Terminal clocks show wall time without a zone. These helpers check such a
 * time, and turn it into an ISO 8601 instant with a numeric offset using the
 * terminal's IANA zone (never naive arithmetic).
 */
import { TZDate } from '@date-fns/tz';

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-11-21T09:02:17`: the wall time as the terminal showed it (also the spool's key part). */
export function formatLocal(t: LocalDateTime): string {
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** Why this wall time cannot have happened, or undefined when it is a real calendar time. */
export function impossibleReason(t: LocalDateTime): string | undefined {
  const values = [t.year, t.month, t.day, t.hour, t.minute, t.second];
  if (!values.every(Number.isInteger)) return `${formatLocal(t)} is not a date-time`;
  if (t.year < 1970 || t.year > 2200) return `year ${t.year} is out of range`;
  if (t.month < 1 || t.month > 12) return `month ${t.month} does not exist`;
  if (t.day < 1 || t.day > daysInMonth(t.year, t.month)) return `${formatLocal(t).slice(0, 10)} does not exist`;
  if (t.hour > 23 || t.minute > 59 || t.second > 59) return `${formatLocal(t).slice(11)} is not a time of day`;
  return undefined;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The instant a terminal's wall time denotes in `timeZone`. A wall time that
 * a DST change skipped is read with the offset in force before the change; a
 * repeated hour resolves to its first occurrence.
 */
export function localToInstant(t: LocalDateTime, timeZone: string): Date {
  return new Date(new TZDate(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, timeZone).getTime());
}

/** Offsets by zone and half hour of wall time: zone rules change at those marks, and a log repeats them a lot. */
const offsetCache = new Map<string, number>();

/** Minutes to add to UTC to get this wall time in `timeZone` (see localToInstant for gaps and repeats). */
export function wallOffsetMinutes(t: LocalDateTime, timeZone: string): number {
  const key = `${timeZone}|${t.year}-${t.month}-${t.day}T${t.hour}:${t.minute < 30 ? 0 : 30}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    const instant = localToInstant(t, timeZone).getTime();
    offset = Math.round((Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - instant) / 60_000);
    if (offsetCache.size > 50_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/**
 * `2026-11-21T09:02:17+05:30`: the terminal's own digits with the offset that
 * makes them the right instant. Throws on an impossible wall time.
 */
export function localToIso(t: LocalDateTime, timeZone: string): string {
  const reason = impossibleReason(t);
  if (reason) throw new RangeError(reason);
  return `${formatLocal(t)}${formatOffset(wallOffsetMinutes(t, timeZone))}`;
}

/** The wall time in `timeZone` at `instant`. */
export function instantToLocal(instant: Date, timeZone: string): LocalDateTime {
  const z = new TZDate(instant.getTime(), timeZone);
  return { year: z.getFullYear(), month: z.getMonth() + 1, day: z.getDate(), hour: z.getHours(), minute: z.getMinutes(), second: z.getSeconds() };
}

/** Parses `YYYY-MM-DD HH:MM:SS` (or with `T`, or without seconds) into its parts, unchecked. */
export function parseLocal(text: string): LocalDateTime | undefined {
  const m = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})[T ]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?\s*$/.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m;
  return { year: Number(y), month: Number(mo), day: Number(d), hour: Number(h), minute: Number(mi), second: Number(s ?? 0) };
}

/** Seconds the terminal clock is ahead of `now` (negative when behind). */
export function clockSkewSeconds(terminalNow: LocalDateTime, timeZone: string, now: Date): number {
  return Math.round((localToInstant(terminalNow, timeZone).getTime() - now.getTime()) / 1000);
}
