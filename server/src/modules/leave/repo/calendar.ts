import type { Db } from '../../../context.ts';

/**
 * The working calendar as leave reads it: a location's own weekly offs and
 * the holidays (tables location_policy, holiday, holiday_opt_in; attendance
 * writes them). Weekly offs come back as the stored JSON text.
 */

/** A location's own weekly-off rules (JSON), or null when it keeps the organisation's. */
export async function locationWeeklyOffs(db: Db, locationId: string): Promise<string | null> {
  const row = await db.selectFrom('location_policy').select('weekly_offs').where('location_id', '=', locationId).executeTakeFirst();
  return row?.weekly_offs ?? null;
}

/** The weekly-off rules (JSON) of these locations, for those that have their own. */
export async function weeklyOffsOfLocations(db: Db, locationIds: readonly string[]): Promise<{ location_id: string; weekly_offs: string | null }[]> {
  if (locationIds.length === 0) return [];
  return db.selectFrom('location_policy').select(['location_id', 'weekly_offs']).where('location_id', 'in', [...locationIds]).execute();
}

/** Holidays from..to of every location, with whether this employee opted in to each (optional ones). */
export async function holidaysWithOptIn(db: Db, employeeId: string, from: string, to: string) {
  return db
    .selectFrom('holiday')
    .leftJoin('holiday_opt_in', (j) => j.onRef('holiday_opt_in.holiday_id', '=', 'holiday.id').on('holiday_opt_in.employee_id', '=', employeeId))
    .select(['holiday.date', 'holiday.optional', 'holiday.location_id', 'holiday_opt_in.employee_id as opted_in'])
    .where('holiday.date', '>=', from)
    .where('holiday.date', '<=', to)
    .execute();
}

/** Holidays every location keeps (not optional) from..to. */
export async function commonHolidayRows(db: Db, from: string, to: string): Promise<{ date: string; name: string }[]> {
  return db
    .selectFrom('holiday')
    .select(['date', 'name'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where('location_id', 'is', null)
    .where('optional', '=', 0)
    .execute();
}
