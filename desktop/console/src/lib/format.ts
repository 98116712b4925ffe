import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { zoneName } from '../../../../shared/labels.ts';
import type { DayReason } from '../../../../shared/attendance/index.ts';
import { renderDayReasonIn } from '../../../../shared/i18n/day-reasons.ts';
import { type Locale, formatDateIn, formatDayShortIn, formatDurationIn, formatInstantIn, formatMonthIn, formatWeekdayIn, isLocale } from '../../../../shared/i18n/index.ts';
import { i18n } from '../i18n/i18n.ts';

dayjs.extend(relativeTime);

export { humanize } from '../../../../shared/labels.ts';

/** The language the console speaks now (dates and times follow it; numbers are en-IN in every language). */
function locale(): Locale {
  return isLocale(i18n.language) ? i18n.language : 'en-IN';
}

/** "19 Dec 2026" / "19 दिस॰ 2026"; "—" for nothing. */
export function formatDate(day: string | null | undefined): string {
  return formatDateIn(locale(), day);
}

/** "Fri 20 Nov" / "शुक्र, 20 नव॰". */
export function formatDayShort(day: string): string {
  return formatDayShortIn(locale(), day);
}

/** "November 2026" / "नवंबर 2026" from `2026-11`. */
export function formatMonthName(month: string): string {
  return formatMonthIn(locale(), month);
}

/** "8h13" / "8 घं 13 मि": worked, overtime and other spans of minutes. */
export function formatDuration(minutes: number): string {
  return formatDurationIn(locale(), minutes);
}

/** "Mon" / "सोम": a weekday's short name. */
export function formatWeekdayShort(day: string): string {
  return formatWeekdayIn(locale(), day, 'short');
}

/** A reconciled day's reason in the reader's language (its English words when it carries no message). */
export function formatDayReason(reason: DayReason): string {
  return renderDayReasonIn(locale(), reason);
}

let displayZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Times are read in the organisation's zone, wherever the browser is (set once the organisation is loaded). */
export function setDisplayZone(timeZone: string | undefined): void {
  if (timeZone) displayZone = timeZone;
}

/** The organisation zone's short name at an instant ("IST"), beside a bare clock time. */
export function displayZoneName(at: string | Date = new Date()): string {
  return zoneName(displayZone, at);
}

/** `12 Apr 2026, 14:05 IST` in the organisation's time zone, with its name, or an em dash. */
export function formatInstant(instant: string | null | undefined): string {
  return formatInstantIn(locale(), instant, displayZone);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** `3 hours ago` (English as dayjs words it; other languages through Intl), or `never`. */
export function formatRelative(instant: string | null | undefined, never = 'never'): string {
  if (!instant) return never;
  if (locale() === 'en-IN') return dayjs(instant).fromNow();
  const ms = new Date(instant).getTime() - Date.now();
  const [unit, size] = UNITS.find(([, size]) => Math.abs(ms) >= size) ?? ['minute', 60_000];
  return new Intl.RelativeTimeFormat(`${locale()}-u-nu-latn`, { numeric: 'auto' }).format(Math.round(ms / size), unit);
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** `₹12,50,000`, or an em dash. */
export function formatRupees(amount: number | null | undefined): string {
  return amount === null || amount === undefined ? '—' : rupees.format(amount);
}


/** `Asha Rao` → `AR`. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
