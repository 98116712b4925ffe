import type { Db } from '../../../context.ts';
import type { TerminalEnrolmentTable } from '../../../db/schema.ts';

/** Enrolment mappings: a terminal user id on one terminal (`scope_key` its id) or on all (`*`) → an employee. */

const ENROLMENT_SELECT = [
  'terminal_enrolment.id',
  'terminal_enrolment.terminal_id',
  'terminal_enrolment.terminal_user_id',
  'terminal_enrolment.employee_id',
  'terminal_enrolment.created_by_name',
  'terminal_enrolment.created_at',
  'terminal.name as terminal_name',
  'employee.code',
  'employee.full_name',
] as const;

function enrolmentQuery(db: Db) {
  return db
    .selectFrom('terminal_enrolment')
    .leftJoin('terminal', 'terminal.id', 'terminal_enrolment.terminal_id')
    .innerJoin('employee', 'employee.id', 'terminal_enrolment.employee_id')
    .select([...ENROLMENT_SELECT]);
}

/** A mapping with its terminal's name and its employee's code and name. */
export type EnrolmentRow = Awaited<ReturnType<ReturnType<typeof enrolmentQuery>['executeTakeFirstOrThrow']>>;

export async function listEnrolmentRows(db: Db): Promise<EnrolmentRow[]> {
  return enrolmentQuery(db).orderBy('terminal_enrolment.terminal_user_id').execute();
}

export async function findEnrolmentRow(db: Db, id: string): Promise<EnrolmentRow | undefined> {
  return enrolmentQuery(db).where('terminal_enrolment.id', '=', id).executeTakeFirst();
}

/** Every mapping of a terminal user id: where it applies. */
export async function listMappingsOfUserId(db: Db, terminalUserId: number): Promise<Pick<TerminalEnrolmentTable, 'scope_key' | 'terminal_id'>[]> {
  return db.selectFrom('terminal_enrolment').select(['scope_key', 'terminal_id']).where('terminal_user_id', '=', terminalUserId).execute();
}

export async function mappingExists(db: Db, scopeKey: string, terminalUserId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('terminal_enrolment').select('employee_id').where('scope_key', '=', scopeKey).where('terminal_user_id', '=', terminalUserId).executeTakeFirst());
}

export async function insertEnrolment(db: Db, row: TerminalEnrolmentTable): Promise<void> {
  await db.insertInto('terminal_enrolment').values(row).execute();
}

export async function deleteEnrolmentRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('terminal_enrolment').where('id', '=', id).execute();
}

/** The highest terminal user id from `from` on mapped on a terminal (0 when none). */
export async function maxEnrolledUserId(db: Db, terminalId: string, from: number): Promise<number> {
  const row = await db
    .selectFrom('terminal_enrolment')
    .select((eb) => eb.fn.max('terminal_user_id').as('n'))
    .where('terminal_id', '=', terminalId)
    .where('terminal_user_id', '>=', from)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
