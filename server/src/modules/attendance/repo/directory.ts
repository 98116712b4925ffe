import type { Db } from '../../../context.ts';

/**
 * What attendance reads of the directory (`employee`, `department`,
 * `location`): read only, the employees and org modules write these tables.
 * Kept here so the engine's cached directory needs one bulk read.
 */

/** Every employee with what attendance needs, in code order. */
export async function listDirectoryRows(db: Db) {
  return db
    .selectFrom('employee')
    .select(['id', 'code', 'full_name', 'email', 'joined_date', 'exit_date', 'location_id', 'department_id', 'manager_id', 'shift_id', 'terminal_user_id', 'search_text'])
    .orderBy('code')
    .execute();
}

/** Whether an employee's current shift is this one. */
export async function anyEmployeeOnShift(db: Db, shiftId: string): Promise<boolean> {
  return (await db.selectFrom('employee').select('id').where('shift_id', '=', shiftId).executeTakeFirst()) !== undefined;
}

export async function listDepartmentNames(db: Db) {
  return db.selectFrom('department').select(['id', 'name']).execute();
}

/** Locations by name. */
export async function listLocationNames(db: Db) {
  return db.selectFrom('location').select(['id', 'name']).orderBy('name').execute();
}

export async function locationExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('location').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
