import { dayInZone } from '../../../../shared/dates.ts';
import type { DocumentTypeRef, EmployeeDocuments } from '../../../../shared/documents.ts';
import { EmploymentType } from '../../../../shared/employees.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { AppError, notFound } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCanReadFile, canManage, mayReadType, mayUploadFreeText, mayUploadType } from './access.ts';
import { checklistOf, isComplete, isLeaveSlot } from './checklist.ts';
import { toChecklistItem, toDocument, toRequest, toTypeRef } from './present.ts';
import * as files from './repo/files.ts';
import { employeeFacts } from './repo/people.ts';
import * as requests from './repo/requests.ts';
import * as types from './repo/types.ts';
import { DamagedFileError } from './store.ts';
import type { DocumentFiles } from './upload.ts';

/** Reading documents: one employee's file (checklist, requests, versions) and one document's bytes. */

/**
 * An employee's file as the caller may see it: the checklist of their
 * employment type with each item's state, other held or requested items,
 * their requests and every version. Sensitive types of other people are left
 * out for callers without `employee:sensitive`; deleted versions are shown to HR only.
 */
export async function employeeDocuments(ctx: Ctx, employeeId: string): Promise<EmployeeDocuments> {
  await assertCanReadFile(ctx, employeeId);
  const person = await employeeFacts(ctx.db, employeeId);
  if (!person) throw notFound('Employee');
  const [allTypes, required, docs, reqs] = await Promise.all([
    types.listTypeRows(ctx.db),
    types.requiredTypeRows(ctx.db, person.employment_type),
    files.listDocRows(ctx.db, employeeId),
    requests.listRequestRows(ctx.db, employeeId),
  ]);
  const typeMap = new Map(allTypes.map((t) => [t.id, t]));
  const readable = (typeId: string | null) => mayReadType(ctx, employeeId, typeId ? (typeMap.get(typeId) ?? null) : null);
  const manage = canManage(ctx);
  const visibleDocs = docs.filter((d) => readable(d.document_type_id));
  const visibleRequests = reqs.filter((r) => readable(r.document_type_id));
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const items = checklistOf({
    required: required.filter((t) => readable(t.id)),
    types: typeMap,
    documents: visibleDocs,
    openRequests: visibleRequests.filter((r) => r.status === 'Open'),
    today,
  });
  const currentIds = new Set(items.map((i) => i.current?.id).filter(Boolean));
  const uploadableTypes: DocumentTypeRef[] = allTypes.filter((t) => mayUploadType(ctx, employeeId, t)).map(toTypeRef);
  return {
    employeeId,
    employmentType: EmploymentType.parse(person.employment_type),
    complete: isComplete(items),
    requiredCount: items.filter((i) => i.required).length,
    haveCount: items.filter((i) => i.required && i.state === 'Have').length,
    items: items.map((i) =>
      toChecklistItem(
        i,
        typeMap,
        i.type ? mayUploadType(ctx, employeeId, i.type) : mayUploadFreeText(ctx, employeeId, i.openRequest !== null),
      ),
    ),
    requests: visibleRequests.map((r) => toRequest(r, typeMap)),
    // A leave request's supporting files are all in force while not deleted (none replaces another).
    documents: visibleDocs
      .filter((d) => manage || d.deleted_at === null)
      .map((d) => toDocument(d, typeMap, currentIds.has(d.id) || (isLeaveSlot(d.slot_key) && d.deleted_at === null))),
    uploadableTypes,
  };
}

export interface DocumentBytes {
  documentId: string;
  originalName: string;
  mediaType: string;
  bytes: Buffer;
}

/**
 * The bytes of one document, checked against the hash taken at upload as they
 * are read: a damaged or missing file answers 500 naming the document (and is
 * logged), never a wrong file. Downloads of sensitive types are audited.
 * 404 outside scope, for a sensitive type without `employee:sensitive`, or a
 * deleted one for anyone but HR; 410 once the retention job removed the bytes.
 */
export async function documentBytes(ctx: Ctx, deps: DocumentFiles, documentId: string): Promise<DocumentBytes> {
  const row = await files.findDocRow(ctx.db, documentId);
  if (!row) throw notFound('Document');
  await assertCanReadFile(ctx, row.employee_id);
  const type = row.document_type_id ? await types.findTypeRow(ctx.db, row.document_type_id) : undefined;
  if (!mayReadType(ctx, row.employee_id, type ?? null)) throw notFound('Document');
  if (row.deleted_at !== null && !canManage(ctx)) throw notFound('Document');
  if (row.purged_at !== null) {
    throw new AppError(410, 'gone', 'Gone', `${row.title} (version ${row.version}) was deleted and its file removed by the retention policy.`);
  }
  let bytes: Buffer;
  try {
    bytes = await deps.store.read(row.sha256, row.size_bytes);
  } catch (err) {
    if (!(err instanceof DamagedFileError)) throw err;
    throw new AppError(
      500,
      'document-damaged',
      'Stored document is damaged',
      `The stored file of ${row.title} (version ${row.version}, document ${row.id}) is damaged: ${err.reason}. It was not served. Restore it from a backup (docs/documents.md).`,
    );
  }
  if (type?.sensitive === 1) {
    await inTransaction(ctx, (t) =>
      recordAudit(t, {
        employeeId: row.employee_id,
        category: 'Documents',
        action: 'document.downloaded',
        summary: `Downloaded ${row.title} (version ${row.version}, a sensitive document)`,
      }),
    );
  }
  return { documentId: row.id, originalName: row.original_name, mediaType: row.media_type, bytes };
}
