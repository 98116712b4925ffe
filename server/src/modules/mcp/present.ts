import { z } from 'zod';
import { type AttendanceDay, STATUS_META } from '../../../../shared/attendance/index.ts';
import type { LeaveContext, LeaveRequest } from '../../../../shared/leave/index.ts';

/**
 * Compact, name-first shapes of the console's contracts for a model: local
 * times in the organisation's zone, labels beside codes, no internal ids
 * except those a later tool call needs (request and punch ids). Pure.
 */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const QUARTER_HOUR_MS = 15 * 60_000;

/** A zone's UTC offset in minutes at an instant; zones change offset only on quarter hours, so it is kept per quarter hour. */
function offsetMinutes(ms: number, timeZone: string): number {
  const slot = Math.floor(ms / QUARTER_HOUR_MS);
  const key = `${timeZone}|${slot}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    let f = offsetFormats.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
      offsetFormats.set(timeZone, f);
    }
    const at = slot * QUARTER_HOUR_MS;
    const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
    offset = Math.round((Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - at) / 60_000);
    if (offsets.size > 5000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** `HH:MM` of an instant in a zone (a board of people formats many; Intl once per quarter hour, not per call). */
export function localTime(instant: string | null, timeZone: string): string | null {
  if (!instant) return null;
  const ms = Date.parse(instant);
  const local = new Date(ms + offsetMinutes(ms, timeZone) * 60_000);
  return `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function weekday(date: string): string {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
}

export function hoursText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export const DayOut = z.object({
  date: z.string().describe('YYYY-MM-DD'),
  weekday: z.string(),
  status: z.string().describe('The engine\'s status code, e.g. Present, HalfDay, Absent, MissingPunch, OnLeave, Holiday, WeeklyOff, Pending.'),
  statusLabel: z.string(),
  provisional: z.boolean().describe('True while the day is not final yet.'),
  frozen: z.boolean().describe('Closed by HR: nothing changes it any more.'),
  shift: z.string().nullable(),
  worked: z.string().describe('Worked time in words.'),
  workedMinutes: z.number(),
  overtimeMinutes: z.number(),
  lateMinutes: z.number(),
  earlyLeaveMinutes: z.number(),
  firstIn: z.string().nullable().describe('Local time HH:MM.'),
  lastOut: z.string().nullable().describe('Local time HH:MM.'),
  holiday: z.string().nullable(),
  leave: z.string().nullable().describe('The leave type code when on leave.'),
  reasons: z.array(z.string()).describe('Why the engine decided this status, in words.'),
  override: z.string().nullable().describe('An HR override in force, with its reason.'),
});
export type DayOut = z.infer<typeof DayOut>;

export function dayOut(d: AttendanceDay, timeZone: string): DayOut {
  return {
    date: d.date,
    weekday: weekday(d.date),
    status: d.status,
    statusLabel: STATUS_META[d.status].label,
    provisional: d.provisional,
    frozen: d.frozen,
    shift: d.shift ? `${d.shift.name} (${d.shift.startTime}–${d.shift.endTime})` : null,
    worked: hoursText(d.workedMinutes),
    workedMinutes: d.workedMinutes,
    overtimeMinutes: d.otMinutes,
    lateMinutes: d.lateMinutes,
    earlyLeaveMinutes: d.earlyMinutes,
    firstIn: localTime(d.firstIn, timeZone),
    lastOut: localTime(d.lastOut, timeZone),
    holiday: d.holidayName,
    leave: d.leaveCode,
    reasons: d.reasons.map((r) => r.text),
    override: d.override ? `HR override: ${d.override.reason}` : null,
  };
}

export const TeamLoadOut = z.object({
  load: z.enum(['ok', 'tight', 'critical']).describe('Share of the team away on the busiest day: critical ≥ 40%, tight ≥ 25%.'),
  teamSize: z.number(),
  peakTeamOnLeave: z.number().describe('Most of the team away on one day of the request, the applicant included.'),
  busiestDay: z.string().nullable(),
  peakDepartmentOnLeave: z.number(),
  sameTypeTakenThisYear: z.number().describe('Days of this leave type the applicant already took this financial year.'),
});

export function teamLoadOut(c: LeaveContext): z.infer<typeof TeamLoadOut> {
  const busiest = c.days.reduce<LeaveContext['days'][number] | undefined>((best, d) => (!best || d.team > best.team ? d : best), undefined);
  return {
    load: c.load,
    teamSize: c.teamSize,
    peakTeamOnLeave: c.peakTeamOnLeave,
    busiestDay: busiest && busiest.team > 0 ? busiest.date : null,
    peakDepartmentOnLeave: c.peakDeptOnLeave,
    sameTypeTakenThisYear: c.priorSameType,
  };
}

const LEAVE_STATUS_LABELS: Record<LeaveRequest['status'], string> = {
  PendingManager: 'Waiting for the manager',
  ManagerApprovedPendingHR: 'Approved by the manager, waiting for HR',
  Approved: 'Approved',
  Rejected: 'Rejected',
};

export const LeaveRequestOut = z.object({
  id: z.string().describe('The request id (for leave_withdraw, approvals_approve, approvals_reject).'),
  employee: z.string(),
  employeeCode: z.string(),
  leaveType: z.string(),
  leaveTypeCode: z.string(),
  from: z.string(),
  to: z.string(),
  duration: z.enum(['FullDay', 'FirstHalf', 'SecondHalf']),
  workingDays: z.number().describe('Days that cost balance.'),
  balanceAfter: z.number().describe('The balance of this type once this request is counted.'),
  status: z.string(),
  statusLabel: z.string(),
  closure: z.string().nullable().describe('Withdrawn or Cancelled, for a request that ended that way.'),
  reason: z.string().nullable(),
  backup: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedBy: z.string().nullable(),
  submittedOn: z.string(),
  recordedBy: z.string().nullable().describe('HR who recorded it for the employee, if not the employee.'),
  requiresHrApproval: z.boolean(),
  teamLoad: TeamLoadOut,
});
export type LeaveRequestOut = z.infer<typeof LeaveRequestOut>;

export function leaveRequestOut(r: LeaveRequest): LeaveRequestOut {
  return {
    id: r.id,
    employee: r.employeeName,
    employeeCode: r.employeeCode,
    leaveType: r.leaveTypeName,
    leaveTypeCode: r.leaveTypeCode,
    from: r.fromDate,
    to: r.toDate,
    duration: r.duration,
    workingDays: r.workingDays,
    balanceAfter: r.balanceAfter,
    status: r.status,
    statusLabel: r.closure ?? LEAVE_STATUS_LABELS[r.status],
    closure: r.closure,
    reason: r.reason,
    backup: r.backupName,
    decisionNote: r.decisionNote,
    decidedBy: r.hrDecisionName ?? r.managerDecisionName,
    submittedOn: r.createdAt.slice(0, 10),
    recordedBy: r.enteredByName,
    requiresHrApproval: r.requiresHrApproval,
    teamLoad: teamLoadOut(r.context),
  };
}

/** The text block beside structured content (MCP asks for the JSON for clients without structured output). */
export function textOf(value: unknown): string {
  return JSON.stringify(value);
}
