import { DOCUMENT_STATUS_LABELS, type DocumentDeletion, type DocumentRejection, type DocumentReview, type DocumentStatus, type DocumentUpdate, type EmployeeDocument } from '../../../../shared/documents.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { emitEvent } from '../outbox/index.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { assertCanReadFile, mayReadType } from './access.ts';
import { toDocument } from './present.ts';
import * as files from './repo/files.ts';
import * as types from './repo/types.ts';

/** HR's work on an upload: verify or reject it (the employee is told of a rejection), correct its expiry, delete it (softly, with a reason). */

/** A status as the audit trail shows it: in words. */
const label = (status: string) => DOCUMENT_STATUS_LABELS[status as DocumentStatus] ?? status;

/** The document as HR may act on it: 404 when unknown, outside scope or a sensitive type HR cannot read. */
async function loadForReview(ctx: Ctx, id: string) {
  requirePermission(ctx, 'documents:manage');
  const row = await files.findDocRow(ctx.db, id);
  if (!row) throw notFound('Document');
  await assertCanReadFile(ctx, row.employee_id);
  const type = row.document_type_id ? await types.findTypeRow(ctx.db, row.document_type_id) : undefined;
  if (!mayReadType(ctx, row.employee_id, type ?? null)) throw notFound('Document');
  return { row, type };
}

async function present(ctx: Ctx, id: string): Promise<EmployeeDocument> {
  const row = await files.findDocRow(ctx.db, id);
  if (!row) throw notFound('Document');
  const type = row.document_type_id ? await types.findTypeRow(ctx.db, row.document_type_id) : undefined;
  const current = row.deleted_at === null && (await files.currentDocRow(ctx.db, row.employee_id, row.slot_key))?.id === row.id;
  return toDocument(row, new Map(type ? [[type.id, type]] : []), current);
}

/**
 * Records HR's decision on an upload, with its audit row; a rejection tells
 * the employee why. 409 when the document is deleted or already so decided.
 */
async function decide(ctx: Ctx, id: string, status: 'Verified' | 'Rejected', note: string | null): Promise<EmployeeDocument> {
  await inTransaction(ctx, async (t) => {
    const { row } = await loadForReview(t, id);
    if (row.deleted_at !== null) throw conflict('This document was deleted.').withText({ id: 'problemDetail.document.deleted' });
    if (row.status === status) throw conflict(`This document is already ${status === 'Verified' ? 'verified' : 'rejected'}.`).withText({ id: 'problemDetail.document.alreadyReviewed', values: { status } });
    await files.updateDocRow(t.db, id, {
      status,
      review_note: note,
      reviewed_by_name: t.caller.name,
      reviewed_by_employee_id: t.caller.employeeId,
      reviewed_at: t.clock.now().toISOString(),
    });
    const verb = status === 'Verified' ? 'Verified' : 'Rejected';
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Documents',
      action: status === 'Verified' ? 'document.verified' : 'document.rejected',
      summary: `${verb} ${row.title} (version ${row.version})${note ? `: ${note}` : ''}`,
      changes: [{ field: 'status', before: label(row.status), after: label(status) }],
    });
    if (status === 'Rejected') {
      await notify(t, { employeeIds: [row.employee_id] }, {
        kind: 'document.rejected',
        title: `Your ${row.title} was not accepted`,
        message: { id: 'document.rejected', values: { title: row.title } },
        body: `${note ?? ''} Please upload it again.`.trim(),
        bodyMessage: note ? { id: 'document.rejectedBody', values: { note } } : { id: 'document.uploadAgain' },
        link: '/documents/my',
      });
    }
    await emitEvent(t, 'document.reviewed', await present(t, id));
  });
  return present(ctx, id);
}

/** Verifies an upload awaiting verification (or one rejected before). 409 when already verified or deleted. */
export async function verifyDocument(ctx: Ctx, id: string, input: DocumentReview): Promise<EmployeeDocument> {
  return decide(ctx, id, 'Verified', input.note ?? null);
}

/** Rejects an upload with a note the employee reads; they are notified. 409 when already rejected or deleted. */
export async function rejectDocument(ctx: Ctx, id: string, input: DocumentRejection): Promise<EmployeeDocument> {
  return decide(ctx, id, 'Rejected', input.note);
}

/** Corrects the expiry date of a document whose type expires. */
export async function updateDocument(ctx: Ctx, id: string, input: DocumentUpdate): Promise<EmployeeDocument> {
  await inTransaction(ctx, async (t) => {
    const { row, type } = await loadForReview(t, id);
    if (row.deleted_at !== null) throw conflict('This document was deleted.').withText({ id: 'problemDetail.document.deleted' });
    if (type?.expires !== 1 && input.expiresOn !== null) {
      throw badRequest(`A ${row.title} does not expire.`, [{ path: 'body.expiresOn', message: 'this type has no expiry date' }]).withText({ id: 'problemDetail.document.noExpiry', values: { type: row.title } });
    }
    if (row.expires_on === input.expiresOn) return;
    await files.updateDocRow(t.db, id, { expires_on: input.expiresOn });
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Documents',
      action: 'document.updated',
      summary: `Changed the expiry date of ${row.title} (version ${row.version})`,
      changes: [{ field: 'expiresOn', before: row.expires_on, after: input.expiresOn }],
    });
  });
  return present(ctx, id);
}

/**
 * Deletes a document softly, with a reason: the row stays (listed to HR as
 * deleted) and the bytes stay until the retention job, if configured, removes
 * them. The previous version, if any, becomes current again. 409 when already deleted.
 */
export async function deleteDocument(ctx: Ctx, id: string, input: DocumentDeletion): Promise<EmployeeDocument> {
  await inTransaction(ctx, async (t) => {
    const { row } = await loadForReview(t, id);
    if (row.deleted_at !== null) throw conflict('This document is already deleted.').withText({ id: 'problemDetail.document.alreadyDeleted' });
    await files.updateDocRow(t.db, id, { deleted_at: t.clock.now().toISOString(), deleted_by_name: t.caller.name, delete_reason: input.reason });
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Documents',
      action: 'document.deleted',
      summary: `Deleted ${row.title} (version ${row.version}, ${row.original_name}): ${input.reason}`,
      changes: [{ field: row.title, before: `version ${row.version}`, after: 'deleted' }],
    });
  });
  return present(ctx, id);
}
