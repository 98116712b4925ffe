import { ATTENDANCE_STATUSES, STATUS_META } from './attendance/enums.ts';
import type { AttendanceStatus, Direction, PunchFlag, PunchSource, RegularizationKind, RegularizationStatus } from './attendance/enums.ts';
import type { LiveState } from './attendance/views.ts';
import type { AuditCategory, AuditRange, AuditSource } from './audit.ts';
import type { EmployeeStatus, EmploymentType, Gender } from './employees.ts';
import type { LeaveClosure, LeaveDuration, LeaveStatus, TIMELINE_KEYS } from './leave/requests.ts';
import type { LedgerKind } from './leave/balances.ts';
import type { LeaveLoad } from './leave/team-load.ts';
import type { Role } from './permissions.ts';
import EN_LABELS from './i18n/en-IN/labels.json' with { type: 'json' };

/**
 * The one place that turns the wire's enum values into the words people read:
 * the console, the exports (CSV, XLSX, PDF) and the notifications all use these
 * maps. The values on the wire stay the spec's codes; only what is shown changes.
 * The English words come from the `labels` catalogue (`shared/i18n/en-IN/labels.json`), the
 * same one the console and the server translate from, so there is one map per language.
 * Dates and times are written the way an Indian office writes them: "19 Dec 2026",
 * "Fri 20 Nov", "25 Nov 2026, 02:10 IST" (the organisation's zone, with its name).
 */

/** Day statuses (`STATUS_META` holds the same labels beside their grid codes and colours). */
export const ATTENDANCE_STATUS_LABELS = Object.fromEntries(ATTENDANCE_STATUSES.map((s) => [s, STATUS_META[s].label])) as Readonly<
  Record<AttendanceStatus, string>
>;

export const LIVE_STATE_LABELS: Readonly<Record<LiveState, string>> = EN_LABELS.liveState;
export const REGULARIZATION_STATUS_LABELS: Readonly<Record<RegularizationStatus, string>> = EN_LABELS.regularizationStatus;
export const REGULARIZATION_KIND_LABELS: Readonly<Record<RegularizationKind, string>> = EN_LABELS.regularizationKind;
export const LEAVE_STATUS_LABELS: Readonly<Record<LeaveStatus, string>> = EN_LABELS.leaveStatus;
export const LEAVE_CLOSURE_LABELS: Readonly<Record<LeaveClosure, string>> = EN_LABELS.leaveClosure;
export const LEAVE_DURATION_LABELS: Readonly<Record<LeaveDuration, string>> = EN_LABELS.leaveDuration;
export const TIMELINE_KEY_LABELS: Readonly<Record<(typeof TIMELINE_KEYS)[number], string>> = EN_LABELS.timelineKey;
export const LEDGER_KIND_LABELS: Readonly<Record<LedgerKind, string>> = EN_LABELS.ledgerKind;
export const LEAVE_LOAD_LABELS: Readonly<Record<LeaveLoad, string>> = EN_LABELS.leaveLoad;
export const EMPLOYEE_STATUS_LABELS: Readonly<Record<EmployeeStatus, string>> = EN_LABELS.employeeStatus;
export const EMPLOYMENT_TYPE_LABELS: Readonly<Record<EmploymentType, string>> = EN_LABELS.employmentType;
export const GENDER_LABELS: Readonly<Record<Gender, string>> = EN_LABELS.gender;
export const AUDIT_SOURCE_LABELS: Readonly<Record<AuditSource, string>> = EN_LABELS.auditSource;
export const AUDIT_CATEGORY_LABELS: Readonly<Record<AuditCategory, string>> = EN_LABELS.auditCategory;
export const AUDIT_RANGE_LABELS: Readonly<Record<AuditRange, string>> = EN_LABELS.auditRange;
export const PUNCH_SOURCE_LABELS: Readonly<Record<PunchSource, string>> = EN_LABELS.punchSource;
export const DIRECTION_LABELS: Readonly<Record<Direction, string>> = EN_LABELS.direction;
export const PUNCH_FLAG_LABELS: Readonly<Record<PunchFlag, string>> = EN_LABELS.punchFlag;
export const ROLE_LABELS: Readonly<Record<Role, string>> = EN_LABELS.role;

/** `OnNotice` → "On notice", `workedMinutes` → "Worked minutes": the fallback for a value no map knows. */
export function humanize(value: string): string {
  const spaced = value
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  const lower = spaced.replace(/\b([A-Z])([a-z]+)\b/g, (_m, a: string, b: string) => a.toLowerCase() + b);
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** The label of an enum value from one of the maps above; an unknown value is humanized, never shown raw. */
export function labelOf<K extends string>(labels: Readonly<Record<K, string>>, value: K | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return (labels as Record<string, string>)[value] ?? humanize(value);
}

// ---- audit fields ----------------------------------------------------------------------

/** Audit change fields as the forms label them. */
export const FIELD_LABELS: Readonly<Record<string, string>> = EN_LABELS.field;

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? humanize(field);
}

const MINUTE_FIELDS = new Set(['workedMinutes', 'otMinutes', 'lateMinutes', 'earlyMinutes']);
const DATE_FIELDS = new Set(['joinedDate', 'exitDate', 'dateOfBirth', 'date', 'fromDate', 'toDate']);
const ENUM_LABELS: readonly Readonly<Record<string, string>>[] = [
  ATTENDANCE_STATUS_LABELS,
  EMPLOYEE_STATUS_LABELS,
  EMPLOYMENT_TYPE_LABELS,
  LEAVE_STATUS_LABELS,
  REGULARIZATION_STATUS_LABELS,
  REGULARIZATION_KIND_LABELS,
  LEAVE_DURATION_LABELS,
  GENDER_LABELS,
];

/** `8h 05m` from minutes. */
export function formatDuration(minutes: number): string {
  const sign = minutes < 0 ? '−' : '';
  const m = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** A value of an audit change as people read it: yes/no, "8h 00m", "19 Dec 2026", a label, "—" for nothing. */
export function formatChangeValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' && MINUTE_FIELDS.has(field)) return formatDuration(value);
  if (typeof value === 'string' && DATE_FIELDS.has(field) && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === 'string') {
    for (const labels of ENUM_LABELS) if (value in labels) return labels[value] as string;
    return value;
  }
  if (typeof value === 'number') return value.toLocaleString('en-IN');
  if (Array.isArray(value)) return value.length ? value.map((v) => formatChangeValue(field, v)).join(', ') : '—';
  return JSON.stringify(value);
}

/** "Frozen: no → yes", "Worked time: 7h 10m → 8h 00m". */
export function describeChange(change: { field: string; before: unknown; after: unknown }): string {
  return `${fieldLabel(change.field)}: ${formatChangeValue(change.field, change.before)} → ${formatChangeValue(change.field, change.after)}`;
}

// ---- dates and times -------------------------------------------------------------------

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/** "19 Dec 2026" from `2026-12-19`; "—" for nothing. */
export function formatDate(day: string | null | undefined): string {
  if (!day) return '—';
  const [y, m, d] = parts(day);
  return `${d} ${MONTHS[m - 1] ?? ''} ${y}`;
}

/** "Fri 20 Nov" from `2026-11-20` (the year is the reader's own, as in a dialog title). */
export function formatDayShort(day: string): string {
  const [y, m, d] = parts(day);
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${d} ${MONTHS[m - 1] ?? ''}`;
}

/** "November 2026" from `2026-11`. */
export function formatMonth(month: string): string {
  const [y, m] = parts(`${month.slice(0, 7)}-01`);
  const long = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${long[m - 1] ?? ''} ${y}`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    // en-IN names Asia/Kolkata "IST" (en-GB would say GMT+5:30).
    f = new Intl.DateTimeFormat('en-IN', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    zoneFormats.set(timeZone, f);
  }
  return f;
}

function zoned(instant: Date | string, timeZone: string) {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const p = zoneFormat(timeZone).formatToParts(at);
  const get = (t: Intl.DateTimeFormatPartTypes) => p.find((x) => x.type === t)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}`, zone: get('timeZoneName') };
}

/** The short name of a zone at an instant: "IST", "UTC", "GST", or "GMT-5" where it has none. */
export function zoneName(timeZone: string, at: Date | string = new Date()): string {
  return zoned(at, timeZone).zone;
}

/** "25 Nov 2026, 02:10 IST": an instant in the organisation's zone, with the zone's name. */
export function formatInstant(instant: Date | string | null | undefined, timeZone: string): string {
  if (instant === null || instant === undefined || instant === '') return '—';
  const z = zoned(instant, timeZone);
  return `${formatDate(z.day)}, ${z.time} ${z.zone}`;
}

/** "09:05" in the organisation's zone (a column headed with the zone's name says which). */
export function formatClock(instant: Date | string | null | undefined, timeZone: string): string | null {
  if (instant === null || instant === undefined || instant === '') return null;
  return zoned(instant, timeZone).time;
}

/** "25 Nov 2026 09:05" in the zone, without its name (for a column headed "When (IST)"). */
export function formatLocalDateTime(instant: Date | string, timeZone: string): string {
  const z = zoned(instant, timeZone);
  return `${formatDate(z.day)} ${z.time}`;
}
