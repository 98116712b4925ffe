import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../context.ts';
import type { DB, RegularizationTable } from '../../db/schema.ts';

/** Regularization requests (`regularization`). */

const REG_COLUMNS = [
  'id',
  'employee_id',
  'date',
  'kind',
  'status',
  'reason',
  'punches',
  'supersedes',
  'requires_hr',
  'manager_decided_by',
  'manager_decided_by_name',
  'manager_decided_at',
  'hr_decided_by',
  'hr_decided_by_name',
  'hr_decided_at',
  'decision_note',
  'created_by_name',
  'created_at',
  'updated_at',
] as const;

const WAITING = ['AwaitingManager', 'ManagerApprovedAwaitingHR'] as const;

export interface RegularizationFilter {
  status?: string | undefined;
  kind?: string | undefined;
  employeeId?: string | undefined;
}

/** Who may decide what: the decider's own requests never, the manager stage for their team (or HR), the HR stage for HR. */
export interface DeciderScope {
  employeeId: string | null;
  team: ReadonlySet<string>;
  canApprove: boolean;
  canHrApprove: boolean;
}

export async function findRegularization(db: Db, id: string): Promise<RegularizationTable | undefined> {
  return db.selectFrom('regularization').select([...REG_COLUMNS]).where('id', '=', id).executeTakeFirst();
}

/** Whether a request of that kind for that day is still waiting for a decision. */
export async function waitingRequestExists(db: Db, employeeId: string, date: string, kind: string): Promise<boolean> {
  const open = await db
    .selectFrom('regularization')
    .select('id')
    .where('employee_id', '=', employeeId)
    .where('date', '=', date)
    .where('kind', '=', kind)
    .where('status', 'in', WAITING)
    .executeTakeFirst();
  return open !== undefined;
}

export async function insertRegularization(db: Db, row: RegularizationTable): Promise<void> {
  await db.insertInto('regularization').values(row).execute();
}

/** Moves a request on from the status it was read in; false when it changed meanwhile. */
export async function updateRegularizationFrom(db: Db, id: string, fromStatus: string, patch: Partial<RegularizationTable>): Promise<boolean> {
  const updated = await db.updateTable('regularization').set(patch).where('id', '=', id).where('status', '=', fromStatus).executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** An employee's requests for one day, newest first. */
export async function listRegularizationsOfDay(db: Db, employeeId: string, date: string): Promise<RegularizationTable[]> {
  return db
    .selectFrom('regularization')
    .select([...REG_COLUMNS])
    .where('employee_id', '=', employeeId)
    .where('date', '=', date)
    .orderBy('created_at', 'desc')
    .execute();
}

/** A condition no row meets (SQLite cannot bind a boolean). */
const NOTHING = sql<SqlBool>`1 = 0`;

type RegEb = ExpressionBuilder<DB, 'regularization'>;

/** `mayDecide` as a condition: never the decider's own; at the manager stage their reporting line (or HR), at the HR stage HR. */
function decidableBy(eb: RegEb, d: DeciderScope) {
  const branches = [];
  if (d.canHrApprove) branches.push(eb('status', 'in', WAITING));
  else if (d.canApprove && d.team.size > 0) branches.push(eb.and([eb('status', '=', 'AwaitingManager'), eb('employee_id', 'in', [...d.team])]));
  if (branches.length === 0) return NOTHING;
  return eb.and([eb.or(branches), ...(d.employeeId ? [eb('employee_id', '!=', d.employeeId)] : [])]);
}

/** Requests of visible employees matching the filter (and, with a decider, only those it may decide now), not yet selected. */
function scopedQuery(db: Db, visible: 'all' | readonly string[], filter: RegularizationFilter, decider: DeciderScope | null) {
  return db.selectFrom('regularization').where((eb) => {
    const conditions = [];
    if (visible !== 'all') conditions.push(visible.length ? eb('employee_id', 'in', [...visible]) : NOTHING);
    if (filter.status) conditions.push(eb('status', '=', filter.status));
    if (filter.kind) conditions.push(eb('kind', '=', filter.kind));
    if (filter.employeeId) conditions.push(eb('employee_id', '=', filter.employeeId));
    if (decider) conditions.push(decidableBy(eb, decider));
    return eb.and(conditions);
  });
}

export async function countRegularizations(db: Db, visible: 'all' | readonly string[], filter: RegularizationFilter, decider: DeciderScope | null): Promise<number> {
  const row = await scopedQuery(db, visible, filter, decider)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of matching requests, newest first; without a page, all of them. */
export async function listRegularizations(
  db: Db,
  visible: 'all' | readonly string[],
  filter: RegularizationFilter,
  decider: DeciderScope | null,
  page?: { limit: number; offset: number },
): Promise<RegularizationTable[]> {
  const q = scopedQuery(db, visible, filter, decider).select([...REG_COLUMNS]).orderBy('created_at', 'desc').orderBy('id');
  return (page ? q.limit(page.limit).offset(page.offset) : q).execute();
}
