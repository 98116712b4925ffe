import type { Ctx } from '../../context.ts';
import { listEmployeeIds } from './repo.ts';
import { visibleEmployeeIds } from './scope.ts';

/** The people a report or dashboard covers: the caller's scope narrowed by filters, resolved in SQL. */

export interface PopulationFilter {
  departmentId?: string | undefined;
  locationId?: string | undefined;
  status?: string | undefined;
}

export interface Population {
  /** `'all'`: the whole organisation, unfiltered (queries then need no id list). */
  ids: 'all' | string[];
  /** `team`: a manager's reporting line (and self). */
  scope: 'org' | 'team' | 'self';
}

/**
 * The employee ids a caller's report covers: everyone (HR, Admin), the
 * reporting line with the manager (a manager), self (an employee), each
 * narrowed by department, location and current status in one SQL query.
 */
export async function reportPopulation(ctx: Ctx, filter: PopulationFilter = {}): Promise<Population> {
  const visible = await visibleEmployeeIds(ctx);
  const scope = ctx.caller.scope;
  if (visible === 'all' && !filter.departmentId && !filter.locationId && !filter.status) return { ids: 'all', scope };
  if (visible !== 'all' && visible.length === 0) return { ids: [], scope };
  const ids = await listEmployeeIds(ctx.db, { visible, departmentId: filter.departmentId, locationId: filter.locationId, status: filter.status });
  return { ids, scope };
}
