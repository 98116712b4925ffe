import { dayInZone, daysBetween } from '../../../../shared/dates.ts';
import {
  type ColleagueList,
  type ColleagueQuery,
  ColorTone,
  type LeaveCalendar,
  type LeaveCalendarQuery,
  type LeaveDuration,
  type LeaveListQuery,
  type LeaveListResponse,
  type LeaveRequest,
  LeaveStatus,
} from '../../../../shared/leave/index.ts';
import { isWeeklyOff } from '../../../../shared/org.ts';
import type { Ctx } from '../../context.ts';
import { forbidden, notFound } from '../../http/problem.ts';
import { reachOf, reportingLineIds, visibleEmployeeIds } from '../employees/index.ts';
import { applicantOf } from './applicant.ts';
import { commonHolidays, organisationWeeklyOffs } from './calendar-inputs.ts';
import { presentRequests, visibleRequest } from './present.ts';
import { cachedLeaveAnswer, cachedLeaveCounts, cachedLeaveRecords } from './repo/answers-cache.ts';
import * as peopleRepo from './repo/people.ts';
import * as requestRepo from './repo/requests.ts';

/** Reading requests: one, a page of them, the backup choices and the leave calendar. */

/** One request with its timeline and context; 404 outside the caller's scope. */
export async function getLeaveRequest(ctx: Ctx, id: string): Promise<LeaveRequest> {
  const [one] = await presentRequests(ctx, [await visibleRequest(ctx, id)]);
  if (!one) throw notFound('Leave request');
  return one;
}

/**
 * What a page of requests the caller may see is made of: the page's ids and the parts beside the records (total,
 * paging, pending counts). The caller's reach and reporting line are joins on the closure, never lists of ids; the
 * total and the counts are counted once per state of the data.
 */
async function listingOf(ctx: Ctx, q: LeaveListQuery): Promise<{ ids: string[]; rest: Omit<LeaveListResponse, 'items'> }> {
  const self = ctx.caller.employeeId;
  const visible = reachOf(ctx);
  const manager = ctx.caller.permissions.includes('leave:approve');
  const approver: requestRepo.Approver = { employeeId: self ?? '', manager, hr: ctx.caller.permissions.includes('leave:hr-approve') };
  const mineOnly = q.mine === true;
  const employeeId = mineOnly ? (self ?? '') : q.employeeId;
  const filter: requestRepo.RequestFilter = {
    visible: mineOnly && q.employeeId && q.employeeId !== self ? { kind: 'none' } : visible,
    status: q.status,
    employeeId,
    leaveTypeId: q.leaveTypeId,
    from: q.from,
    to: q.to,
    awaiting: q.toApprove ? approver : undefined,
  };
  const page = { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  const { page: _p, pageSize: _s, sort: _o, order: _d, ...counted } = q;
  const view = viewKey(ctx);
  // The total depends on the filter, the pending counts only on the caller's view: each counted once per state of the data.
  const [total, counts, ids] = await Promise.all([
    cachedLeaveCounts(ctx.db, view, counted, () => requestRepo.countRequests(ctx.db, filter)),
    cachedLeaveCounts(ctx.db, view, 'pending', () => requestRepo.pendingCounts(ctx.db, visible, self, approver.manager || approver.hr ? approver : null)),
    requestRepo.listRequestIds(ctx.db, filter, q.sort, q.order, page),
  ]);
  return {
    ids,
    rest: {
      total,
      page: q.page,
      pageSize: q.pageSize,
      pending: {
        toApprove: counts.toApprove,
        mine: counts.mine,
        pendingManager: counts.byStatus.get('PendingManager') ?? 0,
        pendingHr: counts.byStatus.get('ManagerApprovedPendingHR') ?? 0,
      },
    },
  };
}

/** A page of the requests the caller may see, with the pending counts beside it (records: see `presentRequests`). */
export async function listLeaveRequests(ctx: Ctx, q: LeaveListQuery): Promise<LeaveListResponse> {
  const { ids, rest } = await listingOf(ctx, q);
  return { items: await presentRequests(ctx, await requestRepo.requestRowsByIds(ctx.db, ids)), ...rest };
}

/** How many requests wait for the caller's decision, and how many of the caller's own are still open (the dashboard). */
export async function leaveWaitingCounts(ctx: Ctx): Promise<{ toApprove: number; mine: number }> {
  const self = ctx.caller.employeeId;
  const manager = ctx.caller.permissions.includes('leave:approve');
  const hr = ctx.caller.permissions.includes('leave:hr-approve');
  const counts = await requestRepo.pendingCounts(ctx.db, reachOf(ctx), self, manager || hr ? { employeeId: self ?? '', manager, hr } : null);
  return { toApprove: counts.toApprove, mine: counts.mine };
}

/** What a list answer depends on besides the query: the caller's scope, who may decide, and which supporting files they may read. */
function viewKey(ctx: Ctx): string {
  const { caller } = ctx;
  const flags = (['leave:approve', 'leave:hr-approve', 'documents:self', 'documents:team', 'documents:manage', 'employee:sensitive'] as const).map((p) => (caller.permissions.includes(p) ? 1 : 0)).join('');
  return `${caller.scope}:${caller.employeeId ?? ''}:${flags}`;
}

const ITEMS_OPEN = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/**
 * The list as JSON bytes, from the leave cache when nothing it depends on changed since: the whole answer, else
 * the page's records one by one (a new filter or page size mostly shows records presented before). The lookup runs
 * before any statement: today comes from the clock and the organisation's time zone the context already carries.
 * The bytes are those of `JSON.stringify(listLeaveRequests(…))`.
 */
export async function listLeaveRequestsJson(ctx: Ctx, q: LeaveListQuery): Promise<Buffer> {
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const view = viewKey(ctx);
  return cachedLeaveAnswer(ctx.db, view, q, today, async () => {
    const { ids, rest } = await listingOf(ctx, q);
    const records = await cachedLeaveRecords(ctx.db, view, today, ids, async (missing) => {
      const presented = await presentRequests(ctx, await requestRepo.requestRowsByIds(ctx.db, missing));
      return new Map(presented.map((r) => [r.id, Buffer.from(JSON.stringify(r))]));
    });
    // `{"items":[],…}` with the records spliced in: the same bytes as stringifying the whole answer.
    const empty = JSON.stringify({ items: [], ...rest } satisfies LeaveListResponse);
    const parts: Buffer[] = [ITEMS_OPEN];
    for (const r of records) parts.push(r, COMMA);
    if (records.length > 0) parts.pop();
    parts.push(Buffer.from(empty.slice(ITEMS_OPEN.length)));
    return Buffer.concat(parts);
  });
}

/** People the applicant (the caller, or for HR `employeeId`) can name as backup: their team, their manager and their direct reports. */
export async function listLeaveColleagues(ctx: Ctx, query: ColleagueQuery): Promise<ColleagueList> {
  const { applicant: me } = await applicantOf(ctx, query.employeeId, 'query.employeeId');
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
