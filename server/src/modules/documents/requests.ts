import type { DocumentRequest, DocumentRequestBody, DocumentRequestResult, RequestFulfilment } from '../../../../shared/documents.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCanSeeEmployee } from '../employees/index.ts';
import { mayReadType } from './access.ts';
import { normaliseName, textSlot, typeSlot } from './checklist.ts';
import { toRequest } from './present.ts';
import * as files from './repo/files.ts';
import * as requests from './repo/requests.ts';
import * as types from './repo/types.ts';

/**
 * Spec §4.4: records the intent to request documents from an employee, and
 * nothing else — no notification (spec §6); the employee sees the open
 * requests on their documents page. Names matching a catalogue type
 * (case-insensitive, blanks collapsed) are linked to it, others are free text;
 * a name given twice counts once; a name already open for the employee is not
 * requested again and not counted. Returns how many were recorded.
 * 403 without `documents:manage`, 404 for an unknown employee or one outside scope.
 */
export async function requestDocuments(ctx: Ctx, employeeId: string, input: DocumentRequestBody): Promise<DocumentRequestResult> {
  requirePermission(ctx, 'documents:manage', 'Requesting documents needs the permission documents:manage (HR).');
  await assertCanSeeEmployee(ctx, employeeId);
  return inTransaction(ctx, async (t) => {
    const names = input.names.map(normaliseName);
    const catalogue = new Map(
      (await types.typesByNameKeys(t.db, [...new Set(names.map((n) => n.toLowerCase()))])).filter((r) => r.active === 1).map((r) => [r.name_key, r]),
    );
    const now = t.clock.now().toISOString();
    const wanted = new Map<string, requests.RequestRow>();
    for (const name of names) {
      const type = catalogue.get(name.toLowerCase());
      const key = type ? typeSlot(type.id) : textSlot(name);
      if (wanted.has(key)) continue;
      wanted.set(key, {
        id: newId(),
        employee_id: employeeId,
        name: type?.name ?? name,
        name_key: key,
        document_type_id: type?.id ?? null,
        status: 'Open',
        requested_by_name: t.caller.name,
        requested_by_employee_id: t.caller.employeeId,
        requested_at: now,
        closed_by_name: null,
        closed_at: null,
        fulfilled_document_id: null,
      });
    }
    const inserted = await requests.insertRequestRows(t.db, [...wanted.values()]);
    if (inserted.length > 0) {
      await recordAudit(t, {
        employeeId,
        category: 'Documents',
        action: 'document.requested',
        summary: `Requested ${inserted.length === 1 ? 'a document' : `${inserted.length} documents`}: ${inserted.map((r) => r.name).join(', ')}`,
        changes: [{ field: 'Requested documents', before: null, after: inserted.map((r) => r.name).join(', ') }],
      });
    }
    return { requested: inserted.length };
  });
}

async function loadOpenRequest(ctx: Ctx, id: string) {
  requirePermission(ctx, 'documents:manage');
  const row = await requests.findRequestRow(ctx.db, id);
  if (!row) throw notFound('Document request');
  await assertCanSeeEmployee(ctx, row.employee_id);
  const type = row.document_type_id ? await types.findTypeRow(ctx.db, row.document_type_id) : undefined;
  if (!mayReadType(ctx, row.employee_id, type ?? null)) throw notFound('Document request');
  if (row.status !== 'Open') throw conflict(`This request is already ${row.status === 'Fulfilled' ? 'fulfilled' : 'cancelled'}.`);
  return { row, types: new Map(type ? [[type.id, type]] : []) };
}

/** HR marks an open request fulfilled by one of the employee's documents (a free-text request answered by an upload). */
export async function fulfilRequest(ctx: Ctx, id: string, input: RequestFulfilment): Promise<DocumentRequest> {
  return inTransaction(ctx, async (t) => {
    const { row, types: typeMap } = await loadOpenRequest(t, id);
    const doc = await files.findDocRow(t.db, input.documentId);
    if (!doc || doc.employee_id !== row.employee_id || doc.deleted_at !== null) {
      throw badRequest("Pick one of this employee's documents.", [{ path: 'body.documentId', message: "is not one of this employee's documents" }]);
    }
    const now = t.clock.now().toISOString();
    await requests.closeRequestRow(t.db, id, { status: 'Fulfilled', closed_by_name: t.caller.name, closed_at: now, fulfilled_document_id: doc.id });
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Documents',
      action: 'document.request-fulfilled',
      summary: `Marked the request for ${row.name} fulfilled by ${doc.title} (version ${doc.version})`,
      changes: [{ field: row.name, before: 'Open', after: 'Fulfilled' }],
    });
    return toRequest({ ...row, status: 'Fulfilled', closed_by_name: t.caller.name, closed_at: now, fulfilled_document_id: doc.id }, typeMap);
  });
}

/** HR withdraws an open request. */
export async function cancelRequest(ctx: Ctx, id: string): Promise<DocumentRequest> {
  return inTransaction(ctx, async (t) => {
    const { row, types: typeMap } = await loadOpenRequest(t, id);
    const now = t.clock.now().toISOString();
    await requests.closeRequestRow(t.db, id, { status: 'Cancelled', closed_by_name: t.caller.name, closed_at: now, fulfilled_document_id: null });
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Documents',
      action: 'document.request-cancelled',
      summary: `Withdrew the request for ${row.name}`,
      changes: [{ field: row.name, before: 'Open', after: 'Cancelled' }],
    });
    return toRequest({ ...row, status: 'Cancelled', closed_by_name: t.caller.name, closed_at: now }, typeMap);
  });
}
