import { Badge } from '@mantine/core';
import type { ColorTone, LeaveDuration, LeaveLoad, LeaveRequest, LeaveStatus } from '../../../../../shared/leave/index.ts';
import { formatDate } from '../../lib/format.ts';
import { LEAVE_LOAD_LABELS, LEAVE_STATUS_LABELS } from '../../../../../shared/labels.ts';

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

const STATUS: Record<LeaveStatus, { label: string; color: string }> = {
  PendingManager: { label: LEAVE_STATUS_LABELS.PendingManager, color: 'yellow' },
  ManagerApprovedPendingHR: { label: LEAVE_STATUS_LABELS.ManagerApprovedPendingHR, color: 'orange' },
  Approved: { label: LEAVE_STATUS_LABELS.Approved, color: 'teal' },
  Rejected: { label: LEAVE_STATUS_LABELS.Rejected, color: 'red' },
};

export function statusLabel(r: Pick<LeaveRequest, 'status' | 'closure'>): string {
  if (r.closure === 'Withdrawn') return 'Withdrawn';
  if (r.closure === 'Cancelled') return 'Cancelled';
  return STATUS[r.status].label;
}

/** A request's status as a coloured pill; withdrawn and cancelled ones say so. */
export function LeaveStatusBadge({ request }: { request: Pick<LeaveRequest, 'status' | 'closure'> }) {
  const color = request.closure ? 'gray' : STATUS[request.status].color;
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

export function formatDays(n: number): string {
  return `${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, '')} day${n === 1 ? '' : 's'}`;
}

export function formatSpan(from: string, to: string, duration: LeaveDuration = 'FullDay'): string {
  const half = duration === 'FirstHalf' ? ' (first half)' : duration === 'SecondHalf' ? ' (second half)' : '';
  return from === to ? `${formatDate(from)}${half}` : `${formatDate(from)} – ${formatDate(to)}`;
}

/** `Mon 14` for a day header. */
export function shortDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()]} ${d.getUTCDate()}`;
}
