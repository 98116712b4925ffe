import { addDays, dayInZone, daysBetween } from '../../../../shared/dates.ts';
import { ColorTone, LeaveClosure, type LeaveContext, LeaveDuration, type LeaveRequest, LeaveStatus } from '../../../../shared/leave/index.ts';
import type { WeeklyOffRule } from '../../../../shared/org.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../http/problem.ts';
import { leaveAttachments } from '../documents/index.ts';
import { assertCanSeeEmployee } from '../employees/index.ts';
import { getOrganisationRow } from '../org/index.ts';
import { leaveYearEnd, leaveYearStart } from './accrual.ts';
import { balanceIn, leaveToday } from './balance.ts';
import * as calendarRepo from './repo/calendar.ts';
import * as dayRepo from './repo/leave-days.ts';
import * as ledgerRepo from './repo/ledger.ts';
import * as peopleRepo from './repo/people.ts';
import * as requestRepo from './repo/requests.ts';
import { computeContext } from './team-load.ts';
import { getTypeRow, isEntitled } from './types-service.ts';
import { buildTimeline, isOpen } from './workflow.ts';

/**
 * Rows → spec §2.1 records, in bulk: whatever the page size, the contexts,
 * balances and names of a page take a fixed handful of queries (plus one per
 * cluster of nearby dates), never one per request or per day.
 */

export interface ContextSpec {
  key: string;
  employeeId: string;
  leaveTypeId: string;
  from: string;
  to: string;
  /** The request itself, left out of "taken before" (priorSameType). */
  requestId: string | null;
}

/** Date ranges merged when they overlap or lie within `gap` days, so nearby requests share one query. */
export function mergeRanges(ranges: readonly { from: string; to: string }[], gap = 7): { from: string; to: string }[] {
  const sorted = [...ranges].sort((a, b) => a.from.localeCompare(b.from));
  const out: { from: string; to: string }[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.from <= addDays(last.to, gap)) {
      if (r.to > last.to) last.to = r.to;
    } else out.push({ ...r });
  }
  return out;
}

async function weeklyOffsByLocation(ctx: Ctx, org: WeeklyOffRule[], locationIds: readonly string[]): Promise<{ org: WeeklyOffRule[]; byLocation: Map<string, WeeklyOffRule[]> }> {
  const byLocation = new Map<string, WeeklyOffRule[]>();
  for (const r of await calendarRepo.weeklyOffsOfLocations(ctx.db, locationIds)) {
    if (r.weekly_offs) byLocation.set(r.location_id, JSON.parse(r.weekly_offs) as WeeklyOffRule[]);
  }
  return { org, byLocation };
}

/** The team-load context (spec §2.3) of each spec, keyed by `key`. */
export async function contextsFor(ctx: Ctx, specs: readonly ContextSpec[]): Promise<Map<string, LeaveContext>> {
  const result = new Map<string, LeaveContext>();
  if (specs.length === 0) return result;
  const employeeIds = [...new Set(specs.map((s) => s.employeeId))];
  const applicants = new Map((await peopleRepo.findApplicants(ctx.db, employeeIds)).map((a) => [a.id, a]));
  // The team: everyone with the applicant's manager; with no manager, the applicant and their reports.
  const teamKeyOf = (id: string) => applicants.get(id)?.manager_id ?? id;
  const members = await peopleRepo.teamMembers(ctx.db, [...new Set(employeeIds.map(teamKeyOf))]);
  const teams = new Map<string, Set<string>>();
  for (const m of members) {
    if (!m.manager_id) continue;
    const set = teams.get(m.manager_id) ?? new Set<string>();
    set.add(m.id);
    teams.set(m.manager_id, set);
  }
  const locations = [...new Set([...applicants.values()].map((a) => a.location_id).filter((l): l is string => l !== null))];
  const organisation = await getOrganisationRow(ctx.db);
  const offs = await weeklyOffsByLocation(ctx, JSON.parse(organisation.weekly_offs) as WeeklyOffRule[], locations);
  const awayByDate = new Map<string, Awaited<ReturnType<typeof dayRepo.awayRows>>>();
  for (const range of mergeRanges(specs)) {
    for (const row of await dayRepo.awayRows(ctx.db, range.from, range.to)) {
      const list = awayByDate.get(row.date);
      if (list) list.push(row);
      else awayByDate.set(row.date, [row]);
    }
  }
  // priorSameType counts the current financial year.
  const yearStart = leaveYearStart(dayInZone(ctx.clock.now(), ctx.timeZone), organisation.fy_start_month);
  const usage = await ledgerRepo.usageByRequest(ctx.db, employeeIds, yearStart, leaveYearEnd(yearStart));

  for (const spec of specs) {
    const a = applicants.get(spec.employeeId);
    const teamIds = new Set(teams.get(teamKeyOf(spec.employeeId)) ?? []);
    teamIds.add(spec.employeeId);
    const taken = -usage
      .filter((u) => u.employee_id === spec.employeeId && u.leave_type_id === spec.leaveTypeId && u.request_id !== spec.requestId)
      .reduce((s, u) => s + u.total, 0);
    const inRange = daysBetween(spec.from, spec.to).flatMap((d) => awayByDate.get(d) ?? []);
    result.set(
      spec.key,
      computeContext({
        from: spec.from,
        to: spec.to,
        applicant: { id: spec.employeeId, departmentId: a?.department_id ?? null },
        teamIds,
        managerName: a?.manager_name ?? null,
        priorSameType: taken,
        weeklyOffs: (a?.location_id ? offs.byLocation.get(a.location_id) : undefined) ?? offs.org,
        away: inRange,
      }),
    );
  }
  return result;
}

/**
 * balanceAfter of open requests, as the quote gives it: the balance of the
 * leave year of the first day less every pending request there (the request
 * itself included). The current year for a page at once (a past year's days
 * are the current year's for a type with an entitlement); another year, which
 * few requests fall in, one request at a time (see `balanceIn`).
 */
async function liveBalancesAfter(ctx: Ctx, rows: readonly requestRepo.RequestRow[]): Promise<Map<string, number>> {
  const open = rows.filter((r) => isOpen(LeaveStatus.parse(r.status)));
  const out = new Map<string, number>();
  if (open.length === 0) return out;
  const employeeIds = [...new Set(open.map((r) => r.employee_id))];
  const { yearStart, yearEnd, yearStartMonth } = await leaveToday(ctx);
  const [toYearEnd, inYear, heldToYearEnd, heldInYear] = await Promise.all([
    ledgerRepo.ledgerSums(ctx.db, employeeIds, { to: yearEnd }),
    ledgerRepo.ledgerSums(ctx.db, employeeIds, { from: yearStart, to: yearEnd }),
    ledgerRepo.pendingDays(ctx.db, employeeIds, { to: yearEnd }),
    ledgerRepo.pendingDays(ctx.db, employeeIds, { from: yearStart, to: yearEnd }),
  ]);
  const of = (list: { employee_id: string; leave_type_id: string; total: number }[], r: requestRepo.RequestRow) =>
    list.find((s) => s.employee_id === r.employee_id && s.leave_type_id === r.leave_type_id)?.total ?? 0;
  for (const r of open) {
    const entitled = isEntitled({ accrual: r.type_accrual, allow_negative: r.type_allow_negative });
    const own = leaveYearStart(r.from_date, yearStartMonth);
    if (own === yearStart || (entitled && own < yearStart)) {
      out.set(r.id, entitled ? of(toYearEnd, r) - of(heldToYearEnd, r) : of(inYear, r) - of(heldInYear, r));
    } else {
      out.set(r.id, await balanceIn(ctx, r.employee_id, await getTypeRow(ctx, r.leave_type_id), r.from_date, { holds: true }));
    }
  }
  return out;
}

export function timelineOf(r: requestRepo.RequestRow) {
  return buildTimeline({
    status: LeaveStatus.parse(r.status),
    requiresHrApproval: r.requires_hr_approval === 1,
    closure: r.closure === null ? null : LeaveClosure.parse(r.closure),
    employeeName: r.employee_name,
    enteredByName: r.entered_by_name ?? null,
    reason: r.reason,
    createdAt: r.created_at,
    managerDecisionName: r.manager_decision_name,
    managerDecidedAt: r.manager_decided_at,
    managerNote: r.manager_note,
    managerStageByHr: r.manager_stage_by_hr === 1,
    // Someone above the employee's manager decided (the line as it is now).
    managerStageAbove: r.manager_stage_by_hr === 0 && r.manager_decision_by !== null && r.manager_decision_by !== r.employee_manager_id,
    hrDecisionName: r.hr_decision_name,
    hrDecidedAt: r.hr_decided_at,
    hrNote: r.hr_note,
    decisionNote: r.decision_note,
    closedByName: r.closed_by_name,
    closedAt: r.closed_at,
  });
}

/** Spec §2.1 records for these rows, in their order. */
export async function presentRequests(ctx: Ctx, rows: readonly requestRepo.RequestRow[]): Promise<LeaveRequest[]> {
  const [contexts, balances, files] = await Promise.all([
    contextsFor(
      ctx,
      rows.map((r) => ({ key: r.id, employeeId: r.employee_id, leaveTypeId: r.leave_type_id, from: r.from_date, to: r.to_date, requestId: r.id })),
    ),
    liveBalancesAfter(ctx, rows),
    leaveAttachments(ctx, rows),
  ]);
  return rows.map((r) => {
    const context = contexts.get(r.id);
    if (!context) throw new Error(`no context for ${r.id}`);
    const attached = files.get(r.id);
    const live = r.status !== 'Rejected';
    return {
      id: r.id,
      employeeId: r.employee_id,
      employeeName: r.employee_name,
      employeeCode: r.employee_code,
      leaveTypeId: r.leave_type_id,
      leaveTypeCode: r.type_code,
      leaveTypeName: r.type_name,
      colorTone: ColorTone.parse(r.color_tone),
      fromDate: r.from_date,
      toDate: r.to_date,
      duration: LeaveDuration.parse(r.duration),
      workingDays: r.working_days,
      reason: r.reason,
      backupEmployeeId: r.backup_employee_id,
      backupName: r.backup_name,
      balanceAfter: balances.get(r.id) ?? r.balance_after,
      status: LeaveStatus.parse(r.status),
      requiresHrApproval: r.requires_hr_approval === 1,
      managerDecisionBy: r.manager_decision_by,
      managerDecisionName: r.manager_decision_name,
      managerDecidedAt: r.manager_decided_at,
      hrDecisionBy: r.hr_decision_by,
      hrDecisionName: r.hr_decision_name,
      hrDecidedAt: r.hr_decided_at,
      decisionNote: r.decision_note,
      createdAt: r.created_at,
      timeline: timelineOf(r),
      context,
      closure: r.closure === null ? null : LeaveClosure.parse(r.closure),
      documentsRequired: r.documents_required === 1,
      enteredByName: r.entered_by_name ?? null,
      attachments: attached?.attachments ?? [],
      documentMissing: live && r.documents_required === 1 && !attached?.present,
    };
  });
}

/** A request the caller may see; 404 for one outside their scope, as for one that does not exist. */
export async function visibleRequest(ctx: Ctx, id: string): Promise<requestRepo.RequestRow> {
  const row = await requestRepo.findRequestRow(ctx.db, id);
  if (!row) throw notFound('Leave request');
  try {
    await assertCanSeeEmployee(ctx, row.employee_id);
  } catch {
    throw notFound('Leave request');
  }
  return row;
}

/** The spec §2.1 record of a request as it is now (after a change in this transaction). */
export async function presentRequest(ctx: Ctx, id: string): Promise<LeaveRequest> {
  const row = await requestRepo.findRequestRow(ctx.db, id);
  if (!row) throw notFound('Leave request');
  const [one] = await presentRequests(ctx, [row]);
  if (!one) throw notFound('Leave request');
  return one;
}
