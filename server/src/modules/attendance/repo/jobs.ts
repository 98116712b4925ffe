import type { Db } from '../../../context.ts';
import type { AttendanceJobTable } from '../../../db/schema.ts';

/** Recompute jobs and their progress (`attendance_job`). */

export async function insertJob(db: Db, row: AttendanceJobTable): Promise<void> {
  await db.insertInto('attendance_job').values(row).execute();
}

export async function findJob(db: Db, id: string) {
  return db
    .selectFrom('attendance_job')
    .select(['id', 'from_date', 'to_date', 'employee_id', 'total', 'done', 'status', 'error', 'created_by_name', 'started_at', 'finished_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

export async function updateJob(db: Db, id: string, patch: Partial<Pick<AttendanceJobTable, 'done' | 'status' | 'error' | 'finished_at'>>): Promise<void> {
  await db.updateTable('attendance_job').set(patch).where('id', '=', id).execute();
}
