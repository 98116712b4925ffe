import { type Employee, type EmployeeListItem, EmployeeStatus, EmploymentType, Gender } from '../../../../shared/employees.ts';
import type { Ctx } from '../../context.ts';
import { enumColumn } from '../../db/enum-column.ts';
import { type GovernmentIdField, maskedIds } from './government-ids.ts';
import type * as repo from './repo.ts';

/** Directory rows as the contracts show them: who sees salaries and government ids is decided here. */

type Row = repo.EmployeeRow;

export const canSeeSensitive = (ctx: Ctx): boolean => ctx.caller.permissions.includes('employee:sensitive');

const statusOf = enumColumn(EmployeeStatus.options, 'employee.status');
const employmentTypeOf = enumColumn(EmploymentType.options, 'employee.employment_type');
const genderOf = enumColumn(Gender.options, 'employee.gender');

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
    status: statusOf(row.status),
    employmentType: employmentTypeOf(row.employment_type),
    gender: row.gender === null ? null : genderOf(row.gender),
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
  return { ...core, ctcAnnual: row.ctc_annual, ...maskedIds(row) };
}

/**
 * One record. `ids` are the government ids opened in full for a sensitive
 * reader; the employee reading their own record sees them masked; anyone else
 * not at all.
 */
export function toEmployee(row: Row, sensitive: boolean, self: boolean, directReports: number, ids: Record<GovernmentIdField, string | null> | null): Employee {
  const core = { ...coreOf(row), directReports };
  if (!sensitive) return self ? { ...core, ...maskedIds(row) } : core;
  return {
    ...core,
    ctcAnnual: row.ctc_annual,
    ...(ids ?? maskedIds(row)),
    bankAccountNumber: row.bank_account_number,
    bankIfsc: row.bank_ifsc,
    bankName: row.bank_name,
  };
}
