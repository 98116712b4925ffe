import { type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../context.ts';
import { reusableSelect } from '../../db/reusable-query.ts';
import type { DB, LeaveDayTable, LeaveLedgerTable, LeaveRequestTable, LeaveTypeTable } from '../../db/schema.ts';

/* ---------------------------------------------------------------- leave types */

const TYPE_COLUMNS = [
  'id',
  'code',
  'name',
  'color_tone',
  'paid',
  'half_day_allowed',
  'hr_approval',
  'hr_approval_above_days',
  'notice_days',
  'backdate_days',
  'max_consecutive_days',
  'documents_above_days',
  'min_service_days',
  'eligible_gender',
  'sandwich',
  'allow_negative',
  'active',
  'accrual',
  'annual_days',
  'monthly_days',
  'prorate_joiners',
  'carry_forward_cap',
  'encashable',
  'credit_expiry_days',
  'accrual_from',
  'sort_order',
  'created_at',
  'updated_at',
] as const;

export type LeaveTypeRow = Selectable<LeaveTypeTable>;

export async function listTypeRows(db: Db, activeOnly = false): Promise<LeaveTypeRow[]> {
  let q = db.selectFrom('leave_type').select(TYPE_COLUMNS);
  if (activeOnly) q = q.where('active', '=', 1);
  return q.orderBy('sort_order').orderBy('code').execute();
}

export async function findTypeRow(db: Db, id: string): Promise<LeaveTypeRow | undefined> {
  return db.selectFrom('leave_type').select(TYPE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findTypeByCode(db: Db, code: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('leave_type').select('id').where('code', '=', code).executeTakeFirst();
}

export async function insertTypeRow(db: Db, row: LeaveTypeTable): Promise<void> {
  await db.insertInto('leave_type').values(row).execute();
}

export async function updateTypeRow(db: Db, id: string, patch: Partial<Omit<LeaveTypeTable, 'id' | 'created_at'>>): Promise<void> {
  await db.updateTable('leave_type').set(patch).where('id', '=', id).execute();
}

export async function maxTypeSortOrder(db: Db): Promise<number> {
  const row = await db.selectFrom('leave_type').select((eb) => eb.fn.max('sort_order').as('max')).executeTakeFirst();
  return Number(row?.max ?? 0);
}

/* ---------------------------------------------------------------- employees as leave sees them */

export interface ApplicantRow {
  id: string;
  full_name: string;
  code: string;
  manager_id: string | null;
  manager_name: string | null;
  department_id: string | null;
  location_id: string | null;
  joined_date: string;
  exit_date: string | null;
  status: string;
  gender: string | null;
}

function applicantQuery(db: Db) {
  return db
    .selectFrom('employee as e')
    .leftJoin('employee as m', 'm.id', 'e.manager_id')
    .select([
      'e.id',
      'e.full_name',
      'e.code',
      'e.manager_id',
      'm.full_name as manager_name',
      'e.department_id',
      'e.location_id',
      'e.joined_date',
      'e.exit_date',
      'e.status',
      'e.gender',
    ]);
}

export async function findApplicant(db: Db, id: string): Promise<ApplicantRow | undefined> {
  return applicantQuery(db).where('e.id', '=', id).executeTakeFirst();
}

export async function findApplicants(db: Db, ids: readonly string[]): Promise<ApplicantRow[]> {
  if (ids.length === 0) return [];
  return applicantQuery(db).where('e.id', 'in', [...ids]).execute();
}

/** Everyone (not exited) reporting to one of these managers, with their manager. */
export async function teamMembers(db: Db, managerIds: readonly string[]): Promise<{ id: string; manager_id: string | null }[]> {
  if (managerIds.length === 0) return [];
  return db
    .selectFrom('employee')
    .select(['id', 'manager_id'])
    .where('manager_id', 'in', [...managerIds])
    .where('status', '!=', 'Exited')
    .execute();
}

export async function employeeExists(db: Db, id: string): Promise<{ id: string; full_name: string; status: string } | undefined> {
  return db.selectFrom('employee').select(['id', 'full_name', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Not-exited employees with these managers, or these ids: a picker's choices. */
export async function colleagueRows(db: Db, managerIds: readonly string[], ids: readonly string[]) {
  if (managerIds.length === 0 && ids.length === 0) return [];
  return db
    .selectFrom('employee')
    .select(['id', 'full_name', 'code'])
    .where('status', '!=', 'Exited')
    .where((eb) =>
      eb.or([
        ...(managerIds.length ? [eb('manager_id', 'in', [...managerIds])] : []),
        ...(ids.length ? [eb('id', 'in', [...ids])] : []),
      ]),
    )
    .orderBy('full_name')
    .execute();
}

/* ---------------------------------------------------------------- requests */

export type RequestRow = Selectable<LeaveRequestTable> & {
  employee_name: string;
  employee_code: string;
  employee_manager_id: string | null;
  type_code: string;
  type_name: string;
  color_tone: string;
  type_accrual: string;
  type_allow_negative: number;
  backup_name: string | null;
  manager_decision_name: string | null;
  hr_decision_name: string | null;
};

function requestQuery(db: Db) {
  return db
    .selectFrom('leave_request as r')
    .innerJoin('employee as e', 'e.id', 'r.employee_id')
    .innerJoin('leave_type as t', 't.id', 'r.leave_type_id')
    .leftJoin('employee as b', 'b.id', 'r.backup_employee_id')
    .leftJoin('employee as md', 'md.id', 'r.manager_decision_by')
    .leftJoin('employee as hd', 'hd.id', 'r.hr_decision_by')
    .select([
      'r.id',
      'r.employee_id',
      'r.leave_type_id',
      'r.from_date',
      'r.to_date',
      'r.duration',
      'r.working_days',
      'r.reason',
      'r.backup_employee_id',
      'r.status',
      'r.requires_hr_approval',
      'r.documents_required',
      'r.manager_decision_by',
      'r.manager_decided_at',
      'r.manager_note',
      'r.manager_stage_by_hr',
      'r.hr_decision_by',
      'r.hr_decided_at',
      'r.hr_note',
      'r.decision_note',
      'r.closure',
      'r.closed_by_name',
      'r.closed_at',
      'r.balance_after',
      'r.created_at',
      'r.updated_at',
      'r.entered_by',
      'r.entered_by_name',
      'e.full_name as employee_name',
      'e.code as employee_code',
      'e.manager_id as employee_manager_id',
      't.code as type_code',
      't.name as type_name',
      't.color_tone',
      't.accrual as type_accrual',
      't.allow_negative as type_allow_negative',
      'b.full_name as backup_name',
      'md.full_name as manager_decision_name',
      'hd.full_name as hr_decision_name',
    ]);
}

export async function findRequestRow(db: Db, id: string): Promise<RequestRow | undefined> {
  return requestQuery(db).where('r.id', '=', id).executeTakeFirst();
}

/** Pending and approved requests of some employees with a day in from..to (the working calendar changed there). */
export async function liveRequestsOver(db: Db, employeeIds: readonly string[] | 'all', from: string, to: string): Promise<RequestRow[]> {
  if (employeeIds !== 'all' && employeeIds.length === 0) return [];
  let q = requestQuery(db)
    .where('r.status', 'in', ['PendingManager', 'ManagerApprovedPendingHR', 'Approved'])
    .where('r.from_date', '<=', to)
    .where('r.to_date', '>=', from);
  if (employeeIds !== 'all') q = q.where('r.employee_id', 'in', [...employeeIds]);
  return q.orderBy('r.from_date').execute();
}

/** A request's days as stored (counted or not), ascending. */
export async function leaveDaysOfRequest(db: Db, requestId: string): Promise<{ date: string; portion: string; counted: number }[]> {
  return db.selectFrom('leave_day').select(['date', 'portion', 'counted']).where('request_id', '=', requestId).orderBy('date').execute();
}

export interface RequestFilter {
  visible: 'all' | readonly string[];
  status?: string | undefined;
  employeeId?: string | undefined;
  leaveTypeId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Waiting for this approver (see `awaitingDecisionBy`). */
  awaiting?: Approver | undefined;
}

export interface Approver {
  employeeId: string;
  /** Holds `leave:approve`: decides for their reporting line (any depth) at the manager stage. */
  manager: boolean;
  /** Everyone below the approver in the reporting line (see `reportingLineIds`). */
  line: readonly string[];
  /** Holds `leave:hr-approve`: decides at the HR stage, and at the manager stage when nobody else can. */
  hr: boolean;
}

/** A condition no row meets (SQLite cannot bind a boolean). */
const NOTHING = sql<SqlBool>`1 = 0`;

type RequestEb = ExpressionBuilder<DB & { r: LeaveRequestTable; e: DB['employee'] }, 'r' | 'e'>;

/**
 * Requests waiting for this approver: their reporting line's (any depth, as
 * `assertMayDecide` allows) at the manager stage; for HR, every request at the HR stage and those at the manager stage
 * whose manager cannot decide (none, exited, or without an active login).
 * Never the approver's own.
 */
function awaitingDecisionBy(eb: RequestEb, a: Approver) {
  const branches = [];
  if (a.manager && a.line.length) branches.push(eb.and([eb('r.status', '=', 'PendingManager'), eb('r.employee_id', 'in', [...a.line])]));
  if (a.hr) {
    branches.push(eb('r.status', '=', 'ManagerApprovedPendingHR'));
    branches.push(
      eb.and([
        eb('r.status', '=', 'PendingManager'),
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_account as ua')
              .innerJoin('employee as m', 'm.id', 'ua.employee_id')
              .select('ua.id')
              .whereRef('ua.employee_id', '=', 'e.manager_id')
              .where('ua.active', '=', 1)
              .where('m.status', '!=', 'Exited'),
          ),
        ),
      ]),
    );
  }
  if (branches.length === 0) return NOTHING;
  return eb.and([eb.or(branches), eb('r.employee_id', '!=', a.employeeId)]);
}

function applyFilter(eb: RequestEb, f: RequestFilter) {
  const conditions = [];
  if (f.visible !== 'all') conditions.push(f.visible.length ? eb('r.employee_id', 'in', [...f.visible]) : NOTHING);
  if (f.status) conditions.push(eb('r.status', '=', f.status));
  if (f.employeeId) conditions.push(eb('r.employee_id', '=', f.employeeId));
  if (f.leaveTypeId) conditions.push(eb('r.leave_type_id', '=', f.leaveTypeId));
  if (f.from) conditions.push(eb('r.to_date', '>=', f.from));
  if (f.to) conditions.push(eb('r.from_date', '<=', f.to));
  if (f.awaiting) conditions.push(awaitingDecisionBy(eb, f.awaiting));
  return eb.and(conditions);
}

export async function listRequestRows(
  db: Db,
  filter: RequestFilter,
  sort: 'createdAt' | 'fromDate',
  order: 'asc' | 'desc',
  page: { limit: number; offset: number },
): Promise<RequestRow[]> {
  const column = sort === 'fromDate' ? 'r.from_date' : 'r.created_at';
  // Deferred join: page through the ids on the index, then read the 50 full rows.
  const base = filter.awaiting
    ? db.selectFrom('leave_request as r').innerJoin('employee as e', 'e.id', 'r.employee_id')
    : db.selectFrom('leave_request as r');
  const ids = base
    .select('r.id')
    .where((eb) => applyFilter(eb as unknown as RequestEb, filter))
    .orderBy(column, order)
    .orderBy('r.id', order)
    .limit(page.limit)
    .offset(page.offset);
  return requestQuery(db).where('r.id', 'in', ids).orderBy(column, order).orderBy('r.id', order).execute();
}

export async function countRequests(db: Db, filter: RequestFilter): Promise<number> {
  // The employee join is only needed to find the approver; a plain count reads the index alone.
  const row = filter.awaiting
    ? await db
        .selectFrom('leave_request as r')
        .innerJoin('employee as e', 'e.id', 'r.employee_id')
        .where((eb) => applyFilter(eb as unknown as RequestEb, filter))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    : await db
        .selectFrom('leave_request as r')
        .where((eb) => applyFilter(eb as unknown as RequestEb, filter))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Open requests by status among the visible ones. */
export async function openCountsByStatus(db: Db, visible: 'all' | readonly string[]): Promise<Map<string, number>> {
  let q = db
    .selectFrom('leave_request as r')
    .select(['r.status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('r.status', 'in', ['PendingManager', 'ManagerApprovedPendingHR']);
  if (visible !== 'all') q = visible.length ? q.where('r.employee_id', 'in', [...visible]) : q.where(NOTHING);
  const rows = await q.groupBy('r.status').execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export async function insertRequestRow(db: Db, row: LeaveRequestTable): Promise<void> {
  await db.insertInto('leave_request').values(row).execute();
}

export async function updateRequestRow(db: Db, id: string, patch: Partial<Omit<LeaveRequestTable, 'id' | 'employee_id' | 'created_at'>>): Promise<void> {
  await db.updateTable('leave_request').set(patch).where('id', '=', id).execute();
}

/** Requests of the type adjacent to a spell: ending just before it or starting just after it. */
export async function liveRequestsOfTypeAround(db: Db, employeeId: string, leaveTypeId: string, from: string, to: string) {
  return db
    .selectFrom('leave_request')
    .select(['id', 'from_date', 'to_date', 'working_days'])
    .where('employee_id', '=', employeeId)
    .where('leave_type_id', '=', leaveTypeId)
    .where('status', 'in', ['PendingManager', 'ManagerApprovedPendingHR', 'Approved'])
    .where('from_date', '<=', to)
    .where('to_date', '>=', from)
    .execute();
}

/* ---------------------------------------------------------------- leave days */

export async function insertLeaveDays(db: Db, rows: LeaveDayTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('leave_day').values(rows.slice(i, i + 200)).execute();
}

export async function deleteLeaveDays(db: Db, requestId: string): Promise<void> {
  await db.deleteFrom('leave_day').where('request_id', '=', requestId).execute();
}

export async function markLeaveDaysApproved(db: Db, requestId: string): Promise<void> {
  await db.updateTable('leave_day').set({ approved: 1 }).where('request_id', '=', requestId).execute();
}

/** An employee's pending or approved leave days in a range. */
export async function leaveDaysOf(db: Db, employeeId: string, from: string, to: string) {
  return db
    .selectFrom('leave_day')
    .select(['request_id', 'date', 'portion', 'approved'])
    .where('employee_id', '=', employeeId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
}

/** Everyone on pending or approved leave in a range, with their department. */
export async function awayRows(db: Db, from: string, to: string): Promise<{ employeeId: string; date: string; departmentId: string | null }[]> {
  return db
    .selectFrom('leave_day as d')
    .innerJoin('employee as e', 'e.id', 'd.employee_id')
    .select(['d.employee_id as employeeId', 'd.date', 'e.department_id as departmentId'])
    .where('d.date', '>=', from)
    .where('d.date', '<=', to)
    .execute();
}

/** Approved leave days that cost leave, for attendance. */
function approvedLeaveDaysBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('leave_day as d')
    .innerJoin('leave_request as r', 'r.id', 'd.request_id')
    .innerJoin('leave_type as t', 't.id', 'r.leave_type_id')
    .select(['d.employee_id', 'd.date', 'd.portion', 'd.request_id', 't.code', 't.name', 't.paid'])
    .where('d.approved', '=', 1)
    .where('d.counted', '=', 1)
    .where('d.date', '>=', from)
    .where('d.date', '<=', to);
}

// Each punch's reconcile reads this for one employee: compiled once (see reusableQuery).
const approvedLeaveDaysOf = reusableSelect((db, a: { ids: readonly string[]; from: string; to: string }) =>
  approvedLeaveDaysBetween(db, a.from, a.to).where('d.employee_id', 'in', a.ids).orderBy('d.employee_id').orderBy('d.date'),
);

export async function approvedLeaveDayRows(db: Db, employeeIds: readonly string[] | 'all', from: string, to: string) {
  if (employeeIds === 'all') return approvedLeaveDaysBetween(db, from, to).orderBy('d.employee_id').orderBy('d.date').execute();
  return employeeIds.length === 0 ? [] : approvedLeaveDaysOf(db, { ids: employeeIds, from, to });
}

/** Pending and approved requests overlapping a range, for the calendar. */
export async function calendarRows(db: Db, employeeIds: readonly string[] | 'all', from: string, to: string, departmentId?: string) {
  let q = db
    .selectFrom('leave_request as r')
    .innerJoin('employee as e', 'e.id', 'r.employee_id')
    .innerJoin('leave_type as t', 't.id', 'r.leave_type_id')
    .leftJoin('department as dp', 'dp.id', 'e.department_id')
    .select([
      'r.id',
      'r.employee_id',
      'e.full_name',
      'e.code',
      'dp.name as department',
      'r.from_date',
      'r.to_date',
      'r.duration',
      'r.status',
      't.code as type_code',
      't.name as type_name',
      't.color_tone',
    ])
    // Live requests have day rows; reading the days of the range off their index finds them.
    .where('r.id', 'in', (eb) => eb.selectFrom('leave_day as d').select('d.request_id').distinct().where('d.date', '>=', from).where('d.date', '<=', to));
  if (employeeIds !== 'all') {
    if (employeeIds.length === 0) return [];
    q = q.where('r.employee_id', 'in', [...employeeIds]);
  }
  if (departmentId) q = q.where('e.department_id', '=', departmentId);
  return q.orderBy('e.full_name').orderBy('r.from_date').execute();
}

export async function employeesForCalendar(db: Db, ids: readonly string[], departmentId?: string) {
  if (ids.length === 0) return [];
  let q = db
    .selectFrom('employee as e')
    .leftJoin('department as dp', 'dp.id', 'e.department_id')
    .select(['e.id', 'e.full_name', 'e.code', 'dp.name as department'])
    .where('e.id', 'in', [...ids])
    .where('e.status', '!=', 'Exited');
  if (departmentId) q = q.where('e.department_id', '=', departmentId);
  return q.orderBy('e.full_name').execute();
}

/* ---------------------------------------------------------------- ledger */

export type LedgerRow = Selectable<LeaveLedgerTable>;

const LEDGER_COLUMNS = [
  'id',
  'employee_id',
  'leave_type_id',
  'kind',
  'days',
  'effective_date',
  'reason',
  'request_id',
  'period_key',
  'expires_on',
  'actor_name',
  'actor_employee_id',
  'created_at',
] as const;

/** Inserts entries; one whose (employee, type, period key) exists already is skipped. Returns how many were written. */
export async function insertLedgerRows(db: Db, rows: LeaveLedgerTable[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 100) {
    const r = await db
      .insertInto('leave_ledger')
      .values(rows.slice(i, i + 100))
      .onConflict((oc) => oc.columns(['employee_id', 'leave_type_id', 'period_key']).doNothing())
      .executeTakeFirst();
    written += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

export async function ledgerRowsOf(db: Db, employeeId: string, leaveTypeId: string): Promise<LedgerRow[]> {
  return db
    .selectFrom('leave_ledger')
    .select(LEDGER_COLUMNS)
    .where('employee_id', '=', employeeId)
    .where('leave_type_id', '=', leaveTypeId)
    .orderBy('effective_date')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Sum of entries per (employee, type) for these employees, optionally only those effective in [from, to]. */
export async function ledgerSums(
  db: Db,
  employeeIds: readonly string[],
  range?: { from?: string; to?: string; kinds?: readonly string[] },
): Promise<{ employee_id: string; leave_type_id: string; total: number }[]> {
  if (employeeIds.length === 0) return [];
  let q = db
    .selectFrom('leave_ledger')
    .select(['employee_id', 'leave_type_id', (eb) => eb.fn.sum<number>('days').as('total')])
    .where('employee_id', 'in', [...employeeIds]);
  if (range?.from) q = q.where('effective_date', '>=', range.from);
  if (range?.to) q = q.where('effective_date', '<=', range.to);
  if (range?.kinds) q = q.where('kind', 'in', [...range.kinds]);
  const rows = await q.groupBy(['employee_id', 'leave_type_id']).execute();
  return rows.map((r) => ({ ...r, total: Number(r.total ?? 0) }));
}

/** Usage and reversals per request of these employees effective in a range (for "taken this year"). */
export async function usageByRequest(db: Db, employeeIds: readonly string[], from: string, to: string) {
  if (employeeIds.length === 0) return [];
  const rows = await db
    .selectFrom('leave_ledger')
    .select(['employee_id', 'leave_type_id', 'request_id', (eb) => eb.fn.sum<number>('days').as('total')])
    .where('employee_id', 'in', [...employeeIds])
    .where('kind', 'in', ['usage', 'reversal'])
    .where('effective_date', '>=', from)
    .where('effective_date', '<=', to)
    .groupBy(['employee_id', 'leave_type_id', 'request_id'])
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total ?? 0) }));
}

/**
 * Days held by open requests per (employee, type), counted from their leave
 * days in a range (a half day holds 0.5), optionally leaving one request out.
 */
export async function pendingDays(
  db: Db,
  employeeIds: readonly string[],
  range: { from?: string; to?: string },
  exceptRequestId?: string | null,
): Promise<{ employee_id: string; leave_type_id: string; total: number }[]> {
  if (employeeIds.length === 0) return [];
  let q = db
    .selectFrom('leave_day as d')
    .innerJoin('leave_request as r', 'r.id', 'd.request_id')
    .select((eb) => [
      'd.employee_id',
      'r.leave_type_id',
      eb.fn.sum<number>(eb.case().when('d.portion', '=', 'FullDay').then(1).else(0.5).end()).as('total'),
    ])
    .where('d.employee_id', 'in', [...employeeIds])
    .where('d.counted', '=', 1)
    .where('r.status', 'in', ['PendingManager', 'ManagerApprovedPendingHR']);
  if (range.from) q = q.where('d.date', '>=', range.from);
  if (range.to) q = q.where('d.date', '<=', range.to);
  if (exceptRequestId) q = q.where('d.request_id', '!=', exceptRequestId);
  const rows = await q.groupBy(['d.employee_id', 'r.leave_type_id']).execute();
  return rows.map((r) => ({ ...r, total: Number(r.total ?? 0) }));
}

/** Period keys an employee's entries of a type carry (credits already written). */
export async function periodKeysOfEmployee(db: Db, employeeId: string, leaveTypeId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('leave_ledger')
    .select('period_key')
    .where('employee_id', '=', employeeId)
    .where('leave_type_id', '=', leaveTypeId)
    .where('period_key', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.period_key as string));
}

/** Every period key written for a type (to skip what is done without a round trip per employee). */
export async function periodKeysOf(db: Db, leaveTypeId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('leave_ledger')
    .select(['employee_id', 'period_key'])
    .where('leave_type_id', '=', leaveTypeId)
    .where('period_key', 'is not', null)
    .execute();
  return new Set(rows.map((r) => `${r.employee_id}|${r.period_key}`));
}

/** Closing balances before a day, per employee, for one type. */
export async function closingBalances(db: Db, leaveTypeId: string, before: string) {
  const rows = await db
    .selectFrom('leave_ledger')
    .select(['employee_id', (eb) => eb.fn.sum<number>('days').as('total')])
    .where('leave_type_id', '=', leaveTypeId)
    .where('effective_date', '<', before)
    .groupBy('employee_id')
    .execute();
  return rows.map((r) => ({ employee_id: r.employee_id, total: Number(r.total ?? 0) }));
}

/** Employees of a type with an expiring credit, and all their entries of that type. */
export async function ledgerRowsWithExpiringCredits(db: Db, leaveTypeId: string): Promise<LedgerRow[]> {
  return db
    .selectFrom('leave_ledger')
    .select(LEDGER_COLUMNS)
    .where('leave_type_id', '=', leaveTypeId)
    .where((eb) =>
      eb(
        'employee_id',
        'in',
        eb.selectFrom('leave_ledger as x').select('x.employee_id').where('x.leave_type_id', '=', leaveTypeId).where('x.expires_on', 'is not', null),
      ),
    )
    .orderBy('employee_id')
    .orderBy('effective_date')
    .execute();
}

export async function listAdjustmentRows(db: Db, employeeId: string | undefined, page: { limit: number; offset: number }) {
  let q = db
    .selectFrom('leave_ledger as l')
    .innerJoin('employee as e', 'e.id', 'l.employee_id')
    .innerJoin('leave_type as t', 't.id', 'l.leave_type_id')
    .select([
      'l.id',
      'l.employee_id',
      'l.leave_type_id',
      'l.kind',
      'l.days',
      'l.effective_date',
      'l.reason',
      'l.request_id',
      'l.expires_on',
      'l.actor_name',
      'l.created_at',
      'e.full_name',
      'e.code',
      't.code as type_code',
      't.name as type_name',
      't.color_tone',
      't.paid',
    ])
    .where('l.kind', '=', 'adjustment');
  if (employeeId) q = q.where('l.employee_id', '=', employeeId);
  return q.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countAdjustments(db: Db, employeeId: string | undefined): Promise<number> {
  let q = db.selectFrom('leave_ledger').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'adjustment');
  if (employeeId) q = q.where('employee_id', '=', employeeId);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** Employees the jobs credit: not exited before the policy's start. */
export async function employeesForCredits(db: Db, since: string) {
  return db
    .selectFrom('employee')
    .select(['id', 'full_name', 'joined_date', 'exit_date', 'gender'])
    .where((eb) => eb.or([eb('exit_date', 'is', null), eb('exit_date', '>=', since)]))
    .execute();
}
