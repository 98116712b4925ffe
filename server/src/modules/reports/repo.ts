import type { Db } from '../../context.ts';
import type { SavedReportTable } from '../../db/schema.ts';

/** Saved reports (table saved_report): a built-in report with a parameter and filters, under a name. */

const COLUMNS = ['id', 'name', 'base_report_id', 'param', 'filters', 'shared', 'owner_user_id', 'owner_name', 'created_at'] as const;

/** The saved reports a user sees: their own, and (seeing the organisation) the shared ones. Oldest first. */
export async function listSavedReports(db: Db, userId: string | null, withShared: boolean): Promise<SavedReportTable[]> {
  if (!userId && !withShared) return [];
  return db
    .selectFrom('saved_report')
    .select([...COLUMNS])
    .where((eb) => eb.or([...(userId ? [eb('owner_user_id', '=', userId)] : []), ...(withShared ? [eb('shared', '=', 1)] : [])]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findSavedReport(db: Db, id: string): Promise<SavedReportTable | undefined> {
  return db.selectFrom('saved_report').select([...COLUMNS]).where('id', '=', id).executeTakeFirst();
}

export async function insertSavedReport(db: Db, row: SavedReportTable): Promise<void> {
  await db.insertInto('saved_report').values(row).execute();
}

export async function deleteSavedReport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('saved_report').where('id', '=', id).execute();
}
