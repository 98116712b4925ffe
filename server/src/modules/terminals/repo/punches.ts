import type { Db } from '../../../context.ts';

/**
 * What the terminals module reads and writes of the punch table: counts per
 * terminal and the unmatched punches (a terminal user id mapped to nobody)
 * that an enrolment attaches to an employee. Attendance owns the punches;
 * attaching only fills `employee_id`, and the caller reconciles the days
 * through attendance's public surface.
 */

/** Punches per terminal since an instant (ISO). */
export async function countPunchesPerTerminalSince(db: Db, since: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('punch')
    .select((eb) => ['terminal_id', eb.fn.countAll<number>().as('n')])
    .where('at', '>=', since)
    .where('terminal_id', 'is not', null)
    .groupBy('terminal_id')
    .execute();
  return new Map(rows.map((r) => [r.terminal_id as string, Number(r.n)]));
}

/** Unmatched punches per terminal serial. */
export async function countUnmatchedPerSerial(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('punch')
    .select((eb) => ['terminal_serial', eb.fn.countAll<number>().as('n')])
    .where('employee_id', 'is', null)
    .where('terminal_serial', 'is not', null)
    .groupBy('terminal_serial')
    .execute();
  return new Map(rows.map((r) => [r.terminal_serial as string, Number(r.n)]));
}

export async function countPunchesOfTerminal(db: Db, terminalId: string): Promise<number> {
  const row = await db
    .selectFrom('punch')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('terminal_id', '=', terminalId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function terminalHasPunches(db: Db, terminalId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('punch').select('id').where('terminal_id', '=', terminalId).executeTakeFirst());
}

/** Matched punches of a terminal since an instant (ISO): whose days a changed direction policy affects. */
export async function listMatchedPunchesOfTerminalSince(db: Db, terminalId: string, since: string): Promise<{ employeeId: string; at: string }[]> {
  const rows = await db.selectFrom('punch').select(['employee_id', 'at']).where('terminal_id', '=', terminalId).where('at', '>=', since).where('employee_id', 'is not', null).execute();
  return rows.map((r) => ({ employeeId: r.employee_id as string, at: r.at }));
}

/** Unmatched punches grouped by terminal serial and terminal user id, with their span. */
export async function listUnmatchedGroups(db: Db) {
  return db
    .selectFrom('punch')
    .select((eb) => [
      'terminal_serial',
      'terminal_user_id',
      eb.fn.max('terminal_id').as('terminal_id'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.min('at').as('first_at'),
      eb.fn.max('at').as('last_at'),
    ])
    .where('employee_id', 'is', null)
    .where('terminal_serial', 'is not', null)
    .where('terminal_user_id', 'is not', null)
    .groupBy(['terminal_serial', 'terminal_user_id'])
    .orderBy('terminal_serial')
    .orderBy('terminal_user_id')
    .execute();
}

/** Which terminals' unmatched punches of a user id: one terminal (by serial), or all but some. */
export type UnmatchedWhere = { serial: string | null } | { exceptTerminals: readonly string[] };

export async function listUnmatchedPunches(db: Db, terminalUserId: number, where: UnmatchedWhere): Promise<{ id: string; at: string }[]> {
  let q = db.selectFrom('punch').select(['id', 'at']).where('employee_id', 'is', null).where('terminal_user_id', '=', terminalUserId);
  // No serial: match nothing (a NUL never occurs in a serial).
  if ('serial' in where) q = q.where('terminal_serial', '=', where.serial ?? '\u0000');
  else if (where.exceptTerminals.length) q = q.where((eb) => eb.or([eb('terminal_id', 'is', null), eb('terminal_id', 'not in', [...where.exceptTerminals])]));
  return q.execute();
}

/** Gives unmatched punches to an employee (those matched meanwhile keep their owner). */
export async function attachPunches(db: Db, ids: readonly string[], employeeId: string): Promise<void> {
  // Bounded lists: SQLite limits the parameters of one statement.
  for (let i = 0; i < ids.length; i += 500) {
    await db.updateTable('punch').set({ employee_id: employeeId }).where('id', 'in', ids.slice(i, i + 500)).where('employee_id', 'is', null).execute();
  }
}
