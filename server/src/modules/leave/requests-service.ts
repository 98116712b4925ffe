import { addDays } from '../../../../shared/dates.ts';
import {
  type ColleagueList,
  type LeaveApply,
  type LeaveCalendar,
  type LeaveCalendarQuery,
  type LeaveDuration,
  type LeaveListQuery,
  type LeaveListResponse,
  type LeaveQuote,
  type LeaveQuoteQuery,
  type LeaveRequest,
  LeaveStatus,
  ColorTone,
  SandwichRule,
} from '../../../../shared/leave/index.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { LeaveRequestTable } from '../../db/schema.ts';
import { type FieldError, badRequest, conflict, forbidden, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCanSeeEmployee, managerChainIds, reportingLineIds, visibleEmployeeIds } from '../employees/index.ts';
import { type Recipients, notify } from '../notifications/index.ts';
import { leaveYearLabel, type YearPosition } from './accrual.ts';
import { commonHolidays, organisationWeeklyOffs, workCalendarFor } from './calendar-inputs.ts';
import { daysBetween } from '../../../../shared/dates.ts';
import { isWeeklyOff } from '../../../../shared/org.ts';
import { countLeaveDays, dayKind, type LeaveCount } from './day-count.ts';
import { askedOf, balanceIn, leaveToday, positionOn, yearPositions } from './balance.ts';
import { writeReversal, writeUsage } from './ledger-entries.ts';
import { cachedLeaveAnswer } from './repo/answers-cache.ts';
import { contextsFor, presentRequests } from './present.ts';
import * as dayRepo from './repo/leave-days.ts';
import * as peopleRepo from './repo/people.ts';
import * as requestRepo from './repo/requests.ts';
import * as typeRepo from './repo/leave-types.ts';
import { fmtDays, spanOf } from './words.ts';
import { eligibleByGender, getTypeRow, isEntitled } from './types-service.ts';
import { type Stage, isOpen, stageOf, statusAfterApproval } from './workflow.ts';

/** The longest single request, in calendar days (maternity leave fits). */
export const MAX_REQUEST_SPAN_DAYS = 366;

const daysFrom = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
/** "2026-11-18" or "2026-11-18 (and 2 more days)". */
const firstOf = (days: readonly string[]) => `${days[0]}${days.length > 1 ? ` (and ${fmtDays(days.length - 1)} more)` : ''}`;

/** Leave years where a request asks more than is there (after pending holds). */
function shortfalls(positions: readonly YearPosition[]): YearPosition[] {
  return positions.filter((p) => p.asked > 0 && p.balance - p.pending < p.asked);
}

/** "only 2 days of CL available (1 day held by pending requests), 3 days asked", naming the year when it is not the current one or the request spans years. */
function shortOf(code: string, p: YearPosition, positions: readonly YearPosition[], currentYear: string): string {
  const spans = positions.filter((x) => x.asked > 0).length > 1;
  const year = ` in ${leaveYearLabel(p.yearStart)}`;
  const held = p.pending ? ` (${fmtDays(p.pending)} held by pending requests)` : '';
  return `only ${fmtDays(Math.max(0, p.balance - p.pending))} of ${code} available${spans || p.yearStart !== currentYear ? year : ''}${held}, ${fmtDays(p.asked)} asked${spans ? year : ''}`;
}

interface Problem extends FieldError {
  status: 400 | 409;
}

interface Draft {
  type: typeRepo.LeaveTypeRow;
  applicant: peopleRepo.ApplicantRow;
  from: string;
  to: string;
  duration: LeaveDuration;
  backupEmployeeId: string | null;
  /** HR records it for the employee after the fact: the notice period and the backdate window do not apply. */
  recordedByHr: boolean;
}

interface Checked {
  count: LeaveCount;
  workingDays: number;
  /** The leave year of the first day: its balance, pending holds, and what is left after this request's days in it. */
  balance: number;
  pending: number;
  balanceAfter: number;
  requiresHrApproval: boolean;
  documentsRequired: boolean;
  problems: Problem[];
}

/** Throws the problems of a check: 400 for the request's own faults, else 409 for clashes with what exists. */
function throwProblems(problems: readonly Problem[]): void {
  const bad = problems.filter((p) => p.status === 400);
  const list = bad.length ? bad : problems;
  if (list.length === 0) return;
  const errors = list.map(({ path, message }) => ({ path, message }));
  const detail = list.map((p) => `${p.path.replace(/^body\./, '')}: ${p.message}`).join('; ');
  throw bad.length ? badRequest(`This leave request cannot be made. ${detail}.`, errors) : conflict(`This leave request cannot be made. ${detail}.`, errors);
}

/** Working days of the same type adjacent to from..to (only non-working days between), for the consecutive-days limit. */
async function adjacentSpell(ctx: Ctx, d: Draft): Promise<number> {
  const windowFrom = addDays(d.from, -45);
  const windowTo = addDays(d.to, 45);
  const [others, calendar] = await Promise.all([
    requestRepo.liveRequestsOfTypeAround(ctx.db, d.applicant.id, d.type.id, windowFrom, windowTo),
    workCalendarFor(ctx.db, { id: d.applicant.id, locationId: d.applicant.location_id }, windowFrom, windowTo),
  ]);
  let extra = 0;
  const used = new Set<string>();
  for (const step of [-1, 1] as const) {
    let cursor = step < 0 ? addDays(d.from, -1) : addDays(d.to, 1);
    while (cursor >= windowFrom && cursor <= windowTo) {
      const r = others.find((o) => !used.has(o.id) && o.from_date <= cursor && o.to_date >= cursor);
      if (r) {
        used.add(r.id);
        extra += r.working_days;
        cursor = step < 0 ? addDays(r.from_date, -1) : addDays(r.to_date, 1);
      } else if (dayKind(cursor, calendar) !== 'working') cursor = addDays(cursor, step);
      else break;
    }
  }
  return extra;
}

/** Every rule a new request must pass, as a list of problems (empty: it may be made). */
async function checkDraft(ctx: Ctx, d: Draft, today: string): Promise<Checked> {
  const problems: Problem[] = [];
  const add = (status: 400 | 409, path: string, message: string) => problems.push({ status, path, message });
  const { type, applicant } = d;
  const span = daysFrom(d.from, d.to) + 1;
  const empty: Checked = { count: { workingDays: 0, days: [] }, workingDays: 0, balance: 0, pending: 0, balanceAfter: 0, requiresHrApproval: false, documentsRequired: false, problems };
  if (d.to < d.from) {
    add(400, 'body.toDate', 'must not be before fromDate');
    return empty;
  }
  if (span > MAX_REQUEST_SPAN_DAYS) {
    add(400, 'body.toDate', `a request covers at most ${MAX_REQUEST_SPAN_DAYS} calendar days`);
    return empty;
  }
  if (d.duration !== 'FullDay' && d.from !== d.to) add(400, 'body.duration', 'a half day needs fromDate and toDate to be the same day');
  if (type.active === 0) add(400, 'body.leaveTypeId', `${type.name} is no longer offered`);
  if (d.duration !== 'FullDay' && type.half_day_allowed === 0) add(400, 'body.duration', `${type.name} cannot be taken in half days`);
  if (!eligibleByGender(type, applicant.gender)) {
    add(400, 'body.leaveTypeId', `${type.name} is for ${type.eligible_gender === 'Female' ? 'women' : 'men'} only`);
  }
  if (type.min_service_days !== null && addDays(applicant.joined_date, type.min_service_days) > d.from) {
    add(400, 'body.leaveTypeId', `${type.name} can be taken from ${addDays(applicant.joined_date, type.min_service_days)} (after ${type.min_service_days} days of service)`);
  }
  if (!d.recordedByHr && d.from >= today && daysFrom(today, d.from) < type.notice_days) {
    add(400, 'body.fromDate', `${type.name} needs ${fmtDays(type.notice_days)} notice: the earliest start is ${addDays(today, type.notice_days)}`);
  }
  if (!d.recordedByHr && d.from < today && daysFrom(d.from, today) > type.backdate_days) {
    add(400, 'body.fromDate', type.backdate_days === 0
      ? `${type.name} cannot be applied for past days; ask HR`
      : `${type.name} can be applied at most ${fmtDays(type.backdate_days)} back (from ${addDays(today, -type.backdate_days)}); ask HR for older days`);
  }
  if (applicant.exit_date !== null && d.to > applicant.exit_date) add(400, 'body.toDate', `must not be after the last working day ${applicant.exit_date}`);

  const calendar = await workCalendarFor(ctx.db, { id: applicant.id, locationId: applicant.location_id }, d.from, d.to);
  const count = countLeaveDays({ from: d.from, to: d.to, duration: d.duration, sandwich: SandwichRule.parse(type.sandwich), calendar });
  const workingDays = count.workingDays;
  if (workingDays === 0) add(400, 'body.toDate', 'these dates are all weekly offs or holidays: there is no working day to take off');
  if (type.max_consecutive_days !== null && workingDays > 0) {
    const spell = workingDays + (await adjacentSpell(ctx, d));
    if (spell > type.max_consecutive_days) {
      add(400, 'body.toDate', `${type.name} is at most ${fmtDays(type.max_consecutive_days)} in a row; this makes ${fmtDays(spell)} with the requests next to it`);
    }
  }

  // Clashes with what exists: overlap, balance, the backup's own leave.
  const mine = await dayRepo.leaveDaysOf(ctx.db, applicant.id, d.from, d.to);
  const clash = mine.find((m) => !(d.duration !== 'FullDay' && m.portion !== 'FullDay' && m.portion !== d.duration));
  if (clash) {
    const other = await requestRepo.findRequestSpan(ctx.db, clash.request_id);
    const whose = d.recordedByHr ? `${applicant.full_name}'s` : 'your';
    const what = other ? `${whose} ${other.status === 'Approved' ? 'approved' : 'pending'} request for ${spanOf(other.from_date, other.to_date)}` : 'another request';
    add(409, 'body.fromDate', `overlaps ${what}`);
  }
  const closed = await ctx.links.attendance.frozenDays(ctx.db, applicant.id, d.from, d.to);
  if (closed.length) add(409, 'body.fromDate', `${firstOf(closed)} is closed in attendance (frozen): ${d.recordedByHr ? 'unfreeze it first' : 'ask HR to unfreeze it first'}`);
  const { yearStart: currentYear, yearStartMonth } = await leaveToday(ctx);
  const asked = askedOf(count.days.filter((c) => c.counted).map((c) => ({ date: c.date, portion: d.duration })));
  const positions = await yearPositions(ctx, applicant.id, type, asked.length ? asked : [{ date: d.from, days: 0 }], { holds: true });
  if (isEntitled(type) && type.allow_negative === 0) {
    for (const shortfall of shortfalls(positions)) add(409, 'body.leaveTypeId', shortOf(type.code, shortfall, positions, currentYear));
  }
  const first = positionOn(positions, d.from, yearStartMonth);
  if (d.backupEmployeeId) {
    if (d.backupEmployeeId === applicant.id) add(400, 'body.backupEmployeeId', 'must be someone else');
    else {
      const backup = await peopleRepo.employeeExists(ctx.db, d.backupEmployeeId);
      if (!backup || backup.status === 'Exited') add(400, 'body.backupEmployeeId', 'no such employee');
      else {
        const away = await dayRepo.leaveDaysOf(ctx.db, backup.id, d.from, d.to);
        if (away.length) add(409, 'body.backupEmployeeId', `${backup.full_name} is on leave on ${away.map((a) => a.date).sort()[0]}`);
      }
    }
  }
  const requiresHrApproval = type.hr_approval === 'always' || (type.hr_approval === 'aboveDays' && workingDays > (type.hr_approval_above_days ?? 0));
  const documentsRequired = type.documents_above_days !== null && workingDays > type.documents_above_days;
  return { count, workingDays, balance: first.balance, pending: first.pending, balanceAfter: first.balance - first.pending - first.asked, requiresHrApproval, documentsRequired, problems };
}

interface Applicant {
  applicant: peopleRepo.ApplicantRow;
  /** HR acts for someone else (never for themselves): the notice and backdate checks are waived, the entry recorded as theirs. */
  recordedByHr: boolean;
}

/**
 * Whose leave a request, quote or backup list is for: the caller, or with
 * `employeeId` another employee, which only HR (`leave:hr-approve`) may name
 * (403), within their scope (404). The caller's own id is a normal apply.
 */
async function applicantOf(ctx: Ctx, employeeId?: string | null, path = 'body.employeeId'): Promise<Applicant> {
  const self = ctx.caller.employeeId;
  if (!employeeId || employeeId === self) {
    if (!self) throw forbidden('Only employees apply for leave; this login is not one.');
    const applicant = await peopleRepo.findApplicant(ctx.db, self);
    if (!applicant) throw notFound('Employee');
    if (applicant.status === 'Exited') throw forbidden('An exited employee cannot apply for leave.');
    return { applicant, recordedByHr: false };
  }
  if (!ctx.caller.permissions.includes('leave:hr-approve')) {
    throw forbidden('Only HR (permission leave:hr-approve) records leave for another employee; leave out employeeId to apply for yourself.');
  }
  await assertCanSeeEmployee(ctx, employeeId);
  const applicant = await peopleRepo.findApplicant(ctx.db, employeeId);
  if (!applicant) throw notFound('Employee');
  if (applicant.status === 'Exited') {
    throw badRequest(`${applicant.full_name} has exited: leave can no longer be recorded for them (adjust the balance instead).`, [{ path, message: 'has exited' }]);
  }
  return { applicant, recordedByHr: true };
}

/** Who decides next: the manager (when they have an active login), else HR. */
async function approversOf(ctx: Ctx, managerId: string | null, stage: Stage): Promise<Recipients> {
  if (stage === 'hr') return { roles: ['HR', 'Admin'] };
  if (managerId && (await peopleRepo.hasActiveLogin(ctx.db, managerId))) return { employeeIds: [managerId] };
  return { roles: ['HR', 'Admin'] };
}

async function presentOne(ctx: Ctx, id: string): Promise<LeaveRequest> {
  const row = await requestRepo.findRequestRow(ctx.db, id);
  if (!row) throw notFound('Leave request');
  const [one] = await presentRequests(ctx, [row]);
  if (!one) throw notFound('Leave request');
  return one;
}

/* ---------------------------------------------------------------- apply and quote */

/** What a request for these dates would cost and meet, before it is made (the apply form). */
export async function quoteLeave(ctx: Ctx, q: LeaveQuoteQuery): Promise<LeaveQuote> {
  const { applicant, recordedByHr } = await applicantOf(ctx, q.employeeId, 'query.employeeId');
  const type = await getTypeRow(ctx, q.leaveTypeId, 'query.leaveTypeId');
  const { today } = await leaveToday(ctx);
  const checked = await checkDraft(ctx, { type, applicant, from: q.fromDate, to: q.toDate, duration: q.duration, backupEmployeeId: null, recordedByHr }, today);
  const to = q.toDate < q.fromDate || daysFrom(q.fromDate, q.toDate) >= MAX_REQUEST_SPAN_DAYS ? q.fromDate : q.toDate;
  const contexts = await contextsFor(ctx, [{ key: 'q', employeeId: applicant.id, leaveTypeId: type.id, from: q.fromDate, to, requestId: null }]);
  const context = contexts.get('q');
  if (!context) throw new Error('no context');
  return {
    workingDays: checked.workingDays,
    balance: checked.balance,
    pending: checked.pending,
    balanceAfter: checked.balanceAfter,
    requiresHrApproval: checked.requiresHrApproval,
    documentsRequired: checked.documentsRequired,
    context,
    problems: checked.problems.map(({ path, message }) => ({ path: path.replace(/^body\./, 'query.'), message })),
  };
}

/**
 * Applies for leave as the caller, or (HR, `employeeId`) records it for an
 * employee: checked, held against the balance, the manager told. A recorded
 * request goes through the same approvals; the employee is told HR entered it.
 */
export async function applyLeave(ctx: Ctx, input: LeaveApply): Promise<LeaveRequest> {
  return inTransaction(ctx, async (t) => {
    const { applicant, recordedByHr } = await applicantOf(t, input.employeeId);
    const type = await getTypeRow(t, input.leaveTypeId);
    const { today } = await leaveToday(t);
    const checked = await checkDraft(
      t,
      { type, applicant, from: input.fromDate, to: input.toDate, duration: input.duration, backupEmployeeId: input.backupEmployeeId ?? null, recordedByHr },
      today,
    );
    throwProblems(checked.problems);
    const now = t.clock.now().toISOString();
    const row: LeaveRequestTable = {
      id: newId(),
      employee_id: applicant.id,
      leave_type_id: type.id,
      from_date: input.fromDate,
      to_date: input.toDate,
      duration: input.duration,
      working_days: checked.workingDays,
      reason: input.reason ?? null,
      backup_employee_id: input.backupEmployeeId ?? null,
      status: 'PendingManager',
      requires_hr_approval: checked.requiresHrApproval ? 1 : 0,
      documents_required: checked.documentsRequired ? 1 : 0,
      manager_decision_by: null,
      manager_decided_at: null,
      manager_note: null,
      manager_stage_by_hr: 0,
      hr_decision_by: null,
      hr_decided_at: null,
      hr_note: null,
      decision_note: null,
      closure: null,
      closed_by_name: null,
      closed_at: null,
      balance_after: checked.balanceAfter,
      created_at: now,
      updated_at: now,
      entered_by: recordedByHr ? t.caller.employeeId : null,
      entered_by_name: recordedByHr ? t.caller.name : null,
    };
    await requestRepo.insertRequestRow(t.db, row);
    await dayRepo.insertLeaveDays(
      t.db,
      checked.count.days.map((d) => ({ request_id: row.id, employee_id: applicant.id, date: d.date, portion: input.duration, counted: d.counted ? 1 : 0, approved: 0 })),
    );
    const what = `${fmtDays(checked.workingDays)} of ${type.name} (${spanOf(row.from_date, row.to_date)}${input.duration !== 'FullDay' ? `, ${input.duration === 'FirstHalf' ? 'first half' : 'second half'}` : ''})`;
    await recordAudit(t, {
      employeeId: applicant.id,
      category: 'Leave',
      action: 'leave.submitted',
      summary: recordedByHr ? `Applied for ${what} by ${t.caller.name} for ${applicant.full_name}` : `Applied for ${what}`,
      changes: [
        { field: 'status', before: null, after: 'PendingManager' },
        ...(recordedByHr ? [{ field: 'enteredBy', before: null, after: t.caller.name }] : []),
      ],
    });
    await notify(t, await approversOf(t, applicant.manager_id, 'manager'), {
      kind: 'leave.submitted',
      title: recordedByHr ? `${t.caller.name} (HR) recorded ${what} for ${applicant.full_name}` : `${applicant.full_name} applied for ${what}`,
      body: row.reason,
      link: `/leave/approvals?request=${row.id}`,
    });
    if (recordedByHr) {
      await notify(t, { employeeIds: [applicant.id] }, {
        kind: 'leave.recorded',
        title: `${t.caller.name} (HR) recorded ${what} for you; it now waits for approval`,
        body: row.reason,
        link: '/leave',
      });
    }
    return presentOne(t, row.id);
  });
}

/* ---------------------------------------------------------------- decisions */

async function loadForDecision(ctx: Ctx, id: string): Promise<requestRepo.RequestRow> {
  const row = await requestRepo.findRequestRow(ctx.db, id);
  if (!row) throw notFound('Leave request');
  try {
    await assertCanSeeEmployee(ctx, row.employee_id);
  } catch {
    throw notFound('Leave request');
  }
  return row;
}

/**
 * Who may decide at a stage: at the manager stage someone above the employee
 * in the reporting line holding `leave:approve`, or HR (`leave:hr-approve`,
 * recorded as acting for the manager); at the HR stage only HR. Nobody
 * decides their own request. Returns whether HR acts for the manager.
 */
interface Decider {
  stage: Stage;
  byHrForManager: boolean;
  aboveManager: boolean;
}

/** Who decided, for the audit trail: "HR", "HR (for the manager)", "<name> (for the manager)" or "the manager". */
function deciderWords(d: Decider, name: string): string {
  return d.stage === 'hr' ? 'HR' : d.byHrForManager ? 'HR (for the manager)' : d.aboveManager ? `${name} (for the manager)` : 'the manager';
}

async function assertMayDecide(ctx: Ctx, row: requestRepo.RequestRow): Promise<Decider> {
  const { caller } = ctx;
  if (caller.employeeId === row.employee_id) throw forbidden('Nobody approves or rejects their own leave request.');
  const status = LeaveStatus.parse(row.status);
  const stage = stageOf(status);
  if (!stage) throw conflict(`This request is already ${row.closure ? row.closure.toLowerCase() : status.toLowerCase()}; it cannot be decided again.`);
  const hr = caller.permissions.includes('leave:hr-approve');
  if (stage === 'hr') {
    if (!hr) throw forbidden('This request waits for HR approval (permission leave:hr-approve).');
    return { stage, byHrForManager: false, aboveManager: false };
  }
  const inLine = caller.employeeId !== null && (await managerChainIds(ctx.db, row.employee_id)).includes(caller.employeeId);
  if (inLine && caller.permissions.includes('leave:approve')) return { stage, byHrForManager: false, aboveManager: caller.employeeId !== row.employee_manager_id };
  if (hr) return { stage, byHrForManager: true, aboveManager: false };
  throw forbidden('Only a manager above this employee (leave:approve) or HR (leave:hr-approve) decides this request.');
}

/** 409 when attendance of a day of the request is frozen: leave inside a closed month does not change. */
async function assertNoFrozenDay(ctx: Ctx, row: requestRepo.RequestRow, action: string): Promise<void> {
  const closed = await ctx.links.attendance.frozenDays(ctx.db, row.employee_id, row.from_date, row.to_date);
  if (closed.length) throw conflict(`Attendance of ${firstOf(closed)} is frozen (closed): this leave cannot be ${action} until HR unfreezes the day.`);
}

function describe(row: requestRepo.RequestRow): string {
  return `${fmtDays(row.working_days)} of ${row.type_name} (${spanOf(row.from_date, row.to_date)})`;
}

/** Approves at the current stage; the final approval deducts the balance and tells attendance. */
export async function approveLeave(ctx: Ctx, id: string, note: string | null): Promise<LeaveRequest> {
  return inTransaction(ctx, async (t) => {
    const row = await loadForDecision(t, id);
    const decider = await assertMayDecide(t, row);
    const { stage, byHrForManager } = decider;
    await assertNoFrozenDay(t, row, 'approved');
    const before = LeaveStatus.parse(row.status);
    const next = statusAfterApproval(before, row.requires_hr_approval === 1);
    const now = t.clock.now().toISOString();
    const me = t.caller.employeeId;
    const patch: Partial<LeaveRequestTable> = { status: next, updated_at: now, decision_note: note };
    if (stage === 'manager') Object.assign(patch, { manager_decision_by: me, manager_decided_at: now, manager_note: note, manager_stage_by_hr: byHrForManager ? 1 : 0 });
    else Object.assign(patch, { hr_decision_by: me, hr_decided_at: now, hr_note: note });
    if (stage === 'hr' && note === null) patch.decision_note = row.manager_note;

    if (next === 'Approved') {
      const type = await getTypeRow(t, row.leave_type_id);
      const { yearStartMonth } = await leaveToday(t);
      const days = await dayRepo.countedDaysOfRequest(t.db, row.id);
      if (isEntitled(type) && type.allow_negative === 0) {
        const positions = await yearPositions(t, row.employee_id, type, askedOf(days), { holds: false });
        const [short] = shortfalls(positions);
        if (short) {
          const where = positions.filter((p) => p.asked > 0).length > 1 || short.yearStart !== positions[0]?.yearStart ? ` in ${leaveYearLabel(short.yearStart)}` : '';
          throw conflict(`Only ${fmtDays(short.balance)} of ${type.code} are left now${where}, and this request needs ${fmtDays(short.asked)} there. Reject it, or adjust the balance first.`);
        }
      }
      await writeUsage(t, row, days, yearStartMonth);
      await dayRepo.markLeaveDaysApproved(t.db, row.id);
      patch.balance_after = await balanceIn(t, row.employee_id, type, row.from_date, { holds: false });
      await t.links.attendance.inputsChanged(t, row.employee_id, row.from_date, row.to_date);
    }
    await requestRepo.updateRequestRow(t.db, row.id, patch);

    const stageWords = deciderWords(decider, t.caller.name);
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Leave',
      action: 'leave.approved',
      summary: `${describe(row)} approved by ${stageWords}${note ? `: ${note}` : ''}`,
      changes: [{ field: 'status', before, after: next }],
    });
    if (next === 'ManagerApprovedPendingHR') {
      await notify(t, { employeeIds: [row.employee_id] }, {
        kind: 'leave.manager-approved',
        title: `Your manager approved your ${row.type_name} for ${spanOf(row.from_date, row.to_date)}; it now waits for HR`,
        body: note,
        link: '/leave',
      });
      await notify(t, await approversOf(t, null, 'hr'), {
        kind: 'leave.awaiting-hr',
        title: `${row.employee_name}'s ${describe(row)} needs HR approval`,
        body: note,
        link: `/leave/approvals?request=${row.id}`,
      });
    } else {
      await notify(t, { employeeIds: [row.employee_id] }, {
        kind: 'leave.approved',
        title: `Your ${row.type_name} for ${spanOf(row.from_date, row.to_date)} is approved`,
        body: note,
        link: '/leave',
      });
      if (row.backup_employee_id) {
        await notify(t, { employeeIds: [row.backup_employee_id] }, {
          kind: 'leave.backup',
          title: `You are ${row.employee_name}'s backup ${row.from_date === row.to_date ? `on ${row.from_date}` : `from ${row.from_date} to ${row.to_date}`}`,
          body: null,
          link: '/leave/calendar',
        });
      }
    }
    return presentOne(t, row.id);
  });
}

/** What a request that will not be taken leaves: the balance less what the other pending requests of its type hold. */
async function balanceLeft(ctx: Ctx, row: requestRepo.RequestRow): Promise<number> {
  const type = await getTypeRow(ctx, row.leave_type_id);
  return balanceIn(ctx, row.employee_id, type, row.from_date, { holds: true, exceptRequestId: row.id });
}

/** Rejects at the current stage (spec §4.3) and releases the hold. */
export async function rejectLeave(ctx: Ctx, id: string, note: string | null): Promise<LeaveRequest> {
  return inTransaction(ctx, async (t) => {
    const row = await loadForDecision(t, id);
    const decider = await assertMayDecide(t, row);
    const { stage, byHrForManager } = decider;
    const now = t.clock.now().toISOString();
    const me = t.caller.employeeId;
    const patch: Partial<LeaveRequestTable> = { status: 'Rejected', updated_at: now, decision_note: note, balance_after: await balanceLeft(t, row) };
    if (stage === 'manager') Object.assign(patch, { manager_decision_by: me, manager_decided_at: now, manager_note: note, manager_stage_by_hr: byHrForManager ? 1 : 0 });
    else Object.assign(patch, { hr_decision_by: me, hr_decided_at: now, hr_note: note });
    await dayRepo.deleteLeaveDays(t.db, row.id);
    await requestRepo.updateRequestRow(t.db, row.id, patch);
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Leave',
      action: 'leave.rejected',
      summary: `${describe(row)} rejected by ${deciderWords(decider, t.caller.name)}${note ? `: ${note}` : ''}`,
      changes: [{ field: 'status', before: row.status, after: 'Rejected' }],
    });
    await notify(t, { employeeIds: [row.employee_id] }, {
      kind: 'leave.rejected',
      title: `Your ${row.type_name} for ${spanOf(row.from_date, row.to_date)} was rejected`,
      body: note,
      link: '/leave',
    });
    return presentOne(t, row.id);
  });
}

/** The employee withdraws a request still pending: status Rejected, closure Withdrawn, the hold released. */
export async function withdrawLeave(ctx: Ctx, id: string, note: string | null): Promise<LeaveRequest> {
  return inTransaction(ctx, async (t) => {
    const row = await loadForDecision(t, id);
    if (t.caller.employeeId !== row.employee_id) throw forbidden('Only the employee withdraws their own request; a manager or HR rejects it instead.');
    const status = LeaveStatus.parse(row.status);
    if (!isOpen(status)) {
      throw conflict(status === 'Approved' ? 'This request is approved: ask HR to cancel it.' : 'This request is already settled; there is nothing to withdraw.');
    }
    const stage = stageOf(status) ?? 'manager';
    const approvers = await approversOf(t, (await peopleRepo.findApplicant(t.db, row.employee_id))?.manager_id ?? null, stage);
    const now = t.clock.now().toISOString();
    const balanceAfter = await balanceLeft(t, row);
    await dayRepo.deleteLeaveDays(t.db, row.id);
    await requestRepo.updateRequestRow(t.db, row.id, {
      status: 'Rejected',
      closure: 'Withdrawn',
      closed_by_name: t.caller.name,
      closed_at: now,
      decision_note: `Withdrawn by the employee${note ? `: ${note}` : ''}`,
      balance_after: balanceAfter,
      updated_at: now,
    });
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Leave',
      action: 'leave.withdrawn',
      summary: `Withdrew ${describe(row)}${note ? `: ${note}` : ''}`,
      changes: [{ field: 'status', before: status, after: 'Rejected (withdrawn)' }],
    });
    await notify(t, approvers, {
      kind: 'leave.withdrawn',
      title: `${row.employee_name} withdrew their ${describe(row)}`,
      body: note,
      link: `/leave/approvals?request=${row.id}`,
    });
    return presentOne(t, row.id);
  });
}

/** HR cancels approved leave: the usage is reversed, attendance told, the employee notified. */
export async function cancelLeave(ctx: Ctx, id: string, note: string): Promise<LeaveRequest> {
  return inTransaction(ctx, async (t) => {
    const row = await loadForDecision(t, id);
    if (t.caller.employeeId === row.employee_id) throw forbidden('Nobody cancels their own approved leave; ask another HR person.');
    if (row.status !== 'Approved') {
      throw conflict(isOpen(LeaveStatus.parse(row.status)) ? 'This request is still pending: reject it instead.' : 'This request is already settled.');
    }
    await assertNoFrozenDay(t, row, 'cancelled');
    const now = t.clock.now().toISOString();
    const returned = await writeReversal(t, row.id, row.employee_id, row.leave_type_id, `${row.type_code} ${spanOf(row.from_date, row.to_date)} cancelled by HR: ${note}`);
    await dayRepo.deleteLeaveDays(t.db, row.id);
    const type = await getTypeRow(t, row.leave_type_id);
    await requestRepo.updateRequestRow(t.db, row.id, {
      status: 'Rejected',
      closure: 'Cancelled',
      closed_by_name: t.caller.name,
      closed_at: now,
      decision_note: `Cancelled by HR: ${note}`,
      balance_after: await balanceIn(t, row.employee_id, type, row.from_date, { holds: false }),
      updated_at: now,
    });
    await t.links.attendance.inputsChanged(t, row.employee_id, row.from_date, row.to_date);
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Leave',
      action: 'leave.cancelled',
      summary: `Approved ${describe(row)} cancelled by HR (${fmtDays(returned)} returned): ${note}`,
      changes: [{ field: 'status', before: 'Approved', after: 'Rejected (cancelled)' }],
    });
    await notify(t, { employeeIds: [row.employee_id] }, {
      kind: 'leave.cancelled',
      title: `Your approved ${row.type_name} for ${spanOf(row.from_date, row.to_date)} was cancelled by HR`,
      body: note,
      link: '/leave',
    });
    return presentOne(t, row.id);
  });
}

/* ---------------------------------------------------------------- reading */

export async function getLeaveRequest(ctx: Ctx, id: string): Promise<LeaveRequest> {
  return presentOne(ctx, (await loadForDecision(ctx, id)).id);
}

export async function listLeaveRequests(ctx: Ctx, q: LeaveListQuery): Promise<LeaveListResponse> {
  const self = ctx.caller.employeeId;
  const visible = await visibleEmployeeIds(ctx);
  const manager = ctx.caller.permissions.includes('leave:approve');
  const approver: requestRepo.Approver = {
    employeeId: self ?? '',
    manager,
    line: manager && self ? await reportingLineIds(ctx.db, self) : [],
    hr: ctx.caller.permissions.includes('leave:hr-approve'),
  };
  const mineOnly = q.mine === true;
  const employeeId = mineOnly ? (self ?? '') : q.employeeId;
  const filter: requestRepo.RequestFilter = {
    visible: mineOnly && q.employeeId && q.employeeId !== self ? [] : visible,
    status: q.status,
    employeeId,
    leaveTypeId: q.leaveTypeId,
    from: q.from,
    to: q.to,
    awaiting: q.toApprove ? approver : undefined,
  };
  const page = { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  const [total, rows, toApprove, mineOpen, byStatus] = await Promise.all([
    requestRepo.countRequests(ctx.db, filter),
    requestRepo.listRequestRows(ctx.db, filter, q.sort, q.order, page),
    self && (approver.manager || approver.hr) ? requestRepo.countRequests(ctx.db, { visible, awaiting: approver }) : Promise.resolve(0),
    self ? requestRepo.openCountsByStatus(ctx.db, [self]) : Promise.resolve(new Map<string, number>()),
    requestRepo.openCountsByStatus(ctx.db, visible),
  ]);
  return {
    items: await presentRequests(ctx, rows),
    total,
    page: q.page,
    pageSize: q.pageSize,
    pending: {
      toApprove,
      mine: [...mineOpen.values()].reduce((s, n) => s + n, 0),
      pendingManager: byStatus.get('PendingManager') ?? 0,
      pendingHr: byStatus.get('ManagerApprovedPendingHR') ?? 0,
    },
  };
}

/** The list as JSON bytes, from the leave cache when nothing it depends on changed since. */
export async function listLeaveRequestsJson(ctx: Ctx, q: LeaveListQuery): Promise<Buffer> {
  const { caller } = ctx;
  const who = `${caller.scope}:${caller.employeeId ?? ''}:${caller.permissions.includes('leave:approve')}:${caller.permissions.includes('leave:hr-approve')}`;
  const { today } = await leaveToday(ctx);
  return cachedLeaveAnswer(ctx.db, who, q, today, () => listLeaveRequests(ctx, q));
}

/** People the applicant (the caller, or for HR `employeeId`) can name as backup: their team, their manager and their direct reports. */
export async function listColleagues(ctx: Ctx, employeeId?: string): Promise<ColleagueList> {
  const { applicant: me } = await applicantOf(ctx, employeeId, 'query.employeeId');
  const managerIds = [me.id, ...(me.manager_id ? [me.manager_id] : [])];
  const rows = await peopleRepo.colleagueRows(ctx.db, managerIds, me.manager_id ? [me.manager_id] : []);
  return { items: rows.filter((r) => r.id !== me.id).map((r) => ({ id: r.id, fullName: r.full_name, code: r.code })) };
}

/**
 * Pending and approved leave over a range. `team`: the caller's team (same
 * manager), manager and reporting line; `org`: everyone in the caller's scope.
 * People outside the caller's scope (team-mates of an employee) show as
 * "On leave" without the type.
 */
export async function leaveCalendar(ctx: Ctx, q: LeaveCalendarQuery): Promise<LeaveCalendar> {
  const visible = await visibleEmployeeIds(ctx);
  const self = ctx.caller.employeeId;
  let ids: 'all' | string[];
  if (q.scope === 'org') ids = visible;
  else {
    if (!self) throw forbidden('The team calendar belongs to an employee; this login is not one.');
    const me = await peopleRepo.findApplicant(ctx.db, self);
    const team = me?.manager_id ? (await peopleRepo.teamMembers(ctx.db, [me.manager_id])).map((m) => m.id) : [];
    const line = ctx.caller.scope === 'self' ? [] : await reportingLineIds(ctx.db, self);
    ids = [...new Set([self, ...(me?.manager_id ? [me.manager_id] : []), ...team, ...line])];
  }
  const [rows, weeklyOffs, holidays] = await Promise.all([
    requestRepo.calendarRows(ctx.db, ids, q.from, q.to, q.departmentId),
    organisationWeeklyOffs(ctx.db),
    commonHolidays(ctx.db, q.from, q.to),
  ]);
  const canSee = (id: string) => visible === 'all' || visible.includes(id);
  const people = new Map<string, LeaveCalendar['people'][number]>();
  if (ids !== 'all' && q.scope === 'team') {
    for (const e of await peopleRepo.employeesForCalendar(ctx.db, ids, q.departmentId)) {
      people.set(e.id, { employeeId: e.id, fullName: e.full_name, code: e.code, department: e.department, entries: [] });
    }
  }
  for (const r of rows) {
    const person = people.get(r.employee_id) ?? { employeeId: r.employee_id, fullName: r.full_name, code: r.code, department: r.department, entries: [] };
    const shown = canSee(r.employee_id);
    person.entries.push({
      requestId: r.id,
      leaveTypeCode: shown ? r.type_code : 'LEAVE',
      leaveTypeName: shown ? r.type_name : 'On leave',
      colorTone: shown ? ColorTone.parse(r.color_tone) : 'neutral',
      fromDate: r.from_date,
      toDate: r.to_date,
      duration: r.duration as LeaveDuration,
      status: LeaveStatus.parse(r.status),
    });
    people.set(r.employee_id, person);
  }
  return {
    from: q.from,
    to: q.to,
    days: daysBetween(q.from, q.to).map((date) => ({ date, weekend: isWeeklyOff(date, weeklyOffs), holiday: holidays.get(date) ?? null })),
    people: [...people.values()].sort((a, b) => a.fullName.localeCompare(b.fullName)),
  };
}
