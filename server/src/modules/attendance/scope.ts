import type { Permission } from '../../../../shared/permissions.ts';
import type { Ctx } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../http/problem.ts';
import { assertCanSeeEmployee } from '../employees/index.ts';
import { dayOfInstant } from './days.ts';
import { type EmployeeInfo, directoryOf, employedOn } from './policy-cache.ts';

/** The checks attendance's use cases share: permissions, scope, and which days exist for whom. */

/** 403 unless the caller holds one of the permissions. */
export function requireAny(ctx: Ctx, permissions: readonly Permission[]): void {
  if (!permissions.some((p) => ctx.caller.permissions.includes(p))) {
    throw forbidden(`This needs one of the permissions ${permissions.join(', ')}.`);
  }
}

/** Today in the organisation's zone (`YYYY-MM-DD`). */
export function todayOf(ctx: Ctx): string {
  return dayOfInstant(ctx.clock.now().getTime(), ctx.timeZone);
}

/** The employee (in scope) or 404. */
export async function employeeInScope(ctx: Ctx, employeeId: string): Promise<EmployeeInfo> {
  await assertCanSeeEmployee(ctx, employeeId);
  const employee = (await directoryOf(ctx.db)).byId.get(employeeId);
  if (!employee) throw notFound('Employee');
  return employee;
}

/** 400 for a day in the future. */
export function assertNotFuture(ctx: Ctx, date: string): void {
  if (date > todayOf(ctx)) {
    throw badRequest(`${date} is in the future: attendance exists only up to today.`, [{ path: 'params.date', message: 'must not be in the future' }]).withText({
      id: 'problemDetail.attendance.future',
      values: { date: { date } },
    });
  }
}

/** 400 for a day outside the employment. */
export function assertEmployed(employee: EmployeeInfo, date: string): void {
  if (!employedOn(employee, date)) {
    const dates = { date: { date }, joined: { date: employee.joinedDate }, ...(employee.exitDate ? { left: { date: employee.exitDate } } : {}) };
    throw badRequest(`${employee.fullName} was not employed on ${date} (joined ${employee.joinedDate}${employee.exitDate ? `, left ${employee.exitDate}` : ''}).`, [
      { path: 'params.date', message: 'is outside the employment' },
    ]).withText({ id: employee.exitDate ? 'problemDetail.attendance.notEmployedLeft' : 'problemDetail.attendance.notEmployed', values: { name: employee.fullName, ...dates } });
  }
}
