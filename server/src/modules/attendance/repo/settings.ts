import type { Updateable } from 'kysely';
import type { Db } from '../../../context.ts';
import type { AttendancePolicyLogTable, AttendanceSettingsTable, LocationPolicyTable } from '../../../db/schema.ts';

/** The organisation's attendance rules (`attendance_settings`), per-location weekly offs and fences (`location_policy`), and who changed which policy (`attendance_policy_log`). */

const SETTINGS_ID = 'org';

export async function findSettings(db: Db) {
  return db
    .selectFrom('attendance_settings')
    .select(['debounce_seconds', 'regularization_window_days', 'hr_approval_kinds', 'late_mark_every', 'late_mark_days', 'optional_holidays_per_year'])
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
}

export async function updateSettings(db: Db, values: Omit<Updateable<AttendanceSettingsTable>, 'id'>): Promise<void> {
  await db.updateTable('attendance_settings').set(values).where('id', '=', SETTINGS_ID).execute();
}

export async function listLocationPolicies(db: Db) {
  return db.selectFrom('location_policy').select(['location_id', 'weekly_offs', 'fence_lat', 'fence_lng', 'fence_radius_m']).execute();
}

export async function upsertLocationPolicy(db: Db, locationId: string, values: Omit<LocationPolicyTable, 'location_id'>): Promise<void> {
  await db
    .insertInto('location_policy')
    .values({ location_id: locationId, ...values })
    .onConflict((oc) => oc.column('location_id').doUpdateSet(values))
    .execute();
}

export async function insertPolicyLog(db: Db, row: AttendancePolicyLogTable): Promise<void> {
  await db.insertInto('attendance_policy_log').values(row).execute();
}

/** The newest entries of the policy log first. */
export async function listPolicyLog(db: Db, limit: number) {
  return db
    .selectFrom('attendance_policy_log')
    .select(['id', 'entity', 'entity_id', 'action', 'summary', 'changes', 'actor_name', 'at'])
    .orderBy('at', 'desc')
    // Ties (one clock reading) newest first on every engine: ids are time-ordered.
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
