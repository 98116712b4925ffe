import { formatMinutes } from '../attendance/time.ts';
import { formatDate, formatDayShort, formatInstant, formatLocalDateTime, formatMonth } from '../labels.ts';
import type { Locale } from './locales.ts';
import { translatorFor } from './translate.ts';

/**
 * Numbers, money, dates and times in a reader's language. Two deliberate choices:
 *
 * - Numbers and money are written the en-IN way in every language: Latin digits with lakh
 *   grouping (₹1,00,000), as payslips, registers and terminals in every Indian state write them.
 *   (CLDR would give Marathi Devanagari digits and Kannada Western grouping, which no office's
 *   salary sheet uses.)
 * - Dates and times use `Intl` in the reader's language (month and weekday names in Hindi,
 *   Marathi, Kannada, Tamil) with Latin digits and the organisation's time zone. English keeps
 *   Muster's fixed "19 Dec 2026" (CLDR's en-IN now writes "Sept"), from `shared/labels.ts`.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-IN', options);
    numberFormats.set(key, f);
  }
  return f;
}

/** "1,23,45,678.5": Indian grouping, Latin digits, up to `maxFraction` decimals. */
export function formatNumber(value: number, maxFraction = 2): string {
  return numberFormat(`n${maxFraction}`, { maximumFractionDigits: maxFraction }).format(value);
}

/** "₹1,00,000" (whole rupees) or "₹1,00,000.50" where paise are given. */
export function formatRupees(value: number): string {
  const paise = !Number.isInteger(value);
  return numberFormat(`inr${paise}`, {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: paise ? 2 : 0,
    maximumFractionDigits: paise ? 2 : 0,
  }).format(value);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale}|${key}|${options.timeZone ?? ''}`;
  let f = dateFormats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(`${locale}-u-nu-latn`, options);
    dateFormats.set(id, f);
  }
  return f;
}

/** A calendar day (`YYYY-MM-DD`) as an instant at its UTC noon: formatted in UTC it is that day in any language. */
function dayInstant(day: string): Date {
  return new Date(`${day.slice(0, 10)}T12:00:00Z`);
}

/** "19 Dec 2026" / "19 दिस॰ 2026"; "—" for nothing. */
export function formatDateIn(locale: Locale, day: string | null | undefined): string {
  if (!day) return '—';
  if (locale === 'en-IN') return formatDate(day);
  return dateFormat(locale, 'date', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(dayInstant(day));
}

/** "Fri 20 Nov" / "शुक्र, 20 नव॰": a day with its weekday, without the year. */
export function formatDayShortIn(locale: Locale, day: string): string {
  if (locale === 'en-IN') return formatDayShort(day);
  return dateFormat(locale, 'dayShort', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(dayInstant(day));
}

/** "November 2026" / "नवंबर 2026" from `2026-11`. */
export function formatMonthIn(locale: Locale, month: string): string {
  if (locale === 'en-IN') return formatMonth(month);
  return dateFormat(locale, 'month', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(dayInstant(`${month.slice(0, 7)}-01`));
}

/** The weekday's name of a day ("Friday" / "शुक्रवार"; narrow: "F" / "शु", a calendar's column). */
export function formatWeekdayIn(locale: Locale, day: string, width: 'long' | 'short' | 'narrow' = 'long'): string {
  return dateFormat(locale, `weekday-${width}`, { timeZone: 'UTC', weekday: width }).format(dayInstant(day));
}

/** "25 Nov 2026, 02:10 IST": an instant in the organisation's zone, with the zone's name, in the reader's language. */
export function formatInstantIn(locale: Locale, instant: Date | string | null | undefined, timeZone: string): string {
  if (instant === null || instant === undefined || instant === '') return '—';
  if (locale === 'en-IN') return formatInstant(instant, timeZone);
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return dateFormat(locale, 'instant', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(at);
}

/** "25 Nov 2026 09:05" / "25 नव॰ 2026, 09:05": an instant's day and time in the zone, without its name (for a column headed "When (IST)"). */
export function formatLocalDateTimeIn(locale: Locale, instant: Date | string, timeZone: string): string {
  if (locale === 'en-IN') return formatLocalDateTime(instant, timeZone);
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return dateFormat(locale, 'localDateTime', { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/** "25 Nov" / "25 नव॰": a day without its year (a chart's axis, a span within a few weeks). */
export function formatDayMonthIn(locale: Locale, day: string): string {
  if (locale === 'en-IN') return formatDate(day).replace(/ \d+$/, '');
  return dateFormat(locale, 'dayMonth', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(dayInstant(day));
}

/**
 * A span of minutes: "8h13" in English (Muster's compact form, unchanged), "8 घं 13 मि" and
 * the like elsewhere, the unit words from `employee:duration.hm` of the reader's catalogue.
 */
export function formatDurationIn(locale: Locale, minutes: number): string {
  if (locale === 'en-IN') return formatMinutes(minutes);
  const m = Math.abs(Math.round(minutes));
  const text = translatorFor(locale)('employee:duration.hm', { hours: Math.floor(m / 60), minutes: m % 60 });
  return minutes < 0 ? `-${text}` : text;
}

/** "17 min" / "17 मि": a count of minutes (late by, early by), the unit from `employee:duration.min`. */
export function formatMinuteCountIn(locale: Locale, minutes: number): string {
  return translatorFor(locale)('employee:duration.min', { minutes });
}

/** "A and B" in English (as the engine has always joined places), the language's own list form elsewhere. */
export function formatListIn(locale: Locale, items: readonly string[]): string {
  if (locale === 'en-IN') return items.join(' and ');
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
}
