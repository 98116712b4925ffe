import {
  type AttendanceStatus,
  type CalendarCell,
  type CalendarResponse,
  type CalendarRow,
  type DayRow,
  type DayView,
  type LiveQuery,
  type LiveRow,
  type LiveState,
  type LiveView,
  type SelfToday,
  type Totals,
} from '../../../../shared/attendance/index.ts';
import { addDays, daysBetween, monthBounds, weekdayOf } from '../../../../shared/dates.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { forbidden } from '../../http/problem.ts';
import { visibleEmployeeIds } from '../employees/index.ts';
import { type ComputedDay, computeDay, dayOfInstant, loadInputs, toAttendanceDay } from './days.ts';
import { type Directory, type EmployeeInfo, type Policy, employedOn, holidayOn, policyOf, publicHolidayOn, directoryOf, weeklyOffOn } from './policy-cache.ts';
import * as daysRepo from './repo/days.ts';
import * as directoryRepo from './repo/directory.ts';
import { listPunchDetails } from './repo/punches.ts';
import { listLiveTerminals } from './repo/terminals.ts';
import { requireAny } from './scope.ts';
import { lateMarkPenalty, toPunchView } from './employee-days.ts';

/** Read views over many employees: calendar, day view, live board. Scope first, then filters. */

const READ_PERMISSIONS = ['attendance:read', 'attendance:team', 'attendance:self'] as const;

interface Filter {
  departmentId?: string | undefined;
  locationId?: string | undefined;
  q?: string | undefined;
}

/** Employees the caller may see that match the filter, in code order. */
export async function scopedEmployees(ctx: Ctx, filter: Filter): Promise<{ directory: Directory; employees: EmployeeInfo[] }> {
  requireAny(ctx, READ_PERMISSIONS);
  const [directory, visible] = await Promise.all([directoryOf(ctx.db), visibleEmployeeIds(ctx)]);
  const visibleSet = visible === 'all' ? null : new Set(visible);
  const q = filter.q?.toLowerCase();
  const employees = directory.list.filter(
    (e) =>
      (visibleSet === null || visibleSet.has(e.id)) &&
      (!filter.departmentId || e.departmentId === filter.departmentId) &&
      (!filter.locationId || e.locationId === filter.locationId) &&
      (!q || e.searchText.includes(q)),
  );
  return { directory, employees };
}

const catalogueCache = defineCache<{ departments: Map<string, string>; locations: Map<string, string> }>({
  name: 'attendance.catalogue-names',
  reads: ['department', 'location'],
  maxEntries: 1,
});

/** Department and location names. */
async function catalogueNames(ctx: Ctx) {
  return catalogueCache.get(ctx.db, 'names', async () => {
    const [departments, locations] = await Promise.all([directoryRepo.listDepartmentNames(ctx.db), directoryRepo.listLocationNames(ctx.db)]);
    return { departments: new Map(departments.map((d) => [d.id, d.name])), locations: new Map(locations.map((l) => [l.id, l.name])) };
  });
}

function emptyTotals(): Totals {
  return { present: 0, halfDays: 0, absent: 0, missingPunch: 0, leave: 0, holidays: 0, weeklyOffs: 0, workedOnOff: 0, lateCount: 0, wrongLocation: 0, workedMinutes: 0, otMinutes: 0, lopDays: 0, pending: 0 };
}

const WORKING: ReadonlySet<string> = new Set(['Present', 'HalfDay', 'Absent', 'MissingPunch', 'HalfDayLeave']);

/** Per-employee totals of a month straight from an aggregate query. */
async function monthTotals(ctx: Ctx, ids: readonly string[] | 'all', first: string, last: string, policy: Policy) {
  const rows = await daysRepo.sumDaysByStatus(ctx.db, ids, first, last, { elsewhere: true });
  const byEmployee = new Map<string, Totals>();
  let presentDays = 0;
  let workingDays = 0;
  for (const r of rows) {
    let t = byEmployee.get(r.employee_id);
    if (!t) {
      t = emptyTotals();
      byEmployee.set(r.employee_id, t);
    }
    const n = Number(r.n);
    const key: Partial<Record<AttendanceStatus, keyof Totals>> = {
      Present: 'present',
      HalfDay: 'halfDays',
      Absent: 'absent',
      MissingPunch: 'missingPunch',
      Holiday: 'holidays',
      WeeklyOff: 'weeklyOffs',
      WorkedOnHoliday: 'workedOnOff',
      WorkedOnWeeklyOff: 'workedOnOff',
      Pending: 'pending',
    };
    const k = key[r.status as AttendanceStatus];
    if (k) t[k] += n;
    t.leave += Number(r.leave ?? 0);
    t.lateCount += Number(r.late ?? 0);
    t.wrongLocation += Number(r.elsewhere ?? 0);
    t.workedMinutes += Number(r.worked ?? 0);
    t.otMinutes += Number(r.ot ?? 0);
    t.lopDays += Number(r.lop ?? 0);
    presentDays += Number(r.present ?? 0);
    if (WORKING.has(r.status)) workingDays += n;
  }
  for (const t of byEmployee.values()) t.lopDays += lateMarkPenalty(t.lateCount, policy);
  return { byEmployee, presentDays, workingDays };
}

/**
 * Month totals while no attendance day, employee or policy changed: paging
 * through a calendar aggregates the month once.
 */
const totalsCache = defineCache<Awaited<ReturnType<typeof monthTotals>>>({
  name: 'attendance.month-totals',
  reads: ['attendance_day', 'employee', 'attendance_settings'],
  maxEntries: 50,
});

async function cachedMonthTotals(ctx: Ctx, ids: readonly string[] | 'all', first: string, last: string, policy: Policy) {
  return totalsCache.get(ctx.db, `${first}|${last}|${ids === 'all' ? 'all' : ids.join(',')}`, () => monthTotals(ctx, ids, first, last, policy));
}

function addTotals(into: Totals, t: Totals): void {
  for (const k of Object.keys(into) as (keyof Totals)[]) into[k] += t[k];
}

/** The monthly calendar: employees × days with status codes, totals, KPIs (spec §2.8 envelope). */
export async function calendar(ctx: Ctx, month: string, query: Filter & { page?: number | undefined; pageSize?: number | undefined }): Promise<CalendarResponse> {
  const { first, last } = monthBounds(`${month}-01`);
  const { employees: all } = await scopedEmployees(ctx, query);
  const employees = all.filter((e) => e.joinedDate <= last && (e.exitDate === null || e.exitDate >= first));
  const policy = await policyOf(ctx.db);
  const today = dayOfInstant(ctx.clock.now().getTime(), ctx.timeZone);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? Math.max(1, employees.length);
  const pageEmployees = employees.slice((page - 1) * pageSize, page * pageSize);
  const ids = pageEmployees.map((e) => e.id);
  const allIds = employees.length === (await directoryOf(ctx.db)).list.length ? ('all' as const) : employees.map((e) => e.id);
  const futureFrom = today >= last ? null : today < first ? first : addDays(today, 1);
  const [byEmployee, totals, names, futureLeave] = await Promise.all([
    daysRepo.listCalendarCells(ctx.db, ids, first, last),
    cachedMonthTotals(ctx, allIds, first, last, policy),
    catalogueNames(ctx),
    futureFrom ? ctx.links.leave.approvedDays(ctx.db, ids, futureFrom, last) : Promise.resolve([]),
  ]);
  const days = daysBetween(first, last);
  const leaveKey = new Set(futureLeave.filter((l) => l.portion === 'FullDay').map((l) => `${l.employeeId}|${l.date}`));
  const items: CalendarRow[] = pageEmployees.map((e) => {
    const stored = byEmployee.get(e.id);
    const cells: CalendarCell[] = days.map((date) => {
      const r = stored?.get(date);
      if (r) {
        const cell: CalendarCell = { status: r.status as AttendanceStatus };
        if (r.worked_minutes) cell.workedMinutes = r.worked_minutes;
        if (r.ot_minutes) cell.otMinutes = r.ot_minutes;
        if (r.late_minutes) cell.lateMinutes = r.late_minutes;
        if (r.frozen === 1) cell.frozen = true;
        if (r.provisional === 1) cell.provisional = true;
        return cell;
      }
      // Future days show what is already known: holidays, weekly offs, approved leave.
      let planned: AttendanceStatus | null = null;
      if (date > today && employedOn(e, date)) {
        if (leaveKey.has(`${e.id}|${date}`)) planned = 'OnLeave';
        else if (holidayOn(policy, e.id, e.locationId, date)) planned = 'Holiday';
        else if (weeklyOffOn(policy, e.locationId, date)) planned = 'WeeklyOff';
      }
      return planned ? { status: planned, provisional: true } : { status: null };
    });
    return {
      employee: { id: e.id, code: e.code, fullName: e.fullName },
      department: e.departmentId ? (names.departments.get(e.departmentId) ?? null) : null,
      location: e.locationId ? (names.locations.get(e.locationId) ?? null) : null,
      cells,
      totals: totals.byEmployee.get(e.id) ?? emptyTotals(),
    };
  });
  const kpiTotals = emptyTotals();
  const included = new Set(employees.map((e) => e.id));
  for (const [id, t] of totals.byEmployee) if (included.has(id)) addTotals(kpiTotals, t);
  const locationIds = new Set(employees.map((e) => e.locationId));
  const onlyLocation = locationIds.size === 1 ? [...locationIds][0] ?? null : null;
  return {
    items,
    total: employees.length,
    page,
    pageSize,
    month,
    days: days.map((date) => ({ date, weekday: weekdayOf(date), holiday: publicHolidayOn(policy, onlyLocation ?? null, date)?.name ?? null })),
    kpis: {
      ...kpiTotals,
      employees: employees.length,
      attendanceRate: totals.workingDays ? Math.round((totals.presentDays / totals.workingDays) * 1000) / 1000 : 0,
    },
  };
}

/** Every employee's record of one day (paginated), with counts by status. */
export async function dayView(
  ctx: Ctx,
  date: string,
  query: Filter & { status?: AttendanceStatus | undefined; late?: boolean | undefined; page?: number | undefined; pageSize?: number | undefined },
): Promise<DayView> {
  const { employees: all } = await scopedEmployees(ctx, query);
  const employees = all.filter((e) => employedOn(e, date));
  const [rows, policy, names] = await Promise.all([
    daysRepo.listDays(ctx.db, employees.length === all.length && !query.departmentId && !query.locationId && !query.q ? 'all' : employees.map((e) => e.id), date, date),
    policyOf(ctx.db),
    catalogueNames(ctx),
  ]);
  const byEmployee = new Map(rows.map((r) => [r.employee_id, r]));
  const byStatus: Record<string, number> = {};
  let notReconciled = 0;
  for (const e of employees) {
    const r = byEmployee.get(e.id);
    if (!r) notReconciled++;
    else byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  }
  const matching = employees.filter((e) => {
    const r = byEmployee.get(e.id);
    return (!query.status || r?.status === query.status) && (!query.late || (r !== undefined && r.late_minutes > 0));
  });
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? Math.max(1, matching.length);
  const items: DayRow[] = matching.slice((page - 1) * pageSize, page * pageSize).map((e) => {
    const r = byEmployee.get(e.id);
    return {
      employee: { id: e.id, code: e.code, fullName: e.fullName },
      department: e.departmentId ? (names.departments.get(e.departmentId) ?? null) : null,
      location: e.locationId ? (names.locations.get(e.locationId) ?? null) : null,
      day: r ? toAttendanceDay(r, policy) : null,
    };
  });
  return { items, total: matching.length, page, pageSize, date, kpis: { byStatus, employees: employees.length, notReconciled } };
}

/** The live state of one employee from their current shift day, as the engine sees it now. */
function liveRowOf(c: ComputedDay, now: number, names: Awaited<ReturnType<typeof catalogueNames>>, policy: Policy): LiveRow {
  const r = c.result;
  const e = c.employee;
  // Where the person is follows every punch but bounces, flagged check-ins included (they count for pay only once accepted).
  const seen = c.punches.filter((p) => r.roles.get(p.id) !== 'bounce');
  const last = c.punches[c.punches.length - 1];
  const lastSeen = seen[seen.length - 1];
  let state: LiveState;
  if (r.status === 'OnLeave') state = 'OnLeave';
  else if ((r.holidayName !== null || r.status === 'WeeklyOff' || r.status === 'WorkedOnWeeklyOff') && !lastSeen) state = 'Off';
  else if (!lastSeen) {
    const startBy = c.occurrence.start + c.shift.lateGrace * 60_000;
    state = now <= startBy ? 'NotYetIn' : 'Late';
  } else {
    const role = r.roles.get(lastSeen.id);
    const direction = role === 'in' || role === 'out' ? role : (lastSeen.direction ?? 'in');
    state = direction === 'out' ? 'Out' : 'In';
  }
  // Time worked so far: closed pairs, plus an open stretch up to now.
  let worked = r.pairs.reduce((s, p) => s + p.minutes, 0);
  if (state === 'In' && lastSeen && r.roles.get(lastSeen.id) === 'unpaired') worked += Math.max(0, Math.floor((now - lastSeen.at) / 60_000));
  return {
    employee: { id: e.id, code: e.code, fullName: e.fullName },
    department: e.departmentId ? (names.departments.get(e.departmentId) ?? null) : null,
    location: e.locationId ? (names.locations.get(e.locationId) ?? null) : null,
    shift: c.shift.name,
    shiftDate: c.day,
    state,
    lateMinutes: r.lateMinutes,
    firstIn: r.firstIn === null ? null : new Date(r.firstIn).toISOString(),
    workedMinutes: worked,
    lastPunch: last
      ? {
          at: new Date(last.at).toISOString(),
          source: last.source ?? 'terminal',
          direction: last.direction,
          terminal: last.terminalId ? (policy.terminals.get(last.terminalId)?.name ?? null) : null,
        }
      : null,
    note: r.reasons.filter((x) => LIVE_NOTE_RULES.has(x.rule)).map((x) => x.text).join('; ') || null,
  };
}

/** Reasons the live board repeats beside the state: where the punch was made, a first punch far from the shift. */
const LIVE_NOTE_RULES: ReadonlySet<string> = new Set(['wrong-location', 'early-arrival', 'outside-shift']);

/** Current shift days (the one whose window holds `now`: yesterday's night shift or a day still being punched, or today's) of some employees. */
async function currentDays(ctx: Ctx, employees: readonly EmployeeInfo[]): Promise<{ computed: ComputedDay[]; policy: Policy }> {
  const now = ctx.clock.now().getTime();
  const today = dayOfInstant(now, ctx.timeZone);
  const yesterday = addDays(today, -1);
  const ids = employees.map((e) => e.id);
  const inputs = await loadInputs(ctx, ids, yesterday, today);
  const computed: ComputedDay[] = [];
  for (const e of employees) {
    if (employedOn(e, yesterday)) {
      const y = computeDay(inputs, e, yesterday, now);
      // Yesterday's shift day while its window is open: a night shift under way, or someone who
      // punched (still in, or gone home). Once a shift is over with no punch, the board shows the
      // coming day ("not yet in"), not a person "late" at 02:30 for a shift that ended at 18:30.
      if (now < y.window.end && now >= y.window.start && (now < y.occurrence.end || y.punches.length > 0)) {
        computed.push(y);
        continue;
      }
    }
    if (employedOn(e, today)) computed.push(computeDay(inputs, e, today, now));
  }
  return { computed, policy: inputs.policy };
}

/** Live board: per employee in / out / not yet in / late / on leave / off, with counts and the terminals' last contact. */
export async function live(ctx: Ctx, query: LiveQuery): Promise<LiveView> {
  const { employees } = await scopedEmployees(ctx, query);
  const now = ctx.clock.now();
  const [{ computed, policy }, names, terminals] = await Promise.all([
    currentDays(ctx, employees),
    catalogueNames(ctx),
    listLiveTerminals(ctx.db),
  ]);
  const rows = computed.map((c) => liveRowOf(c, now.getTime(), names, policy));
  const counts = { In: 0, Out: 0, NotYetIn: 0, Late: 0, OnLeave: 0, Off: 0, total: rows.length };
  for (const r of rows) counts[r.state]++;
  const items = rows.filter(
    (r) => (!query.state || r.state === query.state) && (!query.present || r.state === 'In' || r.state === 'Out') && (!query.late || ((r.state === 'In' || r.state === 'Out') && r.lateMinutes > 0)),
  );
  return {
    now: now.toISOString(),
    counts,
    items,
    terminals: terminals.map((t) => ({
      id: t.id,
      name: t.name,
      location: t.location_id ? (names.locations.get(t.location_id) ?? null) : null,
      online: t.last_contact_at !== null && now.getTime() - Date.parse(t.last_contact_at) <= t.offline_after_minutes * 60_000,
      lastContactAt: t.last_contact_at,
      clockSkewSeconds: t.clock_skew_seconds,
    })),
  };
}

/**
 * Today's picture for the dashboard, by the live board's own rules (the same
 * numbers its filters list): counts per state, present (In + Out) and late
 * arrivals among them, for the employees the caller may see.
 */
export async function liveSummary(ctx: Ctx, filter: Filter = {}): Promise<{ counts: LiveView['counts']; present: number; late: number; selfState: LiveState | null }> {
  const { employees } = await scopedEmployees(ctx, filter);
  const now = ctx.clock.now().getTime();
  const [{ computed, policy }, names] = await Promise.all([currentDays(ctx, employees), catalogueNames(ctx)]);
  const counts = { In: 0, Out: 0, NotYetIn: 0, Late: 0, OnLeave: 0, Off: 0, total: 0 };
  let late = 0;
  let selfState: LiveState | null = null;
  for (const c of computed) {
    const r = liveRowOf(c, now, names, policy);
    counts[r.state]++;
    counts.total++;
    if ((r.state === 'In' || r.state === 'Out') && r.lateMinutes > 0) late++;
    if (c.employee.id === ctx.caller.employeeId) selfState = r.state;
  }
  return { counts, present: counts.In + counts.Out, late, selfState };
}

/** The caller's own live state and today's punches, for check-in / check-out. */
export async function selfToday(ctx: Ctx): Promise<SelfToday> {
  requirePermission(ctx, 'attendance:self');
  const employeeId = ctx.caller.employeeId;
  if (!employeeId) throw forbidden('Only an employee has attendance.');
  const directory = await directoryOf(ctx.db);
  const employee = directory.byId.get(employeeId);
  if (!employee) throw forbidden('Only an employee has attendance.');
  const [{ computed, policy }, names] = await Promise.all([currentDays(ctx, [employee]), catalogueNames(ctx)]);
  const c = computed[0];
  if (!c) throw forbidden('You are not employed today.').withText({ id: 'problemDetail.attendance.notEmployedToday' });
  const punches = await listPunchDetails(ctx.db, employeeId, new Date(c.window.start).toISOString(), new Date(c.window.end).toISOString());
  return {
    employee: { id: employee.id, code: employee.code, fullName: employee.fullName },
    live: liveRowOf(c, ctx.clock.now().getTime(), names, policy),
    punches: punches.map((p) => toPunchView(p, p.superseded_by ? 'superseded' : (c.result.roles.get(p.id) ?? null))),
    geoFenceRequired: policy.fences.size > 0,
  };
}

