import type { Db } from '../../../context.ts';
import { reusableSelect } from '../../../db/reusable-query.ts';

/**
 * What attendance reads of the terminal registry (`terminal`,
 * `terminal_enrolment`): read only, the terminals module writes them.
 */

/** Every terminal with what reconciliation needs (direction policy, zone, location). */
export async function listTerminalPolicies(db: Db) {
  return db.selectFrom('terminal').select(['id', 'name', 'serial', 'location_id', 'direction_policy', 'enabled', 'time_zone']).execute();
}

/** Which terminal user id means which employee, per terminal (`scope_key` = terminal id) or everywhere (`*`). */
export async function listEnrolments(db: Db) {
  return db.selectFrom('terminal_enrolment').select(['scope_key', 'terminal_user_id', 'employee_id']).execute();
}

// Every reconciliation reads it: compiled once (see reusableQuery).
const enabledTerminals = reusableSelect((db, _: Record<string, never>) =>
  db.selectFrom('terminal').select(['name', 'location_id', 'synced_until']).where('enabled', '=', 1),
);

/** How far each enabled terminal has delivered everything (a day is final only past it). */
export async function terminalSync(db: Db) {
  return enabledTerminals(db, {});
}

/** The enabled terminals with their last contact, by name (the live board). */
export async function listLiveTerminals(db: Db) {
  return db
    .selectFrom('terminal')
    .select(['id', 'name', 'location_id', 'last_contact_at', 'clock_skew_seconds', 'offline_after_minutes', 'enabled'])
    .where('enabled', '=', 1)
    .orderBy('name')
    .execute();
}
