import type { Db } from '../../../context.ts';
import type { TerminalRawUserTable } from '../../../db/schema.ts';

/** Terminal user ids that are not plain numbers, per terminal, and the integer each maps to. */

const COLUMNS = [
  'terminal_raw_user.id',
  'terminal_raw_user.terminal_id',
  'terminal.name as terminal_name',
  'terminal_raw_user.raw_user_id',
  'terminal_raw_user.records',
  'terminal_raw_user.first_reported_at',
  'terminal_raw_user.last_reported_at',
  'terminal_raw_user.terminal_user_id',
  'terminal_raw_user.mapped_by_name',
  'terminal_raw_user.mapped_at',
] as const;

function query(db: Db) {
  return db.selectFrom('terminal_raw_user').innerJoin('terminal', 'terminal.id', 'terminal_raw_user.terminal_id').select([...COLUMNS]);
}

/** A raw id with its terminal's name. */
export type RawUserRow = Awaited<ReturnType<ReturnType<typeof query>['executeTakeFirstOrThrow']>>;

/** Every raw id, by terminal name and raw id. */
export async function listRawUserRows(db: Db): Promise<RawUserRow[]> {
  return query(db).orderBy('terminal.name').orderBy('terminal_raw_user.raw_user_id').execute();
}

export async function findRawUserRow(db: Db, id: string): Promise<RawUserRow | undefined> {
  return query(db).where('terminal_raw_user.id', '=', id).executeTakeFirst();
}

/** Raw ids waiting for a mapping (with records held back), per terminal id. */
export async function countUnmappedPerTerminal(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('terminal_raw_user')
    .select((eb) => ['terminal_id', eb.fn.countAll<number>().as('n')])
    .where('terminal_user_id', 'is', null)
    .where('records', '>', 0)
    .groupBy('terminal_id')
    .execute();
  return new Map(rows.map((r) => [r.terminal_id, Number(r.n)]));
}

/** The mapped raw ids of every terminal. */
export async function listMappedRawUsers(db: Db): Promise<Pick<TerminalRawUserTable, 'terminal_id' | 'raw_user_id' | 'terminal_user_id'>[]> {
  return db.selectFrom('terminal_raw_user').select(['terminal_id', 'raw_user_id', 'terminal_user_id']).where('terminal_user_id', 'is not', null).execute();
}

/** The raw ids of one terminal with what the connector last held back for each. */
export async function listReportedOfTerminal(db: Db, terminalId: string): Promise<Pick<TerminalRawUserTable, 'id' | 'raw_user_id' | 'records'>[]> {
  return db.selectFrom('terminal_raw_user').select(['id', 'raw_user_id', 'records']).where('terminal_id', '=', terminalId).execute();
}

export async function findRawUserOfTerminal(db: Db, terminalId: string, rawUserId: string): Promise<Pick<TerminalRawUserTable, 'id' | 'terminal_user_id'> | undefined> {
  return db.selectFrom('terminal_raw_user').select(['id', 'terminal_user_id']).where('terminal_id', '=', terminalId).where('raw_user_id', '=', rawUserId).executeTakeFirst();
}

/** The raw id of a terminal mapped to this number, if any. */
export async function findRawUserMappedTo(db: Db, terminalId: string, terminalUserId: number): Promise<string | undefined> {
  const row = await db.selectFrom('terminal_raw_user').select('raw_user_id').where('terminal_id', '=', terminalId).where('terminal_user_id', '=', terminalUserId).executeTakeFirst();
  return row?.raw_user_id;
}

/** The highest number from `from` on a terminal's raw ids are mapped to (0 when none). */
export async function maxMappedUserId(db: Db, terminalId: string, from: number): Promise<number> {
  const row = await db
    .selectFrom('terminal_raw_user')
    .select((eb) => eb.fn.max('terminal_user_id').as('n'))
    .where('terminal_id', '=', terminalId)
    .where('terminal_user_id', '>=', from)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertRawUser(db: Db, row: TerminalRawUserTable): Promise<void> {
  await db.insertInto('terminal_raw_user').values(row).execute();
}

export async function updateRawUser(db: Db, id: string, patch: Partial<Omit<TerminalRawUserTable, 'id' | 'terminal_id' | 'raw_user_id'>>): Promise<void> {
  await db.updateTable('terminal_raw_user').set(patch).where('id', '=', id).execute();
}

/** Marks raw ids no longer reported: nothing of theirs is held back any more. */
export async function clearRecords(db: Db, ids: readonly string[]): Promise<void> {
  await db.updateTable('terminal_raw_user').set({ records: 0 }).where('id', 'in', [...ids]).execute();
}
