import { EmployeeStatus, EmploymentType } from '../../../../shared/employees.ts';
import type { PublicAttendance, PublicEmployee } from '../../../../shared/public-v1.ts';
import type { Ctx } from '../../context.ts';
import * as repo from './repo.ts';

export async function publicEmployees(ctx: Ctx): Promise<PublicEmployee[]> {
  const rows = await repo.publicEmployeeRows(ctx.db);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    fullName: r.full_name,
    email: r.email,
    phone: r.phone,
    designation: r.designation,
    department: r.department,
    location: r.location,
    managerId: r.manager_id,
    managerName: r.manager_name,
    joinedDate: r.joined_date,
    exitDate: r.exit_date,
    status: EmployeeStatus.parse(r.status),
    employmentType: EmploymentType.parse(r.employment_type),
  }));
}

/**
 * One record per employee on the books that day. Until the attendance engine
 * has reconciled a day, its records say `NotReconciled`.
 */
export async function publicAttendance(ctx: Ctx, day: string): Promise<PublicAttendance[]> {
  const rows = await repo.employedOn(ctx.db, day);
  return rows.map((r) => ({
    employeeId: r.id,
    employeeCode: r.code,
    fullName: r.full_name,
    date: day,
    status: 'NotReconciled',
    reconciled: false,
    provisional: true,
    firstIn: null,
    lastOut: null,
    workedMinutes: null,
    otMinutes: null,
    lateMinutes: null,
  }));
}
