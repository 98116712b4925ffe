import type { Ctx, Db } from './context.ts';

/**
 * The two places where attendance and leave need each other. Each module
 * provides its side when the app is wired (see `wireModules`), so neither
 * imports the other and both can be tested alone.
 *
 * - Attendance reads approved leave when it reconciles a day.
 * - Leave (and anything else that changes a day's inputs) asks attendance to
 *   reconcile the affected days, inside the same transaction.
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

/** Puts an employee on a shift from a day on, through the roster (attendance keeps the history). */
export type ShiftAssigner = (ctx: Ctx, employeeId: string, shiftId: string, effectiveFrom: string) => Promise<void>;

let leaveDaysSource: LeaveDaysSource = async () => [];
let shiftAssigner: ShiftAssigner = async () => {
  throw new Error('no shift assigner is wired: call wireModules()');
};
let daysChanged: DaysChanged = async () => {};

export function provideLeaveDays(source: LeaveDaysSource): void {
  leaveDaysSource = source;
}

export function provideDaysChanged(handler: DaysChanged): void {
  daysChanged = handler;
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
