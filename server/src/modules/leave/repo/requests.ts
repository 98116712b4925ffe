import { type ExpressionBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../../context.ts';
import type { DB, LeaveRequestTable } from '../../../db/schema.ts';
import { reusableSelect } from '../../../db/reusable-query.ts';
import type { Reach } from '../../employees/index.ts';
import { inList } from '../../../db/in-list.ts';

/** Leave requests with the names shown beside them (table leave_request, joined to employee and leave_type). */

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
  /** The applicant as they are now, for the record's context without another read. */
  employee_department_id: string | null;
  employee_location_id: string | null;
  employee_status: string;
  employee_manager_name: string | null;
  /** The applicant's location's own weekly offs (JSON), null when it keeps the organisation's. */
  location_weekly_offs: string | null;
};

function requestQuery(db: Db) {
  return db
    .selectFrom('leave_request as r')
    .innerJoin('employee as e', 'e.id', 'r.employee_id')
    .innerJoin('leave_type as t', 't.id', 'r.leave_type_id')
    .leftJoin('employee as b', 'b.id', 'r.backup_employee_id')
    .leftJoin('employee as md', 'md.id', 'r.manager_decision_by')
    .leftJoin('employee as hd', 'hd.id', 'r.hr_decision_by')
    .leftJoin('employee as em', 'em.id', 'e.manager_id')
    .leftJoin('location_policy as lp', 'lp.location_id', 'e.location_id')
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
      'e.department_id as employee_department_id',
      'e.location_id as employee_location_id',
      'e.status as employee_status',
      'em.full_name as employee_manager_name',
      'lp.weekly_offs as location_weekly_offs',
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

export interface RequestFilter {
  /** Whose requests the caller reaches (a join on the reporting-line closure, not a list of ids). */
  visible: Reach;
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
  /** Holds `leave:hr-approve`: decides at the HR stage, and at the manager stage when nobody else can. */
  hr: boolean;
}

/** A condition no row meets (SQLite cannot bind a boolean). */
const NOTHING = sql<SqlBool>`1 = 0`;

type RequestEb = ExpressionBuilder<DB & { r: LeaveRequestTable; e: DB['employee'] }, 'r' | 'e'>;

/** Requests of the employee and everyone below them (`depth > 0`: below only), off the closure's primary key. */
function inLineOf(eb: RequestEb, employeeId: string, belowOnly: boolean) {
  let line = eb.selectFrom('reporting_line as l').select('l.descendant_id').where('l.ancestor_id', '=', employeeId);
  if (belowOnly) line = line.where('l.depth', '>', 0);
  return eb('r.employee_id', 'in', line);
}

/** The requests a reach covers. */
function reachCondition(eb: RequestEb, reach: Reach) {
  switch (reach.kind) {
    case 'all':
      return null;
    case 'none':
      return NOTHING;
    case 'self':
      return eb('r.employee_id', '=', reach.employeeId);
    case 'line':
      return inLineOf(eb, reach.employeeId, false);
  }
}

/**
 * Requests waiting for this approver: their reporting line's (any depth, as
 * `assertMayDecide` allows) at the manager stage; for HR, every request at the HR stage and those at the manager stage
 * whose manager cannot decide (none, exited, or without an active login).
 * Never the approver's own.
 */
function awaitingDecisionBy(eb: RequestEb, a: Approver) {
  const branches = [];
  if (a.manager && a.employeeId) branches.push(eb.and([eb('r.status', '=', 'PendingManager'), inLineOf(eb, a.employeeId, true)]));
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
  const reach = reachCondition(eb, f.visible);
  if (reach) conditions.push(reach);
  if (f.status) conditions.push(eb('r.status', '=', f.status));
  if (f.employeeId) conditions.push(eb('r.employee_id', '=', f.employeeId));
  if (f.leaveTypeId) conditions.push(eb('r.leave_type_id', '=', f.leaveTypeId));
  if (f.from) conditions.push(eb('r.to_date', '>=', f.from));
  if (f.to) conditions.push(eb('r.from_date', '<=', f.to));
  if (f.awaiting) conditions.push(awaitingDecisionBy(eb, f.awaiting));
  return eb.and(conditions);
}

/** The ids of one page of the requests a filter selects, in the list's order (paged on the index alone). */
export async function listRequestIds(
  db: Db,
  filter: RequestFilter,
  sort: 'createdAt' | 'fromDate',
  order: 'asc' | 'desc',
  page: { limit: number; offset: number },
): Promise<string[]> {
  const column = sort === 'fromDate' ? 'r.from_date' : 'r.created_at';
  const base = filter.awaiting
    ? db.selectFrom('leave_request as r').innerJoin('employee as e', 'e.id', 'r.employee_id')
    : db.selectFrom('leave_request as r');
  const rows = await base
    .select('r.id')
    .where((eb) => applyFilter(eb as unknown as RequestEb, filter))
    .orderBy(column, order)
    .orderBy('r.id', order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => r.id);
}

// Compiled once per page length (see reusableQuery): building this 8-join select cost more than running it.
const rowsByIds = reusableSelect((db, a: { ids: readonly string[] }) => requestQuery(db).where('r.id', 'in', a.ids));

/** The full rows of some requests, in the order of `ids` (a page's, after `listRequestIds`). */
export async function requestRowsByIds(db: Db, ids: readonly string[]): Promise<RequestRow[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await rowsByIds(db, { ids: inList(ids) })).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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

export interface PendingCounts {
  /** Open requests by status among the visible ones. */
  byStatus: Map<string, number>;
  /** The caller's own open requests. */
  mine: number;
  /** Open requests waiting for the caller's decision (see `awaitingDecisionBy`). */
  toApprove: number;
}

/**
 * The counts beside a list page, in one pass over the open requests the
 * caller reaches: with a team reach the closure drives the (employee_id,
 * status) index; with the organisation's, the status index.
 */
export async function pendingCounts(db: Db, visible: Reach, self: string | null, approver: Approver | null): Promise<PendingCounts> {
  const rows = await db
    .selectFrom('leave_request as r')
    .innerJoin('employee as e', 'e.id', 'r.employee_id')
    .select((eb) => {
      const ex = eb as unknown as RequestEb;
      const one = (condition: ReturnType<typeof awaitingDecisionBy>) => eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
      return [
        'r.status',
        eb.fn.countAll<number>().as('n'),
        one(self ? ex('r.employee_id', '=', self) : NOTHING).as('mine'),
        one(approver && self ? awaitingDecisionBy(ex, approver) : NOTHING).as('to_approve'),
      ];
    })
    .where('r.status', 'in', ['PendingManager', 'ManagerApprovedPendingHR'])
    .where((eb) => reachCondition(eb as unknown as RequestEb, visible) ?? sql<SqlBool>`1 = 1`)
    .groupBy('r.status')
    .execute();
  return {
    byStatus: new Map(rows.map((r) => [r.status, Number(r.n)])),
    mine: rows.reduce((s, r) => s + Number(r.mine ?? 0), 0),
    toApprove: rows.reduce((s, r) => s + Number(r.to_approve ?? 0), 0),
  };
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

/** The dates and status of one request (to name it in a message). */
export async function findRequestSpan(db: Db, id: string): Promise<{ from_date: string; to_date: string; status: string } | undefined> {
  return db.selectFrom('leave_request').select(['from_date', 'to_date', 'status']).where('id', '=', id).executeTakeFirst();
}
