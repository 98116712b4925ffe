import type { AuditCategory, FieldChange } from '../../../../shared/audit.ts';
import { dayInZone, monthBounds } from '../../../../shared/dates.ts';
import {
  type Employee,
  type EmployeeCreate,
  type EmployeeExit,
  type EmployeeFacets,
  type EmployeeListItem,
  type EmployeeListQuery,
  type EmployeeListResponse,
  type EmployeeRehire,
  type EmployeeSortKey,
  type EmployeeUpdate,
  EmployeeStatus,
  EmploymentType,
  Gender,
  maskGovernmentId,
} from '../../../../shared/employees.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { EmployeeTable } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { assignShiftFrom } from '../../links.ts';
import { diffFields, recordAudit } from '../audit/service.ts';
import { revokeSessionsOfUser } from '../auth/repo.ts';
import { notify } from '../notifications/service.ts';
import { attachPunchesOfBiometricId } from '../terminals/service.ts';
import { cached, cachedJson } from '../../db/read-cache.ts';
import * as repo from './repo.ts';
import { assertCanSeeEmployee, managerChainIds, visibleEmployeeIds } from './scope.ts';

type Row = repo.EmployeeRow;

const canSeeSensitive = (ctx: Ctx) => ctx.caller.permissions.includes('employee:sensitive');

function ref(id: string | null, name: string | null) {
  return id === null ? null : { id, name: name ?? '' };
}

function coreOf(row: Row) {
  return {
    id: row.id,
    code: row.code,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    designation: ref(row.designation_id, row.designation_name),
    department: ref(row.department_id, row.department_name),
    location: ref(row.location_id, row.location_name),
    manager: row.manager_id === null ? null : { id: row.manager_id, fullName: row.manager_name ?? '' },
    joinedDate: row.joined_date,
    exitDate: row.exit_date,
    status: EmployeeStatus.parse(row.status),
    employmentType: EmploymentType.parse(row.employment_type),
    gender: row.gender === null ? null : Gender.parse(row.gender),
    dateOfBirth: row.date_of_birth,
    shift: ref(row.shift_id, row.shift_name),
    terminalUserId: row.terminal_user_id,
    hasLogin: row.user_id !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A list row: government ids masked, salary only for `employee:sensitive`. */
export function toListItem(row: Row, sensitive: boolean): EmployeeListItem {
  const core = coreOf(row);
  if (!sensitive) return core;
  return {
    ...core,
    ctcAnnual: row.ctc_annual,
    pan: maskGovernmentId(row.pan),
    uan: maskGovernmentId(row.uan),
    esi: maskGovernmentId(row.esi),
  };
}

export function toEmployee(row: Row, sensitive: boolean, directReports: number): Employee {
  const core = { ...coreOf(row), directReports };
  if (!sensitive) return core;
  return {
    ...core,
    ctcAnnual: row.ctc_annual,
    pan: row.pan,
    uan: row.uan,
    esi: row.esi,
    bankAccountNumber: row.bank_account_number,
    bankIfsc: row.bank_ifsc,
    bankName: row.bank_name,
  };
}

export interface FilterInput {
  q?: string | undefined;
  departmentId?: string | undefined;
  locationId?: string | undefined;
  designationId?: string | undefined;
  managerId?: string | undefined;
  status?: string | undefined;
  ctcMin?: number | undefined;
  ctcMax?: number | undefined;
  joinedYearFrom?: number | undefined;
  joinedYearTo?: number | undefined;
  sort: EmployeeSortKey;
}

/** Salary filters and sort need `employee:sensitive` (403 names the parameter). */
function buildFilterChecks(ctx: Ctx, input: FilterInput): void {
  if (canSeeSensitive(ctx)) return;
  const param = input.ctcMin !== undefined ? 'ctcMin' : input.ctcMax !== undefined ? 'ctcMax' : input.sort === 'ctcAnnual' ? 'sort' : undefined;
  if (param) {
    const message = 'filtering or sorting by salary needs the permission employee:sensitive';
    throw new AppError(403, 'forbidden', 'Not allowed', 'Filtering or sorting by salary needs the permission employee:sensitive.', [
      { path: `query.${param}`, message },
    ]);
  }
}

/** The caller's filter: their scope plus the query's conditions. */
export async function buildFilter(ctx: Ctx, input: FilterInput): Promise<repo.EmployeeFilter> {
  buildFilterChecks(ctx, input);
  return filterFrom(input, await visibleEmployeeIds(ctx));
}

function filterFrom(input: FilterInput, visible: repo.EmployeeFilter['visible']): repo.EmployeeFilter {
  return {
    visible,
    q: input.q || undefined,
    departmentId: input.departmentId,
    locationId: input.locationId,
    designationId: input.designationId,
    managerId: input.managerId,
    status: input.status,
    ctcMin: input.ctcMin,
    ctcMax: input.ctcMax,
    joinedFrom: input.joinedYearFrom !== undefined ? `${input.joinedYearFrom}-01-01` : undefined,
    joinedTo: input.joinedYearTo !== undefined ? `${input.joinedYearTo}-12-31` : undefined,
  };
}

/** What a cached answer for this caller depends on besides the query: whom they see and whether they see salaries. */
function callerKey(ctx: Ctx): string {
  const { caller } = ctx;
  const scope = caller.scope === 'org' ? 'org' : `${caller.scope}:${caller.employeeId ?? ''}`;
  return `${scope}|${canSeeSensitive(ctx)}`;
}

async function aggregatesOf(ctx: Ctx, filter: repo.EmployeeFilter): Promise<Pick<EmployeeListResponse, 'total' | 'facets' | 'kpis'>> {
  const { first, last } = monthBounds(dayInZone(ctx.clock.now(), ctx.timeZone));
  const [total, departments, locations, statuses, kpis, names] = await Promise.all([
    repo.countEmployees(ctx.db, filter),
    repo.departmentFacet(ctx.db, filter),
    repo.locationFacet(ctx.db, filter),
    repo.statusFacet(ctx.db, filter),
    repo.employeeKpis(ctx.db, filter, first, last),
    repo.catalogueNames(ctx.db),
  ]);
  const bucket = (catalogue: { id: string; name: string }[], none: string) => (b: { id: string | null; count: number }) => ({
    id: b.id,
    name: catalogue.find((c) => c.id === b.id)?.name ?? none,
    count: Number(b.count),
  });
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    total,
    facets: {
      department: departments.map(bucket(names.departments, 'No department')).sort(byName),
      location: locations.map(bucket(names.locations, 'No location')).sort(byName),
      status: EmployeeStatus.options.map((value) => ({
        value,
        count: Number(statuses.find((s) => s.value === value)?.count ?? 0),
      })),
    },
    kpis: { headcount: kpis.headcount, joinersThisMonth: kpis.joiners, leaversThisMonth: kpis.leavers },
  };
}

/**
 * A page of the directory with facets and KPIs. The aggregates depend on the
 * filter, not the page or order, so paging through a list computes them once.
 */
export async function listEmployees(ctx: Ctx, query: EmployeeListQuery): Promise<EmployeeListResponse> {
  buildFilterChecks(ctx, query);
  const who = callerKey(ctx);
  const visible = await cached(ctx.db, `visible|${who}`, () => visibleEmployeeIds(ctx));
  const filter = filterFrom(query, visible);
  const { page, pageSize, sort, order, ...conditions } = query;
  const month = dayInZone(ctx.clock.now(), ctx.timeZone).slice(0, 7);
  const [aggregates, rows] = await Promise.all([
    cached(ctx.db, `aggregates|${who}|${month}|${JSON.stringify(conditions)}`, () => aggregatesOf(ctx, filter)),
    repo.listEmployeeRows(ctx.db, filter, sort, order, { limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  const sensitive = canSeeSensitive(ctx);
  return { items: rows.map((r) => toListItem(r, sensitive)), page, pageSize, ...aggregates };
}

/** The list as JSON bytes, from the directory cache when nothing changed since. */
export async function listEmployeesJson(ctx: Ctx, query: EmployeeListQuery): Promise<Buffer> {
  // Permission errors must not be cached away: check them before the lookup.
  buildFilterChecks(ctx, query);
  const month = dayInZone(ctx.clock.now(), ctx.timeZone).slice(0, 7);
  return cachedJson(ctx.db, `employees|${callerKey(ctx)}|${month}|${JSON.stringify(query)}`, () => listEmployees(ctx, query));
}

/** Every matching row (or one page) for an export, in the list's order. */
export async function listEmployeesForExport(
  ctx: Ctx,
  input: FilterInput & { order: 'asc' | 'desc'; page?: number | undefined; pageSize?: number | undefined },
): Promise<EmployeeListItem[]> {
  const filter = await buildFilter(ctx, input);
  if ((input.page === undefined) !== (input.pageSize === undefined)) {
    const missing = input.page === undefined ? 'page' : 'pageSize';
    throw badRequest('Send page and pageSize together, or neither.', [
      { path: `query.${missing}`, message: 'send page and pageSize together, or neither' },
    ]);
  }
  const page =
    input.page !== undefined && input.pageSize !== undefined
      ? { limit: input.pageSize, offset: (input.page - 1) * input.pageSize }
      : undefined;
  const rows = await repo.listEmployeeRows(ctx.db, filter, input.sort, input.order, page);
  const sensitive = canSeeSensitive(ctx);
  return rows.map((r) => toListItem(r, sensitive));
}

export async function getEmployee(ctx: Ctx, id: string): Promise<Employee> {
  await assertCanSeeEmployee(ctx, id);
  const row = await repo.findEmployeeRow(ctx.db, id);
  if (!row) throw notFound('Employee');
  return toEmployee(row, canSeeSensitive(ctx), await repo.countDirectReports(ctx.db, id, true));
}

const COMPENSATION_FIELDS = ['ctcAnnual', 'bankAccountNumber', 'bankIfsc', 'bankName'];
const COMPLIANCE_FIELDS = ['pan', 'uan', 'esi'];

function categoryOf(field: string): AuditCategory {
  if (COMPENSATION_FIELDS.includes(field)) return 'Compensation';
  if (COMPLIANCE_FIELDS.includes(field)) return 'Compliance';
  return 'Profile';
}

/** A readable snapshot for the audit trail: names instead of ids. */
function auditView(row: Row): Record<string, unknown> {
  return {
    code: row.code,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    designation: row.designation_name,
    department: row.department_name,
    location: row.location_name,
    manager: row.manager_name,
    joinedDate: row.joined_date,
    exitDate: row.exit_date,
    status: row.status,
    employmentType: row.employment_type,
    gender: row.gender,
    dateOfBirth: row.date_of_birth,
    shift: row.shift_name,
    terminalUserId: row.terminal_user_id,
    ctcAnnual: row.ctc_annual,
    pan: row.pan,
    uan: row.uan,
    esi: row.esi,
    bankAccountNumber: row.bank_account_number,
    bankIfsc: row.bank_ifsc,
    bankName: row.bank_name,
  };
}

/** Writes one audit row per category touched (Profile, Compensation, Compliance). */
async function auditChanges(ctx: Ctx, employeeId: string, action: string, verb: string, changes: FieldChange[]) {
  const byCategory = new Map<AuditCategory, FieldChange[]>();
  for (const c of changes) {
    const cat = categoryOf(c.field);
    byCategory.set(cat, [...(byCategory.get(cat) ?? []), c]);
  }
  for (const [category, list] of byCategory) {
    const fields = list.map((c) => c.field).join(', ');
    await recordAudit(ctx, { employeeId, category, action, summary: `${verb}: ${fields}`, changes: list });
  }
}

type References = Pick<EmployeeCreate, 'designationId' | 'departmentId' | 'locationId' | 'shiftId' | 'managerId'>;

async function assertReferences(ctx: Ctx, input: Partial<References>): Promise<void> {
  const checks: [keyof References, 'designation' | 'department' | 'location' | 'shift' | 'employee'][] = [
    ['designationId', 'designation'],
    ['departmentId', 'department'],
    ['locationId', 'location'],
    ['shiftId', 'shift'],
    ['managerId', 'employee'],
  ];
  const errors = [];
  for (const [field, table] of checks) {
    const value = input[field];
    if (value && !(await repo.referenceExists(ctx.db, table, value.toLowerCase()))) {
      errors.push({ path: `body.${field}`, message: `no such ${table === 'employee' ? 'manager' : table}` });
    }
  }
  if (errors.length) {
    const what = errors.map((e) => e.message.replace('no such ', 'the ')).join(', ');
    throw badRequest(`Not found: ${what}. Pick one from the list.`, errors);
  }
}

async function assertUnique(
  ctx: Ctx,
  input: { code?: string | undefined; email?: string | null | undefined; terminalUserId?: number | null | undefined },
  exceptId?: string,
): Promise<void> {
  const checks: ['code' | 'email' | 'terminal_user_id', string, string, string | number | null | undefined][] = [
    ['code', 'code', 'Employee code', input.code],
    ['email', 'email', 'Email', input.email],
    ['terminal_user_id', 'terminalUserId', 'Terminal user id', input.terminalUserId],
  ];
  for (const [column, field, label, value] of checks) {
    if (value === undefined || value === null) continue;
    const clash = await repo.findClash(ctx.db, column, value, exceptId);
    if (clash) {
      const message = `is already used by ${clash.full_name} (${clash.code})`;
      throw conflict(`${label} ${value} ${message}.`, [{ path: `body.${field}`, message }]);
    }
  }
}

/** A new manager must not sit below the employee (409), nor be the employee. */
async function assertNoManagerCycle(ctx: Ctx, employeeId: string, managerId: string | null | undefined) {
  if (!managerId) return;
  if (managerId === employeeId || (await managerChainIds(ctx.db, managerId)).includes(employeeId)) {
    throw conflict('This manager reports to the employee, so that would make a reporting cycle.', [
      { path: 'body.managerId', message: 'would make a reporting cycle' },
    ]);
  }
}

function searchText(fullName: string, code: string, email: string | null): string {
  return [fullName, code, email ?? ''].join(' ').toLowerCase();
}

function lower(id: string | null | undefined): string | null | undefined {
  return typeof id === 'string' ? id.toLowerCase() : id;
}

/** Creates an employee (and the audit rows) in one transaction. */
export async function createEmployee(ctx: Ctx, input: EmployeeCreate): Promise<Employee> {
  const id = newId();
  await inTransaction(ctx, async (t) => {
    const trx = t.db;
    await assertReferences(t, input);
    await assertUnique(t, input);
    const now = ctx.clock.now().toISOString();
    const today = dayInZone(ctx.clock.now(), ctx.timeZone);
    const row: EmployeeTable = {
      id,
      code: input.code,
      full_name: input.fullName,
      email: input.email ?? null,
      phone: input.phone ?? null,
      search_text: searchText(input.fullName, input.code, input.email ?? null),
      designation_id: lower(input.designationId) ?? null,
      department_id: lower(input.departmentId) ?? null,
      location_id: lower(input.locationId) ?? null,
      manager_id: lower(input.managerId) ?? null,
      joined_date: input.joinedDate,
      exit_date: null,
      exit_reason: null,
      status: 'Active',
      employment_type: input.employmentType,
      gender: input.gender ?? null,
      date_of_birth: input.dateOfBirth ?? null,
      shift_id: lower(input.shiftId) ?? null,
      terminal_user_id: input.terminalUserId ?? null,
      ctc_annual: input.ctcAnnual ?? null,
      pan: input.pan ?? null,
      uan: input.uan ?? null,
      esi: input.esi ?? null,
      bank_account_number: input.bankAccountNumber ?? null,
      bank_ifsc: input.bankIfsc ?? null,
      bank_name: input.bankName ?? null,
      created_at: now,
      updated_at: now,
    };
    if (input.dateOfBirth && input.dateOfBirth >= today) {
      throw badRequest('The date of birth must be in the past.', [{ path: 'body.dateOfBirth', message: 'must be in the past' }]);
    }
    await repo.insertEmployeeRows(trx, [row]);
    const created = await repo.findEmployeeRow(trx, id);
    if (!created) throw new Error('inserted employee vanished');
    const changes = Object.entries(auditView(created))
      .filter(([, v]) => v !== null)
      .map(([field, after]) => ({ field, before: null, after }));
    await auditChanges(t, id, 'employee.created', 'Created', changes);
    // Punches of this biometric id that came before the employee did are theirs now.
    if (row.terminal_user_id !== null) await attachPunchesOfBiometricId(t, id, row.terminal_user_id);
    if (row.manager_id) {
      await notify(t, { employeeIds: [row.manager_id] }, {
        kind: 'employee.joined-team',
        title: `${row.full_name} now reports to you`,
        body: `Joining ${row.joined_date}.`,
        link: `/employees/${id}`,
      });
    }
  });
  return getEmployee(ctx, id);
}

/** Applies a partial update; 404 unknown, 409 for clashes and cycles; audited per category. */
export async function updateEmployee(ctx: Ctx, id: string, input: EmployeeUpdate): Promise<Employee> {
  await inTransaction(ctx, async (t) => {
    const trx = t.db;
    const before = await repo.findEmployeeRow(trx, id);
    if (!before) throw notFound('Employee');
    await assertReferences(t, input);
    await assertUnique(t, input, id);
    await assertNoManagerCycle(t, id, lower(input.managerId));
    if (input.joinedDate && before.exit_date && input.joinedDate > before.exit_date) {
      throw badRequest('The joining date must not be after the exit date.', [
        { path: 'body.joinedDate', message: 'must not be after the exit date' },
      ]);
    }
    const patch: Partial<EmployeeTable> = {};
    const set = <K extends keyof EmployeeTable>(key: K, value: EmployeeTable[K] | undefined) => {
      if (value !== undefined) patch[key] = value;
    };
    set('code', input.code);
    set('full_name', input.fullName);
    set('email', input.email);
    set('phone', input.phone);
    set('designation_id', lower(input.designationId));
    set('department_id', lower(input.departmentId));
    set('location_id', lower(input.locationId));
    set('manager_id', lower(input.managerId));
    set('joined_date', input.joinedDate);
    set('employment_type', input.employmentType);
    set('gender', input.gender);
    set('date_of_birth', input.dateOfBirth);
    // A new shift goes through the roster (from today), so past days keep theirs.
    const newShift = lower(input.shiftId);
    if (newShift === null) set('shift_id', null);
    else if (newShift !== undefined && newShift !== before.shift_id) {
      const today = dayInZone(ctx.clock.now(), ctx.timeZone);
      await assignShiftFrom(t, id, newShift, before.joined_date > today ? before.joined_date : today);
    }
    set('terminal_user_id', input.terminalUserId);
    set('ctc_annual', input.ctcAnnual);
    set('pan', input.pan);
    set('uan', input.uan);
    set('esi', input.esi);
    set('bank_account_number', input.bankAccountNumber);
    set('bank_ifsc', input.bankIfsc);
    set('bank_name', input.bankName);
    patch.search_text = searchText(
      patch.full_name ?? before.full_name,
      patch.code ?? before.code,
      patch.email !== undefined ? patch.email : before.email,
    );
    patch.updated_at = ctx.clock.now().toISOString();
    await repo.updateEmployeeRow(trx, id, patch);
    const after = await repo.findEmployeeRow(trx, id);
    if (!after) throw new Error('updated employee vanished');
    // Unmatched punches of a newly set biometric id are theirs now (same transaction).
    if (after.terminal_user_id !== null && after.terminal_user_id !== before.terminal_user_id) await attachPunchesOfBiometricId(t, id, after.terminal_user_id);
    const changes = diffFields(auditView(before), auditView(after));
    if (changes.length === 0) return;
    await auditChanges(t, id, 'employee.updated', 'Updated', changes);
    await notify(t, { employeeIds: [id] }, {
      kind: 'employee.updated',
      title: 'Your profile was updated',
      body: `${ctx.caller.name} changed: ${changes.map((c) => c.field).join(', ')}.`,
      link: `/employees/${id}`,
    });
    if (patch.manager_id && patch.manager_id !== before.manager_id) {
      await notify(t, { employeeIds: [patch.manager_id] }, {
        kind: 'employee.joined-team',
        title: `${after.full_name} now reports to you`,
        link: `/employees/${id}`,
      });
    }
  });
  return getEmployee(ctx, id);
}

/**
 * Records an exit: on notice until a future last day, exited from a past or
 * present one (sessions end at once). Direct reports must be moved first (409).
 */
export async function exitEmployee(ctx: Ctx, id: string, input: EmployeeExit): Promise<Employee> {
  await inTransaction(ctx, async (t) => {
    const trx = t.db;
    const before = await repo.findEmployeeRow(trx, id);
    if (!before) throw notFound('Employee');
    if (before.status === 'Exited') throw conflict('This employee has already exited. Rehire them instead.');
    if (input.exitDate < before.joined_date) {
      throw badRequest(`The exit date must not be before the joining date (${before.joined_date}).`, [
        { path: 'body.exitDate', message: `must not be before the joining date ${before.joined_date}` },
      ]);
    }
    const reports = await repo.countDirectReports(trx, id, true);
    if (reports > 0) {
      throw conflict(`Move the ${reports} direct report${reports === 1 ? '' : 's'} to another manager first.`);
    }
    const today = dayInZone(ctx.clock.now(), ctx.timeZone);
    const status = input.exitDate < today ? 'Exited' : 'OnNotice';
    await repo.updateEmployeeRow(trx, id, {
      status,
      exit_date: input.exitDate,
      exit_reason: input.reason,
      updated_at: ctx.clock.now().toISOString(),
    });
    if (status === 'Exited' && before.user_id) await revokeSessionsOfUser(trx, before.user_id, ctx.clock.now().toISOString());
    await recordAudit(t, {
      employeeId: id,
      category: 'Profile',
      action: 'employee.exit',
      summary: `${status === 'Exited' ? 'Exited' : 'On notice'}: last working day ${input.exitDate}. Reason: ${input.reason}`,
      changes: diffFields(
        { status: before.status, exitDate: before.exit_date },
        { status, exitDate: input.exitDate },
      ),
    });
    if (before.manager_id) {
      await notify(t, { employeeIds: [before.manager_id] }, {
        kind: 'employee.exit',
        title: `${before.full_name} leaves on ${input.exitDate}`,
        link: `/employees/${id}`,
      });
    }
  });
  return getEmployee(ctx, id);
}

/** Brings an exited employee back with a new joining date after the exit. */
export async function rehireEmployee(ctx: Ctx, id: string, input: EmployeeRehire): Promise<Employee> {
  await inTransaction(ctx, async (t) => {
    const trx = t.db;
    const before = await repo.findEmployeeRow(trx, id);
    if (!before) throw notFound('Employee');
    if (before.status !== 'Exited') throw conflict('Only an exited employee can be rehired.');
    if (before.exit_date && input.joinedDate <= before.exit_date) {
      throw badRequest(`The new joining date must be after the last exit date (${before.exit_date}).`, [
        { path: 'body.joinedDate', message: `must be after the last exit date ${before.exit_date}` },
      ]);
    }
    await repo.updateEmployeeRow(trx, id, {
      status: 'Active',
      joined_date: input.joinedDate,
      exit_date: null,
      exit_reason: null,
      updated_at: ctx.clock.now().toISOString(),
    });
    await recordAudit(t, {
      employeeId: id,
      category: 'Profile',
      action: 'employee.rehired',
      summary: `Rehired, joining ${input.joinedDate}${input.reason ? `. ${input.reason}` : ''}`,
      changes: diffFields(
        { status: before.status, joinedDate: before.joined_date, exitDate: before.exit_date },
        { status: 'Active', joinedDate: input.joinedDate, exitDate: null },
      ),
    });
  });
  return getEmployee(ctx, id);
}

/** The daily step: people whose notice has run out become Exited (sessions end). Returns how many. */
export async function completeDueExits(ctx: Ctx): Promise<number> {
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const due = await repo.employeesDueToExit(ctx.db, today);
  for (const e of due) {
    await inTransaction(ctx, async (t) => {
    const trx = t.db;
      const row = await repo.findEmployeeRow(trx, e.id);
      if (!row || row.status !== 'OnNotice') return;
      await repo.updateEmployeeRow(trx, e.id, { status: 'Exited', updated_at: ctx.clock.now().toISOString() });
      if (row.user_id) await revokeSessionsOfUser(trx, row.user_id, ctx.clock.now().toISOString());
      await recordAudit(t, {
        employeeId: e.id,
        category: 'Profile',
        action: 'employee.exited',
        summary: `Notice period ended on ${row.exit_date}`,
        changes: [{ field: 'status', before: 'OnNotice', after: 'Exited' }],
      });
    });
  }
  return due.length;
}
