import { type AttachedDocument, DocumentStatus, LEAVE_DOCUMENT_TYPE_ID } from '../../../../shared/documents.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { FormUpload } from '../../http/multipart.ts';
import { badRequest, forbidden } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCanSeeEmployee } from '../employees/index.ts';
import { canManage, mayReadFileOf, mayReadType } from './access.ts';
import { leaveSlot } from './checklist.ts';
import { mediaLabel } from './media.ts';
import * as files from './repo/files.ts';
import * as types from './repo/types.ts';
import type { StagedFile } from './store.ts';
import { type DocumentFiles, acceptedMediaType, assertWithinLimits, cleanName, sizeLabel } from './upload.ts';

/**
 * Supporting files of leave requests (a medical certificate for sick leave
 * above the days its policy names), kept by the same store as every document:
 * streamed into a temporary file while hashed and counted, flushed, judged by
 * their bytes, renamed under their hash, their row and audit entry written in
 * the caller's transaction. They are filed under the seeded type
 * `LEAVE_DOCUMENT_TYPE_ID`, one slot per request (`leave:<id>`, each file a
 * version of it), never on a checklist or in the organisation view.
 *
 * The leave module decides who may attach a file to which request and when
 * (it imports this module; this one knows nothing of leave beyond the id it
 * is given). Who may read a file is decided here, as for every document.
 */

/** A file received with a form: within the size limit, not empty, of an accepted type by its bytes; staged, not kept yet. */
export interface ReceivedFile {
  readonly staged: StagedFile;
  readonly mediaType: string;
  readonly files: DocumentFiles;
}

export interface ReceivedForm {
  /** The form's text fields, unparsed (the caller's contract parses them). */
  fields: Record<string, string>;
  /** The file of the part `file`, when one was sent. */
  file: ReceivedFile | undefined;
}

/**
 * Reads a multipart form whose `file` part is optional: the file is staged as
 * it streams in, then refused with 413 past the size limit, 400 when empty
 * and 415 when its bytes are not of an accepted type. `use` gets the fields
 * and the checked file; whatever it does not keep (`keepLeaveDocument`) is
 * removed from the staging folder afterwards, whether `use` succeeds or not.
 */
export async function receiveForm<T>(deps: DocumentFiles, form: FormUpload, use: (received: ReceivedForm) => Promise<T>): Promise<T> {
  let staged: StagedFile | undefined;
  try {
    const body = await form.read(async (incoming) => (staged = await deps.store.stage(incoming)));
    let file: ReceivedFile | undefined;
    if (body.file) {
      assertWithinLimits(body.file, form.maxFileBytes);
      file = { staged: body.file, mediaType: await acceptedMediaType(body.file, deps.mediaTypes), files: deps };
    }
    return await use({ fields: body.fields, file });
  } finally {
    // A kept file was renamed away: removing its temporary path is a no-op.
    if (staged) await deps.store.discard(staged);
  }
}

/** The leave request a file supports, as the leave module names it. */
export interface LeaveDocumentTarget {
  employeeId: string;
  leaveRequestId: string;
  /** The request in words, for the audit trail: "3 days of Sick leave (12–14 Mar 2026)". */
  description: string;
}

/**
 * Keeps a received file as a supporting document of a leave request, inside
 * the caller's transaction: the bytes under their hash first, then the row
 * (the next version of the request's slot) and the audit entry (Documents).
 * A file HR attaches is verified by them; one the employee attaches awaits
 * verification, as any upload. The caller has decided that this caller may
 * attach a file to this request; here the employee's scope is checked again
 * (404) and the type's settings apply: 400 once HR has switched the type off,
 * 403 for an employee when HR made it "HR only".
 */
export async function keepLeaveDocument(ctx: Ctx, file: ReceivedFile, target: LeaveDocumentTarget): Promise<AttachedDocument> {
  return inTransaction(ctx, async (t) => {
    await assertCanSeeEmployee(t, target.employeeId);
    const type = await types.findTypeRow(t.db, LEAVE_DOCUMENT_TYPE_ID);
    if (!type) throw new Error('the leave supporting document type is missing (migration 0009b_leave_documents)');
    if (type.active !== 1) {
      throw badRequest(`HR has stopped taking ${type.name}s.`, [{ path: 'body.file', message: `${type.name} is no longer in use` }]).withText({
        id: 'problemDetail.leaveAttachment.typeStopped',
        values: { type: type.name },
      });
    }
    if (type.employee_may_upload !== 1 && !canManage(t)) throw forbidden(`Only HR attaches a ${type.name}.`).withText({ id: 'problemDetail.leaveAttachment.typeHrOnly', values: { type: type.name } });
    const now = t.clock.now().toISOString();
    const verified = canManage(t);
    const slot = leaveSlot(target.leaveRequestId);
    const version = (await files.maxVersion(t.db, target.employeeId, slot)) + 1;
    const name = cleanName(file.staged);
    // The bytes are in place before the row that points at them.
    await file.files.store.commit(file.staged);
    const row: files.DocRow = {
      id: newId(),
      employee_id: target.employeeId,
      document_type_id: type.id,
      slot_key: slot,
      title: type.name,
      version,
      original_name: name,
      size_bytes: file.staged.sizeBytes,
      media_type: file.mediaType,
      sha256: file.staged.sha256,
      expires_on: null,
      status: verified ? 'Verified' : 'AwaitingVerification',
      note: null,
      review_note: null,
      reviewed_by_name: verified ? t.caller.name : null,
      reviewed_by_employee_id: verified ? t.caller.employeeId : null,
      reviewed_at: verified ? now : null,
      uploaded_by_user_id: t.caller.userId,
      uploaded_by_employee_id: t.caller.employeeId,
      uploaded_by_name: t.caller.name,
      uploaded_at: now,
      deleted_at: null,
      deleted_by_name: null,
      delete_reason: null,
      purged_at: null,
      expiry_notified_for: null,
      leave_request_id: target.leaveRequestId,
    };
    await files.insertDocRow(t.db, row);
    await recordAudit(t, {
      employeeId: target.employeeId,
      category: 'Documents',
      action: 'document.attached',
      summary:
        `Attached ${name} (${mediaLabel(file.mediaType)}, ${sizeLabel(file.staged.sizeBytes)}) to the leave request for ${target.description} as a ${type.name}` +
        (verified ? ', verified by the uploader' : ', awaiting verification'),
      changes: [{ field: `${type.name} of the leave request`, before: version > 1 ? `${version - 1} file${version > 2 ? 's' : ''}` : null, after: name }],
    });
    return toAttached(row);
  });
}

export interface LeaveAttachments {
  /** The files the caller may read, oldest first. */
  attachments: AttachedDocument[];
  /** A file is there that counts as the supporting document (not deleted, not rejected), whether or not the caller may read it. */
  present: boolean;
}

/**
 * The supporting files of some leave requests, for requests the caller may
 * see (the leave module checked their scope). The caller reads a file as any
 * document: their own (`documents:self`), their reporting line's
 * (`documents:team`), anyone's (`documents:manage`); a type HR marked
 * sensitive only their own or with `employee:sensitive`. Deleted files are
 * left out. Two queries for a whole page.
 */
export async function leaveAttachments(ctx: Ctx, requests: readonly { id: string }[]): Promise<Map<string, LeaveAttachments>> {
  const out = new Map<string, LeaveAttachments>(requests.map((r) => [r.id, { attachments: [], present: false }]));
  const rows = await files.leaveDocRows(ctx.db, requests.map((r) => r.id));
  if (rows.length === 0) return out;
  const typeIds = [...new Set(rows.map((r) => r.document_type_id).filter((id): id is string => id !== null))];
  const typeRows = new Map((await Promise.all(typeIds.map((id) => types.findTypeRow(ctx.db, id)))).flatMap((t) => (t ? [[t.id, t] as const] : [])));
  for (const row of rows) {
    const entry = row.leave_request_id ? out.get(row.leave_request_id) : undefined;
    if (!entry) continue;
    if (row.status !== 'Rejected') entry.present = true;
    const type = row.document_type_id ? (typeRows.get(row.document_type_id) ?? null) : null;
    if (mayReadFileOf(ctx, row.employee_id) && mayReadType(ctx, row.employee_id, type)) entry.attachments.push(toAttached(row));
  }
  return out;
}

function toAttached(d: files.DocRow): AttachedDocument {
  return {
    id: d.id,
    title: d.title,
    originalName: d.original_name,
    mediaType: d.media_type,
    sizeBytes: d.size_bytes,
    status: DocumentStatus.parse(d.status),
    uploadedAt: d.uploaded_at,
    uploadedByName: d.uploaded_by_name,
    downloadUrl: `/api/documents/${d.id}/file`,
  };
}
