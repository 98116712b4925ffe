import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../../context.ts';
import type { DocumentRequestTable } from '../../../db/schema.ts';

/** Requests for missing documents (spec §4.4). */

const REQUEST_COLUMNS = [
  'id',
  'employee_id',
  'name',
  'name_key',
  'document_type_id',
  'status',
  'requested_by_name',
  'requested_by_employee_id',
  'requested_at',
  'closed_by_name',
  'closed_at',
  'fulfilled_document_id',
] as const;

export type RequestRow = DocumentRequestTable;

/** The partial unique index's predicate, as a literal: a conflict target must repeat it exactly (no bound parameter). */
const OPEN_PREDICATE = sql<SqlBool>`status = 'Open'`;

/** An employee's requests: open ones first, then the rest, newest first. */
export async function listRequestRows(db: Db, employeeId: string): Promise<RequestRow[]> {
  const rows = await db
    .selectFrom('document_request')
    .select(REQUEST_COLUMNS)
    .where('employee_id', '=', employeeId)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return [...rows.filter((r) => r.status === 'Open'), ...rows.filter((r) => r.status !== 'Open')];
}

export async function findRequestRow(db: Db, id: string): Promise<RequestRow | undefined> {
  return db.selectFrom('document_request').select(REQUEST_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The name keys an employee has open requests for. */
export async function openRequestKeys(db: Db, employeeId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('document_request')
    .select('name_key')
    .where('employee_id', '=', employeeId)
    .where('status', '=', 'Open')
    .execute();
  return new Set(rows.map((r) => r.name_key));
}

/**
 * Inserts the requests; a name already open for the employee is skipped by
 * the database's own rule (the partial unique index), so two racing calls
 * cannot open it twice. Returns the rows actually inserted.
 */
export async function insertRequestRows(db: Db, rows: readonly RequestRow[]): Promise<RequestRow[]> {
  const inserted: RequestRow[] = [];
  for (const row of rows) {
    const r = await db
      .insertInto('document_request')
      .values(row)
      .onConflict((oc) => oc.columns(['employee_id', 'name_key']).where(OPEN_PREDICATE).doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) > 0) inserted.push(row);
  }
  return inserted;
}

/** Closes the open request of a name (after an upload of it). Returns the closed rows. */
export async function fulfilOpenRequests(
  db: Db,
  employeeId: string,
  nameKey: string,
  close: { documentId: string; byName: string; at: string },
): Promise<RequestRow[]> {
  const open = await db
    .selectFrom('document_request')
    .select(REQUEST_COLUMNS)
    .where('employee_id', '=', employeeId)
    .where('name_key', '=', nameKey)
    .where('status', '=', 'Open')
    .execute();
  if (open.length === 0) return [];
  await db
    .updateTable('document_request')
    .set({ status: 'Fulfilled', fulfilled_document_id: close.documentId, closed_by_name: close.byName, closed_at: close.at })
    .where('id', 'in', open.map((r) => r.id))
    .execute();
  return open;
}

export async function closeRequestRow(
  db: Db,
  id: string,
  patch: Pick<RequestRow, 'status' | 'closed_by_name' | 'closed_at' | 'fulfilled_document_id'>,
): Promise<void> {
  await db.updateTable('document_request').set(patch).where('id', '=', id).execute();
}
