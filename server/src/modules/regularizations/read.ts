import type { ProposedPunch, Regularization, RegularizationKind, RegularizationList, RegularizationListQuery, RegularizationStatus } from '../../../../shared/attendance/index.ts';
import type { Ctx } from '../../context.ts';
import type { RegularizationTable } from '../../db/schema.ts';
import { notFound } from '../../http/problem.ts';
import { type EmployeeInfo, directoryOf } from '../attendance/index.ts';
import { assertCanSeeEmployee, reportingLineIds, visibleEmployeeIds } from '../employees/index.ts';
import * as regsRepo from './repo.ts';

/**
 * Reading requests: one (in scope), a day's (for attendance's day detail,
 * through `ctx.links`), a page with how many await the caller, all for an
 * export. Each says whether the caller may decide it now.
 */

/** A proposed punch with the instant it was resolved to when the request was sent. */
export interface StoredPunch extends ProposedPunch {
  at: string;
}

export type Decider = regsRepo.DeciderScope;

/** What the caller may decide: their reporting line at the manager stage (with regularization:approve), everything waiting with regularization:hr-approve. */
export async function deciderOf(ctx: Ctx): Promise<Decider> {
  const { caller } = ctx;
  return {
    employeeId: caller.employeeId,
    team: new Set(caller.employeeId ? await reportingLineIds(ctx.db, caller.employeeId) : []),
    canApprove: caller.permissions.includes('regularization:approve'),
    canHrApprove: caller.permissions.includes('regularization:hr-approve'),
  };
}

/** Whether this decider may act on a request now: never on their own; the manager line (or HR standing in) first, then HR. */
export function mayDecide(d: Decider, r: Pick<RegularizationTable, 'employee_id' | 'status'>): boolean {
  if (r.employee_id === d.employeeId) return false;
  if (r.status === 'AwaitingManager') return (d.canApprove && d.team.has(r.employee_id)) || d.canHrApprove;
  if (r.status === 'ManagerApprovedAwaitingHR') return d.canHrApprove;
  return false;
}

function toRegularization(r: RegularizationTable, employee: Pick<EmployeeInfo, 'code' | 'fullName'> | undefined, canDecide: boolean): Regularization {
  return {
    id: r.id,
    employee: { id: r.employee_id, code: employee?.code ?? '', fullName: employee?.fullName ?? '' },
    date: r.date,
    kind: r.kind as RegularizationKind,
    status: r.status as RegularizationStatus,
    reason: r.reason,
    punches: JSON.parse(r.punches) as StoredPunch[],
    supersedes: JSON.parse(r.supersedes) as string[],
    requiresHr: r.requires_hr === 1,
    managerDecisionBy: r.manager_decided_by_name,
    managerDecidedAt: r.manager_decided_at,
    hrDecisionBy: r.hr_decided_by_name,
    hrDecidedAt: r.hr_decided_at,
    decisionNote: r.decision_note,
    createdByName: r.created_by_name,
    createdAt: r.created_at,
    canDecide,
  };
}

/** Rows as the caller sees them: with the employee's name and whether the caller may decide each now. */
async function presented(ctx: Ctx, rows: readonly RegularizationTable[], decider?: Decider): Promise<Regularization[]> {
  const [directory, d] = await Promise.all([directoryOf(ctx.db), decider ?? deciderOf(ctx)]);
  return rows.map((r) => toRegularization(r, directory.byId.get(r.employee_id), mayDecide(d, r)));
}

/** The request (its employee in the caller's scope) or 404. */
export async function findRow(ctx: Ctx, id: string): Promise<RegularizationTable> {
  const row = await regsRepo.findRegularization(ctx.db, id);
  if (!row) throw notFound('Regularization');
  await assertCanSeeEmployee(ctx, row.employee_id);
  return row;
}

/** One request, for anyone who may see its employee. */
export async function getRegularization(ctx: Ctx, id: string): Promise<Regularization> {
  const [one] = await presented(ctx, [await findRow(ctx, id)]);
  if (!one) throw notFound('Regularization');
  return one;
}

/** An employee's requests of one day, newest first (ModuleLinks `regularizations.ofDay`). */
export async function regularizationsOfDay(ctx: Ctx, employeeId: string, date: string): Promise<Regularization[]> {
  const rows = await regsRepo.listRegularizationsOfDay(ctx.db, employeeId, date);
  return rows.length === 0 ? [] : presented(ctx, rows);
}

/** Requests in the caller's scope (paginated in the database), with how many await the caller. */
export async function listRegularizations(ctx: Ctx, query: RegularizationListQuery): Promise<RegularizationList> {
  const [visible, decider] = await Promise.all([visibleEmployeeIds(ctx), deciderOf(ctx)]);
  const only = query.awaitingMe ? decider : null;
  const [total, rows, pending] = await Promise.all([
    regsRepo.countRegularizations(ctx.db, visible, query, only),
    regsRepo.listRegularizations(ctx.db, visible, query, only, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    regsRepo.countRegularizations(ctx.db, visible, {}, decider),
  ]);
  return {
    items: await presented(ctx, rows, decider),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pending,
  };
}

/** How many requests the caller may decide now (the dashboard's approvals). */
export async function regularizationsAwaitingMe(ctx: Ctx): Promise<number> {
  const [visible, decider] = await Promise.all([visibleEmployeeIds(ctx), deciderOf(ctx)]);
  if (!decider.canApprove && !decider.canHrApprove) return 0;
  return regsRepo.countRegularizations(ctx.db, visible, {}, decider);
}

/** Every request in the caller's scope matching the filter, newest first. */
export async function regularizationsForExport(ctx: Ctx, filter: regsRepo.RegularizationFilter): Promise<Regularization[]> {
  const rows = await regsRepo.listRegularizations(ctx.db, await visibleEmployeeIds(ctx), filter, null);
  return presented(ctx, rows);
}
