import { LeaveApply, type LeaveRequest, LeaveStatus } from '../../../../shared/leave/index.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import type { FormUpload } from '../../http/multipart.ts';
import { badRequest, conflict, forbidden, validationError } from '../../http/problem.ts';
import { type DocumentFiles, keepLeaveDocument, receiveForm } from '../documents/index.ts';
import { notify } from '../notifications/index.ts';
import { approversOf } from './applicant.ts';
import { submitLeave } from './apply.ts';
import { presentRequest, visibleRequest } from './present.ts';
import type { RequestRow } from './repo/requests.ts';
import { fmtDays, spanOf } from './words.ts';
import { stageOf } from './workflow.ts';

/**
 * Supporting files of leave requests (a medical certificate): attached when
 * applying (the apply form sent as multipart/form-data with a `file` part) or
 * later. Leave decides who may attach and when; the documents module keeps the
 * file (size, type by its bytes, hash, audit under Documents) and decides who
 * may read it.
 */

/** Form fields are text: an empty one is as good as absent. */
function presentFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== ''));
}

/**
 * Applies for leave (or, HR, records it) from a multipart form: the fields of
 * the JSON apply body as text parts, and the supporting file in the part
 * `file` (optional). The request and the file are kept together or not at all:
 * 413 / 415 for the file, and every refusal of apply, leave nothing behind.
 */
export async function applyLeaveWithDocument(ctx: Ctx, deps: DocumentFiles, form: FormUpload): Promise<LeaveRequest> {
  requirePermission(ctx, 'leave:apply');
  return receiveForm(deps, form, async ({ fields, file }) => {
    const parsed = LeaveApply.safeParse(presentFields(fields));
    if (!parsed.success) throw validationError(parsed.error, 'body');
    return submitLeave(ctx, parsed.data, file);
  });
}

const describe = (row: RequestRow) => `${fmtDays(row.working_days)} of ${row.type_name} (${spanOf(row.from_date, row.to_date)})`;

/**
 * Who may attach a file to a request, and when: the employee whose leave it
 * is, or HR (`leave:hr-approve`, who records leave for people); while the
 * request is pending or approved. 403 for anyone else who can see it (a
 * manager decides, but the file is the employee's to give), 409 once it is
 * rejected, withdrawn or cancelled.
 */
function assertMayAttach(ctx: Ctx, row: RequestRow): void {
  const own = ctx.caller.employeeId !== null && ctx.caller.employeeId === row.employee_id;
  if (!own && !ctx.caller.permissions.includes('leave:hr-approve')) {
    throw forbidden('Only the employee whose leave it is, or HR (leave:hr-approve), attaches documents to a leave request.').withText({ id: 'problemDetail.leaveAttachment.notAllowed' });
  }
  if (LeaveStatus.parse(row.status) === 'Rejected') {
    const how = row.closure ? row.closure.toLowerCase() : 'rejected';
    throw conflict(`This request is ${how}: documents are attached only to pending or approved leave.`).withText({ id: 'problemDetail.leaveAttachment.closed', values: { state: how } });
  }
}

/**
 * Attaches a supporting file to an existing request (multipart/form-data,
 * the file in the part `file`, no other fields). Scope (404), who (403) and
 * status (409) are checked before a byte is read, and again in the
 * transaction that keeps the file. While the request waits for a decision,
 * whoever decides it next is told when the employee attaches a file.
 * Answers the request as it is now: the file listed, `documentMissing` cleared.
 */
export async function attachLeaveDocument(ctx: Ctx, deps: DocumentFiles, id: string, form: FormUpload): Promise<LeaveRequest> {
  requirePermission(ctx, 'leave:apply');
  assertMayAttach(ctx, await visibleRequest(ctx, id));
  return receiveForm(deps, form, async ({ fields, file }) => {
    const extra = Object.keys(fields)[0];
    if (extra !== undefined) throw badRequest(`Send only the file, in the part named \`file\`.`, [{ path: `body.${extra}`, message: 'is not expected' }]).withText({ id: 'problemDetail.leaveAttachment.onlyFile' });
    if (!file) throw badRequest('Attach the file in the part named `file`.', [{ path: 'body.file', message: 'is required' }]).withText({ id: 'problemDetail.file.missing' });
    return inTransaction(ctx, async (t) => {
      const row = await visibleRequest(t, id);
      assertMayAttach(t, row);
      const attached = await keepLeaveDocument(t, file, { employeeId: row.employee_id, leaveRequestId: row.id, description: describe(row) });
      const stage = stageOf(LeaveStatus.parse(row.status));
      if (stage && t.caller.employeeId === row.employee_id) {
        await notify(t, await approversOf(t, row.employee_manager_id, stage), {
          kind: 'leave.document',
          title: `${row.employee_name} attached ${attached.originalName} to the request for ${describe(row)}`,
          message: {
            id: 'leave.document',
            values: { name: row.employee_name, file: attached.originalName, type: { leaveType: { code: row.type_code, name: row.type_name } }, span: { span: { from: row.from_date, to: row.to_date } } },
          },
          body: null,
          link: `/leave/approvals?request=${row.id}`,
        });
      }
      return presentRequest(t, row.id);
    });
  });
}
