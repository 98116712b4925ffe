import { addDays } from '../../../../shared/dates.ts';
import type { LeaveAdjustmentCreate, LeaveAdjustmentList, LeaveAdjustmentListQuery, LeaveAdjustmentResult } from '../../../../shared/leave/index.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { conflict, forbidden } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCanSeeEmployee } from '../employees/index.ts';
import { notify } from '../notifications/index.ts';
import { leaveToday, positionOn, toLedgerEntry, yearPositions } from './balance.ts';
import { ledgerRow } from './ledger-entries.ts';
import * as ledgerRepo from './repo/ledger.ts';
import { getTypeRow, typeRef } from './types-service.ts';

/** HR adjustments of a balance, with a reason. */

/** An HR adjustment with a reason: audited, the employee is told. Nobody adjusts their own balance. */
export async function adjustLeaveBalance(ctx: Ctx, input: LeaveAdjustmentCreate): Promise<LeaveAdjustmentResult> {
  requirePermission(ctx, 'leave:manage');
  return inTransaction(ctx, async (t) => {
    await assertCanSeeEmployee(t, input.employeeId);
    if (t.caller.employeeId === input.employeeId) throw forbidden('Nobody adjusts their own leave balance; ask another HR person.');
    const type = await getTypeRow(t, input.leaveTypeId);
    const { today, yearStartMonth } = await leaveToday(t);
    const effective = input.effectiveDate ?? today;
    const position = positionOn(await yearPositions(t, input.employeeId, type, [{ date: effective, days: 0 }], { holds: true }), effective, yearStartMonth);
    const before = position.balance;
    const pending = position.pending;
    if (input.days < 0 && type.allow_negative === 0 && before - pending + input.days < 0) {
      throw conflict(`That would leave ${before - pending + input.days} days of ${type.code}, and ${type.code} cannot go below zero.`, [
        { path: 'body.days', message: `at most ${Math.max(0, before - pending)} days can be taken off` },
      ]);
    }
    const row = ledgerRow(t, {
      employee_id: input.employeeId,
      leave_type_id: type.id,
      kind: 'adjustment',
      days: input.days,
      effective_date: effective,
      reason: input.reason,
      request_id: null,
      period_key: null,
      expires_on: input.days > 0 && type.credit_expiry_days !== null ? addDays(effective, type.credit_expiry_days) : null,
    });
    await ledgerRepo.insertLedgerRows(t.db, [row]);
    const after = before + input.days;
    const signed = `${input.days > 0 ? '+' : ''}${input.days}`;
    await recordAudit(t, {
      employeeId: input.employeeId,
      category: 'Leave',
      action: 'leave.adjusted',
      summary: `${type.code} balance adjusted by ${signed} day(s): ${input.reason}`,
      changes: [{ field: `${type.code} balance`, before, after }],
    });
    await notify(t, { employeeIds: [input.employeeId] }, {
      kind: 'leave.adjusted',
      title: `Your ${type.name} balance changed by ${signed} day(s)`,
      message: { id: 'leave.adjusted', values: { type: { leaveType: { code: type.code, name: type.name } }, change: signed } },
      body: input.reason,
      link: '/leave',
    });
    return { entry: toLedgerEntry(row), balance: after };
  });
}

/** HR's adjustments, newest first, of everyone in the caller's scope or of one employee. */
export async function listLeaveAdjustments(ctx: Ctx, query: LeaveAdjustmentListQuery): Promise<LeaveAdjustmentList> {
  requirePermission(ctx, 'leave:manage');
  if (query.employeeId) await assertCanSeeEmployee(ctx, query.employeeId);
  const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const [total, rows] = await Promise.all([ledgerRepo.countAdjustments(ctx.db, query.employeeId), ledgerRepo.listAdjustmentRows(ctx.db, query.employeeId, page)]);
  return {
    items: rows.map((r) => ({
      ...toLedgerEntry(r),
      employeeId: r.employee_id,
      employeeName: r.full_name,
      employeeCode: r.code,
      leaveType: typeRef({ id: r.leave_type_id, code: r.type_code, name: r.type_name, color_tone: r.color_tone, paid: r.paid }),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
