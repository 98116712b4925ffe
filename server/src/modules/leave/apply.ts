import { type Locale, renderMessageIn } from '../../../../shared/i18n/index.ts';
import type { LeaveApply, LeaveQuote, LeaveQuoteQuery, LeaveRequest } from '../../../../shared/leave/index.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import type { LeaveRequestTable } from '../../db/schema.ts';
import { refuseDuplicate } from '../../db/unique.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { type ReceivedFile, keepLeaveDocument } from '../documents/index.ts';
import { notify } from '../notifications/index.ts';
import { emitEvent } from '../outbox/index.ts';
import { applicantOf, approversOf } from './applicant.ts';
import { MAX_REQUEST_SPAN_DAYS, checkDraft, daysFrom, overlapRefusal, throwProblems } from './apply-checks.ts';
import { leaveToday } from './balance.ts';
import { contextsFor, presentRequest } from './present.ts';
import * as dayRepo from './repo/leave-days.ts';
import * as requestRepo from './repo/requests.ts';
import { getTypeRow } from './types-service.ts';
import { fmtDays, spanOf } from './words.ts';

/** Applying for leave, and the quote the apply form shows before it. */

/** What a request for these dates would cost and meet, before it is made (the apply form). */
export async function quoteLeave(ctx: Ctx, q: LeaveQuoteQuery, locale: Locale = 'en-IN'): Promise<LeaveQuote> {
  requirePermission(ctx, 'leave:apply');
  const { applicant, recordedByHr } = await applicantOf(ctx, q.employeeId, 'query.employeeId');
  const type = await getTypeRow(ctx, q.leaveTypeId, 'query.leaveTypeId');
  const { today } = await leaveToday(ctx);
  const checked = await checkDraft(ctx, { type, applicant, from: q.fromDate, to: q.toDate, duration: q.duration, backupEmployeeId: null, recordedByHr }, today);
  const to = q.toDate < q.fromDate || daysFrom(q.fromDate, q.toDate) >= MAX_REQUEST_SPAN_DAYS ? q.fromDate : q.toDate;
  const contexts = await contextsFor(ctx, [{ key: 'q', employeeId: applicant.id, leaveTypeId: type.id, from: q.fromDate, to, requestId: null }]);
  const context = contexts.get('q');
  if (!context) throw new Error('no context');
  return {
    workingDays: checked.workingDays,
    balance: checked.balance,
    pending: checked.pending,
    balanceAfter: checked.balanceAfter,
    requiresHrApproval: checked.requiresHrApproval,
    documentsRequired: checked.documentsRequired,
    context,
    // The apply form shows these as they are: in the reader's language (field paths stay as they are).
    problems: checked.problems.map(({ path, message, text }) => ({ path: path.replace(/^body\./, 'query.'), message: locale !== 'en-IN' && text ? renderMessageIn(locale, text) : message })),
  };
}

/**
 * Applies for leave as the caller, or (HR, `employeeId`) records it for an
 * employee: checked, held against the balance, the manager told. A recorded
 * request goes through the same approvals; the employee is told HR entered it.
 */
export async function applyLeave(ctx: Ctx, input: LeaveApply): Promise<LeaveRequest> {
  requirePermission(ctx, 'leave:apply');
  return submitLeave(ctx, input, undefined);
}

/**
 * The request made, in one transaction, with its supporting file when one
 * came with it (a received file, kept by the documents module): a refused
 * request keeps no file, and a refused file makes no request.
 */
export async function submitLeave(ctx: Ctx, input: LeaveApply, file: ReceivedFile | undefined): Promise<LeaveRequest> {
  return inTransaction(ctx, async (t) => {
    const { applicant, recordedByHr } = await applicantOf(t, input.employeeId);
    const type = await getTypeRow(t, input.leaveTypeId);
    const { today } = await leaveToday(t);
    const checked = await checkDraft(
      t,
      { type, applicant, from: input.fromDate, to: input.toDate, duration: input.duration, backupEmployeeId: input.backupEmployeeId ?? null, recordedByHr },
      today,
    );
    throwProblems(checked.problems);
    const now = t.clock.now().toISOString();
    const row: LeaveRequestTable = {
      id: newId(),
      employee_id: applicant.id,
      leave_type_id: type.id,
      from_date: input.fromDate,
      to_date: input.toDate,
      duration: input.duration,
      working_days: checked.workingDays,
      reason: input.reason ?? null,
      backup_employee_id: input.backupEmployeeId ?? null,
      status: 'PendingManager',
      requires_hr_approval: checked.requiresHrApproval ? 1 : 0,
      documents_required: checked.documentsRequired ? 1 : 0,
      manager_decision_by: null,
      manager_decided_at: null,
      manager_note: null,
      manager_stage_by_hr: 0,
      hr_decision_by: null,
      hr_decided_at: null,
      hr_note: null,
      decision_note: null,
      closure: null,
      closed_by_name: null,
      closed_at: null,
      balance_after: checked.balanceAfter,
      created_at: now,
      updated_at: now,
      entered_by: recordedByHr ? t.caller.employeeId : null,
      entered_by_name: recordedByHr ? t.caller.name : null,
    };
    await requestRepo.insertRequestRow(t.db, row);
    // The overlap check above is a read: another connection may have written a clashing day since.
    await refuseDuplicate(
      'leave_day',
      () =>
        dayRepo.insertLeaveDays(
          t.db,
          checked.count.days.map((d) => ({ request_id: row.id, employee_id: applicant.id, date: d.date, portion: input.duration, counted: d.counted ? 1 : 0, approved: 0 })),
        ),
      overlapRefusal,
    );
    const what = `${fmtDays(checked.workingDays)} of ${type.name} (${spanOf(row.from_date, row.to_date)}${input.duration !== 'FullDay' ? `, ${input.duration === 'FirstHalf' ? 'first half' : 'second half'}` : ''})`;
    const attached = file ? await keepLeaveDocument(t, file, { employeeId: applicant.id, leaveRequestId: row.id, description: what }) : undefined;
    const withFile = attached ? `, with ${attached.originalName}` : '';
    await recordAudit(t, {
      employeeId: applicant.id,
      category: 'Leave',
      action: 'leave.submitted',
      summary: (recordedByHr ? `Applied for ${what} by ${t.caller.name} for ${applicant.full_name}` : `Applied for ${what}`) + withFile,
      changes: [
        { field: 'status', before: null, after: 'PendingManager' },
        ...(recordedByHr ? [{ field: 'enteredBy', before: null, after: t.caller.name }] : []),
      ],
    });
    await notify(t, await approversOf(t, applicant.manager_id, 'manager'), {
      kind: 'leave.submitted',
      title: (recordedByHr ? `${t.caller.name} (HR) recorded ${what} for ${applicant.full_name}` : `${applicant.full_name} applied for ${what}`) + (attached ? ' with a supporting document' : ''),
      ...(recordedByHr
        ? {}
        : {
            message: {
              id: attached ? 'leave.submittedWithDocument' : 'leave.submitted',
              values: {
                name: applicant.full_name,
                days: { days: checked.workingDays },
                type: { leaveType: { code: type.code, name: type.name } },
                span: { span: { from: row.from_date, to: row.to_date } },
              },
            },
          }),
      body: row.reason,
      link: `/leave/approvals?request=${row.id}`,
    });
    if (recordedByHr) {
      await notify(t, { employeeIds: [applicant.id] }, {
        kind: 'leave.recorded',
        title: `${t.caller.name} (HR) recorded ${what} for you; it now waits for approval`,
        message: {
          id: 'leave.recorded',
          values: { hr: t.caller.name, days: { days: checked.workingDays }, type: { leaveType: { code: type.code, name: type.name } }, span: { span: { from: row.from_date, to: row.to_date } } },
        },
        body: row.reason,
        link: '/leave',
      });
    }
    const request = await presentRequest(t, row.id);
    await emitEvent(t, 'leave.request.submitted', request);
    return request;
  });
}
