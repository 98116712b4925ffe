import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { formatInstant as formatInZone, zoneName } from '../../../../shared/labels.ts';

dayjs.extend(relativeTime);

export { formatDate, formatDayShort, humanize } from '../../../../shared/labels.ts';

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
  return formatInZone(instant, displayZone);
}

/** `3 hours ago`, or `never`. */
export function formatRelative(instant: string | null | undefined, never = 'never'): string {
  return instant ? dayjs(instant).fromNow() : never;
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
