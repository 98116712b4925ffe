import { z } from 'zod';
import {
  type AttendanceHoliday,
  type AttendanceSettings,
  type AttendanceSettingsUpdate,
  type HolidayInput,
  type LocationPolicy,
  type LocationPolicyInput,
  type PolicyLogEntry,
  type ShiftAssignment,
  type ShiftAssignmentInput,
  type ShiftPolicy,
  type ShiftPolicyInput,
  timeOf,
} from '../../../../shared/attendance/index.ts';
import type { FieldChange } from '../../../../shared/audit.ts';
import { YEAR_MAX } from '../../../../shared/common.ts';
import { addDays } from '../../../../shared/dates.ts';
import { WeeklyOffRule } from '../../../../shared/org.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { diffFields, recordAudit } from '../audit/index.ts';
import { updateEmployeeRow } from '../employees/index.ts';
import { reconcileRange } from './days.ts';
import { directoryOf, employedOn, policyOf, toShiftRule } from './policy.ts';
import * as daysRepo from './repo/days.ts';
import { anyEmployeeOnShift, listLocationNames, locationExists } from './repo/directory.ts';
import * as holidaysRepo from './repo/holidays.ts';
import * as settingsRepo from './repo/settings.ts';
import * as shiftsRepo from './repo/shifts.ts';
import { employeeInScope, todayOf } from './service.ts';

/**
 * Attendance policy changes: shifts, roster, location weekly offs and
 * fences, holidays and opt-ins, settings. Each is logged (policy log, or the
 * employee's audit trail for changes to a person); the policy cache sees the writes itself.
 * Policy changes apply from today; "recompute range" applies them to the past.
 */


async function logPolicy(ctx: Ctx, entry: { entity: string; entityId: string; action: string; summary: string; changes?: FieldChange[] }) {
  await settingsRepo.insertPolicyLog(ctx.db, {
    id: newId(),
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    summary: entry.summary,
    changes: JSON.stringify(entry.changes ?? []),
    actor_user_id: ctx.caller.userId,
    actor_name: ctx.caller.name,
    at: ctx.clock.now().toISOString(),
  });
}

export async function listPolicyLog(ctx: Ctx, limit = 200): Promise<PolicyLogEntry[]> {
  const rows = await settingsRepo.listPolicyLog(ctx.db, limit);
  return rows.map((r) => ({
    id: r.id,
    entity: r.entity,
    entityId: r.entity_id,
    action: r.action,
    summary: r.summary,
    changes: JSON.parse(r.changes) as FieldChange[],
    actorName: r.actor_name,
    at: r.at,
  }));
}

// ------------------------------------------------------------------ shifts

function toShiftPolicy(r: shiftsRepo.ShiftRow, assignedCount: number): ShiftPolicy {
  const rule = toShiftRule(r);
  return {
    id: r.id,
    name: r.name,
    startTime: r.start_time,
    endTime: r.end_time,
    isDefault: r.is_default === 1,
    breakMinutes: rule.breakMinutes,
    lateGraceMinutes: rule.lateGrace,
    earlyGraceMinutes: rule.earlyGrace,
    halfDayMinutes: rule.halfDay,
    fullDayMinutes: rule.fullDay,
    overtime: { eligible: rule.ot.eligible, afterMinutes: rule.ot.after, blockMinutes: rule.ot.block, maxMinutes: rule.ot.max, beforeStart: rule.ot.beforeStart },
    windowBeforeMinutes: rule.windowBefore,
    windowAfterMinutes: rule.windowAfter,
    flexible: rule.flexible
      ? { coreStart: timeOf(rule.flexible.coreStart), coreEnd: timeOf(rule.flexible.coreEnd), requiredMinutes: rule.flexible.required }
      : null,
    hoursMode: rule.hoursMode,
    assignedCount,
  };
}

function shiftColumns(input: ShiftPolicyInput): shiftsRepo.ShiftValues {
  return {
    name: input.name,
    start_time: input.startTime,
    end_time: input.endTime,
    is_default: input.isDefault ? (1 as const) : (0 as const),
    break_minutes: input.breakMinutes,
    late_grace_minutes: input.lateGraceMinutes,
    early_grace_minutes: input.earlyGraceMinutes,
    half_day_minutes: input.halfDayMinutes,
    full_day_minutes: input.fullDayMinutes,
    ot_eligible: input.overtime.eligible ? (1 as const) : (0 as const),
    ot_after_minutes: input.overtime.afterMinutes,
    ot_block_minutes: input.overtime.blockMinutes,
    ot_max_minutes: input.overtime.maxMinutes,
    ot_before_start: input.overtime.beforeStart ? (1 as const) : (0 as const),
    window_before_minutes: input.windowBeforeMinutes,
    window_after_minutes: input.windowAfterMinutes,
    flexible: input.flexible ? (1 as const) : (0 as const),
    core_start: input.flexible?.coreStart ?? null,
    core_end: input.flexible?.coreEnd ?? null,
    required_minutes: input.flexible?.requiredMinutes ?? null,
    hours_mode: input.hoursMode,
  };
}

export async function listShiftPolicies(ctx: Ctx): Promise<ShiftPolicy[]> {
  const [rows, open, directory] = await Promise.all([shiftsRepo.listShifts(ctx.db, 'name'), shiftsRepo.listOpenAssignments(ctx.db), directoryOf(ctx.db)]);
  const assigned = new Map<string, number>();
  for (const a of open) assigned.set(a.shift_id, (assigned.get(a.shift_id) ?? 0) + 1);
  // Employees without an open assignment follow employee.shift_id.
  const withAssignment = new Set(open.map((a) => a.employee_id));
  const today = todayOf(ctx);
  for (const e of directory.list) {
    if (withAssignment.has(e.id) || !employedOn(e, today) || !e.shiftId) continue;
    assigned.set(e.shiftId, (assigned.get(e.shiftId) ?? 0) + 1);
  }
  return rows.map((r) => toShiftPolicy(r, assigned.get(r.id) ?? 0));
}

async function shiftById(ctx: Ctx, id: string): Promise<ShiftPolicy> {
  const found = (await listShiftPolicies(ctx)).find((s) => s.id === id);
  if (!found) throw notFound('Shift');
  return found;
}

async function uniqueShiftName<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (/unique/i.test(String(err))) throw conflict('Another shift is already called that.', [{ path: 'body.name', message: 'another shift has this name' }]);
    throw err;
  }
}

export async function createShift(ctx: Ctx, input: ShiftPolicyInput): Promise<ShiftPolicy> {
  const id = newId();
  await inTransaction(ctx, async (t) => {
    if (input.isDefault) await shiftsRepo.clearDefaultShift(t.db);
    await uniqueShiftName(() => shiftsRepo.insertShift(t.db, id, shiftColumns(input), ctx.clock.now().toISOString()));
    await logPolicy(t, { entity: 'shift', entityId: id, action: 'shift.created', summary: `Shift ${input.name} created (${input.startTime}–${input.endTime})` });
  });
  return shiftById(ctx, id);
}

export async function updateShift(ctx: Ctx, id: string, input: ShiftPolicyInput): Promise<ShiftPolicy> {
  const before = await shiftById(ctx, id);
  if (before.isDefault && !input.isDefault) {
    throw conflict('Make another shift the default instead: there must always be one.', [{ path: 'body.isDefault', message: 'one shift must stay the default' }]);
  }
  await inTransaction(ctx, async (t) => {
    if (input.isDefault) await shiftsRepo.clearDefaultShift(t.db, id);
    await uniqueShiftName(() => shiftsRepo.updateShift(t.db, id, shiftColumns(input), ctx.clock.now().toISOString()));
    const { assignedCount: _a, id: _i, ...b } = before;
    await logPolicy(t, {
      entity: 'shift',
      entityId: id,
      action: 'shift.updated',
      summary: `Shift ${input.name} changed (applies from today; recompute a range to apply it to the past)`,
      changes: diffFields(b, input),
    });
    // Today's days follow the new rules at the next sweep.
    await daysRepo.markDirty(t.db, 'all', todayOf(ctx), todayOf(ctx));
  });
  return shiftById(ctx, id);
}

export async function deleteShift(ctx: Ctx, id: string): Promise<void> {
  const shift = await shiftById(ctx, id);
  if (shift.isDefault) throw conflict('The default shift cannot be deleted.');
  await inTransaction(ctx, async (t) => {
    const used = (await shiftsRepo.anyAssignmentOfShift(t.db, id)) || (await anyEmployeeOnShift(t.db, id)) || (await daysRepo.anyDayOnShift(t.db, id));
    if (used) throw conflict(`${shift.name} is used by the roster or by reconciled days; it cannot be deleted.`);
    await shiftsRepo.deleteShift(t.db, id);
    await logPolicy(t, { entity: 'shift', entityId: id, action: 'shift.deleted', summary: `Shift ${shift.name} deleted` });
  });
}

// ------------------------------------------------------------------ roster

export async function listAssignments(ctx: Ctx, employeeId: string) {
  await employeeInScope(ctx, employeeId);
  const [rows, policy] = await Promise.all([shiftsRepo.listAssignmentRows(ctx.db, employeeId), policyOf(ctx.db)]);
  const items: ShiftAssignment[] = rows.map((r) => ({
    id: r.id,
    shiftId: r.shift_id,
    shiftName: r.shift_name,
    effectiveFrom: r.effective_from,
    effectiveTo: r.effective_to,
    createdByName: r.created_by_name,
    createdAt: r.created_at,
  }));
  const def = policy.defaultShiftId ? policy.shifts.get(policy.defaultShiftId) : undefined;
  return { items, defaultShift: def ? { id: def.id, name: def.name } : null };
}

/**
 * Puts an employee on a shift from a day on. The assignment in force ends
 * the day before; days before keep their shift (when the employee had no
 * assignment yet, their current shift is written down up to that day
 * first). Days from `effectiveFrom` to today are reconciled again.
 */
export async function assignShift(ctx: Ctx, employeeId: string, input: ShiftAssignmentInput): Promise<ShiftAssignment[]> {
  const employee = await employeeInScope(ctx, employeeId);
  const policy = await policyOf(ctx.db);
  const shift = policy.shifts.get(input.shiftId.toLowerCase());
  if (!shift) throw badRequest('No such shift.', [{ path: 'body.shiftId', message: 'no such shift' }]);
  if (input.effectiveFrom < employee.joinedDate) {
    throw badRequest(`The new shift cannot start before joining (${employee.joinedDate}).`, [{ path: 'body.effectiveFrom', message: `must be on or after ${employee.joinedDate}` }]);
  }
  await inTransaction(ctx, async (t) => {
    const now = ctx.clock.now().toISOString();
    const rows = await shiftsRepo.listRosterOf(t.db, employeeId);
    if (rows.some((r) => r.effective_from >= input.effectiveFrom)) {
      throw conflict('A roster entry already starts on or after that day: the past of the roster is not rewritten.', [
        { path: 'body.effectiveFrom', message: 'must be after the latest roster entry' },
      ]);
    }
    const dayBefore = addDays(input.effectiveFrom, -1);
    const current = rows.find((r) => r.effective_to === null || r.effective_to >= input.effectiveFrom);
    const previousShift = current?.shift_id ?? employee.shiftId ?? policy.defaultShiftId;
    if (current) await shiftsRepo.endAssignment(t.db, current.id, dayBefore);
    else if (rows.length === 0 && previousShift && dayBefore >= employee.joinedDate) {
      await shiftsRepo.insertAssignment(t.db, { id: newId(), employee_id: employeeId, shift_id: previousShift, effective_from: employee.joinedDate, effective_to: dayBefore, created_by_name: ctx.caller.name, created_at: now });
    }
    await shiftsRepo.insertAssignment(t.db, { id: newId(), employee_id: employeeId, shift_id: shift.id, effective_from: input.effectiveFrom, effective_to: null, created_by_name: ctx.caller.name, created_at: now });
    // employee.shift_id stays "the current shift" for the directory.
    if (input.effectiveFrom <= todayOf(ctx)) await updateEmployeeRow(t.db, employeeId, { shift_id: shift.id, updated_at: now });
    const previousName = previousShift ? (policy.shifts.get(previousShift)?.name ?? null) : null;
    await recordAudit(t, {
      employeeId,
      category: 'Attendance',
      action: 'roster.assigned',
      summary: `Shift ${shift.name} from ${input.effectiveFrom}${previousName ? ` (was ${previousName})` : ''}`,
      changes: [{ field: 'shift', before: previousName, after: shift.name }],
    });
    await reconcileRange(t, [employeeId], input.effectiveFrom, todayOf(ctx));
  });
  return (await listAssignments(ctx, employeeId)).items;
}

// ------------------------------------------------------------------ locations

const WeeklyOffs = z.array(WeeklyOffRule);

export async function listLocationPolicies(ctx: Ctx): Promise<LocationPolicy[]> {
  const [locations, rows, policy] = await Promise.all([listLocationNames(ctx.db), settingsRepo.listLocationPolicies(ctx.db), policyOf(ctx.db)]);
  const byId = new Map(rows.map((r) => [r.location_id, r]));
  return locations.map((l) => {
    const r = byId.get(l.id);
    const own = r?.weekly_offs ? WeeklyOffs.parse(JSON.parse(r.weekly_offs)) : null;
    return {
      locationId: l.id,
      locationName: l.name,
      weeklyOffs: own,
      effectiveWeeklyOffs: own ?? policy.orgWeeklyOffs,
      geoFence:
        r && r.fence_lat !== null && r.fence_lng !== null && r.fence_radius_m !== null
          ? { lat: r.fence_lat, lng: r.fence_lng, radiusMeters: r.fence_radius_m }
          : null,
    };
  });
}

export async function setLocationPolicy(ctx: Ctx, locationId: string, input: LocationPolicyInput): Promise<LocationPolicy> {
  const before = (await listLocationPolicies(ctx)).find((l) => l.locationId === locationId);
  if (!before) throw notFound('Location');
  await inTransaction(ctx, async (t) => {
    const values = {
      weekly_offs: input.weeklyOffs === null ? null : JSON.stringify(input.weeklyOffs),
      fence_lat: input.geoFence?.lat ?? null,
      fence_lng: input.geoFence?.lng ?? null,
      fence_radius_m: input.geoFence?.radiusMeters ?? null,
      updated_at: ctx.clock.now().toISOString(),
    };
    await settingsRepo.upsertLocationPolicy(t.db, locationId, values);
    await logPolicy(t, {
      entity: 'location',
      entityId: locationId,
      action: 'location-policy.updated',
      summary: `${before.locationName}: weekly offs and geo-fence updated`,
      changes: diffFields({ weeklyOffs: before.weeklyOffs, geoFence: before.geoFence }, { weeklyOffs: input.weeklyOffs, geoFence: input.geoFence }),
    });
    if (JSON.stringify(before.weeklyOffs) !== JSON.stringify(input.weeklyOffs)) {
      const people = (await directoryOf(t.db)).list.filter((e) => e.locationId === locationId).map((e) => e.id);
      await t.links.leave.calendarChanged(t, people, todayOf(ctx), `${YEAR_MAX}-12-31`, `the weekly offs of ${before.locationName} changed`);
    }
    await daysRepo.markDirty(t.db, 'all', todayOf(ctx), todayOf(ctx));
  });
  const after = (await listLocationPolicies(ctx)).find((l) => l.locationId === locationId);
  if (!after) throw notFound('Location');
  return after;
}

// ------------------------------------------------------------------ holidays

export async function listHolidays(ctx: Ctx, year: number): Promise<AttendanceHoliday[]> {
  const rows = await holidaysRepo.listHolidaysBetween(ctx.db, `${year}-01-01`, `${year}-12-31`);
  const mine = new Set(ctx.caller.employeeId ? await holidaysRepo.listOptInsOf(ctx.db, ctx.caller.employeeId) : []);
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    name: r.name,
    locationId: r.location_id,
    locationName: r.location_name,
    optional: r.optional === 1,
    optedIn: mine.has(r.id),
    optInCount: Number(r.opt_ins ?? 0),
  }));
}

/** Reconciles, for the employees a holiday concerns, its date if that is today or in the past. */
async function reconcileHolidayDate(ctx: Ctx, date: string, locationId: string | null): Promise<void> {
  if (date > todayOf(ctx)) return;
  const directory = await directoryOf(ctx.db);
  const ids = directory.list.filter((e) => (locationId === null || e.locationId === locationId) && employedOn(e, date)).map((e) => e.id);
  if (ids.length) await reconcileRange(ctx, ids, date, date);
}

async function assertLocation(ctx: Ctx, locationId: string | null): Promise<void> {
  if (locationId && !(await locationExists(ctx.db, locationId))) {
    throw badRequest('No such location.', [{ path: 'body.locationId', message: 'no such location' }]);
  }
}

export async function createHoliday(ctx: Ctx, input: HolidayInput): Promise<AttendanceHoliday> {
  const id = newId();
  const locationId = input.locationId?.toLowerCase() ?? null;
  await assertLocation(ctx, locationId);
  await inTransaction(ctx, async (t) => {
    if (await holidaysRepo.holidayExists(t.db, input.date, locationId)) throw conflict(`There is already a holiday on ${input.date} for that location.`, [{ path: 'body.date', message: 'already a holiday' }]);
    await holidaysRepo.insertHoliday(t.db, { id, date: input.date, name: input.name, location_id: locationId, optional: input.optional ? 1 : 0, created_at: ctx.clock.now().toISOString() });
    await logPolicy(t, { entity: 'holiday', entityId: id, action: 'holiday.created', summary: `Holiday ${input.name} on ${input.date}${input.optional ? ' (optional)' : ''}` });
    if (!input.optional) {
      await t.links.leave.calendarChanged(t, 'all', input.date, input.date, `${input.name} (${input.date}) is now a holiday`);
      await reconcileHolidayDate(t, input.date, locationId);
    }
  });
  const found = (await listHolidays(ctx, Number(input.date.slice(0, 4)))).find((h) => h.id === id);
  if (!found) throw notFound('Holiday');
  return found;
}

async function holidayRow(ctx: Ctx, id: string) {
  const row = await holidaysRepo.findHoliday(ctx.db, id);
  if (!row) throw notFound('Holiday');
  return row;
}

export async function updateHoliday(ctx: Ctx, id: string, input: HolidayInput): Promise<AttendanceHoliday> {
  const before = await holidayRow(ctx, id);
  const locationId = input.locationId?.toLowerCase() ?? null;
  await assertLocation(ctx, locationId);
  await inTransaction(ctx, async (t) => {
    await holidaysRepo.updateHoliday(t.db, id, { date: input.date, name: input.name, location_id: locationId, optional: input.optional ? 1 : 0 });
    await logPolicy(t, {
      entity: 'holiday',
      entityId: id,
      action: 'holiday.updated',
      summary: `Holiday ${input.name} changed`,
      changes: diffFields({ date: before.date, name: before.name, locationId: before.location_id, optional: before.optional === 1 }, { date: input.date, name: input.name, locationId, optional: input.optional }),
    });
    const why = `holiday ${before.name} (${before.date}) changed to ${input.name} (${input.date}${input.optional ? ', optional' : ''})`;
    await t.links.leave.calendarChanged(t, 'all', before.date, before.date, why);
    if (input.date !== before.date) await t.links.leave.calendarChanged(t, 'all', input.date, input.date, why);
    await reconcileHolidayDate(t, before.date, before.location_id);
    if (input.date !== before.date) await reconcileHolidayDate(t, input.date, locationId);
  });
  const found = (await listHolidays(ctx, Number(input.date.slice(0, 4)))).find((h) => h.id === id);
  if (!found) throw notFound('Holiday');
  return found;
}

export async function deleteHoliday(ctx: Ctx, id: string): Promise<void> {
  const before = await holidayRow(ctx, id);
  await inTransaction(ctx, async (t) => {
    await holidaysRepo.deleteHoliday(t.db, id);
    await logPolicy(t, { entity: 'holiday', entityId: id, action: 'holiday.deleted', summary: `Holiday ${before.name} on ${before.date} deleted` });
    await t.links.leave.calendarChanged(t, 'all', before.date, before.date, `${before.name} (${before.date}) is no longer a holiday`);
    await reconcileHolidayDate(t, before.date, before.location_id);
  });
}

/** The caller opts into (or out of) an optional holiday; the day is reconciled again. */
export async function setOptIn(ctx: Ctx, holidayId: string, optIn: boolean): Promise<AttendanceHoliday> {
  const employeeId = ctx.caller.employeeId;
  if (!employeeId) throw forbidden('Only an employee can opt into a holiday.');
  const h = await holidayRow(ctx, holidayId);
  if (h.optional !== 1) throw conflict(`${h.name} is not an optional holiday.`);
  const policy = await policyOf(ctx.db);
  const employee = (await directoryOf(ctx.db)).byId.get(employeeId);
  if (h.location_id && employee?.locationId !== h.location_id) throw conflict(`${h.name} is not a holiday at your location.`);
  await inTransaction(ctx, async (t) => {
    if (optIn) {
      const year = h.date.slice(0, 4);
      if ((await holidaysRepo.countOptInsInYear(t.db, employeeId, year)) >= policy.settings.optionalHolidaysPerYear) {
        throw conflict(`You already chose ${policy.settings.optionalHolidaysPerYear} optional holidays in ${year}.`);
      }
      await holidaysRepo.insertOptIn(t.db, employeeId, holidayId, ctx.clock.now().toISOString());
    } else {
      await holidaysRepo.deleteOptIn(t.db, employeeId, holidayId);
    }
    await recordAudit(t, {
      employeeId,
      category: 'Attendance',
      action: optIn ? 'holiday.opted-in' : 'holiday.opted-out',
      summary: `${optIn ? 'Opted into' : 'Opted out of'} the optional holiday ${h.name} (${h.date})`,
    });
    await t.links.leave.calendarChanged(t, [employeeId], h.date, h.date, `${optIn ? 'you chose' : 'you gave up'} the optional holiday ${h.name} (${h.date})`);
    if (h.date <= todayOf(ctx) && employee && employedOn(employee, h.date)) await reconcileRange(t, [employeeId], h.date, h.date);
  });
  const found = (await listHolidays(ctx, Number(h.date.slice(0, 4)))).find((x) => x.id === holidayId);
  if (!found) throw notFound('Holiday');
  return found;
}

// ------------------------------------------------------------------ settings

export async function getSettings(ctx: Ctx): Promise<AttendanceSettings> {
  return (await policyOf(ctx.db)).settings;
}

export async function updateSettings(ctx: Ctx, input: AttendanceSettingsUpdate): Promise<AttendanceSettings> {
  const before = await getSettings(ctx);
  const next = { ...before, ...input };
  await inTransaction(ctx, async (t) => {
    await settingsRepo.updateSettings(t.db, {
      debounce_seconds: next.debounceSeconds,
      regularization_window_days: next.regularizationWindowDays,
      hr_approval_kinds: JSON.stringify(next.hrApprovalKinds),
      late_mark_every: next.lateMark?.every ?? null,
      late_mark_days: next.lateMark?.days ?? 0.5,
      optional_holidays_per_year: next.optionalHolidaysPerYear,
      updated_at: ctx.clock.now().toISOString(),
    });
    await logPolicy(t, { entity: 'settings', entityId: 'org', action: 'settings.updated', summary: 'Attendance rules changed', changes: diffFields(before, next) });
    await daysRepo.markDirty(t.db, 'all', todayOf(ctx), todayOf(ctx));
  });
  return getSettings(ctx);
}
