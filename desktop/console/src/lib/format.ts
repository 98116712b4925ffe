import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** `12 Apr 2026` from `2026-04-12`, or an em dash. */
export function formatDate(day: string | null | undefined): string {
  return day ? dayjs(day).format('D MMM YYYY') : '—';
}

/** `12 Apr 2026, 14:05` in the browser's time zone, or an em dash. */
export function formatInstant(instant: string | null | undefined): string {
  return instant ? dayjs(instant).format('D MMM YYYY, HH:mm') : '—';
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

/** A value from an audit change, readable in a table cell. */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** `Asha Rao` → `AR`. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** `OnNotice` → `On notice`, `FullTime` → `Full time`. */
export function humanize(value: string): string {
  const spaced = value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
