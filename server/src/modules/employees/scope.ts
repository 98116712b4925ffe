import type { Ctx } from '../../context.ts';
import { notFound } from '../../http/problem.ts';
import { employeeExists, isBelow, managerChainIds, reportingLineIds } from './repo.ts';

/**
 * Who may see whom: self, the reporting line (any depth), or the organisation.
 * The line is read from its closure (table reporting_line, kept by triggers on
 * employee): an index lookup, never a walk of the tree per request.
 */

export { isBelow, managerChainIds, reportingLineIds };

/**
 * Whose records the caller reaches, without listing them: everyone (`all`),
 * one employee (`self`), an employee and everyone below them (`line`), or
 * nobody. Repositories turn it into a join on the closure, so a manager of a
 * thousand people does not bind a thousand ids.
 */
export type Reach = { kind: 'all' } | { kind: 'none' } | { kind: 'self'; employeeId: string } | { kind: 'line'; employeeId: string };

export function reachOf(ctx: Ctx): Reach {
  const { caller } = ctx;
  if (caller.scope === 'org') return { kind: 'all' };
  if (!caller.employeeId) return { kind: 'none' };
  return { kind: caller.scope === 'self' ? 'self' : 'line', employeeId: caller.employeeId };
}

/**
 * The employee ids the caller may see, or `'all'` for organisation scope.
 * A manager sees self and the whole reporting line; an employee sees self.
 */
export async function visibleEmployeeIds(ctx: Ctx): Promise<'all' | string[]> {
  const reach = reachOf(ctx);
  if (reach.kind === 'all') return 'all';
  if (reach.kind === 'none') return [];
  if (reach.kind === 'self') return [reach.employeeId];
  return [reach.employeeId, ...(await reportingLineIds(ctx.db, reach.employeeId))];
}

/** Throws 404 when the employee does not exist or lies outside the caller's scope. */
export async function assertCanSeeEmployee(ctx: Ctx, employeeId: string): Promise<void> {
  if (!(await employeeExists(ctx.db, employeeId))) throw notFound('Employee');
  const { scope, employeeId: self } = ctx.caller;
  if (scope === 'org' || employeeId === self) return;
  if (scope === 'team' && self && (await isBelow(ctx.db, self, employeeId))) return;
  throw notFound('Employee');
}
