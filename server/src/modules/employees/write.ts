import type { AuditCategory, FieldChange } from '../../../../shared/audit.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import type { Employee, EmployeeCreate, EmployeeExit, EmployeeRehire, EmployeeUpdate } from '../../../../shared/employees.ts';
import { fieldLabel, formatDate } from '../../../../shared/labels.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { EmployeeTable } from '../../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { diffFields, recordAudit } from '../audit/index.ts';
import { revokeSessionsOfUser } from '../auth/index.ts';
import { emitEmployeeEvent } from './events.ts';
import { notify } from '../notifications/index.ts';
import { type GovernmentIdField, type GovernmentIds, idChanges, sealedColumns } from './government-ids.ts';
import { getEmployee } from './read.ts';
import * as repo from './repo.ts';
import { isBelow } from './scope.ts';


/** Changing the directory: create, update, exit (now or at the end of a notice period), rehire. Each change is audited. */

type Row = repo.EmployeeRow;

const COMPENSATION_FIELDS = ['ctcAnnual', 'bankAccountNumber', 'bankIfsc', 'bankName'];
const COMPLIANCE_FIELDS = ['pan', 'uan', 'esi', 'aadhaar', 'passportNumber'];

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
    // Government ids are audited masked, by idChanges: never a value in clear.
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
    const fields = list.map((c) => fieldLabel(c.field)).join(', ');
    await recordAudit(ctx, { employeeId, category, action, summary: `${verb}: ${fields}`, changes: list });
  }
}

function governmentIdsOf(input: Partial<Pick<EmployeeCreate, 'pan' | 'uan' | 'esi' | 'aadhaar' | 'passportNumber'>>): GovernmentIds {
  return { pan: input.pan, uan: input.uan, esi: input.esi, aadhaar: input.aadhaar, passportNumber: input.passportNumber };
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
  if (managerId === employeeId || (await isBelow(ctx.db, employeeId, managerId))) {
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
      // The legacy clear columns stay empty: ids are sealed.
      pan: null,
      uan: null,
      esi: null,
      aadhaar_enc: null,
      aadhaar_last4: null,
      passport_enc: null,
      passport_last4: null,
      pan_enc: null,
      pan_last4: null,
      uan_enc: null,
      uan_last4: null,
      esi_enc: null,
      esi_last4: null,
      ...sealedColumns(t, governmentIdsOf(input)),
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
    const changes = [
      ...Object.entries(auditView(created))
        .filter(([, v]) => v !== null)
        .map(([field, after]) => ({ field, before: null, after })),
      ...(await idChanges(t, null, null, governmentIdsOf(input))),
    ];
    await auditChanges(t, id, 'employee.created', 'Created', changes);
    // Punches of this biometric id that came before the employee did are theirs now.
    if (row.terminal_user_id !== null) await t.links.terminals.attachPunchesOfBiometricId(t, id, row.terminal_user_id);
    if (row.manager_id) {
      await notify(t, { employeeIds: [row.manager_id] }, {
        kind: 'employee.joined-team',
        title: `${row.full_name} now reports to you`,
        body: `Joining ${formatDate(row.joined_date)}.`,
        link: `/employees/${id}`,
      });
    }
    await emitEmployeeEvent(t, 'employee.created', id);
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
      await t.links.attendance.assignShift(t, id, newShift, before.joined_date > today ? before.joined_date : today);
    }
    set('terminal_user_id', input.terminalUserId);
    set('ctc_annual', input.ctcAnnual);
    const idChangeList = await idChanges(t, id, before, governmentIdsOf(input));
    // Only a changed id is sealed again (a fresh IV would otherwise rewrite an unchanged one).
    Object.assign(patch, sealedColumns(t, Object.fromEntries(idChangeList.map((c) => [c.field, governmentIdsOf(input)[c.field as GovernmentIdField]]))));
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
    if (after.terminal_user_id !== null && after.terminal_user_id !== before.terminal_user_id) await t.links.terminals.attachPunchesOfBiometricId(t, id, after.terminal_user_id);
    const changes = [...diffFields(auditView(before), auditView(after)), ...idChangeList];
    if (changes.length === 0) return;
    await auditChanges(t, id, 'employee.updated', 'Updated', changes);
    await notify(t, { employeeIds: [id] }, {
      kind: 'employee.updated',
      title: 'Your profile was updated',
      body: `${ctx.caller.name} changed: ${changes.map((c) => fieldLabel(c.field)).join(', ')}.`,
      link: `/employees/${id}`,
    });
    if (patch.manager_id && patch.manager_id !== before.manager_id) {
      await notify(t, { employeeIds: [patch.manager_id] }, {
        kind: 'employee.joined-team',
        title: `${after.full_name} now reports to you`,
        link: `/employees/${id}`,
      });
    }
    await emitEmployeeEvent(t, 'employee.updated', id);
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
      summary: `${status === 'Exited' ? 'Exited' : 'On notice'}: last working day ${formatDate(input.exitDate)}. Reason: ${input.reason}`,
      changes: diffFields(
        { status: before.status, exitDate: before.exit_date },
        { status, exitDate: input.exitDate },
      ),
    });
    if (before.manager_id) {
      await notify(t, { employeeIds: [before.manager_id] }, {
        kind: 'employee.exit',
        title: `${before.full_name} leaves on ${formatDate(input.exitDate)}`,
        link: `/employees/${id}`,
      });
    }
    await emitEmployeeEvent(t, 'employee.exited', id);
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
      summary: `Rehired, joining ${formatDate(input.joinedDate)}${input.reason ? `. ${input.reason}` : ''}`,
      changes: diffFields(
        { status: before.status, joinedDate: before.joined_date, exitDate: before.exit_date },
        { status: 'Active', joinedDate: input.joinedDate, exitDate: null },
      ),
    });
    await emitEmployeeEvent(t, 'employee.updated', id);
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
        summary: `Notice period ended on ${formatDate(row.exit_date)}`,
        changes: [{ field: 'status', before: 'OnNotice', after: 'Exited' }],
      });
      await emitEmployeeEvent(t, 'employee.updated', e.id);
    });
  }
  return due.length;
}
