import type { AttendanceDay, AttendanceStatus, DayReason } from '../../../../shared/attendance/index.ts';
import { addDays } from '../../../../shared/dates.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { AttendanceDayTable } from '../../db/schema.ts';
import { type DayResult, type EnginePunch, type LeaveInput, reconcile } from './reconcile.ts';
import {
  type Directory,
  type EmployeeInfo,
  type Policy,
  type ShiftInfo,
  directionFromTerminal,
  directoryOf,
  employedOn,
  holidayOn,
  policyOf,
  weeklyOffOn,
} from './policy-cache.ts';
import { type Occurrence, occurrenceOf, ownerDay, trimmedWindow, zonedInstant } from './shift-time.ts';
import { daysBetween } from '../../../../shared/dates.ts';
import * as daysRepo from './repo/days.ts';
import { listEmployeePunches } from './repo/punches.ts';
import { listAssignments } from './repo/shifts.ts';
import { terminalSync } from './repo/terminals.ts';

/**
 * Runs the engine over stored inputs: loads everything a range of days
 * needs in a few bulk queries, reconciles each employee-day, and writes the
 * days back (frozen days are left as they are).
 */

const DAY_MS = 86_400_000;

/** The assignments of some employees, for shift lookups by day. */
export class Roster {
  private readonly byEmployee = new Map<string, { shiftId: string; from: string; to: string | null }[]>();

  constructor(
    rows: { employee_id: string; shift_id: string; effective_from: string; effective_to: string | null }[],
    private readonly policy: Policy,
  ) {
    for (const r of rows) {
      const list = this.byEmployee.get(r.employee_id) ?? [];
      list.push({ shiftId: r.shift_id, from: r.effective_from, to: r.effective_to });
      this.byEmployee.set(r.employee_id, list);
    }
  }

  /** The shift of an employee on a day: the assignment covering it, else the employee's current shift, else the default. */
  shiftOn(employee: EmployeeInfo, day: string): ShiftInfo {
    const list = this.byEmployee.get(employee.id);
    let id: string | null = null;
    if (list) {
      for (const a of list) {
        if (a.from <= day && (a.to === null || a.to >= day)) {
          id = a.shiftId;
          break;
        }
      }
    }
    id ??= employee.shiftId ?? this.policy.defaultShiftId;
    const shift = (id && this.policy.shifts.get(id)) || (this.policy.defaultShiftId && this.policy.shifts.get(this.policy.defaultShiftId));
    if (!shift) throw new Error('no shift defined: the organisation needs at least one shift');
    return shift;
  }
}

export interface PunchRow {
  id: string;
  employee_id: string | null;
  at: string;
  direction: string | null;
  flags: string;
  source: string;
  terminal_id: string | null;
  attend_stat: string;
}

export interface ComputedDay {
  employee: EmployeeInfo;
  day: string;
  shift: ShiftInfo;
  occurrence: Occurrence;
  window: { start: number; end: number };
  punches: EnginePunch[];
  result: DayResult;
  existing: daysRepo.ExistingDay | undefined;
}

/** Everything reconciliation of a range needs, loaded in bulk. */
export interface Inputs {
  policy: Policy;
  directory: Directory;
  roster: Roster;
  punchesByEmployee: Map<string, EnginePunch[]>;
  /** employee id → day → approved leave. */
  leave: Map<string, Map<string, LeaveInput[]>>;
  /** employee id → day → a stored row that constrains reconciliation (frozen or overridden). */
  existing: Map<string, Map<string, daysRepo.ExistingDay>>;
  syncedUntil: Map<string, { at: number; terminal: string }>;
  timeZone: string;
}

export function toEnginePunch(p: PunchRow, policy: Policy): EnginePunch {
  const direction =
    p.direction === 'in' || p.direction === 'out'
      ? p.direction
      : p.source === 'terminal' || p.source === 'import'
        ? directionFromTerminal(p.terminal_id ? policy.terminals.get(p.terminal_id)?.directionPolicy : p.source === 'import' ? 'by-state' : undefined, p.attend_stat)
        : null;
  return { id: p.id, at: Date.parse(p.at), direction, flagged: p.flags !== '', source: p.source as EnginePunch['source'], terminalId: p.terminal_id };
}

/** Loads the inputs of days from..to for some employees (all when `ids` is 'all'). */
export async function loadInputs(ctx: Pick<Ctx, 'db' | 'timeZone' | 'links'>, ids: readonly string[] | 'all', from: string, to: string): Promise<Inputs> {
  const { db, timeZone } = ctx;
  const [policy, directory] = await Promise.all([policyOf(db), directoryOf(db)]);
  // Windows of the first and last day reach at most a day beyond them.
  const lo = new Date(zonedInstant(addDays(from, -1), 0, timeZone)).toISOString();
  const hi = new Date(zonedInstant(addDays(to, 2), 0, timeZone)).toISOString();
  const [assignments, punches, leaveDays, existingRows, sync] = await Promise.all([
    listAssignments(db, ids, addDays(from, -1), addDays(to, 1)),
    listEmployeePunches(db, ids, lo, hi),
    ctx.links.leave.approvedDays(db, ids, from, to),
    daysRepo.listExistingDays(db, ids, from, to),
    terminalSync(db),
  ]);
  const punchesByEmployee = new Map<string, EnginePunch[]>();
  for (const p of punches) {
    if (p.employee_id === null) continue;
    let list = punchesByEmployee.get(p.employee_id);
    if (!list) {
      list = [];
      punchesByEmployee.set(p.employee_id, list);
    }
    list.push(toEnginePunch(p, policy));
  }
  const leave = new Map<string, Map<string, LeaveInput[]>>();
  for (const l of leaveDays) {
    let byDay = leave.get(l.employeeId);
    if (!byDay) leave.set(l.employeeId, (byDay = new Map()));
    const list = byDay.get(l.date) ?? [];
    list.push({ portion: l.portion, code: l.leaveTypeCode, name: l.leaveTypeName, paid: l.paid });
    byDay.set(l.date, list);
  }
  const existing = new Map<string, Map<string, daysRepo.ExistingDay>>();
  for (const r of existingRows) {
    let byDay = existing.get(r.employee_id);
    if (!byDay) existing.set(r.employee_id, (byDay = new Map()));
    byDay.set(r.date, r);
  }
  // A day is final only once every enabled terminal of the location reported past it with nothing left to
  // deliver (synced_until); the slowest one decides (one that has never done so holds every day).
  const syncedUntil = new Map<string, { at: number; terminal: string }>();
  for (const t of sync) {
    if (!t.location_id) continue;
    const at = t.synced_until ? Date.parse(t.synced_until) : Number.NEGATIVE_INFINITY;
    const known = syncedUntil.get(t.location_id);
    if (!known || at < known.at) syncedUntil.set(t.location_id, { at, terminal: t.name });
  }
  return { policy, directory, roster: new Roster(assignments, policy), punchesByEmployee, leave, existing, syncedUntil, timeZone };
}

/** Whether HR froze an employee's day (among the loaded inputs' days). */
export function frozenIn(inputs: Pick<Inputs, 'existing'>, employeeId: string, day: string): boolean {
  return inputs.existing.get(employeeId)?.get(day)?.frozen === 1;
}

// Shift objects are rebuilt whenever the policy changes, so a cache keyed by them never serves a stale rule.
const occurrences = new WeakMap<ShiftInfo, Map<string, Occurrence>>();

/** The occurrence of a shift on a day (memoised: ranges revisit the same ones). */
export function occurrenceFor(day: string, shift: ShiftInfo, timeZone: string): Occurrence {
  let byDay = occurrences.get(shift);
  if (!byDay) {
    byDay = new Map();
    occurrences.set(shift, byDay);
  }
  const key = timeZone === 'Asia/Kolkata' ? day : `${timeZone}|${day}`;
  let o = byDay.get(key);
  if (!o) {
    o = occurrenceOf(day, shift, timeZone);
    if (byDay.size > 20_000) byDay.clear();
    byDay.set(key, o);
  }
  return o;
}

const neighbours = new Map<string, [string, string]>();

/** The days before and after a day (memoised: string date arithmetic is not free). */
function around(day: string): [string, string] {
  let n = neighbours.get(day);
  if (!n) {
    n = [addDays(day, -1), addDays(day, 1)];
    if (neighbours.size > 50_000) neighbours.clear();
    neighbours.set(day, n);
  }
  return n;
}

/** The trimmed window of an employee's shift day between its neighbours. */
export function windowOf(inputs: Pick<Inputs, 'roster' | 'timeZone'>, employee: EmployeeInfo, day: string) {
  const { roster, timeZone } = inputs;
  const [prevDay, nextDay] = around(day);
  const prev = occurrenceFor(prevDay, roster.shiftOn(employee, prevDay), timeZone);
  const cur = occurrenceFor(day, roster.shiftOn(employee, day), timeZone);
  const next = occurrenceFor(nextDay, roster.shiftOn(employee, nextDay), timeZone);
  return { prev, cur, next, window: trimmedWindow(prev, cur, next) };
}

const isoCache = new Map<number, string>();

/** The ISO string of an instant that many days share (window edges). */
function isoOf(ms: number): string {
  let s = isoCache.get(ms);
  if (s === undefined) {
    s = new Date(ms).toISOString();
    if (isoCache.size > 50_000) isoCache.clear();
    isoCache.set(ms, s);
  }
  return s;
}

/** The shift day (of an employee) a punch instant belongs to, or null when it falls outside every window. */
export function shiftDayOf(inputs: Pick<Inputs, 'roster' | 'timeZone'>, employee: EmployeeInfo, at: number, localDate: string): string | null {
  const { prev, cur, next } = windowOf(inputs, employee, localDate);
  const owner = ownerDay(at, prev, cur, next);
  if (owner) return owner;
  // Around a roster change the day after may own it.
  const after = windowOf(inputs, employee, addDays(localDate, 1));
  return at >= after.window.start && at < after.window.end ? after.cur.day : null;
}

/** Punches of a sorted list inside [start, end). */
function punchesIn(sorted: readonly EnginePunch[], start: number, end: number): EnginePunch[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid]?.at ?? 0) < start) lo = mid + 1;
    else hi = mid;
  }
  const out: EnginePunch[] = [];
  for (let i = lo; i < sorted.length; i++) {
    const p = sorted[i];
    if (!p || p.at >= end) break;
    out.push(p);
  }
  return out;
}

const NO_LEAVE: LeaveInput[] = [];

/** Reconciles one employee-day from loaded inputs. */
export function computeDay(inputs: Inputs, employee: EmployeeInfo, day: string, now: number): ComputedDay {
  const { policy } = inputs;
  const { cur, window } = windowOf(inputs, employee, day);
  const punches = markElsewhere(punchesIn(inputs.punchesByEmployee.get(employee.id) ?? [], window.start, window.end), employee, policy);
  const existing = inputs.existing.get(employee.id)?.get(day);
  const holiday = holidayOn(policy, employee.id, employee.locationId, day);
  const override =
    existing && (existing.override_worked_minutes !== null || existing.override_ot_minutes !== null)
      ? { workedMinutes: existing.override_worked_minutes, otMinutes: existing.override_ot_minutes, reason: existing.override_reason ?? '' }
      : null;
  const result = reconcile(
    {
      occurrence: cur,
      window,
      punches,
      holiday: holiday?.name ?? null,
      weeklyOff: weeklyOffOn(policy, employee.locationId, day),
      leave: inputs.leave.get(employee.id)?.get(day) ?? NO_LEAVE,
      override,
      debounceSeconds: policy.settings.debounceSeconds,
      syncedUntil: (employee.locationId && inputs.syncedUntil.get(employee.locationId)) || null,
      homeLocation: employee.locationId ? (policy.locationNames.get(employee.locationId) ?? null) : null,
    },
    now,
  );
  return { employee, day, shift: cur.shift as ShiftInfo, occurrence: cur, window, punches, result, existing };
}

/** Punches made at a terminal of another location than the employee's carry that terminal's name. */
function markElsewhere(punches: EnginePunch[], employee: EmployeeInfo, policy: Policy): EnginePunch[] {
  if (!employee.locationId || !punches.some((p) => p.terminalId)) return punches;
  return punches.map((p) => {
    const terminal = p.terminalId ? policy.terminals.get(p.terminalId) : undefined;
    return terminal?.locationId && terminal.locationId !== employee.locationId ? { ...p, elsewhere: terminal.name } : p;
  });
}

/** The stored row of a computed day. */
export function toDayRow(c: ComputedDay, computedAt: string): AttendanceDayTable {
  const r = c.result;
  return {
    employee_id: c.employee.id,
    date: c.day,
    shift_id: c.shift.id,
    status: r.status,
    provisional: r.provisional ? 1 : 0,
    frozen: 0,
    worked_minutes: r.workedMinutes,
    ot_minutes: r.otMinutes,
    late_minutes: r.lateMinutes,
    early_minutes: r.earlyMinutes,
    first_in: r.firstIn === null ? null : new Date(r.firstIn).toISOString(),
    last_out: r.lastOut === null ? null : new Date(r.lastOut).toISOString(),
    punch_count: r.punchCount,
    present_days: r.presentDays,
    leave_days: r.leaveDays,
    lop_days: r.lopDays,
    holiday_name: r.holidayName,
    leave_code: r.leaveCode,
    reasons: JSON.stringify(r.reasons),
    window_start: isoOf(c.window.start),
    window_end: isoOf(c.window.end),
    override_worked_minutes: c.existing?.override_worked_minutes ?? null,
    override_ot_minutes: c.existing?.override_ot_minutes ?? null,
    override_reason: c.existing?.override_reason ?? null,
    dirty: 0,
    computed_at: computedAt,
  };
}

/** Employees of a selection, as directory entries. */
function employeesOf(directory: Directory, ids: readonly string[] | 'all'): EmployeeInfo[] {
  if (ids === 'all') return directory.list;
  return ids.map((id) => directory.byId.get(id)).filter((e): e is EmployeeInfo => e !== undefined);
}

export interface ReconcileSummary {
  written: number;
  frozenKept: number;
}

/**
 * Reconciles days from..to (inclusive, not beyond today) of some employees
 * and stores them, inside the caller's transaction (or a new one). Days
 * outside employment are skipped; frozen days are kept as they are.
 */
export async function reconcileRange(ctx: Ctx, ids: readonly string[] | 'all', from: string, to: string): Promise<ReconcileSummary> {
  const now = ctx.clock.now();
  const today = dayOfInstant(now.getTime(), ctx.timeZone);
  const last = to > today ? today : to;
  if (last < from) return { written: 0, frozenKept: 0 };
  return inTransaction(ctx, async (t) => {
    // A day recomputed for another reason (leave, override, roster) while punches arrive waits for their ingest.
    if (ids !== 'all') await daysRepo.lockEmployeesForReconcile(t.db, ids);
    const inputs = await loadInputs(t, ids, from, last);
    const employees = employeesOf(inputs.directory, ids);
    const computedAt = now.toISOString();
    const range = daysBetween(from, last);
    const rows: AttendanceDayTable[] = [];
    let frozenKept = 0;
    for (const e of employees) {
      for (const day of range) {
        if (day < e.joinedDate) continue;
        if (e.exitDate !== null && day > e.exitDate) break;
        if (inputs.existing.get(e.id)?.get(day)?.frozen === 1) {
          frozenKept++;
          continue;
        }
        rows.push(toDayRow(computeDay(inputs, e, day, now.getTime()), computedAt));
      }
    }
    await daysRepo.upsertDays(t.db, rows);
    return { written: rows.length, frozenKept };
  });
}

/**
 * Reconciles the shift days that some instants (new punches) belong to, for
 * one or many employees, with one load of inputs around them. Returns each
 * instant's shift day, in order (null where it falls outside employment).
 */
export async function reconcileInstants(ctx: Ctx, items: readonly { employeeId: string; at: number }[]): Promise<(string | null)[]> {
  if (items.length === 0) return [];
  const now = ctx.clock.now().getTime();
  const today = dayOfInstant(now, ctx.timeZone);
  const locals = items.map((x) => dayOfInstant(x.at, ctx.timeZone));
  let min = locals[0] as string;
  let max = min;
  for (const d of locals) {
    if (d < min) min = d;
    if (d > max) max = d;
  }
  if (daysApart(min, max) > 14) {
    // Far apart (an import of weeks): two weeks at a time keeps each load small.
    const order = items.map((_, i) => i).sort((a, b) => ((locals[a] as string) < (locals[b] as string) ? -1 : 1));
    const out: (string | null)[] = new Array(items.length).fill(null);
    for (let start = 0; start < order.length; ) {
      const first = locals[order[start] as number] as string;
      let end = start;
      while (end < order.length && daysApart(first, locals[order[end] as number] as string) <= 14) end++;
      const chunk = order.slice(start, end);
      const owners = await reconcileInstants(ctx, chunk.map((i) => items[i] as { employeeId: string; at: number }));
      chunk.forEach((i, k) => (out[i] = owners[k] ?? null));
      start = end;
    }
    return out;
  }
  return inTransaction(ctx, async (t) => {
    const ids = [...new Set(items.map((x) => x.employeeId))];
    const inputs = await loadInputs(t, ids, addDays(min, -1), addDays(max, 1));
    const owners = items.map((x, i) => {
      const employee = inputs.directory.byId.get(x.employeeId);
      return employee ? shiftDayOf(inputs, employee, x.at, locals[i] as string) : null;
    });
    const seen = new Set<string>();
    const computedAt = new Date(now).toISOString();
    const rows: AttendanceDayTable[] = [];
    items.forEach((x, i) => {
      const day = owners[i];
      const employee = inputs.directory.byId.get(x.employeeId);
      if (!day || !employee || day > today || !employedOn(employee, day)) return;
      const key = `${x.employeeId}|${day}`;
      if (seen.has(key) || inputs.existing.get(x.employeeId)?.get(day)?.frozen === 1) return;
      seen.add(key);
      rows.push(toDayRow(computeDay(inputs, employee, day, now), computedAt));
    });
    await daysRepo.upsertDays(t.db, rows);
    return owners;
  });
}

function daysApart(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a zone (`YYYY-MM-DD`). */
export function dayOfInstant(ms: number, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, f);
  }
  return f.format(ms);
}

/** A stored row as the contract's day. */
export function toAttendanceDay(row: AttendanceDayTable, policy: Policy): AttendanceDay {
  const shift = row.shift_id ? policy.shifts.get(row.shift_id) : undefined;
  return {
    employeeId: row.employee_id,
    date: row.date,
    shift: shift ? { id: shift.id, name: shift.name, startTime: shift.startTime, endTime: shift.endTime } : null,
    status: row.status as AttendanceStatus,
    provisional: row.provisional === 1,
    frozen: row.frozen === 1,
    workedMinutes: row.worked_minutes,
    otMinutes: row.ot_minutes,
    lateMinutes: row.late_minutes,
    earlyMinutes: row.early_minutes,
    firstIn: row.first_in,
    lastOut: row.last_out,
    punchCount: row.punch_count,
    presentDays: row.present_days,
    leaveDays: row.leave_days,
    lopDays: row.lop_days,
    holidayName: row.holiday_name,
    leaveCode: row.leave_code,
    reasons: JSON.parse(row.reasons) as DayReason[],
    override:
      row.override_worked_minutes !== null || row.override_ot_minutes !== null
        ? { workedMinutes: row.override_worked_minutes, otMinutes: row.override_ot_minutes, reason: row.override_reason ?? '' }
        : null,
    computedAt: row.computed_at,
  };
}

/** Employee-days of a selection from..to within employment (for progress totals). */
export function countEmployeeDays(employees: readonly EmployeeInfo[], from: string, to: string): number {
  let n = 0;
  for (const e of employees) {
    const a = from < e.joinedDate ? e.joinedDate : from;
    const b = e.exitDate !== null && e.exitDate < to ? e.exitDate : to;
    if (a <= b) n += daysApart(a, b) + 1;
  }
  return n;
}

/** `attendance.inputsChanged` (ModuleLinks): reconciles an employee's days from..to inside the caller's transaction. */
export async function attendanceInputsChangedHandler(ctx: Ctx, employeeId: string, from: string, to: string): Promise<void> {
  const employee = (await directoryOf(ctx.db)).byId.get(employeeId);
  if (!employee) return;
  const start = from < employee.joinedDate ? employee.joinedDate : from;
  await reconcileRange(ctx, [employeeId], start, to);
}
