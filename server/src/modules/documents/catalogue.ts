import { type ChecklistUpdate, type DocumentType, type DocumentTypeCreate, type DocumentTypeList, type DocumentTypeUpdate, LEAVE_DOCUMENT_TYPE_ID } from '../../../../shared/documents.ts';
import type { EmploymentType } from '../../../../shared/employees.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import type { DocumentTypeTable } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { DEFAULT_REMIND_DAYS, normaliseName } from './checklist.ts';
import { toDocumentType } from './present.ts';
import * as types from './repo/types.ts';

/** The catalogue of document types and the onboarding checklists: read by everyone with documents, edited by HR. */

function requireAnyDocuments(ctx: Ctx): void {
  const p = ctx.caller.permissions;
  if (!p.includes('documents:self') && !p.includes('documents:team') && !p.includes('documents:manage')) {
    throw forbidden('This needs a documents permission.');
  }
}

async function requiredForOf(ctx: Ctx): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  for (const r of await types.listChecklistRows(ctx.db)) map.set(r.document_type_id, [...(map.get(r.document_type_id) ?? []), r.employment_type]);
  return map;
}

/** Every type (inactive ones too), in catalogue order, with the checklists that require it. */
export async function listDocumentTypes(ctx: Ctx): Promise<DocumentTypeList> {
  requireAnyDocuments(ctx);
  const [rows, requiredFor] = await Promise.all([types.listTypeRows(ctx.db), requiredForOf(ctx)]);
  return { items: rows.map((t) => toDocumentType(t, requiredFor.get(t.id) ?? [])) };
}

async function getType(ctx: Ctx, id: string): Promise<DocumentType> {
  const row = await types.findTypeRow(ctx.db, id);
  if (!row) throw notFound('Document type');
  return toDocumentType(row, (await requiredForOf(ctx)).get(id) ?? []);
}

async function assertNameFree(ctx: Ctx, name: string, exceptId?: string): Promise<void> {
  const clash = await types.findTypeByNameKey(ctx.db, name.toLowerCase(), exceptId);
  if (clash) throw conflict(`There is already a document type named ${clash.name}.`, [{ path: 'body.name', message: 'is already taken' }]);
}

export async function createDocumentType(ctx: Ctx, input: DocumentTypeCreate): Promise<DocumentType> {
  requirePermission(ctx, 'documents:manage');
  const id = newId();
  const name = normaliseName(input.name);
  await inTransaction(ctx, async (t) => {
    await assertNameFree(t, name);
    const now = t.clock.now().toISOString();
    const row: DocumentTypeTable = {
      id,
      name,
      name_key: name.toLowerCase(),
      category: input.category,
      description: input.description ?? null,
      expires: input.expires ? 1 : 0,
      remind_days_before: input.expires ? (input.remindDaysBefore ?? DEFAULT_REMIND_DAYS) : null,
      employee_may_upload: input.employeeMayUpload ? 1 : 0,
      sensitive: input.sensitive ? 1 : 0,
      active: 1,
      sort_order: await types.nextSortOrder(t.db),
      created_at: now,
      updated_at: now,
    };
    await types.insertTypeRow(t.db, row);
  });
  return getType(ctx, id);
}

export async function updateDocumentType(ctx: Ctx, id: string, input: DocumentTypeUpdate): Promise<DocumentType> {
  requirePermission(ctx, 'documents:manage');
  await inTransaction(ctx, async (t) => {
    const before = await types.findTypeRow(t.db, id);
    if (!before) throw notFound('Document type');
    const patch: Partial<DocumentTypeTable> = { updated_at: t.clock.now().toISOString() };
    if (input.name !== undefined) {
      const name = normaliseName(input.name);
      await assertNameFree(t, name, id);
      patch.name = name;
      patch.name_key = name.toLowerCase();
    }
    if (input.category !== undefined) patch.category = input.category;
    if (input.description !== undefined) patch.description = input.description;
    if (input.employeeMayUpload !== undefined) patch.employee_may_upload = input.employeeMayUpload ? 1 : 0;
    if (input.sensitive !== undefined) patch.sensitive = input.sensitive ? 1 : 0;
    if (input.active !== undefined) patch.active = input.active ? 1 : 0;
    if (id === LEAVE_DOCUMENT_TYPE_ID && input.expires === true) {
      throw badRequest(`${before.name} is attached to leave requests and does not expire.`, [{ path: 'body.expires', message: 'this type cannot expire' }]);
    }
    const expires = input.expires ?? before.expires === 1;
    if (input.expires !== undefined) patch.expires = input.expires ? 1 : 0;
    if (!expires) {
      if (input.remindDaysBefore) throw badRequest('Only a type that expires has a reminder.', [{ path: 'body.remindDaysBefore', message: 'needs expires: true' }]);
      patch.remind_days_before = null;
    } else if (input.remindDaysBefore !== undefined) patch.remind_days_before = input.remindDaysBefore ?? DEFAULT_REMIND_DAYS;
    else if (before.remind_days_before === null) patch.remind_days_before = DEFAULT_REMIND_DAYS;
    await types.updateTypeRow(t.db, id, patch);
  });
  return getType(ctx, id);
}

/** Replaces the types an employment type's checklist requires. 400 names an unknown or inactive type. */
export async function setChecklist(ctx: Ctx, employmentType: EmploymentType, input: ChecklistUpdate): Promise<DocumentTypeList> {
  requirePermission(ctx, 'documents:manage');
  const ids = [...new Set(input.typeIds.map((id) => id.toLowerCase()))];
  await inTransaction(ctx, async (t) => {
    const known = new Map((await types.listTypeRows(t.db)).map((r) => [r.id, r]));
    const errors = ids.flatMap((id, i) => {
      const row = known.get(id);
      if (!row) return [{ path: `body.typeIds.${i}`, message: 'no such document type' }];
      if (row.active !== 1) return [{ path: `body.typeIds.${i}`, message: `${row.name} is inactive` }];
      if (row.id === LEAVE_DOCUMENT_TYPE_ID) return [{ path: `body.typeIds.${i}`, message: `${row.name} is attached to leave requests, not asked for on joining` }];
      return [];
    });
    if (errors.length) throw badRequest('Some types cannot go on a checklist: ' + errors.map((e) => e.message).join(', ') + '.', errors);
    await types.replaceChecklist(t.db, employmentType, ids);
  });
  return listDocumentTypes(ctx);
}
