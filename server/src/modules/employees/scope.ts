import type { Ctx } from '../../context.ts';
import { notFound } from '../../http/problem.ts';
import { employeeExists, managerChainIds, reportingLineIds } from './repo.ts';

/** Who may see whom: self, the reporting line (any depth), or the organisation. */

export { managerChainIds, reportingLineIds };

/**
 * The employee ids the caller may see, or `'all'` for organisation scope.
 * A manager sees self and the whole reporting line; an employee sees self.
 */
export async function visibleEmployeeIds(ctx: Ctx): Promise<'all' | string[]> {
  const { caller } = ctx;
  if (caller.scope === 'org') return 'all';
  if (!caller.employeeId) return [];
  if (caller.scope === 'self') return [caller.employeeId];
  return [caller.employeeId, ...(await reportingLineIds(ctx.db, caller.employeeId))];
}

/** Throws 404 when the employee does not exist or lies outside the caller's scope. */
export async function assertCanSeeEmployee(ctx: Ctx, employeeId: string): Promise<void> {
  if (!(await employeeExists(ctx.db, employeeId))) throw notFound('Employee');
  const { scope, employeeId: self } = ctx.caller;
  if (scope === 'org' || employeeId === self) return;
  if (scope === 'team' && self && (await managerChainIds(ctx.db, employeeId)).includes(self)) return;
  throw notFound('Employee');
}
