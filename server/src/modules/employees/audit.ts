import type { AuditCategory, AuditEntry, AuditList, AuditListQuery, AuditRange } from '../../../../shared/audit.ts';
import type { Ctx } from '../../context.ts';
import { forbidden } from '../../http/problem.ts';
import { allAudit, listAudit } from '../audit/index.ts';
import { assertCanSeeEmployee } from './scope.ts';
import { getEmployee } from './read.ts';

/** Anyone reads their own trail; another person's needs `audit:read` and the person in scope (404 otherwise). */
async function assertCanReadAudit(ctx: Ctx, employeeId: string): Promise<void> {
  await assertCanSeeEmployee(ctx, employeeId);
  if (ctx.caller.employeeId === employeeId) return;
  if (!ctx.caller.permissions.includes('audit:read')) {
    throw forbidden("Reading another person's audit trail needs the permission audit:read.");
  }
}

/** A page of an employee's audit trail. */
export async function employeeAudit(ctx: Ctx, employeeId: string, query: AuditListQuery): Promise<AuditList> {
  await assertCanReadAudit(ctx, employeeId);
  return listAudit(ctx, employeeId, query);
}

/** Every entry of an employee's trail matching the filter, newest first, with the name for the export's title. */
export async function employeeAuditForExport(
  ctx: Ctx,
  employeeId: string,
  category: AuditCategory | undefined,
  range: AuditRange,
): Promise<{ employeeName: string; entries: AuditEntry[] }> {
  await assertCanReadAudit(ctx, employeeId);
  const [entries, employee] = await Promise.all([allAudit(ctx, employeeId, category, range), getEmployee(ctx, employeeId)]);
  return { employeeName: employee.fullName, entries };
}
