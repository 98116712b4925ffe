import {
  type AttendanceDay,
  type DayDetail,
  type Direction,
  type MonthView,
  type OverrideEntry,
  type PunchFlag,
  type PunchView,
  type Totals,
  PUNCH_FLAGS,
} from '../../../../shared/attendance/index.ts';
import { addDays, monthBounds } from '../../../../shared/dates.ts';
import type { Ctx } from '../../context.ts';
import { type Inputs, computeDay, loadInputs, toAttendanceDay, toDayRow } from './days.ts';
import { type EmployeeInfo, type Policy, employedOn, policyOf } from './policy-cache.ts';
import type { EnginePunch } from './reconcile.ts';
import * as daysRepo from './repo/days.ts';
import { type PunchDetailRow, listPunchDetails } from './repo/punches.ts';
import { assertNotFuture, employeeInScope, todayOf } from './scope.ts';
import { zonedInstant } from './shift-time.ts';

/**
 * One employee's days: a day in detail (punches, pairs, reasons, overrides,
 * and the regularizations module's requests through `ctx.links`), a month
 * with totals, and a day as it would be with its punches changed.
 */

function toOverrideEntry(r: daysRepo.OverrideEntryRow): OverrideEntry {
  return {
    id: r.id,
    reason: r.reason,
    workedMinutes: r.worked_minutes,
    otMinutes: r.ot_minutes,
    frozen: r.frozen === null ? null : r.frozen === 1,
    before: JSON.parse(r.before) as OverrideEntry['before'],
    after: JSON.parse(r.after) as OverrideEntry['after'],
    actorName: r.actor_name,
    at: r.at,
  };
}

export function toPunchView(r: PunchDetailRow, role: PunchView['role']): PunchView {
  return {
    id: r.id,
    employeeId: r.employee_id,
    source: r.source as PunchView['source'],
    at: r.at,
    utcOffsetMinutes: r.utc_offset_minutes,
    localDate: r.local_date,
    localTime: r.local_time,
    direction: r.direction === 'in' || r.direction === 'out' ? r.direction : null,
    attendStat: r.attend_stat,
    verifyMode: r.verify_mode,
    terminal: r.terminal_id ? { id: r.terminal_id, name: r.terminal_name ?? '' } : null,
    terminalUserId: r.terminal_user_id,
    photoUrl: r.photo_path ? `/api/attendance/punches/${r.id}/photo` : null,
    geo: r.geo_lat !== null && r.geo_lng !== null ? { lat: r.geo_lat, lng: r.geo_lng, accuracy: r.geo_accuracy } : null,
    flags: r.flags ? (r.flags.split(',').filter((f) => (PUNCH_FLAGS as readonly string[]).includes(f)) as PunchFlag[]) : [],
    supersedesId: r.supersedes_id,
    supersededById: r.superseded_by ?? null,
    regularizationId: r.regularization_id,
    note: r.note,
    createdByName: r.created_by_name,
    createdAt: r.created_at,
    role,
  };
}

/** A day with its punches (and how each was used), pairs, reasons, override history and regularizations. */
export async function dayDetail(ctx: Ctx, employeeId: string, date: string): Promise<DayDetail> {
  const employee = await employeeInScope(ctx, employeeId);
  assertNotFuture(ctx, date);
  const employed = employedOn(employee, date);
  const inputs = await loadInputs(ctx, [employeeId], date, date);
  const computed = computeDay(inputs, employee, date, ctx.clock.now().getTime());
  const stored = await daysRepo.findDay(ctx.db, employeeId, date);
  const dayStart = zonedInstant(date, 0, ctx.timeZone);
  const dayEnd = zonedInstant(addDays(date, 1), 0, ctx.timeZone);
  const lo = new Date(Math.min(computed.window.start, dayStart)).toISOString();
  const hi = new Date(Math.max(computed.window.end, dayEnd)).toISOString();
  const [punchRows, overrideRows, regularizations] = await Promise.all([
    listPunchDetails(ctx.db, employeeId, lo, hi),
    daysRepo.listOverrideEntries(ctx.db, employeeId, date),
    ctx.links.regularizations.ofDay(ctx, employeeId, date),
  ]);
  const inWindow = (at: string) => {
    const ms = Date.parse(at);
    return ms >= computed.window.start && ms < computed.window.end;
  };
  const punches = punchRows.map((r) =>
    toPunchView(r, r.superseded_by ? 'superseded' : inWindow(r.at) ? (computed.result.roles.get(r.id) ?? null) : null),
  );
  const policy = inputs.policy;
  const day: AttendanceDay | null = !employed
    ? null
    : stored
      ? toAttendanceDay(stored, policy)
      : toAttendanceDay(toDayRow(computed, ctx.clock.now().toISOString()), policy);
  const isSelf = ctx.caller.employeeId === employeeId;
  const windowDays = policy.settings.regularizationWindowDays;
  return {
    employee: { id: employee.id, code: employee.code, fullName: employee.fullName },
    date,
    day,
    employed,
    window: { start: new Date(computed.window.start).toISOString(), end: new Date(computed.window.end).toISOString() },
    punches,
    pairs: computed.result.pairs.map((p) => ({ in: new Date(p.in).toISOString(), out: new Date(p.out).toISOString(), minutes: p.minutes })),
    overrides: overrideRows.map(toOverrideEntry),
    regularizations,
    canOverride: employed && !isSelf && ctx.caller.permissions.includes('attendance:override'),
    canRegularize:
      employed &&
      isSelf &&
      ctx.caller.permissions.includes('regularization:apply') &&
      !day?.frozen &&
      date >= addDays(todayOf(ctx), -windowDays),
  };
}

/**
 * Every punch of an employee from the calendar day before `date` to the one
 * after it (each with who superseded it): the punches a correction of the
 * shift day may name.
 */
export async function punchesAround(ctx: Ctx, employeeId: string, date: string): Promise<PunchView[]> {
  const lo = new Date(zonedInstant(addDays(date, -1), 0, ctx.timeZone)).toISOString();
  const hi = new Date(zonedInstant(addDays(date, 2), 0, ctx.timeZone)).toISOString();
  return (await listPunchDetails(ctx.db, employeeId, lo, hi)).map((r) => toPunchView(r, null));
}

/**
 * A day as its punches make it now (`before`) and as it would be with some
 * punches added and others set aside (`after`), from loaded inputs; nothing
 * is stored.
 */
export function dayWithPunchesChanged(
  ctx: Pick<Ctx, 'clock'>,
  inputs: Inputs,
  employee: EmployeeInfo,
  date: string,
  change: { add: readonly { at: string; direction: Direction }[]; setAside: readonly string[] },
): { before: AttendanceDay; after: AttendanceDay } {
  const now = ctx.clock.now().getTime();
  const computedAt = new Date(now).toISOString();
  const before = computeDay(inputs, employee, date, now);
  const setAside = new Set(change.setAside);
  const added: EnginePunch[] = change.add.map((p, i) => ({ id: `proposed-${i}`, at: Date.parse(p.at), direction: p.direction, flagged: false, source: 'manual', terminalId: null }));
  const punches = [...(inputs.punchesByEmployee.get(employee.id) ?? []).filter((p) => !setAside.has(p.id)), ...added].sort((a, b) => a.at - b.at);
  const after = computeDay({ ...inputs, punchesByEmployee: new Map([[employee.id, punches]]) }, employee, date, now);
  return { before: toAttendanceDay(toDayRow(before, computedAt), inputs.policy), after: toAttendanceDay(toDayRow(after, computedAt), inputs.policy) };
}

/** Totals of a list of days, with the late-mark penalty of the policy. */
/** The reason rule of a day with a punch at another location's terminal. */
export const WRONG_LOCATION_RULE = 'wrong-location';

export function totalsOf(days: readonly Pick<AttendanceDay, 'status' | 'lateMinutes' | 'workedMinutes' | 'otMinutes' | 'leaveDays' | 'lopDays' | 'reasons'>[], policy: Policy): Totals {
  const t: Totals = {
    present: 0,
    halfDays: 0,
    absent: 0,
    missingPunch: 0,
    leave: 0,
    holidays: 0,
    weeklyOffs: 0,
    workedOnOff: 0,
    lateCount: 0,
    wrongLocation: 0,
    workedMinutes: 0,
    otMinutes: 0,
    lopDays: 0,
    pending: 0,
  };
  for (const d of days) {
    if (d.reasons.some((r) => r.rule === WRONG_LOCATION_RULE)) t.wrongLocation++;
    switch (d.status) {
      case 'Present':
        t.present++;
        break;
      case 'HalfDay':
        t.halfDays++;
        break;
      case 'Absent':
        t.absent++;
        break;
      case 'MissingPunch':
        t.missingPunch++;
        break;
      case 'Holiday':
        t.holidays++;
        break;
      case 'WeeklyOff':
        t.weeklyOffs++;
        break;
      case 'WorkedOnHoliday':
      case 'WorkedOnWeeklyOff':
        t.workedOnOff++;
        break;
      case 'Pending':
        t.pending++;
        break;
      default:
        break;
    }
    t.leave += d.leaveDays;
    if (d.lateMinutes > 0) t.lateCount++;
    t.workedMinutes += d.workedMinutes;
    t.otMinutes += d.otMinutes;
    t.lopDays += d.lopDays;
  }
  t.lopDays += lateMarkPenalty(t.lateCount, policy);
  return t;
}

/** Days of pay lost to late marks: every Nth late arrival in a month costs the configured part of a day. */
export function lateMarkPenalty(lateCount: number, policy: Policy): number {
  const rule = policy.settings.lateMark;
  if (!rule) return 0;
  return Math.floor(lateCount / rule.every) * rule.days;
}

/** An employee's stored days of a month with totals. */
export async function monthOf(ctx: Ctx, employeeId: string, month: string): Promise<MonthView> {
  const employee = await employeeInScope(ctx, employeeId);
  const { first, last } = monthBounds(`${month}-01`);
  const [rows, policy] = await Promise.all([daysRepo.listDays(ctx.db, [employeeId], first, last), policyOf(ctx.db)]);
  const days = rows.map((r) => toAttendanceDay(r, policy));
  return { employee: { id: employee.id, code: employee.code, fullName: employee.fullName }, month, days, totals: totalsOf(days, policy) };
}
