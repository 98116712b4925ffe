import { TZDate } from '@date-fns/tz';

// Building an Intl.DateTimeFormat costs ~100 µs; keep one per zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

// Since 1980 every zone's offset is whole minutes (the last local mean times with seconds ended in 1972).
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1980, 0, 1);
/** The last minute asked per zone (few zones in practice; cleared past 64). */
const lastDays = new Map<string, { minute: number; day: string }>();

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  // Every request asks for "today": formatting costs microseconds, so the day is kept per zone and
  // minute: with whole-minute offsets a day never changes inside a minute. Older instants are formatted.
  if (!(ms >= WHOLE_MINUTE_OFFSETS_SINCE)) return zonedDayOf(instant, timeZone);
  const minute = Math.floor(ms / 60_000);
  const kept = lastDays.get(timeZone);
  if (kept?.minute === minute) return kept.day;
  const day = zonedDayOf(instant, timeZone);
  if (lastDays.size >= 64 && !kept) lastDays.clear();
  lastDays.set(timeZone, { minute, day });
  return day;
}

function zonedDayOf(instant: Date, timeZone: string): string {
  const parts = dayFormat(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The UTC instant at which a calendar day starts in a time zone. */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const [y, m, d] = splitDay(day);
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime());
}

export function splitDay(day: string): [number, number, number] {
  // A well-formed day is read digit by digit: the leave context splits every day of every request on a page.
  if (day.length === 10 && day.charCodeAt(4) === 45 && day.charCodeAt(7) === 45) {
    const y = digits(day, 0, 4);
    const m = digits(day, 5, 7);
    const d = digits(day, 8, 10);
    if (y >= 0 && m >= 0 && d >= 0) return [y, m, d];
  }
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 0, m ?? 1, d ?? 1];
}

/** The decimal number in `s[from, to)`, or -1 when a character is not a digit. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

const TWO_DIGITS = Array.from({ length: 32 }, (_, i) => String(i).padStart(2, '0'));

export function formatDay(y: number, m: number, d: number): string {
  const year = y >= 1000 && y <= 9999 ? String(y) : String(y).padStart(4, '0');
  return `${year}-${TWO_DIGITS[m] ?? String(m).padStart(2, '0')}-${TWO_DIGITS[d] ?? String(d).padStart(2, '0')}`;
}

/** Adds whole days to a calendar day (no time zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = splitDay(day);
  // Within the month (days 1..28 exist in every month) no calendar is needed; Date.UTC reads years 0-99 as 19xx.
  const sum = d + days;
  if (Number.isInteger(sum) && sum >= 1 && sum <= 28 && Number.isInteger(m) && m >= 1 && m <= 12 && Number.isInteger(y) && y >= 100 && y <= 9999) return formatDay(y, m, sum);
  const t = new Date(Date.UTC(y, m - 1, sum));
  return formatDay(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  const [y, m, d] = splitDay(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** First and last day of the month a day is in. */
export function monthBounds(day: string): { first: string; last: string } {
  const [y, m] = splitDay(day);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: formatDay(y, m, 1), last: formatDay(y, m, last) };
}

/** Monday of the ISO week a day is in. */
export function startOfIsoWeek(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/** First day of the financial year that contains a day, for a year starting in `startMonth`. */
export function financialYearStart(day: string, startMonth: number): string {
  const [y, m] = splitDay(day);
  return formatDay(m >= startMonth ? y : y - 1, startMonth, 1);
}

/** Every calendar day from..to, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
