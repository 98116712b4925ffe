import type { ShiftAssignment, ShiftAssignmentInput, ShiftAssignmentList } from '../../../../../shared/attendance/index.ts';
import { addDays } from '../../../../../shared/dates.ts';
import { type Ctx, inTransaction, requirePermission } from '../../../context.ts';
import { refuseDuplicate } from '../../../db/unique.ts';
import { badRequest, conflict } from '../../../http/problem.ts';
import { newId } from '../../../ids.ts';
import { recordAudit } from '../../audit/index.ts';
import { updateEmployeeRow } from '../../employees/index.ts';
import { reconcileRange } from '../days.ts';
import { policyOf } from '../policy-cache.ts';
import * as shiftsRepo from '../repo/shifts.ts';
import { employeeInScope, todayOf } from '../scope.ts';

/** The roster: which shift an employee works from which day. The past of the roster is never rewritten. */

/** An employee's roster (in scope), newest first, with the default shift days outside it follow. */
export async function listAssignments(ctx: Ctx, employeeId: string): Promise<ShiftAssignmentList> {
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
    const rewritesThePast = () =>
      conflict('A roster entry already starts on or after that day: the past of the roster is not rewritten.', [
        { path: 'body.effectiveFrom', message: 'must be after the latest roster entry' },
      ]);
    if (rows.some((r) => r.effective_from >= input.effectiveFrom)) throw rewritesThePast();
    const dayBefore = addDays(input.effectiveFrom, -1);
    const current = rows.find((r) => r.effective_to === null || r.effective_to >= input.effectiveFrom);
    const previousShift = current?.shift_id ?? employee.shiftId ?? policy.defaultShiftId;
    if (current) await shiftsRepo.endAssignment(t.db, current.id, dayBefore);
    else if (rows.length === 0 && previousShift && dayBefore >= employee.joinedDate) {
      const first = { id: newId(), employee_id: employeeId, shift_id: previousShift, effective_from: employee.joinedDate, effective_to: dayBefore, created_by_name: ctx.caller.name, created_at: now };
      await refuseDuplicate('shift_assignment', () => shiftsRepo.insertAssignment(t.db, first), rewritesThePast);
    }
    // The check above is a read: a concurrent assignment starting the same day is refused by shift_assignment_start_uq.
    const row = { id: newId(), employee_id: employeeId, shift_id: shift.id, effective_from: input.effectiveFrom, effective_to: null, created_by_name: ctx.caller.name, created_at: now };
    await refuseDuplicate('shift_assignment', () => shiftsRepo.insertAssignment(t.db, row), rewritesThePast);
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

/** HR puts an employee on a shift from a day on (`attendance:manage`); answers the roster as it now is. */
export async function assignEmployeeShift(ctx: Ctx, employeeId: string, input: ShiftAssignmentInput): Promise<ShiftAssignmentList> {
  requirePermission(ctx, 'attendance:manage');
  await assignShift(ctx, employeeId, input);
  return listAssignments(ctx, employeeId);
}
