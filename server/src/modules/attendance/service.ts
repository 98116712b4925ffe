import {
  type AttendanceDay,
  type DayDetail,
  type DayOverride,
  type MonthView,
  type OverrideEntry,
  type PunchFlag,
  type PunchView,
  type SelfPunchInput,
  type Totals,
  formatMinutes,
  PUNCH_FLAGS,
} from '../../../../shared/attendance/index.ts';
import { addDays, monthBounds } from '../../../../shared/dates.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { AttendanceDayTable } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { diffFields, recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { computeDay, dayOfInstant, loadInputs, reconcileRange, toAttendanceDay, toDayRow } from './days.ts';
import { type EmployeeInfo, type Policy, directoryOf, employedOn, policyOf } from './policy.ts';
import { distanceMeters, localParts, recordPunch } from './punches.ts';
import { listRegularizationsOfDay } from './regularizations.ts';
import * as daysRepo from './repo/days.ts';
import { type PunchDetailRow, listPunchDetails } from './repo/punches.ts';
import { assertEmployed, assertNotFuture, employeeInScope, todayOf } from './scope.ts';
import { zonedInstant } from './shift-time.ts';

function snapshot(row: AttendanceDayTable) {
  return { status: row.status, workedMinutes: row.worked_minutes, otMinutes: row.ot_minutes, frozen: row.frozen === 1 };
}

/**
 * Spec §4.2: an HR override of a reconciled day. Worked and overtime minutes
 * given here replace the computed ones (the status follows from them) and
 * stay in force across reconciliations; `frozen: true` keeps the whole day
 * as it is; `frozen: false` hands the day back to the engine: overrides not
 * sent in the same body are cleared and the day is reconciled from its punches.
 */
export async function overrideDay(ctx: Ctx, employeeId: string, date: string, body: DayOverride): Promise<AttendanceDay> {
  const employee = await employeeInScope(ctx, employeeId);
  if (ctx.caller.employeeId === employeeId) throw forbidden('Nobody overrides their own attendance; ask another HR person.');
  assertNotFuture(ctx, date);
  assertEmployed(employee, date);
  const after = await inTransaction(ctx, async (t) => {
    if (!(await daysRepo.findDay(t.db, employeeId, date))) await reconcileRange(t, [employeeId], date, date);
    const before = await daysRepo.findDay(t.db, employeeId, date);
    if (!before) throw new Error('reconciled day missing');
    const unfreeze = body.frozen === false;
    const worked = body.workedMinutes ?? (unfreeze ? null : before.override_worked_minutes);
    const ot = body.otMinutes ?? (unfreeze ? null : before.override_ot_minutes);
    const effectiveWorked = worked ?? before.worked_minutes;
    if (ot !== null && ot > effectiveWorked) {
      throw badRequest(`Overtime (${ot} min) cannot exceed the worked minutes (${effectiveWorked}).`, [
        { path: body.otMinutes !== undefined ? 'body.otMinutes' : 'body.workedMinutes', message: 'overtime must not exceed worked minutes' },
      ]);
    }
    const frozen = body.frozen ?? before.frozen === 1;
    const valuesChanged = unfreeze || worked !== before.override_worked_minutes || ot !== before.override_ot_minutes;
    if (valuesChanged) {
      await daysRepo.updateDayOverride(t.db, employeeId, date, {
        frozen: 0,
        override_worked_minutes: worked,
        override_ot_minutes: ot,
        override_reason: worked !== null || ot !== null ? body.reason : null,
      });
      await reconcileRange(t, [employeeId], date, date);
    }
    if (frozen) await daysRepo.updateDayOverride(t.db, employeeId, date, { frozen: 1 });
    const after = await daysRepo.findDay(t.db, employeeId, date);
    if (!after) throw new Error('overridden day missing');
    const now = ctx.clock.now().toISOString();
    await daysRepo.insertOverrideEntry(t.db, {
      id: newId(),
      employee_id: employeeId,
      date,
      reason: body.reason,
      worked_minutes: body.workedMinutes ?? null,
      ot_minutes: body.otMinutes ?? null,
      frozen: body.frozen === undefined ? null : body.frozen ? 1 : 0,
      before: JSON.stringify(snapshot(before)),
      after: JSON.stringify(snapshot(after)),
      actor_user_id: ctx.caller.userId,
      actor_name: ctx.caller.name,
      at: now,
    });
    const sent = [
      body.workedMinutes !== undefined ? `worked ${formatMinutes(body.workedMinutes)}` : null,
      body.otMinutes !== undefined ? `overtime ${formatMinutes(body.otMinutes)}` : null,
      body.frozen === true ? 'frozen' : body.frozen === false ? 'unfrozen' : null,
    ].filter(Boolean);
    await recordAudit(t, {
      employeeId,
      category: 'Attendance',
      action: 'attendance.override',
      summary: `Attendance of ${date} overridden (${sent.join(', ')}). Reason: ${body.reason}`,
      changes: diffFields(snapshot(before), snapshot(after)),
    });
    await notify(t, { employeeIds: [employeeId] }, {
      kind: 'attendance.override',
      title: `Your attendance on ${date} was changed`,
      body: `${ctx.caller.name}: ${after.status}, worked ${formatMinutes(after.worked_minutes)}${after.frozen ? ' (frozen)' : ''}. Reason: ${body.reason}`,
      link: `/attendance/me?date=${date}`,
    });
    return after;
  });
  return toAttendanceDay(after, await policyOf(ctx.db));
}

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
    listRegularizationsOfDay(ctx, employeeId, date),
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

/** Totals of a list of days, with the late-mark penalty of the policy. */
export function totalsOf(days: readonly Pick<AttendanceDay, 'status' | 'lateMinutes' | 'workedMinutes' | 'otMinutes' | 'leaveDays' | 'lopDays'>[], policy: Policy): Totals {
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
    workedMinutes: 0,
    otMinutes: 0,
    lopDays: 0,
    pending: 0,
  };
  for (const d of days) {
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

/** Which flags a self check-in earns from where it was made. */
export function geoFlags(policy: Policy, employee: EmployeeInfo, geo: SelfPunchInput['geo']): PunchFlag[] {
  if (policy.fences.size === 0) return [];
  if (!geo) return ['OffZone'];
  const slack = Math.min(geo.accuracy ?? 0, 100);
  const inside = [...policy.fences].filter(([, f]) => distanceMeters(geo, f) <= f.radiusMeters + slack).map(([id]) => id);
  if (inside.length === 0) return ['OffZone'];
  if (employee.locationId && !inside.includes(employee.locationId)) return ['WrongLocation'];
  return [];
}

/** Console self check-in or check-out; flagged (not counted) outside the fences. */
export async function selfPunch(ctx: Ctx, input: SelfPunchInput) {
  const employeeId = ctx.caller.employeeId;
  if (!employeeId) throw forbidden('Only an employee can check in.');
  const [policy, directory] = await Promise.all([policyOf(ctx.db), directoryOf(ctx.db)]);
  const employee = directory.byId.get(employeeId);
  if (!employee) throw notFound('Employee');
  const now = ctx.clock.now().getTime();
  const today = dayOfInstant(now, ctx.timeZone);
  if (!employedOn(employee, today)) throw conflict('You are not employed today, so you cannot check in.');
  const flags = geoFlags(policy, employee, input.geo);
  const local = localParts(now, ctx.timeZone);
  const recorded = await inTransaction(ctx, async (t) => {
    const r = await recordPunch(t, {
      employeeId,
      source: 'self',
      at: now,
      utcOffsetMinutes: local.offsetMinutes,
      localDate: local.date,
      localTime: local.time,
      direction: input.direction,
      geo: input.geo ? { lat: input.geo.lat, lng: input.geo.lng, accuracy: input.geo.accuracy ?? null } : null,
      flags,
    });
    if (flags.length) {
      await recordAudit(t, {
        employeeId,
        category: 'Attendance',
        action: 'attendance.self-punch-flagged',
        summary: `Checked ${input.direction} from the console, flagged ${flags.join(', ')}: not counted until a regularization is approved`,
      });
    }
    return r;
  });
  const punchRow = (await listPunchDetails(ctx.db, employeeId, new Date(now).toISOString(), new Date(now + 1).toISOString())).find(
    (p) => p.id === recorded.id,
  );
  const dayRow = recorded.shiftDay ? await daysRepo.findDay(ctx.db, employeeId, recorded.shiftDay) : undefined;
  if (!punchRow) throw new Error('self punch vanished');
  return {
    punch: toPunchView(punchRow, flags.length ? 'flagged' : null),
    day: dayRow ? toAttendanceDay(dayRow, policy) : null,
    duplicate: recorded.duplicate,
  };
}
