import { addDays, dayInZone, daysBetween } from '../../../../shared/dates.ts';
import { ColorTone, LeaveClosure, type LeaveContext, LeaveDuration, type LeaveRequest, LeaveStatus } from '../../../../shared/leave/index.ts';
import type { WeeklyOffRule } from '../../../../shared/org.ts';
import type { Ctx } from '../../context.ts';
import { enumColumn } from '../../db/enum-column.ts';
import { notFound } from '../../http/problem.ts';
import { leaveAttachments } from '../documents/index.ts';
import { assertCanSeeEmployee } from '../employees/index.ts';
import { orgSettings } from '../org/index.ts';
import { leaveYearEnd, leaveYearStart } from './accrual.ts';
import { balanceIn, leaveToday } from './balance.ts';
import * as calendarRepo from './repo/calendar.ts';
import * as dayRepo from './repo/leave-days.ts';
import * as ledgerRepo from './repo/ledger.ts';
import * as peopleRepo from './repo/people.ts';
import * as requestRepo from './repo/requests.ts';
import { contextFromCounts } from './team-load.ts';
import { getTypeRow, isEntitled } from './types-service.ts';
import { buildTimeline, isOpen } from './workflow.ts';

// Rows are read back as the contracts wrote them: a set lookup per enum column, not a zod parse (see enumColumn).
const statusOf = enumColumn(LeaveStatus.options, 'leave_request.status');
const closureOf = enumColumn(LeaveClosure.options, 'leave_request.closure');
const toneOf = enumColumn(ColorTone.options, 'leave_type.color_tone');
const durationOf = enumColumn(LeaveDuration.options, 'leave_request.duration');

/**
 * Rows → spec §2.1 records, in bulk: whatever the page size, the contexts,
 * balances and names of a page take a fixed handful of queries (plus one per
 * cluster of nearby dates), never one per request or per day.
 */

/** The applicant as a context needs them (a list row carries it; otherwise it is read). */
export interface ContextApplicant {
  departmentId: string | null;
  locationId: string | null;
  managerId: string | null;
  managerName: string | null;
  status: string;
  /** The location's own weekly offs (JSON), null when it keeps the organisation's. */
  locationWeeklyOffs: string | null;
}

export interface ContextSpec {
  key: string;
  employeeId: string;
  leaveTypeId: string;
  from: string;
  to: string;
  /** The request itself, left out of "taken before" (priorSameType). */
  requestId: string | null;
  applicant?: ContextApplicant;
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

/** Applicants the specs do not carry, read (the quote's one spec). */
async function applicantsOf(ctx: Ctx, specs: readonly ContextSpec[]): Promise<Map<string, ContextApplicant>> {
  const out = new Map<string, ContextApplicant>();
  for (const s of specs) if (s.applicant) out.set(s.employeeId, s.applicant);
  const missing = [...new Set(specs.filter((s) => !out.has(s.employeeId)).map((s) => s.employeeId))];
  if (missing.length === 0) return out;
  const rows = await peopleRepo.findApplicants(ctx.db, missing);
  const locations = [...new Set(rows.map((a) => a.location_id).filter((l): l is string => l !== null))];
  const offs = new Map((await calendarRepo.weeklyOffsOfLocations(ctx.db, locations)).map((r) => [r.location_id, r.weekly_offs]));
  for (const a of rows) {
    out.set(a.id, {
      departmentId: a.department_id,
      locationId: a.location_id,
      managerId: a.manager_id,
      managerName: a.manager_name,
      status: a.status,
      locationWeeklyOffs: a.location_id ? (offs.get(a.location_id) ?? null) : null,
    });
  }
  return out;
}

/** The leave year today, these employees' ledger in it and the days their open requests hold (one statement; see `ledgerFactsAndHolds`). */
async function ledgerOf(ctx: Ctx, employeeIds: readonly string[]) {
  const year = await leaveToday(ctx);
  return { year, ...(await ledgerRepo.ledgerFactsAndHolds(ctx.db, employeeIds, year.yearStart, year.yearEnd)) };
}
type Ledger = Awaited<ReturnType<typeof ledgerOf>>;

/**
 * The team-load context (spec §2.3) of each spec, keyed by `key`. Whatever
 * the organisation's size: per-date counts of people away (organisation,
 * department; kept on write) and the applicants' teams with their days away,
 * each one statement over the merged date ranges, plus the ledger.
 */
export async function contextsFor(ctx: Ctx, specs: readonly ContextSpec[], ledger?: Ledger): Promise<Map<string, LeaveContext>> {
  const result = new Map<string, LeaveContext>();
  if (specs.length === 0) return result;
  const employeeIds = [...new Set(specs.map((s) => s.employeeId))];
  const applicants = await applicantsOf(ctx, specs);
  // The team: everyone (not exited) with the applicant's manager; with no manager, the applicant and their reports.
  const teamKeyOf = (id: string) => applicants.get(id)?.managerId ?? id;
  const ranges = mergeRanges(specs);
  const [counts, members, { facts }, settings] = await Promise.all([
    dayRepo.awayCounts(ctx.db, ranges),
    dayRepo.teamDays(ctx.db, [...new Set(employeeIds.map(teamKeyOf))], employeeIds, ranges),
    ledger ?? ledgerOf(ctx, employeeIds),
    orgSettings(ctx.db),
  ]);
  const orgOffs = JSON.parse(settings.weeklyOffs) as WeeklyOffRule[];
  const orgAway = new Map<string, number>();
  const deptAway = new Map<string, number>();
  for (const c of counts) {
    orgAway.set(c.date, (orgAway.get(c.date) ?? 0) + c.people);
    deptAway.set(`${c.date}|${c.department_id}`, c.people);
  }
  // Team members (by manager) and everyone's days away among them.
  const teams = new Map<string, Set<string>>();
  const away = new Map<string, Set<string>>();
  for (const m of members) {
    if (m.manager_id && m.status !== 'Exited') {
      const set = teams.get(m.manager_id) ?? new Set<string>();
      set.add(m.id);
      teams.set(m.manager_id, set);
    }
    if (m.date) {
      const days = away.get(m.id) ?? new Set<string>();
      days.add(m.date);
      away.set(m.id, days);
    }
  }

  for (const spec of specs) {
    const a = applicants.get(spec.employeeId);
    const teamIds = new Set(teams.get(teamKeyOf(spec.employeeId)) ?? []);
    teamIds.delete(spec.employeeId);
    const teamAway = new Map<string, number>();
    for (const id of teamIds) for (const d of away.get(id) ?? []) teamAway.set(d, (teamAway.get(d) ?? 0) + 1);
    const taken = -facts
      .filter((u) => u.year_usage === 1 && u.employee_id === spec.employeeId && u.leave_type_id === spec.leaveTypeId && u.usage_request_id !== spec.requestId)
      .reduce((s, u) => s + u.in_year, 0);
    const dept = a?.departmentId ?? null;
    const dates = daysBetween(spec.from, spec.to);
    result.set(
      spec.key,
      contextFromCounts({
        from: spec.from,
        to: spec.to,
        applicantDepartmentId: dept,
        teamSize: teamIds.size + 1,
        orgAway,
        deptAway: new Map(dates.map((d) => [d, deptAway.get(`${d}|${dept ?? ''}`) ?? 0])),
        teamAway,
        applicantAway: away.get(spec.employeeId) ?? new Set(),
        managerName: a?.managerName ?? null,
        priorSameType: taken,
        weeklyOffs: (a?.locationWeeklyOffs ? (JSON.parse(a.locationWeeklyOffs) as WeeklyOffRule[]) : undefined) ?? orgOffs,
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
async function liveBalancesAfter(ctx: Ctx, rows: readonly requestRepo.RequestRow[], ledger: Ledger): Promise<Map<string, number>> {
  const open = rows.filter((r) => isOpen(statusOf(r.status)));
  const out = new Map<string, number>();
  if (open.length === 0) return out;
  const { yearStart, yearStartMonth } = ledger.year;
  const { held } = ledger;
  const sums = new Map<string, { toEnd: number; inYear: number }>();
  for (const f of ledger.facts) {
    const key = `${f.employee_id}|${f.leave_type_id}`;
    const s = sums.get(key) ?? { toEnd: 0, inYear: 0 };
    s.toEnd += f.to_end;
    s.inYear += f.in_year;
    sums.set(key, s);
  }
  for (const r of open) {
    const entitled = isEntitled({ accrual: r.type_accrual, allow_negative: r.type_allow_negative });
    const own = leaveYearStart(r.from_date, yearStartMonth);
    if (own === yearStart || (entitled && own < yearStart)) {
      const sum = sums.get(`${r.employee_id}|${r.leave_type_id}`);
      const hold = held.find((h) => h.employee_id === r.employee_id && h.leave_type_id === r.leave_type_id);
      out.set(r.id, entitled ? (sum?.toEnd ?? 0) - (hold?.to_end ?? 0) : (sum?.inYear ?? 0) - (hold?.in_year ?? 0));
    } else {
      out.set(r.id, await balanceIn(ctx, r.employee_id, await getTypeRow(ctx, r.leave_type_id), r.from_date, { holds: true }));
    }
  }
  return out;
}

export function timelineOf(r: requestRepo.RequestRow) {
  return buildTimeline({
    status: statusOf(r.status),
    requiresHrApproval: r.requires_hr_approval === 1,
    closure: r.closure === null ? null : closureOf(r.closure),
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
  const ledger = await ledgerOf(ctx, [...new Set(rows.map((r) => r.employee_id))]);
  const [contexts, balances, files] = await Promise.all([
    contextsFor(
      ctx,
      rows.map((r) => ({
        key: r.id,
        employeeId: r.employee_id,
        leaveTypeId: r.leave_type_id,
        from: r.from_date,
        to: r.to_date,
        requestId: r.id,
        applicant: {
          departmentId: r.employee_department_id,
          locationId: r.employee_location_id,
          managerId: r.employee_manager_id,
          managerName: r.employee_manager_name,
          status: r.employee_status,
          locationWeeklyOffs: r.location_weekly_offs,
        },
      })),
      ledger,
    ),
    liveBalancesAfter(ctx, rows, ledger),
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
      colorTone: toneOf(r.color_tone),
      fromDate: r.from_date,
      toDate: r.to_date,
      duration: durationOf(r.duration),
      workingDays: r.working_days,
      reason: r.reason,
      backupEmployeeId: r.backup_employee_id,
      backupName: r.backup_name,
      balanceAfter: balances.get(r.id) ?? r.balance_after,
      status: statusOf(r.status),
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
      closure: r.closure === null ? null : closureOf(r.closure),
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
