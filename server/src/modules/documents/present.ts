import {
  type ChecklistItem,
  type DocumentRequest,
  type DocumentType,
  type DocumentTypeRef,
  type EmployeeDocument,
  DocumentCategory,
  DocumentRequestStatus,
  DocumentStatus,
  LEAVE_DOCUMENT_TYPE_ID,
} from '../../../../shared/documents.ts';
import { EmploymentType } from '../../../../shared/employees.ts';
import type { ItemFacts } from './checklist.ts';
import type { DocRow } from './repo/files.ts';
import type { RequestRow } from './repo/requests.ts';
import type { TypeRow } from './repo/types.ts';

/** Rows as the contracts show them. */

export function toTypeRef(t: TypeRow): DocumentTypeRef {
  return { id: t.id, name: t.name, category: DocumentCategory.parse(t.category), sensitive: t.sensitive === 1 };
}

export function toDocumentType(t: TypeRow, requiredFor: readonly string[]): DocumentType {
  return {
    ...toTypeRef(t),
    description: t.description,
    expires: t.expires === 1,
    remindDaysBefore: t.remind_days_before,
    employeeMayUpload: t.employee_may_upload === 1,
    active: t.active === 1,
    requiredFor: EmploymentType.options.filter((e) => requiredFor.includes(e)),
    forLeaveRequests: t.id === LEAVE_DOCUMENT_TYPE_ID,
  };
}

export function toDocument(d: DocRow, types: ReadonlyMap<string, TypeRow>, current: boolean): EmployeeDocument {
  const type = d.document_type_id ? types.get(d.document_type_id) : undefined;
  return {
    id: d.id,
    employeeId: d.employee_id,
    type: type ? toTypeRef(type) : null,
    title: d.title,
    version: d.version,
    originalName: d.original_name,
    sizeBytes: d.size_bytes,
    mediaType: d.media_type,
    sha256: d.sha256,
    expiresOn: d.expires_on,
    status: DocumentStatus.parse(d.status),
    reviewNote: d.review_note,
    reviewedByName: d.reviewed_by_name,
    reviewedAt: d.reviewed_at,
    uploadedByName: d.uploaded_by_name,
    uploadedAt: d.uploaded_at,
    current,
    deletedAt: d.deleted_at,
    deletedByName: d.deleted_by_name,
    deleteReason: d.delete_reason,
    purged: d.purged_at !== null,
    leaveRequestId: d.leave_request_id,
  };
}

export function toRequest(r: RequestRow, types: ReadonlyMap<string, TypeRow>): DocumentRequest {
  const type = r.document_type_id ? types.get(r.document_type_id) : undefined;
  return {
    id: r.id,
    employeeId: r.employee_id,
    name: r.name,
    type: type ? toTypeRef(type) : null,
    status: DocumentRequestStatus.parse(r.status),
    requestedByName: r.requested_by_name,
    requestedAt: r.requested_at,
    closedByName: r.closed_by_name,
    closedAt: r.closed_at,
    fulfilledByDocumentId: r.fulfilled_document_id,
  };
}

export function toChecklistItem(i: ItemFacts, types: ReadonlyMap<string, TypeRow>, canUpload: boolean): ChecklistItem {
  return {
    key: i.key,
    name: i.name,
    type: i.type ? toTypeRef(i.type) : null,
    required: i.required,
    state: i.state,
    expiresOn: i.expiresOn,
    expiringSoon: i.expiringSoon,
    rejectionNote: i.rejectionNote,
    current: i.current ? toDocument(i.current, types, true) : null,
    versions: i.versions,
    openRequest: i.openRequest ? toRequest(i.openRequest, types) : null,
    canUpload,
  };
}
