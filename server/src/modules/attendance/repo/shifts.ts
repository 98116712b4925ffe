import type { Insertable } from 'kysely';
import type { Db } from '../../../context.ts';
import { reusableSelect } from '../../../db/reusable-query.ts';
import type { ShiftAssignmentTable, ShiftTable } from '../../../db/schema.ts';
import type { Ids } from './days.ts';

/** Shifts (`shift`) and the roster of who works which shift from when (`shift_assignment`). */

export const SHIFT_COLUMNS = [
  'id',
  'name',
  'start_time',
  'end_time',
  'is_default',
  'break_minutes',
  'late_grace_minutes',
  'early_grace_minutes',
  'half_day_minutes',
  'full_day_minutes',
  'ot_eligible',
  'ot_after_minutes',
  'ot_block_minutes',
  'ot_max_minutes',
  'ot_before_start',
  'window_before_minutes',
  'window_after_minutes',
  'flexible',
  'core_start',
  'core_end',
  'required_minutes',
  'hours_mode',
] as const;

/** The columns of a shift that its policy sets. */
export type ShiftValues = Omit<Insertable<ShiftTable>, 'id' | 'created_at' | 'updated_at'>;

/** Every shift, by name or in the order stored (the policy's fallback default is the first stored). */
export async function listShifts(db: Db, order: 'name' | 'stored') {
  const q = db.selectFrom('shift').select([...SHIFT_COLUMNS]);
  return (order === 'name' ? q.orderBy('name') : q).execute();
}

export type ShiftRow = Awaited<ReturnType<typeof listShifts>>[number];

/** Makes no shift the default (but `keep`, if given). */
export async function clearDefaultShift(db: Db, keep?: string): Promise<void> {
  let q = db.updateTable('shift').set({ is_default: 0 });
  if (keep) q = q.where('id', '!=', keep);
  await q.execute();
}

export async function insertShift(db: Db, id: string, values: ShiftValues, now: string): Promise<void> {
  await db.insertInto('shift').values({ id, ...values, created_at: now, updated_at: now }).execute();
}

export async function updateShift(db: Db, id: string, values: ShiftValues, now: string): Promise<void> {
  await db.updateTable('shift').set({ ...values, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteShift(db: Db, id: string): Promise<void> {
  await db.deleteFrom('shift').where('id', '=', id).execute();
}

function assignmentsBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('shift_assignment')
    .select(['employee_id', 'shift_id', 'effective_from', 'effective_to'])
    .where('effective_from', '<=', to)
    .where((eb) => eb.or([eb('effective_to', 'is', null), eb('effective_to', '>=', from)]));
}

// Reconciling a punch's day reads these for one employee: compiled once (see reusableQuery).
const assignmentsOf = reusableSelect((db, a: { ids: readonly string[]; from: string; to: string }) =>
  assignmentsBetween(db, a.from, a.to).where('employee_id', 'in', a.ids).orderBy('employee_id').orderBy('effective_from'),
);

/** The assignments of some employees that overlap from..to, by employee then start. */
export async function listAssignments(db: Db, ids: Ids, from: string, to: string) {
  if (ids === 'all') return assignmentsBetween(db, from, to).orderBy('employee_id').orderBy('effective_from').execute();
  return ids.length === 0 ? [] : assignmentsOf(db, { ids, from, to });
}

/** An employee's roster with shift names, newest first. */
export async function listAssignmentRows(db: Db, employeeId: string) {
  return db
    .selectFrom('shift_assignment')
    .innerJoin('shift', 'shift.id', 'shift_assignment.shift_id')
    .select([
      'shift_assignment.id',
      'shift_assignment.shift_id',
      'shift.name as shift_name',
      'shift_assignment.effective_from',
      'shift_assignment.effective_to',
      'shift_assignment.created_by_name',
      'shift_assignment.created_at',
    ])
    .where('shift_assignment.employee_id', '=', employeeId)
    .orderBy('shift_assignment.effective_from', 'desc')
    .execute();
}

/** An employee's roster entries, oldest first. */
export async function listRosterOf(db: Db, employeeId: string) {
  return db
    .selectFrom('shift_assignment')
    .select(['id', 'shift_id', 'effective_from', 'effective_to'])
    .where('employee_id', '=', employeeId)
    .orderBy('effective_from')
    .execute();
}

/** The open (current) assignments: who is on which shift now by the roster. */
export async function listOpenAssignments(db: Db) {
  return db.selectFrom('shift_assignment').select(['employee_id', 'shift_id']).where('effective_to', 'is', null).execute();
}

export async function endAssignment(db: Db, id: string, lastDay: string): Promise<void> {
  await db.updateTable('shift_assignment').set({ effective_to: lastDay }).where('id', '=', id).execute();
}

export async function insertAssignment(db: Db, row: ShiftAssignmentTable): Promise<void> {
  await db.insertInto('shift_assignment').values(row).execute();
}

/** Whether the roster ever names a shift. */
export async function anyAssignmentOfShift(db: Db, shiftId: string): Promise<boolean> {
  return (await db.selectFrom('shift_assignment').select('id').where('shift_id', '=', shiftId).executeTakeFirst()) !== undefined;
}
