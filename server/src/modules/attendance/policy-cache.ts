import { z } from 'zod';
import {
  type AttendanceSettings,
  type DirectionPolicy,
  type GeoFence,
  type RegularizationKind,
  RegularizationKind as KindSchema,
  minutesOf,
} from '../../../../shared/attendance/index.ts';
import { WeeklyOffRule, isWeeklyOff } from '../../../../shared/org.ts';
import type { Db } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { findOrganisationRow } from '../org/index.ts';
import type { ShiftRule } from './shift-time.ts';
import * as directoryRepo from './repo/directory.ts';
import * as holidaysRepo from './repo/holidays.ts';
import * as settingsRepo from './repo/settings.ts';
import * as shiftsRepo from './repo/shifts.ts';
import * as terminalsRepo from './repo/terminals.ts';

/**
 * Attendance policy (shifts, holidays, weekly offs, fences, settings, the
 * terminals' direction policies, enrolments) and the employees the engine
 * needs, kept in memory: every reconciliation reads them and they change
 * rarely: both are cached until a table they are read from is written
 * (`db/cache.ts`). Pure lookups on them follow. Changing the policy is
 * `policy/`.
 */

const WeeklyOffs = z.array(WeeklyOffRule);
const Kinds = z.array(KindSchema);

export interface ShiftInfo extends ShiftRule {
  startTime: string;
  endTime: string;
  isDefault: boolean;
}

export interface HolidayInfo {
  id: string;
  name: string;
  locationId: string | null;
  optional: boolean;
}

export interface TerminalInfo {
  id: string;
  name: string;
  serial: string | null;
  locationId: string | null;
  directionPolicy: DirectionPolicy;
  enabled: boolean;
  timeZone: string | null;
}

export interface Policy {
  shifts: Map<string, ShiftInfo>;
  defaultShiftId: string | null;
  settings: AttendanceSettings;
  orgWeeklyOffs: WeeklyOffRule[];
  locationWeeklyOffs: Map<string, WeeklyOffRule[]>;
  fences: Map<string, GeoFence>;
  holidaysByDate: Map<string, HolidayInfo[]>;
  optIns: Set<string>;
  terminals: Map<string, TerminalInfo>;
  /** Location id → name (a punch at another location's terminal names both). */
  locationNames: Map<string, string>;
  terminalsBySerial: Map<string, TerminalInfo>;
  /** `terminalId|userId` or `*|userId` → employee id. */
  enrolments: Map<string, string>;
}

export interface EmployeeInfo {
  id: string;
  code: string;
  fullName: string;
  email: string | null;
  joinedDate: string;
  exitDate: string | null;
  locationId: string | null;
  departmentId: string | null;
  managerId: string | null;
  shiftId: string | null;
  terminalUserId: number | null;
  searchText: string;
}

export interface Directory {
  list: EmployeeInfo[];
  byId: Map<string, EmployeeInfo>;
  byTerminalUserId: Map<number, EmployeeInfo>;
}

const policyCache = defineCache<Policy>({
  name: 'attendance.policy',
  reads: ['shift', 'attendance_settings', 'location', 'location_policy', 'holiday', 'holiday_opt_in', 'terminal', 'terminal_enrolment', 'organisation'],
  maxEntries: 1,
});
const directoryCache = defineCache<Directory>({ name: 'attendance.directory', reads: ['employee'], maxEntries: 1 });

export function toShiftRule(r: shiftsRepo.ShiftRow): ShiftInfo {
  return {
    id: r.id,
    name: r.name,
    startTime: r.start_time,
    endTime: r.end_time,
    isDefault: r.is_default === 1,
    start: minutesOf(r.start_time),
    end: minutesOf(r.end_time),
    breakMinutes: r.break_minutes,
    lateGrace: r.late_grace_minutes,
    earlyGrace: r.early_grace_minutes,
    halfDay: r.half_day_minutes,
    fullDay: r.full_day_minutes,
    ot: {
      eligible: r.ot_eligible === 1,
      after: r.ot_after_minutes,
      block: Math.max(1, r.ot_block_minutes),
      max: r.ot_max_minutes,
      beforeStart: r.ot_before_start === 1,
    },
    windowBefore: r.window_before_minutes,
    windowAfter: r.window_after_minutes,
    flexible:
      r.flexible === 1 && r.core_start && r.core_end && r.required_minutes !== null
        ? { coreStart: minutesOf(r.core_start), coreEnd: minutesOf(r.core_end), required: r.required_minutes }
        : null,
    hoursMode: r.hours_mode === 'firstLast' ? 'firstLast' : 'pairs',
  };
}

async function loadPolicy(db: Db): Promise<Policy> {
  const [shiftRows, settingsRow, locationRows, holidayRows, optInRows, terminalRows, enrolmentRows, organisation, locationNames] = await Promise.all([
    shiftsRepo.listShifts(db, 'stored'),
    settingsRepo.findSettings(db),
    settingsRepo.listLocationPolicies(db),
    holidaysRepo.listAllHolidays(db),
    holidaysRepo.listAllOptIns(db),
    terminalsRepo.listTerminalPolicies(db),
    terminalsRepo.listEnrolments(db),
    findOrganisationRow(db),
    directoryRepo.listLocationNames(db),
  ]);
  const shifts = new Map(shiftRows.map((r) => [r.id, toShiftRule(r)]));
  const defaultShift = shiftRows.find((r) => r.is_default === 1) ?? shiftRows[0];
  const settings: AttendanceSettings = {
    debounceSeconds: settingsRow?.debounce_seconds ?? 120,
    regularizationWindowDays: settingsRow?.regularization_window_days ?? 30,
    hrApprovalKinds: Kinds.parse(JSON.parse(settingsRow?.hr_approval_kinds ?? '["ManualEntry"]')) as RegularizationKind[],
    lateMark: settingsRow?.late_mark_every ? { every: settingsRow.late_mark_every, days: settingsRow.late_mark_days } : null,
    optionalHolidaysPerYear: settingsRow?.optional_holidays_per_year ?? 2,
  };
  const locationWeeklyOffs = new Map<string, WeeklyOffRule[]>();
  const fences = new Map<string, GeoFence>();
  for (const r of locationRows) {
    if (r.weekly_offs !== null) locationWeeklyOffs.set(r.location_id, WeeklyOffs.parse(JSON.parse(r.weekly_offs)));
    if (r.fence_lat !== null && r.fence_lng !== null && r.fence_radius_m !== null) {
      fences.set(r.location_id, { lat: r.fence_lat, lng: r.fence_lng, radiusMeters: r.fence_radius_m });
    }
  }
  const holidaysByDate = new Map<string, HolidayInfo[]>();
  for (const h of holidayRows) {
    const list = holidaysByDate.get(h.date) ?? [];
    list.push({ id: h.id, name: h.name, locationId: h.location_id, optional: h.optional === 1 });
    holidaysByDate.set(h.date, list);
  }
  const terminals = new Map<string, TerminalInfo>();
  const terminalsBySerial = new Map<string, TerminalInfo>();
  for (const t of terminalRows) {
    const info: TerminalInfo = {
      id: t.id,
      name: t.name,
      serial: t.serial,
      locationId: t.location_id,
      directionPolicy: t.direction_policy as DirectionPolicy,
      enabled: t.enabled === 1,
      timeZone: t.time_zone,
    };
    terminals.set(t.id, info);
    if (t.serial) terminalsBySerial.set(t.serial, info);
  }
  return {
    shifts,
    defaultShiftId: defaultShift?.id ?? null,
    settings,
    orgWeeklyOffs: WeeklyOffs.parse(JSON.parse(organisation?.weekly_offs ?? '[]')),
    locationWeeklyOffs,
    fences,
    holidaysByDate,
    optIns: new Set(optInRows.map((o) => `${o.employee_id}|${o.holiday_id}`)),
    terminals,
    locationNames: new Map(locationNames.map((l) => [l.id, l.name])),
    terminalsBySerial,
    enrolments: new Map(enrolmentRows.map((e) => [`${e.scope_key}|${e.terminal_user_id}`, e.employee_id])),
  };
}

/** The attendance policy, from memory unless a table it is read from changed. */
export async function policyOf(db: Db): Promise<Policy> {
  return policyCache.get(db, 'policy', () => loadPolicy(db));
}

/** Every employee with what attendance needs, from memory unless the directory changed. */
export async function directoryOf(db: Db): Promise<Directory> {
  return directoryCache.get(db, 'all', () => loadDirectory(db));
}

async function loadDirectory(db: Db): Promise<Directory> {
  const rows = await directoryRepo.listDirectoryRows(db);
  const list: EmployeeInfo[] = rows.map((r) => ({
    id: r.id,
    code: r.code,
    fullName: r.full_name,
    email: r.email,
    joinedDate: r.joined_date,
    exitDate: r.exit_date,
    locationId: r.location_id,
    departmentId: r.department_id,
    managerId: r.manager_id,
    shiftId: r.shift_id,
    terminalUserId: r.terminal_user_id,
    searchText: r.search_text,
  }));
  return {
    list,
    byId: new Map(list.map((e) => [e.id, e])),
    byTerminalUserId: new Map(list.filter((e) => e.terminalUserId !== null).map((e) => [e.terminalUserId as number, e])),
  };
}

/** Whether an employee is on the books on a day. */
export function employedOn(e: Pick<EmployeeInfo, 'joinedDate' | 'exitDate'>, day: string): boolean {
  return e.joinedDate <= day && (e.exitDate === null || e.exitDate >= day);
}

export function weeklyOffRulesOf(policy: Policy, locationId: string | null): WeeklyOffRule[] {
  return (locationId && policy.locationWeeklyOffs.get(locationId)) || policy.orgWeeklyOffs;
}

export function weeklyOffOn(policy: Policy, locationId: string | null, day: string): boolean {
  return isWeeklyOff(day, weeklyOffRulesOf(policy, locationId));
}

/** The holiday an employee has on a day (optional ones only when opted in), or null. */
export function holidayOn(policy: Policy, employeeId: string, locationId: string | null, day: string): HolidayInfo | null {
  const list = policy.holidaysByDate.get(day);
  if (!list) return null;
  for (const h of list) {
    if (h.locationId !== null && h.locationId !== locationId) continue;
    if (h.optional && !policy.optIns.has(`${employeeId}|${h.id}`)) continue;
    return h;
  }
  return null;
}

/** The holiday on a day for a location regardless of opt-ins (for calendar headers). */
export function publicHolidayOn(policy: Policy, locationId: string | null, day: string): HolidayInfo | null {
  return policy.holidaysByDate.get(day)?.find((h) => !h.optional && (h.locationId === null || h.locationId === locationId)) ?? null;
}

/**
 * Punch states that name a direction. ZK-style codes: 0 check-in, 1 check-out,
 * 4 overtime-in, 5 overtime-out (anything else, e.g. 2/3 break or 255,
 * alternates). FK-family terminals send words: Duty On / Duty Off, Overtime
 * On / Overtime Off, Go Out / Go In (Return on some firmware), plain In / Out
 * on others. Words are compared without case, spaces, hyphens or underscores.
 */
const STATE_DIRECTIONS: ReadonlyMap<string, 'in' | 'out'> = new Map([
  ['0', 'in'],
  ['4', 'in'],
  ['1', 'out'],
  ['5', 'out'],
  ['dutyon', 'in'],
  ['dutyoff', 'out'],
  ['overtimeon', 'in'],
  ['overtimeoff', 'out'],
  ['goin', 'in'],
  ['return', 'in'],
  ['goout', 'out'],
  ['in', 'in'],
  ['out', 'out'],
  ['checkin', 'in'],
  ['checkout', 'out'],
]);

/** In or out from a terminal punch's state under the terminal's policy; null = by alternation. */
export function directionFromTerminal(policy: DirectionPolicy | undefined, attendStat: string): 'in' | 'out' | null {
  switch (policy) {
    case 'fixed-in':
      return 'in';
    case 'fixed-out':
      return 'out';
    case 'by-state':
      return STATE_DIRECTIONS.get(attendStat.toLowerCase().replace(/[\s_-]+/g, '')) ?? null;
    default:
      return null;
  }
}

/** The employee a terminal user id means: the terminal's mapping, the organisation's, or the employee's biometric id. */
export function employeeForTerminalUser(policy: Policy, directory: Directory, terminalId: string | null, terminalUserId: number): EmployeeInfo | null {
  const mapped =
    (terminalId ? policy.enrolments.get(`${terminalId}|${terminalUserId}`) : undefined) ?? policy.enrolments.get(`*|${terminalUserId}`);
  if (mapped) return directory.byId.get(mapped) ?? null;
  return directory.byTerminalUserId.get(terminalUserId) ?? null;
}
