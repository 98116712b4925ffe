import { DocumentUploadFields, type EmployeeDocument, LEAVE_DOCUMENT_TYPE_ID } from '../../../../shared/documents.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { emitEvent } from '../outbox/index.ts';
import { type FormUpload, payloadTooLarge, unsupportedMediaType } from '../../http/multipart.ts';
import { badRequest, forbidden, validationError } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { canManage, assertCanReadFile, mayUploadFreeText, mayUploadType } from './access.ts';
import { normaliseName, textSlot, typeSlot } from './checklist.ts';
import { detectMediaType, mediaLabel } from './media.ts';
import { toDocument } from './present.ts';
import * as files from './repo/files.ts';
import * as requests from './repo/requests.ts';
import * as types from './repo/types.ts';
import type { DocumentStore, StagedFile } from './store.ts';

/** Where document bytes go and which media types they may have (from the configuration). */
export interface DocumentFiles {
  store: DocumentStore;
  mediaTypes: readonly string[];
}

export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Uploads a document for an employee from a multipart form (`file` plus
 * `typeId` or `title`, `expiresOn`, `note`): a new version of its slot.
 * Scope and permission are checked before a byte is read; the file is staged
 * (hashed, counted, flushed) and its type decided from its bytes; then, in
 * one transaction, it is moved under its hash, its row inserted, an open
 * request for it closed and the audit row written. HR's uploads are verified
 * by the uploader; an employee's await verification.
 * 413 past the size limit, 415 for a type outside the allow-list, 400 for bad fields.
 */
export async function uploadDocument(ctx: Ctx, deps: DocumentFiles, employeeId: string, form: FormUpload): Promise<EmployeeDocument> {
  const { self } = await assertCanReadFile(ctx, employeeId);
  if (!self && !canManage(ctx)) throw forbidden("Uploading another person's documents needs the permission documents:manage.").withText({ id: 'problemDetail.document.uploadOthers' });
  let staged: StagedFile | undefined;
  let body: { fields: Record<string, string>; file: StagedFile | undefined };
  try {
    body = await form.read(async (incoming) => (staged = await deps.store.stage(incoming)));
  } catch (err) {
    if (staged) await deps.store.discard(staged);
    throw err;
  }
  const { fields, file } = body;
  if (!file) throw badRequest('Attach the file in the part named `file`.', [{ path: 'body.file', message: 'is required' }]).withText({ id: 'problemDetail.file.missing' });
  let kept = false;
  try {
    assertWithinLimits(file, form.maxFileBytes);
    const parsed = DocumentUploadFields.safeParse(fields);
    if (!parsed.success) throw validationError(parsed.error, 'body');
    const mediaType = await acceptedMediaType(file, deps.mediaTypes);
    const id = newId();
    await inTransaction(ctx, async (t) => {
      const slot = await slotOf(t, employeeId, parsed.data);
      const now = t.clock.now().toISOString();
      const verified = canManage(t);
      const version = (await files.maxVersion(t.db, employeeId, slot.key)) + 1;
      // The bytes are in place before the row that points at them.
      await deps.store.commit(file);
      kept = true;
      await files.insertDocRow(t.db, {
        id,
        employee_id: employeeId,
        document_type_id: slot.typeId,
        slot_key: slot.key,
        title: slot.title,
        version,
        original_name: cleanName(file),
        size_bytes: file.sizeBytes,
        media_type: mediaType,
        sha256: file.sha256,
        expires_on: parsed.data.expiresOn ?? null,
        status: verified ? 'Verified' : 'AwaitingVerification',
        note: parsed.data.note ?? null,
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
        leave_request_id: null,
      });
      const closed = slot.typeId ? await requests.fulfilOpenRequests(t.db, employeeId, slot.key, { documentId: id, byName: t.caller.name, at: now }) : [];
      await recordAudit(t, {
        employeeId,
        category: 'Documents',
        action: 'document.uploaded',
        summary:
          `Uploaded ${slot.title} (version ${version}, ${cleanName(file)}, ${mediaLabel(mediaType)}, ${sizeLabel(file.sizeBytes)})` +
          (verified ? ', verified by the uploader' : ', awaiting verification') +
          (closed.length ? '; the request for it is closed' : ''),
        changes: [
          { field: slot.title, before: version > 1 ? `version ${version - 1}` : null, after: `version ${version}` },
          ...(parsed.data.expiresOn ? [{ field: 'expiresOn', before: null, after: parsed.data.expiresOn }] : []),
        ],
      });
      await emitEvent(t, 'document.uploaded', await presentUploaded(t, id));
    });
    return presentUploaded(ctx, id);
  } finally {
    if (!kept) await deps.store.discard(file);
  }
}

async function presentUploaded(ctx: Ctx, id: string): Promise<EmployeeDocument> {
  const row = await files.findDocRow(ctx.db, id);
  if (!row) throw new Error('uploaded document vanished');
  const type = row.document_type_id ? await types.findTypeRow(ctx.db, row.document_type_id) : undefined;
  return toDocument(row, new Map(type ? [[type.id, type]] : []), true);
}

/** 413 for a file the size limit cut off, 400 for an empty one. */
export function assertWithinLimits(file: StagedFile, maxFileBytes: number): void {
  if (file.truncated) throw payloadTooLarge(`The file is over the ${maxFileBytes} byte limit (${sizeLabel(maxFileBytes)}).`);
  if (file.sizeBytes === 0) throw badRequest('The file is empty.', [{ path: 'body.file', message: 'is empty' }]).withText({ id: 'problemDetail.file.empty' });
}

/** The media type of a staged file decided from its bytes (magic numbers); 415 outside the allow-list. */
export async function acceptedMediaType(file: StagedFile, mediaTypes: readonly string[]): Promise<string> {
  const mediaType = await detectMediaType(file.head);
  if (!mediaType || !mediaTypes.includes(mediaType)) {
    const accepted = mediaTypes.map(mediaLabel).join(', ');
    throw unsupportedMediaType(
      `${mediaType ? `This file is ${mediaLabel(mediaType)}` : 'This file is not of a recognised type'} (judged by its content, whatever its name says). Accepted: ${accepted}.`,
    );
  }
  return mediaType;
}

/** The original name as shown and offered on download: no folders, no control characters, at most 200 characters. */
export function cleanName(file: StagedFile): string {
  const base = file.originalName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-200);
  return clean || 'document';
}

/** Which slot an upload goes to, with the checks of who may fill it. */
async function slotOf(ctx: Ctx, employeeId: string, fields: DocumentUploadFields): Promise<{ key: string; typeId: string | null; title: string }> {
  if (fields.typeId) {
    const type = await types.findTypeRow(ctx.db, fields.typeId);
    if (!type) throw badRequest('No such document type.', [{ path: 'body.typeId', message: 'no such document type' }]).withText({ id: 'problemDetail.document.noType' });
    if (type.id === LEAVE_DOCUMENT_TYPE_ID) {
      throw badRequest(`A ${type.name} is attached to its leave request (POST /api/leave/requests/{id}/documents), not uploaded on its own.`, [
        { path: 'body.typeId', message: 'attach it to its leave request' },
      ]).withText({ id: 'problemDetail.document.viaLeave', values: { type: type.name } });
    }
    if (type.active !== 1) throw badRequest(`${type.name} is no longer in use.`, [{ path: 'body.typeId', message: 'is inactive' }]).withText({ id: 'problemDetail.document.inactive', values: { type: type.name } });
    if (!mayUploadType(ctx, employeeId, type)) throw forbidden(`Only HR uploads ${type.name}.`).withText({ id: 'problemDetail.document.hrOnly', values: { type: type.name } });
    if (type.expires === 1 && !fields.expiresOn) {
      throw badRequest(`A ${type.name} expires: give its expiry date.`, [{ path: 'body.expiresOn', message: 'is required for this type' }]).withText({
        id: 'problemDetail.document.needsExpiry',
        values: { type: type.name },
      });
    }
    if (type.expires !== 1 && fields.expiresOn) {
      throw badRequest(`A ${type.name} does not expire.`, [{ path: 'body.expiresOn', message: 'this type has no expiry date' }]).withText({ id: 'problemDetail.document.noExpiry', values: { type: type.name } });
    }
    return { key: typeSlot(type.id), typeId: type.id, title: type.name };
  }
  const title = normaliseName(fields.title ?? '');
  const key = textSlot(title);
  const catalogue = await types.findTypeByNameKey(ctx.db, title.toLowerCase());
  if (catalogue && catalogue.active === 1) {
    throw badRequest(`${catalogue.name} is a document type: upload it as that type.`, [{ path: 'body.title', message: `upload it with typeId of ${catalogue.name}` }]).withText({
      id: 'problemDetail.document.isType',
      values: { name: catalogue.name },
    });
  }
  const openFor = (await requests.openRequestKeys(ctx.db, employeeId)).has(key);
  if (!mayUploadFreeText(ctx, employeeId, openFor)) throw forbidden('You can upload a document outside the catalogue only when HR has asked for it by that name.').withText({ id: 'problemDetail.document.freeText' });
  return { key, typeId: null, title };
}
