import type { Db } from '../../../context.ts';
import type { DocumentTypeTable } from '../../../db/schema.ts';

/** The catalogue of document types and the checklists (which types each employment type requires). */

const TYPE_COLUMNS = [
  'id',
  'name',
  'name_key',
  'category',
  'description',
  'expires',
  'remind_days_before',
  'employee_may_upload',
  'sensitive',
  'active',
  'sort_order',
  'created_at',
  'updated_at',
] as const;

export type TypeRow = Pick<DocumentTypeTable, (typeof TYPE_COLUMNS)[number]>;

export async function listTypeRows(db: Db): Promise<TypeRow[]> {
  return db.selectFrom('document_type').select(TYPE_COLUMNS).orderBy('sort_order').orderBy('name').execute();
}

export async function findTypeRow(db: Db, id: string): Promise<TypeRow | undefined> {
  return db.selectFrom('document_type').select(TYPE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Types whose lower-case name is one of `keys`. */
export async function typesByNameKeys(db: Db, keys: readonly string[]): Promise<TypeRow[]> {
  if (keys.length === 0) return [];
  return db.selectFrom('document_type').select(TYPE_COLUMNS).where('name_key', 'in', keys).execute();
}

export async function findTypeByNameKey(db: Db, nameKey: string, exceptId?: string): Promise<TypeRow | undefined> {
  let q = db.selectFrom('document_type').select(TYPE_COLUMNS).where('name_key', '=', nameKey);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function nextSortOrder(db: Db): Promise<number> {
  const row = await db
    .selectFrom('document_type')
    .select((eb) => eb.fn.max<number | null>('sort_order').as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0) + 1;
}

export async function insertTypeRow(db: Db, row: DocumentTypeTable): Promise<void> {
  await db.insertInto('document_type').values(row).execute();
}

export async function updateTypeRow(db: Db, id: string, patch: Partial<Omit<DocumentTypeTable, 'id'>>): Promise<void> {
  await db.updateTable('document_type').set(patch).where('id', '=', id).execute();
}

export async function listChecklistRows(db: Db): Promise<{ employment_type: string; document_type_id: string }[]> {
  return db.selectFrom('document_checklist').select(['employment_type', 'document_type_id']).execute();
}

/** The active types an employment type's checklist requires. */
export async function requiredTypeRows(db: Db, employmentType: string): Promise<TypeRow[]> {
  return db
    .selectFrom('document_checklist')
    .innerJoin('document_type', 'document_type.id', 'document_checklist.document_type_id')
    .select(TYPE_COLUMNS.map((c) => `document_type.${c}` as const))
    .where('document_checklist.employment_type', '=', employmentType)
    .where('document_type.active', '=', 1)
    .orderBy('document_type.sort_order')
    .execute();
}

export async function replaceChecklist(db: Db, employmentType: string, typeIds: readonly string[]): Promise<void> {
  await db.deleteFrom('document_checklist').where('employment_type', '=', employmentType).execute();
  if (typeIds.length) {
    await db
      .insertInto('document_checklist')
      .values(typeIds.map((id) => ({ employment_type: employmentType, document_type_id: id })))
      .execute();
  }
}
