import { EmployeeStatus, EmploymentType } from '../../../../shared/employees.ts';
import type { PublicAttendance, PublicEmployee } from '../../../../shared/public-v1.ts';
import type { Ctx, Db } from '../../context.ts';
import { listDays } from '../attendance/index.ts';
import { defineJsonCache } from '../../db/cache.ts';
import { enumColumn } from '../../db/enum-column.ts';
import * as repo from './repo.ts';

/** The whole public directory answer, as bytes, until a table it is read from changes. */
const employeesAnswer = defineJsonCache({ name: 'public-v1.employees', reads: ['employee', 'designation', 'department', 'location'] });

/** `GET /employees` as JSON bytes (spec §2.8 public envelope). */
export async function publicEmployeesJson(ctx: Ctx): Promise<Buffer> {
  return employeesAnswer.get(ctx.db, 'all', async () => {
    const data = await publicEmployees(ctx);
    return { meta: { count: data.length }, data };
  });
}

const statusOf = enumColumn(EmployeeStatus.options, 'employee.status');
const employmentTypeOf = enumColumn(EmploymentType.options, 'employee.employment_type');

type PublicEmployeeRow = Awaited<ReturnType<typeof repo.publicEmployeeRows>>[number];

export async function publicEmployees(ctx: Ctx): Promise<PublicEmployee[]> {
  return (await repo.publicEmployeeRows(ctx.db)).map(toPublicEmployee);
}

/** One employee as `GET /employees` shows them (webhook payloads of employee events). */
export async function publicEmployeeById(db: Db, id: string): Promise<PublicEmployee | undefined> {
  const row = await repo.publicEmployeeRow(db, id);
  return row ? toPublicEmployee(row) : undefined;
}

function toPublicEmployee(r: PublicEmployeeRow): PublicEmployee {
  return {
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
    status: statusOf(r.status),
    employmentType: employmentTypeOf(r.employment_type),
  };
}

/**
 * One record per employee on the books that day, from the reconciled days.
 * A day not reconciled yet (e.g. a new employee before the nightly close)
 * says `NotReconciled`; one that is not final yet says `Pending`.
 */
export async function publicAttendance(ctx: Ctx, day: string): Promise<PublicAttendance[]> {
  const [rows, days] = await Promise.all([repo.employedOn(ctx.db, day), listDays(ctx.db, 'all', day, day)]);
  const byEmployee = new Map(days.map((d) => [d.employee_id, d]));
  return rows.map((r) => {
    const d = byEmployee.get(r.id);
    const base = { employeeId: r.id, employeeCode: r.code, fullName: r.full_name, date: day };
    if (!d) {
      return { ...base, status: 'NotReconciled' as const, reconciled: false, provisional: true, firstIn: null, lastOut: null, workedMinutes: null, otMinutes: null, lateMinutes: null };
    }
    return {
      ...base,
      status: d.status as PublicAttendance['status'],
      reconciled: true,
      provisional: d.provisional === 1,
      firstIn: d.first_in,
      lastOut: d.last_out,
      workedMinutes: d.worked_minutes,
      otMinutes: d.ot_minutes,
      lateMinutes: d.late_minutes,
    };
  });
}
