import type { Db } from '../../context.ts';
import type { JobTable } from '../../db/schema.ts';

/** Jobs and their progress (`job`). */

const JOB_COLUMNS = [
  'id',
  'kind',
  'title',
  'status',
  'total',
  'done',
  'message',
  'params',
  'result',
  'error',
  'permission',
  'cancel_requested',
  'created_by_user_id',
  'created_by_name',
  'started_at',
  'updated_at',
  'finished_at',
] as const;

export type JobRow = JobTable;

export async function insertJobRow(db: Db, row: JobTable): Promise<void> {
  await db.insertInto('job').values(row).execute();
}

export async function findJobRow(db: Db, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('job').select(JOB_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function updateJobRow(
  db: Db,
  id: string,
  patch: Partial<Pick<JobTable, 'done' | 'total' | 'message' | 'status' | 'error' | 'result' | 'finished_at' | 'updated_at' | 'cancel_requested'>>,
): Promise<void> {
  await db.updateTable('job').set(patch).where('id', '=', id).execute();
}

/** Marks jobs still `running` as failed (all of them, or those not touched since `touchedBefore`). Returns how many. */
export async function failRunningJobs(db: Db, error: string, at: string, touchedBefore?: string): Promise<number> {
  let q = db.updateTable('job').set({ status: 'failed', error, finished_at: at, updated_at: at }).where('status', '=', 'running');
  if (touchedBefore !== undefined) q = q.where('updated_at', '<', touchedBefore);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

/** Ids of finished jobs that ended before an instant (their files may go). */
export async function finishedJobIdsBefore(db: Db, before: string): Promise<string[]> {
  const rows = await db.selectFrom('job').select('id').where('status', '!=', 'running').where('finished_at', '<', before).execute();
  return rows.map((r) => r.id);
}
