import type { Dashboard } from '../../../../shared/dashboard.ts';
import { OverviewQuery } from '../../../../shared/documents.ts';
import { addDays, dayInZone, monthBounds, startOfIsoWeek } from '../../../../shared/dates.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { attendanceSummaryByEmployee, countPendingDays, dailyAttendance, liveSummary } from '../attendance/index.ts';
import { documentOverview } from '../documents/index.ts';
import { celebrationsBetween, headcountNow, reportPopulation } from '../employees/index.ts';
import { awayPerDay, getLeaveBalances, leaveWaitingCounts, requestsOverlapping } from '../leave/index.ts';
import { regularizationsAwaitingMe } from '../regularizations/index.ts';
import { listTerminalHealthRows } from '../terminals/index.ts';
import { shapeCelebrations, shapeLeaveLoad, shapeTrend } from './shape.ts';

/**
 * The home page's figures, by the caller's role: HR and Admin the
 * organisation, a manager the reporting line, an employee their own month.
 * Aggregate queries only (and the live board's own computation for today);
 * a computed dashboard is kept while none of the tables it reads changes and
 * the minute is the same, so the console's refresh every half minute is cheap.
 */

const TREND_DAYS = 30;
const LOAD_DAYS = 14;

const dashboardCache = defineCache<Dashboard>({
  name: 'dashboard',
  reads: [
    'employee',
    'department',
    'location',
    'attendance_day',
    'punch',
    'shift',
    'shift_assignment',
    'holiday',
    'holiday_opt_in',
    'location_policy',
    'attendance_settings',
    'organisation',
    'leave_day',
    'leave_request',
    'leave_ledger',
    'leave_type',
    'regularization',
    'terminal',
    'terminal#activity',
    'terminal_enrolment',
    'user_account',
    'employee_document',
    'document_type',
    'document_checklist',
    'document_request',
  ],
  maxEntries: 200,
});

/** The dashboard for the caller (every signed-in user has one). */
export async function getDashboard(ctx: Ctx): Promise<Dashboard> {
  requirePermission(ctx, 'self:read');
  const now = ctx.clock.now();
  const who = ctx.caller.scope === 'org' ? `org:${ctx.caller.employeeId ?? ''}` : `${ctx.caller.scope}:${ctx.caller.employeeId ?? ''}`;
  const key = `${who}|${[...ctx.caller.permissions].join(',')}|${Math.floor(now.getTime() / 60_000)}`;
  return dashboardCache.get(ctx.db, key, () => computeDashboard(ctx));
}

async function computeDashboard(ctx: Ctx): Promise<Dashboard> {
  const now = ctx.clock.now();
  const today = dayInZone(now, ctx.timeZone);
  const yesterday = addDays(today, -1);
  const { first: monthFirst } = monthBounds(today);
  const scope = ctx.caller.scope;
  const can = (p: string) => ctx.caller.permissions.includes(p as never);
  const seesOthers = scope !== 'self';
  const population = seesOthers ? await reportPopulation(ctx) : null;
  const ids = population?.ids ?? [];
  const weekStart = startOfIsoWeek(today);
  const verifier = can('documents:manage');
  const approver = verifier || can('leave:approve') || can('leave:hr-approve') || can('regularization:approve') || can('regularization:hr-approve');

  const [live, approvals, terminals, trend, load, celebrations, headcount, me] = await Promise.all([
    seesOthers || ctx.caller.employeeId ? liveSummary(ctx) : Promise.resolve(null),
    approver ? Promise.all([leaveWaitingCounts(ctx), regularizationsAwaitingMe(ctx), verifier ? documentsToVerify(ctx) : Promise.resolve(null)]) : Promise.resolve(null),
    scope === 'org' ? terminalsNow(ctx, ids, yesterday, now.getTime()) : Promise.resolve(null),
    seesOthers ? dailyAttendance(ctx.db, ids, addDays(today, -TREND_DAYS), yesterday) : Promise.resolve(null),
    seesOthers
      ? Promise.all([awayPerDay(ctx.db, ids, today, addDays(today, LOAD_DAYS - 1)), requestsOverlapping(ctx.db, ids, today, addDays(today, LOAD_DAYS - 1), 12)])
      : Promise.resolve(null),
    seesOthers ? celebrationsBetween(ctx.db, ids, weekStart, addDays(weekStart, 6)) : Promise.resolve(null),
    seesOthers ? headcountNow(ctx.db, ids, monthFirst, today) : Promise.resolve(null),
    ctx.caller.employeeId ? myMonth(ctx, ctx.caller.employeeId, monthFirst, today) : Promise.resolve(null),
  ]);

  return {
    scope,
    generatedAt: now.toISOString(),
    today,
    timeZone: ctx.timeZone,
    attendance:
      seesOthers && live
        ? {
            employees: live.counts.total,
            present: live.present,
            inNow: live.counts.In,
            late: live.late,
            absentSoFar: live.counts.Late,
            notYetIn: live.counts.NotYetIn,
            onLeave: live.counts.OnLeave,
            off: live.counts.Off,
          }
        : null,
    approvals: approvals
      ? { leave: approvals[0].toApprove, regularizations: approvals[1], documents: approvals[2], total: approvals[0].toApprove + approvals[1] + (approvals[2] ?? 0) }
      : null,
    terminals,
    trend: trend ? shapeTrend(trend, addDays(today, -TREND_DAYS), yesterday) : null,
    leaveLoad: load ? shapeLeaveLoad(load[0], load[1], today, addDays(today, LOAD_DAYS - 1)) : null,
    celebrations: celebrations ? shapeCelebrations(celebrations, weekStart) : null,
    headcount: headcount ? { ...headcount, month: today.slice(0, 7) } : null,
    me: me ? { ...me, live: live?.selfState ?? null } : null,
  };
}

/** Documents waiting for verification, as the documents overview counts them. */
async function documentsToVerify(ctx: Ctx): Promise<number> {
  const overview = await documentOverview(ctx, OverviewQuery.parse({ status: 'AwaitingVerification', pageSize: '1' }));
  return overview.facets.status.find((f) => f.value === 'AwaitingVerification')?.count ?? 0;
}

/** The terminals now: online or not, and whether today's days can become final. */
async function terminalsNow(ctx: Ctx, ids: readonly string[] | 'all', yesterday: string, nowMs: number): Promise<NonNullable<Dashboard['terminals']>> {
  const [rows, provisionalYesterday] = await Promise.all([listTerminalHealthRows(ctx.db), countPendingDays(ctx.db, ids, yesterday)]);
  const enabled = rows.filter((t) => t.enabled === 1);
  const items = enabled.map((t) => ({
    id: t.id,
    name: t.name,
    location: t.location_name,
    online: t.last_contact_at !== null && nowMs - Date.parse(t.last_contact_at) <= t.offline_after_minutes * 60_000,
    lastContactAt: t.last_contact_at,
    syncedUntil: t.synced_until,
    backlog: t.connector_backlog,
  }));
  const online = items.filter((t) => t.online).length;
  return {
    total: items.length,
    online,
    offline: items.length - online,
    todayCanBeFinal: items.every((t) => t.online && (t.backlog ?? 0) === 0),
    provisionalYesterday,
    items,
  };
}

/** The caller's own month so far, open requests and leave balances. */
async function myMonth(ctx: Ctx, employeeId: string, from: string, today: string): Promise<Omit<NonNullable<Dashboard['me']>, 'live'>> {
  const [[sums], waiting, balances] = await Promise.all([
    attendanceSummaryByEmployee(ctx.db, [employeeId], from, today),
    leaveWaitingCounts(ctx),
    getLeaveBalances(ctx, {}).catch(() => null),
  ]);
  return {
    month: today.slice(0, 7),
    present: sums?.present ?? 0,
    halfDays: sums?.halfDays ?? 0,
    absent: sums?.absent ?? 0,
    late: sums?.late ?? 0,
    leave: sums?.leave ?? 0,
    workedMinutes: sums?.workedMinutes ?? 0,
    otMinutes: sums?.otMinutes ?? 0,
    pendingRequests: waiting.mine,
    balances: (balances?.items ?? []).filter((b) => b.entitled).map((b) => ({ code: b.leaveType.code, name: b.leaveType.name, available: b.available })),
  };
}
