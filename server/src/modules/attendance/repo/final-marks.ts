import type { Db } from '../../../context.ts';

/** How far each location's attendance days were announced final (`attendance.day.final` webhooks). */
export async function listFinalMarks(db: Db) {
  return db.selectFrom('attendance_final_mark').select(['location_id', 'final_through']).execute();
}

/** How far one location's days were announced final, if ever. */
export async function finalMarkOf(db: Db, locationId: string): Promise<string | undefined> {
  const row = await db.selectFrom('attendance_final_mark').select('final_through').where('location_id', '=', locationId).executeTakeFirst();
  return row?.final_through;
}

export async function setFinalMark(db: Db, locationId: string, finalThrough: string): Promise<void> {
  await db
    .insertInto('attendance_final_mark')
    .values({ location_id: locationId, final_through: finalThrough })
    .onConflict((oc) => oc.column('location_id').doUpdateSet({ final_through: finalThrough }))
    .execute();
}
