import type { MessageValue } from '../../../../shared/i18n/messages.ts';
import type { FieldChange } from '../../../../shared/audit.ts';
import {
  type LeaveApproveBody,
  type LeaveCancelBody,
  type LeaveClosure,
  type LeaveRejectBody,
  type LeaveRequest,
  LeaveStatus,
  type LeaveWithdrawBody,
} from '../../../../shared/leave/index.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { conflict, forbidden } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import { isBelow } from '../employees/index.ts';
import { type NotificationInput, type Recipients, notify } from '../notifications/index.ts';
import { emitEvent } from '../outbox/index.ts';
import { leaveYearLabel } from './accrual.ts';
import { approversOf } from './applicant.ts';
import { askedOf, balanceIn, leaveToday, shortfalls, yearPositions } from './balance.ts';
import { writeReversal, writeUsage } from './ledger-entries.ts';
import { presentRequest, visibleRequest } from './present.ts';
import * as dayRepo from './repo/leave-days.ts';
import * as peopleRepo from './repo/people.ts';
import * as requestRepo from './repo/requests.ts';
import { getTypeRow, isEntitled } from './types-service.ts';
import { firstOf, fmtDays, spanOf } from './words.ts';
import { type Stage, isOpen, stageOf, statusAfterApproval } from './workflow.ts';

/**
 * Deciding a request: approve and reject at the current stage, the
 * employee's withdrawal, HR's cancellation of approved leave. Each is a rule
 * (who may, from which status, with what effect on days, ledger and
 * attendance) run by one decision step that writes the request, the audit
 * row, the notifications and the outbox event the same way.
 */

type RequestPatch = Parameters<typeof requestRepo.updateRequestRow>[2];

/** What a decision does, once its rule allows it. */
interface Outcome {
  patch: RequestPatch;
  audit: { action: string; summary: string; changes: FieldChange[] };
  notices: { to: Recipients; notice: NotificationInput }[];
}

/**
 * The decision step: in one transaction, the request as the caller may see
 * it (404 outside their scope), the decision's rule and effects, the request
 * row, one audit row (category Leave), the notifications, and the request as
 * it is now; the webhook event (`event`, with the request as it is now) in
 * the same transaction.
 */
async function decide(
  ctx: Ctx,
  id: string,
  event: 'leave.request.approved' | 'leave.request.rejected' | 'leave.request.withdrawn' | 'leave.request.cancelled',
  rule: (t: Ctx, row: requestRepo.RequestRow, now: string) => Promise<Outcome>,
): Promise<LeaveRequest> {
  return inTransaction(ctx, async (t) => {
    const row = await visibleRequest(t, id);
    const now = t.clock.now().toISOString();
    const outcome = await rule(t, row, now);
    await requestRepo.updateRequestRow(t.db, row.id, { ...outcome.patch, updated_at: now });
    await recordAudit(t, { employeeId: row.employee_id, category: 'Leave', ...outcome.audit });
    for (const { to, notice } of outcome.notices) await notify(t, to, notice);
    const request = await presentRequest(t, row.id);
    await emitEvent(t, event, request);
    return request;
  });
}

/**
 * Who may decide at a stage: at the manager stage someone above the employee
 * in the reporting line holding `leave:approve`, or HR (`leave:hr-approve`,
 * recorded as acting for the manager); at the HR stage only HR. Nobody
 * decides their own request.
 */
interface Decider {
  stage: Stage;
  byHrForManager: boolean;
  aboveManager: boolean;
}

/** Who decided, for the audit trail: "HR", "HR (for the manager)", "<name> (for the manager)" or "the manager". */
function deciderWords(d: Decider, name: string): string {
  return d.stage === 'hr' ? 'HR' : d.byHrForManager ? 'HR (for the manager)' : d.aboveManager ? `${name} (for the manager)` : 'the manager';
}

/** The caller as the decider of this request's current stage; 403 for one who may not decide it, 409 once it is settled. */
async function assertMayDecide(ctx: Ctx, row: requestRepo.RequestRow): Promise<Decider> {
  const { caller } = ctx;
  if (caller.employeeId === row.employee_id) throw forbidden('Nobody approves or rejects their own leave request.').withText({ id: 'problemDetail.leaveDecision.own' });
  const status = LeaveStatus.parse(row.status);
  const stage = stageOf(status);
  if (!stage) {
    const state = row.closure ? row.closure.toLowerCase() : status.toLowerCase();
    throw conflict(`This request is already ${state}; it cannot be decided again.`).withText({ id: 'problemDetail.leaveDecision.settled', values: { state } });
  }
  const hr = caller.permissions.includes('leave:hr-approve');
  if (stage === 'hr') {
    if (!hr) throw forbidden('This request waits for HR approval (permission leave:hr-approve).').withText({ id: 'problemDetail.leaveDecision.waitsForHr' });
    return { stage, byHrForManager: false, aboveManager: false };
  }
  const inLine = caller.employeeId !== null && (await isBelow(ctx.db, caller.employeeId, row.employee_id));
  if (inLine && caller.permissions.includes('leave:approve')) return { stage, byHrForManager: false, aboveManager: caller.employeeId !== row.employee_manager_id };
  if (hr) return { stage, byHrForManager: true, aboveManager: false };
  throw forbidden('Only a manager above this employee (leave:approve) or HR (leave:hr-approve) decides this request.').withText({ id: 'problemDetail.leaveDecision.notInLine' });
}

/** What a decision at a stage records: who decided, when and their note (and at the manager stage whether HR acted for the manager). */
function stagePatch(ctx: Ctx, decider: Decider, note: string | null, now: string): RequestPatch {
  const me = ctx.caller.employeeId;
  return decider.stage === 'manager'
    ? { manager_decision_by: me, manager_decided_at: now, manager_note: note, manager_stage_by_hr: decider.byHrForManager ? 1 : 0 }
    : { hr_decision_by: me, hr_decided_at: now, hr_note: note };
}

/** What closing a request that will not be taken records (withdrawn or cancelled: the spec status stays `Rejected`). */
function closurePatch(ctx: Ctx, closure: LeaveClosure, decisionNote: string, balanceAfter: number, now: string): RequestPatch {
  return { status: 'Rejected', closure, closed_by_name: ctx.caller.name, closed_at: now, decision_note: decisionNote, balance_after: balanceAfter };
}

/** 409 when attendance of a day of the request is frozen: leave inside a closed month does not change. */
async function assertNoFrozenDay(ctx: Ctx, row: requestRepo.RequestRow, action: 'approved' | 'cancelled'): Promise<void> {
  const closed = await ctx.links.attendance.frozenDays(ctx.db, row.employee_id, row.from_date, row.to_date);
  const [day] = closed;
  if (day !== undefined) {
    throw conflict(`Attendance of ${firstOf(closed)} is frozen (closed): this leave cannot be ${action} until HR unfreezes the day.`).withText({
      id: 'problemDetail.leaveDecision.frozen',
      values: { day: { date: day }, more: closed.length - 1, action },
    });
  }
}

function describe(row: requestRepo.RequestRow): string {
  return `${fmtDays(row.working_days)} of ${row.type_name} (${spanOf(row.from_date, row.to_date)})`;
}

/** What a request that will not be taken leaves: the balance less what the other pending requests of its type hold. */
async function balanceLeft(ctx: Ctx, row: requestRepo.RequestRow): Promise<number> {
  const type = await getTypeRow(ctx, row.leave_type_id);
  return balanceIn(ctx, row.employee_id, type, row.from_date, { holds: true, exceptRequestId: row.id });
}

/**
 * The final approval's effect: the balance is deducted in the ledger (409
 * when it no longer covers the request), the days count as approved leave and
 * attendance reconciles them. Returns the balance right after.
 */
async function takeLeave(ctx: Ctx, row: requestRepo.RequestRow): Promise<number> {
  const type = await getTypeRow(ctx, row.leave_type_id);
  const { yearStartMonth } = await leaveToday(ctx);
  const days = await dayRepo.countedDaysOfRequest(ctx.db, row.id);
  if (isEntitled(type) && type.allow_negative === 0) {
    const positions = await yearPositions(ctx, row.employee_id, type, askedOf(days), { holds: false });
    const [short] = shortfalls(positions);
    if (short) {
      const year = positions.filter((p) => p.asked > 0).length > 1 || short.yearStart !== positions[0]?.yearStart ? leaveYearLabel(short.yearStart) : null;
      const where = year ? ` in ${year}` : '';
      throw conflict(`Only ${fmtDays(short.balance)} of ${type.code} are left now${where}, and this request needs ${fmtDays(short.asked)} there. Reject it, or adjust the balance first.`).withText({
        id: 'problemDetail.leaveDecision.shortfall',
        values: { balanceDays: { days: short.balance }, code: type.code, askedDays: { days: short.asked }, year: year ?? 'none' },
      });
    }
  }
  await writeUsage(ctx, row, days, yearStartMonth);
  await dayRepo.markLeaveDaysApproved(ctx.db, row.id);
  const balanceAfter = await balanceIn(ctx, row.employee_id, type, row.from_date, { holds: false });
  await ctx.links.attendance.inputsChanged(ctx, row.employee_id, row.from_date, row.to_date);
  return balanceAfter;
}

/**
 * Approves at the current stage; the final approval deducts the balance and
 * tells attendance. The caller's permission (`leave:approve` in the line,
 * `leave:hr-approve`) is the stage's: see `assertMayDecide`.
 */
export async function approveLeave(ctx: Ctx, id: string, input: LeaveApproveBody): Promise<LeaveRequest> {
  const note = input.note ?? null;
  return decide(ctx, id, 'leave.request.approved', async (t, row, now) => {
    const decider = await assertMayDecide(t, row);
    await assertNoFrozenDay(t, row, 'approved');
    const before = LeaveStatus.parse(row.status);
    const next = statusAfterApproval(before, row.requires_hr_approval === 1);
    // HR approving without a note keeps the manager's as the decision's note.
    const patch: RequestPatch = { status: next, decision_note: decider.stage === 'hr' && note === null ? row.manager_note : note, ...stagePatch(t, decider, note, now) };
    if (next === 'Approved') patch.balance_after = await takeLeave(t, row);
    const span = spanOf(row.from_date, row.to_date);
    const notices: Outcome['notices'] =
      next === 'ManagerApprovedPendingHR'
        ? [
            { to: { employeeIds: [row.employee_id] }, notice: { kind: 'leave.manager-approved', title: `Your manager approved your ${row.type_name} for ${span}; it now waits for HR`, message: { id: 'leave.managerApproved', values: typeAndSpan(row) }, body: note, link: '/leave' } },
            { to: await approversOf(t, null, 'hr'), notice: { kind: 'leave.awaiting-hr', title: `${row.employee_name}'s ${describe(row)} needs HR approval`, message: { id: 'leave.awaitingHr', values: { ...typeAndSpan(row), name: row.employee_name, days: { days: row.working_days } } }, body: note, link: `/leave/approvals?request=${row.id}` } },
          ]
        : [
            { to: { employeeIds: [row.employee_id] }, notice: { kind: 'leave.approved', title: `Your ${row.type_name} for ${span} is approved`, message: { id: 'leave.approved', values: typeAndSpan(row) }, body: note, link: '/leave' } },
            ...(row.backup_employee_id
              ? [
                  {
                    to: { employeeIds: [row.backup_employee_id] },
                    notice: {
                      kind: 'leave.backup',
                      title: `You are ${row.employee_name}'s backup ${row.from_date === row.to_date ? 'on' : 'from'} ${spanOf(row.from_date, row.to_date)}`,
                      message: { id: 'leave.backup', values: { name: row.employee_name, span: { span: { from: row.from_date, to: row.to_date } } } },
                      body: null,
                      link: '/leave/calendar',
                    },
                  },
                ]
              : []),
          ];
    return {
      patch,
      audit: {
        action: 'leave.approved',
        summary: `${describe(row)} approved by ${deciderWords(decider, t.caller.name)}${note ? `: ${note}` : ''}`,
        changes: [{ field: 'status', before, after: next }],
      },
      notices,
    };
  });
}

/** The values of a decision's message: the leave type and the days, each written in the reader's language. */
function typeAndSpan(row: { type_code: string; type_name: string; from_date: string; to_date: string }): Record<string, MessageValue> {
  return { type: { leaveType: { code: row.type_code, name: row.type_name } }, span: { span: { from: row.from_date, to: row.to_date } } };
}

/** Rejects at the current stage (spec §4.3) and releases the hold. */
export async function rejectLeave(ctx: Ctx, id: string, input: LeaveRejectBody): Promise<LeaveRequest> {
  const { note } = input;
  return decide(ctx, id, 'leave.request.rejected', async (t, row, now) => {
    const decider = await assertMayDecide(t, row);
    const balanceAfter = await balanceLeft(t, row);
    await dayRepo.deleteLeaveDays(t.db, row.id);
    return {
      patch: { status: 'Rejected', decision_note: note, balance_after: balanceAfter, ...stagePatch(t, decider, note, now) },
      audit: {
        action: 'leave.rejected',
        summary: `${describe(row)} rejected by ${deciderWords(decider, t.caller.name)}${note ? `: ${note}` : ''}`,
        changes: [{ field: 'status', before: row.status, after: 'Rejected' }],
      },
      notices: [
        { to: { employeeIds: [row.employee_id] }, notice: { kind: 'leave.rejected', title: `Your ${row.type_name} for ${spanOf(row.from_date, row.to_date)} was rejected`, message: { id: 'leave.rejected', values: typeAndSpan(row) }, body: note, link: '/leave' } },
      ],
    };
  });
}

/** The employee withdraws a request still pending: status Rejected, closure Withdrawn, the hold released. */
export async function withdrawLeave(ctx: Ctx, id: string, input: LeaveWithdrawBody): Promise<LeaveRequest> {
  const note = input.note ?? null;
  return decide(ctx, id, 'leave.request.withdrawn', async (t, row, now) => {
    if (t.caller.employeeId !== row.employee_id) {
      throw forbidden('Only the employee withdraws their own request; a manager or HR rejects it instead.').withText({ id: 'problemDetail.leaveDecision.withdrawOthers' });
    }
    const status = LeaveStatus.parse(row.status);
    if (!isOpen(status)) {
      const approved = status === 'Approved';
      throw conflict(approved ? 'This request is approved: ask HR to cancel it.' : 'This request is already settled; there is nothing to withdraw.').withText({
        id: approved ? 'problemDetail.leaveDecision.withdrawApproved' : 'problemDetail.leaveDecision.withdrawSettled',
      });
    }
    const approvers = await approversOf(t, (await peopleRepo.findApplicant(t.db, row.employee_id))?.manager_id ?? null, stageOf(status) ?? 'manager');
    const balanceAfter = await balanceLeft(t, row);
    await dayRepo.deleteLeaveDays(t.db, row.id);
    return {
      patch: closurePatch(t, 'Withdrawn', `Withdrawn by the employee${note ? `: ${note}` : ''}`, balanceAfter, now),
      audit: {
        action: 'leave.withdrawn',
        summary: `Withdrew ${describe(row)}${note ? `: ${note}` : ''}`,
        changes: [{ field: 'status', before: status, after: 'Rejected (withdrawn)' }],
      },
      notices: [{ to: approvers, notice: { kind: 'leave.withdrawn', title: `${row.employee_name} withdrew their ${describe(row)}`, body: note, link: `/leave/approvals?request=${row.id}` } }],
    };
  });
}

/** HR (`leave:hr-approve`) cancels approved leave: the usage is reversed, attendance told, the employee notified. */
export async function cancelLeave(ctx: Ctx, id: string, input: LeaveCancelBody): Promise<LeaveRequest> {
  requirePermission(ctx, 'leave:hr-approve');
  const { note } = input;
  return decide(ctx, id, 'leave.request.cancelled', async (t, row, now) => {
    if (t.caller.employeeId === row.employee_id) throw forbidden('Nobody cancels their own approved leave; ask another HR person.');
    if (row.status !== 'Approved') {
      throw conflict(isOpen(LeaveStatus.parse(row.status)) ? 'This request is still pending: reject it instead.' : 'This request is already settled.');
    }
    await assertNoFrozenDay(t, row, 'cancelled');
    const returned = await writeReversal(t, row.id, row.employee_id, row.leave_type_id, `${row.type_code} ${spanOf(row.from_date, row.to_date)} cancelled by HR: ${note}`);
    await dayRepo.deleteLeaveDays(t.db, row.id);
    const type = await getTypeRow(t, row.leave_type_id);
    const balanceAfter = await balanceIn(t, row.employee_id, type, row.from_date, { holds: false });
    await t.links.attendance.inputsChanged(t, row.employee_id, row.from_date, row.to_date);
    return {
      patch: closurePatch(t, 'Cancelled', `Cancelled by HR: ${note}`, balanceAfter, now),
      audit: {
        action: 'leave.cancelled',
        summary: `Approved ${describe(row)} cancelled by HR (${fmtDays(returned)} returned): ${note}`,
        changes: [{ field: 'status', before: 'Approved', after: 'Rejected (cancelled)' }],
      },
      notices: [
        {
          to: { employeeIds: [row.employee_id] },
          notice: { kind: 'leave.cancelled', title: `Your approved ${row.type_name} for ${spanOf(row.from_date, row.to_date)} was cancelled by HR`, body: note, link: '/leave' },
        },
      ],
    };
  });
}
