import type { Ctx, Db } from '../../context.ts';
import { notFound } from '../../http/problem.ts';

/** Everyone below a manager in the reporting line, at any depth. */
export async function reportingLineIds(db: Db, managerId: string): Promise<string[]> {
  const rows = await db
    .withRecursive('team(id)', (qc) =>
      qc
        .selectFrom('employee')
        .select('employee.id')
        .where('employee.manager_id', '=', managerId)
        .union((qb) =>
          qb.selectFrom('employee').innerJoin('team', 'team.id', 'employee.manager_id').select('employee.id'),
        ),
    )
    .selectFrom('team')
    .select('team.id')
    .execute();
  return rows.map((r) => r.id);
}

/** The managers above an employee, nearest first is not guaranteed. UNION stops on a cycle. */
export async function managerChainIds(db: Db, employeeId: string): Promise<string[]> {
  const rows = await db
    .withRecursive('chain(id)', (qc) =>
      qc
        .selectFrom('employee')
        .select('employee.manager_id as id')
        .where('employee.id', '=', employeeId)
        .where('employee.manager_id', 'is not', null)
        .union((qb) =>
          qb
            .selectFrom('employee')
            .innerJoin('chain', 'chain.id', 'employee.id')
            .select('employee.manager_id as id')
            .where('employee.manager_id', 'is not', null),
        ),
    )
    .selectFrom('chain')
    .select('chain.id')
    .execute();
  return rows.map((r) => r.id).filter((id): id is string => id !== null);
}

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
  const exists = await ctx.db.selectFrom('employee').select('id').where('id', '=', employeeId).executeTakeFirst();
  if (!exists) throw notFound('Employee');
  const { scope, employeeId: self } = ctx.caller;
  if (scope === 'org' || employeeId === self) return;
  if (scope === 'team' && self && (await managerChainIds(ctx.db, employeeId)).includes(self)) return;
  throw notFound('Employee');
}
