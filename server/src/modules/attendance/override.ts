import { type AttendanceDay, type DayOverride, formatMinutes } from '../../../../shared/attendance/index.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import type { AttendanceDayTable } from '../../db/schema.ts';
import { badRequest, forbidden } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { diffFields, recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { emitEvent } from '../outbox/index.ts';
import { reconcileRange, toAttendanceDay } from './days.ts';
import { policyOf } from './policy-cache.ts';
import * as daysRepo from './repo/days.ts';
import { assertEmployed, assertNotFuture, employeeInScope } from './scope.ts';
import { ATTENDANCE_STATUS_LABELS, formatDate, formatDayShort, formatDuration, labelOf } from '../../../../shared/labels.ts';

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
  requirePermission(ctx, 'attendance:override');
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
      summary: `Attendance of ${formatDate(date)} overridden (${sent.join(', ')}). Reason: ${body.reason}`,
      changes: diffFields(snapshot(before), snapshot(after)),
    });
    await notify(t, { employeeIds: [employeeId] }, {
      kind: 'attendance.override',
      title: `Your attendance on ${formatDayShort(date)} ${date.slice(0, 4)} was changed`,
      message: { id: 'attendance.override', values: { date: { date } } },
      body: `${ctx.caller.name}: ${labelOf(ATTENDANCE_STATUS_LABELS, after.status)}, worked ${formatDuration(after.worked_minutes)}${after.frozen ? ' (frozen)' : ''}. Reason: ${body.reason}`,
      bodyMessage: {
        id: 'attendance.overrideBody',
        values: { name: ctx.caller.name, status: { label: `attendanceStatus.${after.status}` }, worked: formatDuration(after.worked_minutes), frozen: after.frozen ? 'yes' : 'no', reason: body.reason },
      },
      link: `/attendance/me?date=${date}`,
    });
    await emitEvent(t, 'attendance.day.overridden', toAttendanceDay(after, await policyOf(t.db)));
    return after;
  });
  return toAttendanceDay(after, await policyOf(ctx.db));
}
