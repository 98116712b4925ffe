import type { Db } from '../../../context.ts';

/** What the compliance document-checklist register reads: the documents of some employees as they stood at an instant. */

/** Versions uploaded by `asOf` and not deleted by then, with their review. */
export async function documentsAsOf(db: Db, employeeIds: readonly string[], asOf: string) {
  const out = [];
  for (let i = 0; i < employeeIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('employee_document')
        .select(['id', 'employee_id', 'slot_key', 'title', 'version', 'status', 'expires_on', 'reviewed_by_name', 'reviewed_at', 'uploaded_at'])
        .where('employee_id', 'in', employeeIds.slice(i, i + 500))
        .where('uploaded_at', '<=', asOf)
        .where((eb) => eb.or([eb('deleted_at', 'is', null), eb('deleted_at', '>', asOf)]))
        .execute()),
    );
  }
  return out;
}
