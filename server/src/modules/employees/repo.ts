import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { EmployeeSortKey } from '../../../../shared/employees.ts';
import type { SortOrder } from '../../../../shared/common.ts';
import type { Db } from '../../context.ts';
import type { DB, EmployeeTable } from '../../db/schema.ts';
import { isPostgres } from '../../db/dialect.ts';

export interface EmployeeFilter {
  /** Ids the caller may see, or all. */
  visible: 'all' | readonly string[];
  q?: string | undefined;
  departmentId?: string | undefined;
  locationId?: string | undefined;
  designationId?: string | undefined;
  managerId?: string | undefined;
  status?: string | undefined;
  ctcMin?: number | undefined;
  ctcMax?: number | undefined;
  joinedFrom?: string | undefined;
  joinedTo?: string | undefined;
  exitedFrom?: string | undefined;
  exitedTo?: string | undefined;
  /** Only people on the rolls (not exited). */
  onRoll?: boolean | undefined;
}

type FacetKey = 'department' | 'location' | 'status';

const NULLABLE_SORTS = new Set<EmployeeSortKey>(['designation', 'department', 'location', 'manager', 'ctcAnnual']);

/** The WHERE clause of a filter; `skip` leaves out one facet's own condition. */
function filterExpression(eb: ExpressionBuilder<DB, 'employee'>, f: EmployeeFilter, skip?: FacetKey): Expression<SqlBool> {
  const and: Expression<SqlBool>[] = [];
  if (f.visible !== 'all') {
    and.push(f.visible.length ? eb('employee.id', 'in', f.visible) : eb.val(false));
  }
  if (f.q) {
    const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    and.push(sql<SqlBool>`${eb.ref('employee.search_text')} like ${like} escape '\\'`);
  }
  if (f.departmentId && skip !== 'department') and.push(eb('employee.department_id', '=', f.departmentId));
  if (f.locationId && skip !== 'location') and.push(eb('employee.location_id', '=', f.locationId));
  if (f.status && skip !== 'status') and.push(eb('employee.status', '=', f.status));
  if (f.designationId) and.push(eb('employee.designation_id', '=', f.designationId));
  if (f.managerId) and.push(eb('employee.manager_id', '=', f.managerId));
  if (f.ctcMin !== undefined) and.push(eb('employee.ctc_annual', '>=', f.ctcMin));
  if (f.ctcMax !== undefined) and.push(eb('employee.ctc_annual', '<=', f.ctcMax));
  if (f.joinedFrom) and.push(eb('employee.joined_date', '>=', f.joinedFrom));
  if (f.joinedTo) and.push(eb('employee.joined_date', '<=', f.joinedTo));
  if (f.exitedFrom) and.push(eb('employee.exit_date', '>=', f.exitedFrom));
  if (f.exitedTo) and.push(eb('employee.exit_date', '<=', f.exitedTo));
  if (f.onRoll) and.push(eb('employee.status', '!=', 'Exited'));
  return eb.and(and);
}

/** Employees matching a filter, before any join. */
function filtered(db: Db, f: EmployeeFilter, skip?: FacetKey) {
  return db.selectFrom('employee').where((eb) => filterExpression(eb, f, skip));
}

function selectEmployeeRows(db: Db, f: EmployeeFilter) {
  return filtered(db, f)
    .leftJoin('designation', 'designation.id', 'employee.designation_id')
    .leftJoin('department', 'department.id', 'employee.department_id')
    .leftJoin('location', 'location.id', 'employee.location_id')
    .leftJoin('employee as manager', 'manager.id', 'employee.manager_id')
    .leftJoin('shift', 'shift.id', 'employee.shift_id')
    .leftJoin('user_account', 'user_account.employee_id', 'employee.id')
    .select([
      'employee.id',
      'employee.code',
      'employee.full_name',
      'employee.email',
      'employee.phone',
      'employee.designation_id',
      'designation.name as designation_name',
      'employee.department_id',
      'department.name as department_name',
      'employee.location_id',
      'location.name as location_name',
      'employee.manager_id',
      'manager.full_name as manager_name',
      'employee.joined_date',
      'employee.exit_date',
      'employee.exit_reason',
      'employee.status',
      'employee.employment_type',
      'employee.gender',
      'employee.date_of_birth',
      'employee.shift_id',
      'shift.name as shift_name',
      'employee.terminal_user_id',
      'employee.ctc_annual',
      'employee.pan_last4',
      'employee.uan_last4',
      'employee.esi_last4',
      'employee.aadhaar_last4',
      'employee.passport_last4',
      'employee.bank_account_number',
      'employee.bank_ifsc',
      'employee.bank_name',
      'employee.created_at',
      'employee.updated_at',
      'user_account.id as user_id',
    ]);
}

export type EmployeeRow = Awaited<ReturnType<typeof findEmployeeRow>> & object;

const SORT_COLUMNS = {
  code: 'employee.code',
  fullName: 'employee.full_name',
  designation: 'designation.name',
  department: 'department.name',
  location: 'location.name',
  manager: 'manager.full_name',
  joinedDate: 'employee.joined_date',
  status: 'employee.status',
  ctcAnnual: 'employee.ctc_annual',
} as const satisfies Record<EmployeeSortKey, string>;

export async function findEmployeeRow(db: Db, id: string) {
  return selectEmployeeRows(db, { visible: [id] }).executeTakeFirst();
}

/**
 * One page (or, without a page, every row) of the filter in the given order;
 * ties break by name, then id. The page's ids are found first on the employee
 * table alone (plus the one table a sort needs), and only those rows are
 * joined: an offset deep into the list does not join every skipped row.
 */
export async function listEmployeeRows(
  db: Db,
  f: EmployeeFilter,
  sort: EmployeeSortKey,
  order: SortOrder,
  page?: { limit: number; offset: number },
) {
  return employeeRowsInOrder(db, await listEmployeePageIds(db, f, sort, order, page));
}

/** The ids of one page (or every row) of the filter, in the list's order: the first of `listEmployeeRows`' two statements. */
export async function listEmployeePageIds(db: Db, f: EmployeeFilter, sort: EmployeeSortKey, order: SortOrder, page?: { limit: number; offset: number }): Promise<string[]> {
  return (await pageQuery(db, f, sort, order, page).execute()).map((r) => r.id);
}

/** The directory rows of these employees, in the order of `ids` (an id no longer found is left out). */
export async function employeeRowsInOrder(db: Db, ids: readonly string[]): Promise<EmployeeRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectEmployeeRows(db, { visible: ids }).execute();
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

function pageQuery(db: Db, f: EmployeeFilter, sort: EmployeeSortKey, order: SortOrder, page?: { limit: number; offset: number }) {
  let q = filtered(db, f)
    .$if(sort === 'designation', (qb) => qb.leftJoin('designation', 'designation.id', 'employee.designation_id'))
    .$if(sort === 'department', (qb) => qb.leftJoin('department', 'department.id', 'employee.department_id'))
    .$if(sort === 'location', (qb) => qb.leftJoin('location', 'location.id', 'employee.location_id'))
    .$if(sort === 'manager', (qb) => qb.leftJoin('employee as manager', 'manager.id', 'employee.manager_id'))
    .select('employee.id');
  const column = sql.ref(SORT_COLUMNS[sort]);
  // NULLS LAST only where a value can be missing: it stops SQLite from walking an index.
  q = NULLABLE_SORTS.has(sort)
    ? q.orderBy(column, (ob) => (order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    : q.orderBy(column, order);
  if (sort !== 'code') {
    if (sort !== 'fullName') q = q.orderBy('employee.full_name', 'asc');
    q = q.orderBy('employee.id', 'asc');
  }
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q;
}

/** The ids of the employees matching a filter (a report's population). */
export async function listEmployeeIds(db: Db, f: EmployeeFilter): Promise<string[]> {
  return (await filtered(db, f).select('employee.id').execute()).map((r) => r.id);
}

export async function countEmployees(db: Db, f: EmployeeFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts per department id (names are joined by the caller from the small catalogue). */
export async function departmentFacet(db: Db, f: EmployeeFilter) {
  return filtered(db, f, 'department')
    .select((eb) => ['employee.department_id as id', eb.fn.countAll<number>().as('count')])
    .groupBy('employee.department_id')
    .execute();
}

export async function locationFacet(db: Db, f: EmployeeFilter) {
  return filtered(db, f, 'location')
    .select((eb) => ['employee.location_id as id', eb.fn.countAll<number>().as('count')])
    .groupBy('employee.location_id')
    .execute();
}

export async function catalogueNames(db: Db) {
  const [departments, locations] = await Promise.all([
    db.selectFrom('department').select(['id', 'name']).execute(),
    db.selectFrom('location').select(['id', 'name']).execute(),
  ]);
  return { departments, locations };
}

export async function statusFacet(db: Db, f: EmployeeFilter) {
  return filtered(db, f, 'status')
    .select((eb) => ['employee.status as value', eb.fn.countAll<number>().as('count')])
    .groupBy('employee.status')
    .execute();
}

/**
 * One pass over a filter's rows, grouped by department, location and status, with how many of each group
 * joined and left in a day range: the count, the facets of dimensions the filter does not set, and the
 * KPIs all fold from it (five scans of the filtered rows became one).
 */
export async function directoryGroups(db: Db, f: EmployeeFilter, monthFirst: string, monthLast: string) {
  return filtered(db, f)
    .select((eb) => [
      'employee.department_id as department_id',
      'employee.location_id as location_id',
      'employee.status as status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('employee.joined_date', '>=', monthFirst), eb('employee.joined_date', '<=', monthLast)])).then(1).else(0).end()).as('joiners'),
      eb.fn.sum<number>(eb.case().when(eb.and([eb('employee.exit_date', '>=', monthFirst), eb('employee.exit_date', '<=', monthLast)])).then(1).else(0).end()).as('leavers'),
    ])
    .groupBy(['employee.department_id', 'employee.location_id', 'employee.status'])
    .execute();
}

export async function countDirectReports(db: Db, id: string, activeOnly = false): Promise<number> {
  let q = db.selectFrom('employee').select((eb) => eb.fn.countAll<number>().as('n')).where('manager_id', '=', id);
  if (activeOnly) q = q.where('status', '!=', 'Exited');
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEmployeeRows(db: Db, rows: EmployeeTable[]): Promise<void> {
  await db.insertInto('employee').values(rows).execute();
}

export async function updateEmployeeRow(db: Db, id: string, patch: Partial<Omit<EmployeeTable, 'id'>>): Promise<void> {
  await db.updateTable('employee').set(patch).where('id', '=', id).execute();
}

/** The first other employee already holding a unique value, if any. */
export async function findClash(
  db: Db,
  column: 'code' | 'email' | 'terminal_user_id',
  value: string | number,
  exceptId?: string,
) {
  let q = db.selectFrom('employee').select(['id', 'code', 'full_name']).where(column, '=', value);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function referenceExists(
  db: Db,
  table: 'designation' | 'department' | 'location' | 'shift' | 'employee',
  id: string,
): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function employeesDueToExit(db: Db, today: string) {
  return db
    .selectFrom('employee')
    .select(['id', 'full_name', 'exit_date'])
    .where('status', '=', 'OnNotice')
    .where('exit_date', '<', today)
    .execute();
}

/**
 * Everyone below a manager in the reporting line, at any depth: one index
 * range of the closure (table reporting_line, kept by triggers on employee).
 */
export async function reportingLineIds(db: Db, managerId: string): Promise<string[]> {
  const rows = await db.selectFrom('reporting_line').select('descendant_id').where('ancestor_id', '=', managerId).where('depth', '>', 0).execute();
  return rows.map((r) => r.descendant_id);
}

/** The managers above an employee, nearest first. */
export async function managerChainIds(db: Db, employeeId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('reporting_line')
    .select('ancestor_id')
    .where('descendant_id', '=', employeeId)
    .where('depth', '>', 0)
    .orderBy('depth')
    .execute();
  return rows.map((r) => r.ancestor_id);
}

/** Whether `employeeId` is below `managerId` in the reporting line (at any depth; not the manager itself). */
export async function isBelow(db: Db, managerId: string, employeeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('reporting_line')
    .select('depth')
    .where('ancestor_id', '=', managerId)
    .where('descendant_id', '=', employeeId)
    .where('depth', '>', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether an employee with this id exists (in or out of anyone's scope). */
export async function employeeExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('employee').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Who a new login would belong to. */
export async function findEmployeeForLogin(db: Db, id: string) {
  return db.selectFrom('employee').select(['id', 'email', 'status', 'full_name']).where('id', '=', id).executeTakeFirst();
}

/** The sealed government ids of one employee (only single-record reads and writes open them). */
export async function findSealedIds(db: Db, id: string) {
  return db
    .selectFrom('employee')
    .select(['aadhaar_enc', 'passport_enc', 'pan_enc', 'uan_enc', 'esi_enc'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Employees whose PAN, UAN or ESI is still in the legacy clear columns. */
export async function employeesWithClearIds(db: Db) {
  return db
    .selectFrom('employee')
    .select(['id', 'pan', 'uan', 'esi'])
    .where((eb) => eb.or([eb('pan', 'is not', null), eb('uan', 'is not', null), eb('esi', 'is not', null)]))
    .execute();
}

/** Rewrites the free space of the database file, so values removed from it (clear ids) are gone from the disk too. */
export async function compactDatabase(db: Db): Promise<void> {
  // PostgreSQL keeps old row versions until a vacuum; FULL rewrites the two tables that held the clear values.
  if (isPostgres(db)) await sql`VACUUM FULL employee, audit_log`.execute(db);
  else await sql`VACUUM`.execute(db);
}
