import type { Db } from '../../../context.ts';
import { reusableQuery, reusableSelect } from '../../../db/reusable-query.ts';
import type { PunchTable } from '../../../db/schema.ts';
import type { Ids } from './days.ts';

/** Punches (`punch`): append-only; a correction is a later row that supersedes one. */

/** Punches in [lo, hi) that no later row supersedes. */
function punchesBetween(db: Db, lo: string, hi: string) {
  return db
    .selectFrom('punch')
    .select(['id', 'employee_id', 'at', 'direction', 'flags', 'source', 'terminal_id', 'attend_stat'])
    .where('at', '>=', lo)
    .where('at', '<', hi)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('punch as later').select('later.id').whereRef('later.supersedes_id', '=', 'punch.id'))));
}

// Reconciling a punch's day reads these for one employee: compiled once (see reusableQuery).
const punchesOf = reusableSelect((db, a: { ids: readonly string[]; lo: string; hi: string }) =>
  punchesBetween(db, a.lo, a.hi).where('employee_id', 'in', a.ids).orderBy('employee_id').orderBy('at').orderBy('id'),
);

/**
 * Punches of employees in [lo, hi) that no later row supersedes, by employee then time, then id: two punches at one
 * instant (a phone check-in and a check-out sent within a second) keep the order they arrived in (UUIDv7 ids rise), on
 * SQLite and PostgreSQL alike — PostgreSQL gives ties in no fixed order, and the last punch decides "in" or "out".
 */
export async function listEmployeePunches(db: Db, ids: Ids, lo: string, hi: string) {
  if (ids === 'all') return punchesBetween(db, lo, hi).where('employee_id', 'is not', null).orderBy('employee_id').orderBy('at').orderBy('id').execute();
  return ids.length === 0 ? [] : punchesOf(db, { ids, lo, hi });
}

export const PUNCH_COLUMNS = [
  'id',
  'employee_id',
  'source',
  'terminal_id',
  'terminal_serial',
  'terminal_user_id',
  'trans_id',
  'at',
  'utc_offset_minutes',
  'local_date',
  'local_time',
  'attend_stat',
  'verify_mode',
  'direction',
  'photo_path',
  'geo_lat',
  'geo_lng',
  'geo_accuracy',
  'flags',
  'supersedes_id',
  'regularization_id',
  'note',
  'created_by_name',
  'created_at',
] as const;

const insertPunchRow = reusableQuery((db, row: PunchTable) => db.insertInto('punch').values(row).onConflict((oc) => oc.doNothing()));

/** Inserts a punch unless an equal one (same terminal record or same natural punch) exists. Returns whether it was new. */
export async function insertPunch(db: Db, row: PunchTable): Promise<boolean> {
  const result = await insertPunchRow(db, row);
  return Number(result.numAffectedRows ?? 0n) > 0;
}

/** The stored punch a duplicate repeats: same (serial, transId) or same (serial, user, instant, state). */
export async function findDuplicatePunch(
  db: Db,
  key: { serial: string; transId: number | null; terminalUserId: number | null; at: string; attendStat: string },
) {
  const row = await db
    .selectFrom('punch')
    .select(['id', 'employee_id'])
    .where('terminal_serial', '=', key.serial)
    .where((eb) =>
      eb.or([
        ...(key.transId !== null ? [eb('trans_id', '=', key.transId)] : []),
        eb.and([
          key.terminalUserId === null ? eb('terminal_user_id', 'is', null) : eb('terminal_user_id', '=', key.terminalUserId),
          eb('at', '=', key.at),
          eb('attend_stat', '=', key.attendStat),
        ]),
      ]),
    )
    .executeTakeFirst();
  return row;
}

/** Who a punch is of and where its photo lies, if it has one. */
export async function findPunchPhoto(db: Db, id: string) {
  return db.selectFrom('punch').select(['employee_id', 'photo_path']).where('id', '=', id).executeTakeFirst();
}

/** Every punch of an employee in [lo, hi), with who superseded it. */
export async function listPunchDetails(db: Db, employeeId: string, lo: string, hi: string) {
  return db
    .selectFrom('punch')
    .leftJoin('terminal', 'terminal.id', 'punch.terminal_id')
    .select([
      ...PUNCH_COLUMNS.map((c) => `punch.${c}` as const),
      'terminal.name as terminal_name',
      (eb) =>
        eb
          .selectFrom('punch as later')
          .select('later.id')
          .whereRef('later.supersedes_id', '=', 'punch.id')
          .limit(1)
          .as('superseded_by'),
    ])
    .where('punch.employee_id', '=', employeeId)
    .where('punch.at', '>=', lo)
    .where('punch.at', '<', hi)
    .orderBy('punch.at')
    .orderBy('punch.id')
    .execute();
}

export type PunchDetailRow = Awaited<ReturnType<typeof listPunchDetails>>[number];

/** The identity of every punch in [lo, hi): what an import checks its rows against for duplicates. */
export async function listPunchKeys(db: Db, lo: string, hi: string) {
  return db
    .selectFrom('punch')
    .select(['employee_id', 'at', 'terminal_serial', 'terminal_user_id', 'attend_stat'])
    .where('at', '>=', lo)
    .where('at', '<', hi)
    .execute();
}
