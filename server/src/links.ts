import type { Ctx, Db } from './context.ts';

/**
 * The places where attendance and leave need each other. Each module
 * provides its side when the app is wired (see `wireModules`), so neither
 * imports the other and both can be tested alone.
 *
 * - Attendance reads approved leave when it reconciles a day.
 * - Leave (and anything else that changes a day's inputs) asks attendance to
 *   reconcile the affected days, inside the same transaction.
 * - Leave asks attendance which days are frozen (closed): leave on them
 *   cannot change.
 * - Attendance (and the organisation settings) tell leave when holidays or
 *   weekly offs change, so live requests are counted again.
 */

export type LeavePortion = 'FullDay' | 'FirstHalf' | 'SecondHalf';

/** One day of approved leave of one employee. */
export interface LeaveDay {
  employeeId: string;
  /** `YYYY-MM-DD`. */
  date: string;
  portion: LeavePortion;
  requestId: string;
  leaveTypeCode: string;
  leaveTypeName: string;
  /** False for loss-of-pay leave. */
  paid: boolean;
}

export type LeaveDaysSource = (db: Db, employeeIds: readonly string[] | 'all', from: string, to: string) => Promise<LeaveDay[]>;
export type DaysChanged = (ctx: Ctx, employeeId: string, from: string, to: string) => Promise<void>;
export type FrozenDaysSource = (db: Db, employeeId: string, from: string, to: string) => Promise<string[]>;
export type CalendarChanged = (ctx: Ctx, employeeIds: readonly string[] | 'all', from: string, to: string, why: string) => Promise<void>;

/** Puts an employee on a shift from a day on, through the roster (attendance keeps the history). */
export type ShiftAssigner = (ctx: Ctx, employeeId: string, shiftId: string, effectiveFrom: string) => Promise<void>;

let leaveDaysSource: LeaveDaysSource = async () => [];
let shiftAssigner: ShiftAssigner = async () => {
  throw new Error('no shift assigner is wired: call wireModules()');
};
let daysChanged: DaysChanged = async () => {};
let frozenDaysSource: FrozenDaysSource = async () => [];
let calendarChanged: CalendarChanged = async () => {};

export function provideLeaveDays(source: LeaveDaysSource): void {
  leaveDaysSource = source;
}

export function provideDaysChanged(handler: DaysChanged): void {
  daysChanged = handler;
}

export function provideFrozenDays(source: FrozenDaysSource): void {
  frozenDaysSource = source;
}

export function provideCalendarChanged(handler: CalendarChanged): void {
  calendarChanged = handler;
}

export function provideShiftAssigner(assigner: ShiftAssigner): void {
  shiftAssigner = assigner;
}

/** Changes an employee's shift from a day on without rewriting the roster's past. */
export function assignShiftFrom(ctx: Ctx, employeeId: string, shiftId: string, effectiveFrom: string): Promise<void> {
  return shiftAssigner(ctx, employeeId, shiftId, effectiveFrom);
}

/** Approved leave in a day range (both ends included), for some employees or all. */
export function approvedLeaveDays(db: Db, employeeIds: readonly string[] | 'all', from: string, to: string): Promise<LeaveDay[]> {
  return leaveDaysSource(db, employeeIds, from, to);
}

/** Tells attendance that an employee's days from..to (inclusive) must be reconciled again. */
export function attendanceInputsChanged(ctx: Ctx, employeeId: string, from: string, to: string): Promise<void> {
  return daysChanged(ctx, employeeId, from, to);
}

/** The days (`YYYY-MM-DD`, ascending) from..to on which an employee's attendance is frozen (closed by HR). */
export function frozenDays(db: Db, employeeId: string, from: string, to: string): Promise<string[]> {
  return frozenDaysSource(db, employeeId, from, to);
}

/**
 * Tells leave that the working calendar (holidays, weekly offs) of some
 * employees changed for days from..to (inclusive): live requests over those
 * days are counted again, inside the caller's transaction. `why` says what
 * changed, in words, for the ledger and the audit trail.
 */
export function leaveCalendarChanged(ctx: Ctx, employeeIds: readonly string[] | 'all', from: string, to: string, why: string): Promise<void> {
  return calendarChanged(ctx, employeeIds, from, to, why);
}
