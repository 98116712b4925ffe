import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../context.ts';
import type { TerminalTable } from '../../../db/schema.ts';

/** The terminal registry's rows (and the location names the console shows beside them). */

export const TERMINAL_COLUMNS = [
  'id',
  'serial',
  'terminal_type',
  'machine_number',
  'device_uid',
  'name',
  'location_id',
  'protocol',
  'host',
  'port',
  'serial_path',
  'baud_rate',
  'comm_key',
  'time_zone',
  'poll_seconds',
  'enabled',
  'direction_policy',
  'offline_after_minutes',
  'firmware_notes',
  'last_contact_at',
  'last_punch_at',
  'clock_skew_seconds',
  'connector_state',
  'connector_backlog',
  'connector_dead_letters',
  'connector_detail',
  'connector_state_since',
  'offline_notified_at',
  'synced_until',
  'created_at',
  'updated_at',
] as const;

export async function findTerminal(db: Db, id: string): Promise<TerminalTable | undefined> {
  return db.selectFrom('terminal').select([...TERMINAL_COLUMNS]).where('id', '=', id).executeTakeFirst();
}

/** Every terminal, by name. */
export async function listTerminalRows(db: Db): Promise<TerminalTable[]> {
  return db.selectFrom('terminal').select([...TERMINAL_COLUMNS]).orderBy('name').execute();
}

export async function findTerminalName(db: Db, id: string): Promise<{ id: string; name: string; serial: string | null } | undefined> {
  return db.selectFrom('terminal').select(['id', 'name', 'serial']).where('id', '=', id).executeTakeFirst();
}

export async function findTerminalBySerial(db: Db, serial: string): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('terminal').select(['id', 'name']).where('serial', '=', serial).executeTakeFirst();
}

/** The id of another terminal holding this serial or name (uniqueness checks before a write). */
export async function terminalIdHolding(db: Db, column: 'serial' | 'name', value: string, exceptId?: string): Promise<string | undefined> {
  let q = db.selectFrom('terminal').select('id').where(column, '=', value);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst())?.id;
}

export async function insertTerminal(db: Db, row: Insertable<TerminalTable>): Promise<void> {
  await db.insertInto('terminal').values(row).execute();
}

export async function updateTerminal(db: Db, id: string, patch: Updateable<TerminalTable>): Promise<void> {
  await db.updateTable('terminal').set(patch).where('id', '=', id).execute();
}

export async function deleteTerminal(db: Db, id: string): Promise<void> {
  await db.deleteFrom('terminal').where('id', '=', id).execute();
}

/** Gives a registered terminal without a serial this one; false when another writer filled it in first. */
export async function claimSerial(db: Db, id: string, patch: Pick<TerminalTable, 'serial' | 'terminal_type' | 'updated_at'>): Promise<boolean> {
  const filled = await db.updateTable('terminal').set(patch).where('id', '=', id).where('serial', 'is', null).executeTakeFirst();
  return Number(filled.numUpdatedRows) === 1;
}

/** The connector's last reported state of a terminal and since when. */
export async function findConnectorState(db: Db, id: string): Promise<Pick<TerminalTable, 'connector_state' | 'connector_state_since'> | undefined> {
  return db.selectFrom('terminal').select(['connector_state', 'connector_state_since']).where('id', '=', id).executeTakeFirst();
}

/** Enabled terminals not yet notified about that were heard from once, or that the connector reports unreachable. */
export async function listOfflineCandidates(db: Db) {
  return db
    .selectFrom('terminal')
    .select(['id', 'name', 'last_contact_at', 'offline_after_minutes', 'connector_state', 'connector_state_since', 'connector_detail'])
    .where('enabled', '=', 1)
    .where('offline_notified_at', 'is', null)
    .where((eb) => eb.or([eb('last_contact_at', 'is not', null), eb('connector_state', 'in', ['offline', 'error'])]))
    .execute();
}

export async function listLocationNames(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('location').select(['id', 'name']).execute();
}

export async function locationExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('location').select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * Takes the offline notice for a terminal still silent as it was read (no notice yet, no contact
 * since): true for exactly one caller, so two instances running the check at once notify once.
 */
export async function claimOfflineNotice(db: Db, id: string, lastContactAt: string | null, at: string): Promise<boolean> {
  const r = await db
    .updateTable('terminal')
    .set({ offline_notified_at: at })
    .where('id', '=', id)
    .where('offline_notified_at', 'is', null)
    .where((eb) => (lastContactAt === null ? eb('last_contact_at', 'is', null) : eb('last_contact_at', '=', lastContactAt)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends a terminal's offline notice; true when it had one (it was reported offline and is now heard again). */
export async function clearOfflineNotice(db: Db, id: string): Promise<boolean> {
  const r = await db.updateTable('terminal').set({ offline_notified_at: null }).where('id', '=', id).where('offline_notified_at', 'is not', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A terminal as its offline / online webhook events show it. */
export async function terminalStatusRow(db: Db, id: string) {
  return db
    .selectFrom('terminal')
    .leftJoin('location', 'location.id', 'terminal.location_id')
    .select(['terminal.id', 'terminal.name', 'terminal.location_id', 'location.name as location_name', 'terminal.last_contact_at', 'terminal.offline_after_minutes'])
    .where('terminal.id', '=', id)
    .executeTakeFirst();
}
