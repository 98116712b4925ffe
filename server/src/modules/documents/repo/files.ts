import type { Db } from '../../../context.ts';
import type { EmployeeDocumentTable } from '../../../db/schema.ts';
import { inList } from '../../../db/in-list.ts';

/** Document rows: one per version of a file, with its review, expiry and deletion. */

const DOC_COLUMNS = [
  'employee_document.id',
  'employee_document.employee_id',
  'employee_document.document_type_id',
  'employee_document.slot_key',
  'employee_document.title',
  'employee_document.version',
  'employee_document.original_name',
  'employee_document.size_bytes',
  'employee_document.media_type',
  'employee_document.sha256',
  'employee_document.expires_on',
  'employee_document.status',
  'employee_document.note',
  'employee_document.review_note',
  'employee_document.reviewed_by_name',
  'employee_document.reviewed_by_employee_id',
  'employee_document.reviewed_at',
  'employee_document.uploaded_by_user_id',
  'employee_document.uploaded_by_employee_id',
  'employee_document.uploaded_by_name',
  'employee_document.uploaded_at',
  'employee_document.deleted_at',
  'employee_document.deleted_by_name',
  'employee_document.delete_reason',
  'employee_document.purged_at',
  'employee_document.expiry_notified_for',
  'employee_document.leave_request_id',
] as const;

export type DocRow = EmployeeDocumentTable;

/** Every version of an employee's documents, newest first. */
export async function listDocRows(db: Db, employeeId: string): Promise<DocRow[]> {
  return db
    .selectFrom('employee_document')
    .select(DOC_COLUMNS)
    .where('employee_document.employee_id', '=', employeeId)
    .orderBy('employee_document.uploaded_at', 'desc')
    .orderBy('employee_document.version', 'desc')
    // Files uploaded in the same second keep one order on every read (ids are time-ordered).
    .orderBy('employee_document.id', 'desc')
    .execute();
}

/** The documents attached to some leave requests that are not deleted, oldest first. */
export async function leaveDocRows(db: Db, leaveRequestIds: readonly string[]): Promise<DocRow[]> {
  if (leaveRequestIds.length === 0) return [];
  const out: DocRow[] = [];
  // In slices: a statement takes a bounded number of parameters.
  for (let i = 0; i < leaveRequestIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('employee_document')
        .select(DOC_COLUMNS)
        .where('employee_document.leave_request_id', 'in', inList(leaveRequestIds.slice(i, i + 500)))
        .where('employee_document.deleted_at', 'is', null)
        .orderBy('employee_document.uploaded_at')
        .orderBy('employee_document.version')
        .execute()),
    );
  }
  return out;
}

export async function findDocRow(db: Db, id: string): Promise<DocRow | undefined> {
  return db.selectFrom('employee_document').select(DOC_COLUMNS).where('employee_document.id', '=', id).executeTakeFirst();
}

/** The highest version number of a slot (deleted versions count: numbers are never reused). */
export async function maxVersion(db: Db, employeeId: string, slotKey: string): Promise<number> {
  const row = await db
    .selectFrom('employee_document')
    .select((eb) => eb.fn.max<number | null>('version').as('v'))
    .where('employee_id', '=', employeeId)
    .where('slot_key', '=', slotKey)
    .executeTakeFirstOrThrow();
  return Number(row.v ?? 0);
}

/** The current version of a slot: the newest one not deleted. */
export async function currentDocRow(db: Db, employeeId: string, slotKey: string): Promise<DocRow | undefined> {
  return db
    .selectFrom('employee_document')
    .select(DOC_COLUMNS)
    .where('employee_document.employee_id', '=', employeeId)
    .where('employee_document.slot_key', '=', slotKey)
    .where('employee_document.deleted_at', 'is', null)
    .orderBy('employee_document.version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertDocRow(db: Db, row: DocRow): Promise<void> {
  await db.insertInto('employee_document').values(row).execute();
}

export async function updateDocRow(db: Db, id: string, patch: Partial<Omit<DocRow, 'id'>>): Promise<void> {
  await db.updateTable('employee_document').set(patch).where('id', '=', id).execute();
}

/**
 * Current documents (newest undeleted version of each slot, employee not
 * exited) that expire on or before `horizon` and whose expiry has not been
 * announced yet, with the type's reminder period. The caller keeps those
 * inside their own type's period.
 */
export async function expiringUnannounced(db: Db, horizon: string) {
  return db
    .selectFrom('employee_document as d')
    .innerJoin('employee', 'employee.id', 'd.employee_id')
    .leftJoin('document_type as t', 't.id', 'd.document_type_id')
    .select(['d.id', 'd.employee_id', 'd.title', 'd.expires_on', 'd.version', 'd.slot_key', 't.remind_days_before'])
    .where('d.deleted_at', 'is', null)
    .where('d.expires_on', 'is not', null)
    .where('d.expires_on', '<=', horizon)
    .where('d.status', '!=', 'Rejected')
    .where('employee.status', '!=', 'Exited')
    .where((eb) => eb.or([eb('d.expiry_notified_for', 'is', null), eb('d.expiry_notified_for', '!=', eb.ref('d.expires_on'))]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('employee_document as newer')
            .select('newer.id')
            .whereRef('newer.employee_id', '=', 'd.employee_id')
            .whereRef('newer.slot_key', '=', 'd.slot_key')
            .whereRef('newer.version', '>', 'd.version')
            .where('newer.deleted_at', 'is', null),
        ),
      ),
    )
    .orderBy('d.expires_on')
    .execute();
}

/** Deleted documents whose bytes may go (deleted before `before`, not purged yet). */
export async function purgeCandidates(db: Db, before: string) {
  return db
    .selectFrom('employee_document')
    .select(['id', 'employee_id', 'sha256', 'title', 'version'])
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', before)
    .where('purged_at', 'is', null)
    .execute();
}

/** Whether any row still needs these bytes (not purged; deleted ones within retention included). */
export async function shaStillNeeded(db: Db, sha256: string, exceptIds: readonly string[]): Promise<boolean> {
  let q = db.selectFrom('employee_document').select('id').where('sha256', '=', sha256).where('purged_at', 'is', null);
  if (exceptIds.length) q = q.where('id', 'not in', exceptIds);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** Every hash some row still points at (not purged). */
export async function referencedShas(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('employee_document').select('sha256').distinct().where('purged_at', 'is', null).execute();
  return new Set(rows.map((r) => r.sha256));
}

export async function markPurged(db: Db, ids: readonly string[], at: string): Promise<void> {
  if (ids.length) await db.updateTable('employee_document').set({ purged_at: at }).where('id', 'in', ids).execute();
}
