import type { Db } from '../../../context.ts';
import type { HolidayTable } from '../../../db/schema.ts';

/** Holidays (`holiday`) and the optional ones employees chose (`holiday_opt_in`). */

/** Every holiday (the policy keeps them by date). */
export async function listAllHolidays(db: Db) {
  return db.selectFrom('holiday').select(['id', 'date', 'name', 'location_id', 'optional']).execute();
}

export async function listAllOptIns(db: Db) {
  return db.selectFrom('holiday_opt_in').select(['employee_id', 'holiday_id']).execute();
}

/** The holidays of a date range with their location's name and how many opted in, by date. */
export async function listHolidaysBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('holiday')
    .leftJoin('location', 'location.id', 'holiday.location_id')
    .select((eb) => [
      'holiday.id',
      'holiday.date',
      'holiday.name',
      'holiday.location_id',
      'location.name as location_name',
      'holiday.optional',
      eb.selectFrom('holiday_opt_in').select(eb.fn.countAll<number>().as('n')).whereRef('holiday_opt_in.holiday_id', '=', 'holiday.id').as('opt_ins'),
    ])
    .where('holiday.date', '>=', from)
    .where('holiday.date', '<=', to)
    .orderBy('holiday.date')
    .execute();
}

/** The holidays an employee opted into. */
export async function listOptInsOf(db: Db, employeeId: string): Promise<string[]> {
  return (await db.selectFrom('holiday_opt_in').select('holiday_id').where('employee_id', '=', employeeId).execute()).map((r) => r.holiday_id);
}

export async function findHoliday(db: Db, id: string) {
  return db.selectFrom('holiday').select(['id', 'date', 'name', 'location_id', 'optional']).where('id', '=', id).executeTakeFirst();
}

/** Whether a holiday exists on a date for exactly that location (null: every location). */
export async function holidayExists(db: Db, date: string, locationId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('holiday')
    .select('id')
    .where('date', '=', date)
    .where((eb) => (locationId === null ? eb('location_id', 'is', null) : eb('location_id', '=', locationId)))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertHoliday(db: Db, row: HolidayTable): Promise<void> {
  await db.insertInto('holiday').values(row).execute();
}

export async function updateHoliday(db: Db, id: string, values: Pick<HolidayTable, 'date' | 'name' | 'location_id' | 'optional'>): Promise<void> {
  await db.updateTable('holiday').set(values).where('id', '=', id).execute();
}

export async function deleteHoliday(db: Db, id: string): Promise<void> {
  await db.deleteFrom('holiday').where('id', '=', id).execute();
}

/** How many optional holidays of a year an employee chose. */
export async function countOptInsInYear(db: Db, employeeId: string, year: string): Promise<number> {
  const row = await db
    .selectFrom('holiday_opt_in')
    .innerJoin('holiday', 'holiday.id', 'holiday_opt_in.holiday_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('holiday_opt_in.employee_id', '=', employeeId)
    .where('holiday.date', '>=', `${year}-01-01`)
    .where('holiday.date', '<=', `${year}-12-31`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOptIn(db: Db, employeeId: string, holidayId: string, now: string): Promise<void> {
  await db.insertInto('holiday_opt_in').values({ employee_id: employeeId, holiday_id: holidayId, created_at: now }).onConflict((oc) => oc.doNothing()).execute();
}

export async function deleteOptIn(db: Db, employeeId: string, holidayId: string): Promise<void> {
  await db.deleteFrom('holiday_opt_in').where('employee_id', '=', employeeId).where('holiday_id', '=', holidayId).execute();
}
