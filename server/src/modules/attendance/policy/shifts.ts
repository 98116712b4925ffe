import { type ShiftPolicy, type ShiftPolicyInput, timeOf } from '../../../../../shared/attendance/index.ts';
import { type Ctx, inTransaction, requirePermission } from '../../../context.ts';
import { conflict, notFound } from '../../../http/problem.ts';
import { newId } from '../../../ids.ts';
import { diffFields } from '../../audit/index.ts';
import { directoryOf, employedOn, toShiftRule } from '../policy-cache.ts';
import { anyDayOnShift } from '../repo/days.ts';
import { anyEmployeeOnShift } from '../repo/directory.ts';
import * as shiftsRepo from '../repo/shifts.ts';
import { todayOf } from '../scope.ts';
import { logPolicy, redoToday } from './log.ts';

/** Shifts and their rules: list with how many people work each, create, change, delete an unused one. */

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
  requirePermission(ctx, 'attendance:manage');
  const id = newId();
  await inTransaction(ctx, async (t) => {
    if (input.isDefault) await shiftsRepo.clearDefaultShift(t.db);
    await uniqueShiftName(() => shiftsRepo.insertShift(t.db, id, shiftColumns(input), ctx.clock.now().toISOString()));
    await logPolicy(t, {
      entity: 'shift',
      entityId: id,
      action: 'shift.created',
      summary: `Shift ${input.name} created (${input.startTime}–${input.endTime})`,
      message: { id: 'shiftCreated', values: { name: input.name, start: input.startTime, end: input.endTime } },
    });
  });
  return shiftById(ctx, id);
}

export async function updateShift(ctx: Ctx, id: string, input: ShiftPolicyInput): Promise<ShiftPolicy> {
  requirePermission(ctx, 'attendance:manage');
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
      message: { id: 'shiftUpdated', values: { name: input.name } },
      changes: diffFields(b, input),
    });
    // Today's days follow the new rules at the next sweep.
    await redoToday(t);
  });
  return shiftById(ctx, id);
}

export async function deleteShift(ctx: Ctx, id: string): Promise<void> {
  requirePermission(ctx, 'attendance:manage');
  const shift = await shiftById(ctx, id);
  if (shift.isDefault) throw conflict('The default shift cannot be deleted.');
  await inTransaction(ctx, async (t) => {
    const used = (await shiftsRepo.anyAssignmentOfShift(t.db, id)) || (await anyEmployeeOnShift(t.db, id)) || (await anyDayOnShift(t.db, id));
    if (used) throw conflict(`${shift.name} is used by the roster or by reconciled days; it cannot be deleted.`);
    await shiftsRepo.deleteShift(t.db, id);
    await logPolicy(t, { entity: 'shift', entityId: id, action: 'shift.deleted', summary: `Shift ${shift.name} deleted`, message: { id: 'shiftDeleted', values: { name: shift.name } } });
  });
}
