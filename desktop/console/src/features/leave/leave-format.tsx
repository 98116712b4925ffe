import { Badge } from '@mantine/core';
import type { ColorTone, LeaveDuration, LeaveLoad, LeaveRequest, LeaveStatus } from '../../../../../shared/leave/index.ts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';
import { i18n } from '../../i18n/i18n.ts';
import { LEAVE_LOAD_LABELS } from '../../../../../shared/labels.ts';
import { formatWeekdayIn, isLocale } from '../../../../../shared/i18n/index.ts';

/** The spec's colour tones as Mantine colours. */
export const TONE_COLOR: Record<ColorTone, string> = {
  neutral: 'gray',
  accent: 'indigo',
  ok: 'teal',
  warn: 'orange',
  bad: 'red',
  info: 'cyan',
};

export const LOAD_COLOR: Record<LeaveLoad, string> = { ok: 'teal', tight: 'orange', critical: 'red' };
export const LOAD_LABEL: Readonly<Record<LeaveLoad, string>> = LEAVE_LOAD_LABELS;

const STATUS_COLOR: Record<LeaveStatus, string> = { PendingManager: 'yellow', ManagerApprovedPendingHR: 'orange', Approved: 'teal', Rejected: 'red' };

/** In the console's language, from the `labels` catalogue. */
export function statusLabel(r: Pick<LeaveRequest, 'status' | 'closure'>): string {
  if (r.closure) return i18n.t(`labels:leaveClosure.${r.closure}`);
  return i18n.t(`labels:leaveStatus.${r.status}`);
}

/**
 * A leave type's name: the organisation's own in English; in another language the glossary's
 * word for the standard codes (CL, SL, EL, LOP…), else the organisation's name as it wrote it.
 */
export function leaveTypeLabel(code: string, name: string): string {
  if (i18n.language === 'en-IN') return name;
  return i18n.t(`labels:leaveType.${code}`, { defaultValue: name });
}

/** A request's status as a coloured pill; withdrawn and cancelled ones say so. */
export function LeaveStatusBadge({ request }: { request: Pick<LeaveRequest, 'status' | 'closure'> }) {
  useTranslation();
  const color = request.closure ? 'gray' : STATUS_COLOR[request.status];
  return (
    <Badge color={color} variant="light" radius="sm" style={{ flexShrink: 0 }} data-testid="leave-status">
      {statusLabel(request)}
    </Badge>
  );
}

export function TypeBadge({ code, tone, name }: { code: string; tone: ColorTone; name?: string }) {
  return (
    <Badge color={TONE_COLOR[tone]} variant="light" radius="sm" title={name} style={{ flexShrink: 0 }}>
      {code}
    </Badge>
  );
}

/** "1 day", "2.5 days" / "2.5 दिन" (ICU plural of the console's language). */
export function formatDays(n: number): string {
  // `+ 0` turns −0 (a balance of nothing, negated) into 0: ICU would write "-0".
  return i18n.t('employee:leave.days', { count: (Number.isInteger(n) ? n : Number(n.toFixed(2))) + 0 });
}

export function formatSpan(from: string, to: string, duration: LeaveDuration = 'FullDay'): string {
  if (from !== to) return i18n.t('employee:leave.span.range', { from: formatDate(from), to: formatDate(to) });
  if (duration === 'FirstHalf') return i18n.t('employee:leave.span.firstHalf', { date: formatDate(from) });
  if (duration === 'SecondHalf') return i18n.t('employee:leave.span.secondHalf', { date: formatDate(from) });
  return formatDate(from);
}

/** `Mon 14` / `सोम 14` for a day header (the weekday in the console's language, the date in Latin digits). */
export function shortDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const lang = isLocale(i18n.language) ? i18n.language : 'en-IN';
  const weekday = lang === 'en-IN' ? ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()] : formatWeekdayIn(lang, day, 'short');
  return `${weekday} ${d.getUTCDate()}`;
}
