import { type AttendanceStatus, type DayReason, formatMinutes } from '../../../../shared/attendance/index.ts';
import type { LeavePortion } from '../../context.ts';
import { type Pair, type PunchInput, type PunchRole, readPunches } from './punch-pairs.ts';
import { clockAt, leaveTypeOf, say, sayMissing, shiftReason, whenAt, yesNo } from './reason-words.ts';
import type { ShiftRule } from './shift-time.ts';

/**
 * The reconciliation engine: a pure function from a shift day's inputs and
 * the clock to the day's record, with the reasons that explain it. No I/O:
 * the service loads inputs in bulk, calls `reconcile`, stores the result.
 * Where a shift day lies in time (occurrences, windows) is `shift-time.ts`;
 * what the punches say on their own (pairs, roles, time worked) is `punch-pairs.ts`.
 */

export { type EnginePunch, type Pair, type PunchRole, pairPunches } from './punch-pairs.ts';

const MINUTE = 60_000;
/** A first punch this long before the shift is an early arrival, said so (never "late"). */
export const EARLY_ARRIVAL_MINUTES = 60;

export interface LeaveInput {
  portion: LeavePortion;
  code: string;
  name: string;
  paid: boolean;
}

export interface ReconcileInput extends PunchInput {
  /** The trimmed window [start, end): punches in it belong to this day. */
  window: { start: number; end: number };
  holiday: string | null;
  weeklyOff: boolean;
  leave: readonly LeaveInput[];
  override: { workedMinutes: number | null; otMinutes: number | null; reason: string } | null;
  /**
   * The earliest last contact of the terminals feeding the employee's
   * location (epoch ms; −∞ for one that has never reported), with the name
   * of that terminal; null when none does.
   */
  syncedUntil: { at: number; terminal: string } | null;
}

export interface DayResult {
  status: AttendanceStatus;
  provisional: boolean;
  workedMinutes: number;
  otMinutes: number;
  lateMinutes: number;
  earlyMinutes: number;
  firstIn: number | null;
  lastOut: number | null;
  punchCount: number;
  presentDays: number;
  leaveDays: number;
  lopDays: number;
  holidayName: string | null;
  leaveCode: string | null;
  reasons: DayReason[];
  pairs: Pair[];
  roles: Map<string, PunchRole>;
}

/** What every return of `reconcile` shares besides the day's own figures. */
interface Common {
  provisional: boolean;
  firstIn: number | null;
  lastOut: number | null;
  punchCount: number;
  holidayName: string | null;
  leaveCode: string | null;
  reasons: DayReason[];
  pairs: Pair[];
  roles: Map<string, PunchRole>;
}

type Figures = Pick<DayResult, 'status' | 'workedMinutes' | 'otMinutes' | 'lateMinutes' | 'earlyMinutes' | 'presentDays' | 'leaveDays' | 'lopDays'>;

function finish(c: Common, f: Figures): DayResult {
  return {
    status: f.status,
    provisional: c.provisional,
    workedMinutes: f.workedMinutes,
    otMinutes: f.otMinutes,
    lateMinutes: f.lateMinutes,
    earlyMinutes: f.earlyMinutes,
    firstIn: c.firstIn,
    lastOut: c.lastOut,
    punchCount: c.punchCount,
    presentDays: f.presentDays,
    leaveDays: f.leaveDays,
    lopDays: f.lopDays,
    holidayName: c.holidayName,
    leaveCode: c.leaveCode,
    reasons: c.reasons,
    pairs: c.pairs,
    roles: c.roles,
  };
}

/** The overtime HR set, if any (with its reason), else the computed one. */
function overriddenOt(input: ReconcileInput, computed: number, reasons: DayReason[]): number {
  const override = input.override;
  if (override?.otMinutes !== null && override?.otMinutes !== undefined) {
    say(reasons, 'override', `overtime set to ${formatMinutes(override.otMinutes)} by HR: ${override.reason}`, 'overrideOt', { duration: { duration: override.otMinutes }, reason: override.reason });
    return override.otMinutes;
  }
  return computed;
}

/** Why a day is not final yet. */
function pendingReason(input: ReconcileInput, now: number, reasons: DayReason[]): void {
  const { window, occurrence: o } = input;
  const end = whenAt(o, window.end);
  if (now < window.end) say(reasons, 'pending', `not final until ${end.text}: punches until then still count`, 'pendingUntil', { time: end.value });
  else if (input.syncedUntil?.at === Number.NEGATIVE_INFINITY) {
    say(reasons, 'pending', `not final: waiting for ${input.syncedUntil.terminal}, which has not reported its whole log yet`, 'pendingNeverReported', { terminal: input.syncedUntil.terminal });
  } else if (input.syncedUntil) say(reasons, 'pending', `not final: waiting for ${input.syncedUntil.terminal} to report past ${end.text}`, 'pendingTerminal', { terminal: input.syncedUntil.terminal, time: end.value });
}

function overlapMinutes(from: number, to: number, lo: number, hi: number): number {
  return Math.max(0, Math.min(to, hi) - Math.max(from, lo)) / MINUTE;
}

/** Overtime by the rule: at least `after` minutes, rounded down to `block`, capped at `max`. */
export function overtimeOf(extraMinutes: number, ot: ShiftRule['ot']): number {
  if (!ot.eligible || extraMinutes < ot.after || extraMinutes <= 0) return 0;
  const rounded = Math.floor(extraMinutes / ot.block) * ot.block;
  return ot.max === null ? rounded : Math.min(rounded, ot.max);
}

/**
 * Reconciles one shift day. `now` (epoch ms) decides whether the day is
 * final: its window has ended and every terminal of the location has
 * reported past it. No absence is marked on a day that is not final.
 */
export function reconcile(input: ReconcileInput, now: number): DayResult {
  const { occurrence: o, window } = input;
  const shift = o.shift;
  const reasons: DayReason[] = [];

  const { pairs, unpaired, roles, firstIn, lastOut, worked: punched } = readPunches(input, reasons);
  let worked = punched;

  const override = input.override;
  if (override?.workedMinutes !== null && override?.workedMinutes !== undefined) {
    say(reasons, 'override', `worked time set to ${formatMinutes(override.workedMinutes)} by HR: ${override.reason}`, 'overrideWorked', { duration: { duration: override.workedMinutes }, reason: override.reason });
    worked = override.workedMinutes;
  }
  const hasWork = pairs.length > 0 || (override?.workedMinutes ?? 0) > 0;
  const resolvedByOverride = override?.workedMinutes !== null && override?.workedMinutes !== undefined;

  const syncedPast = input.syncedUntil === null || input.syncedUntil.at >= window.end;
  const final = now >= window.end && syncedPast;
  const provisional = !final;
  const fullLeave = input.leave.find((l) => l.portion === 'FullDay');
  const firstHalf = input.leave.find((l) => l.portion === 'FirstHalf');
  const secondHalf = input.leave.find((l) => l.portion === 'SecondHalf');
  // Both halves on leave (two half-day requests) make a whole day on leave.
  const bothHalves = !fullLeave && firstHalf && secondHalf ? ([firstHalf, secondHalf] as const) : null;
  const halfLeave = fullLeave || bothHalves ? undefined : (firstHalf ?? secondHalf);
  const leaveCode = (fullLeave ?? firstHalf ?? halfLeave)?.code ?? null;

  const common: Common = {
    provisional,
    firstIn,
    lastOut,
    punchCount: input.punches.length,
    holidayName: input.holiday,
    leaveCode,
    reasons,
    pairs,
    roles,
  };

  // 1. Full-day leave (or both halves of the day) wins over everything else.
  if (fullLeave) {
    say(reasons, 'leave', `on leave: ${fullLeave.name} (${fullLeave.code})${fullLeave.paid ? '' : ', unpaid'}`, 'leave', { leave: leaveTypeOf(fullLeave), paid: yesNo(fullLeave.paid) });
    if (pairs.length) say(reasons, 'leave', `also punched ${formatMinutes(worked)} on a leave day`, 'leaveAlsoPunched', { worked: { duration: worked } });
    return finish(common, {
      status: 'OnLeave',
      workedMinutes: worked,
      otMinutes: overriddenOt(input, 0, reasons),
      lateMinutes: 0,
      earlyMinutes: 0,
      presentDays: 0,
      leaveDays: 1,
      lopDays: fullLeave.paid ? 0 : 1,
    });
  }

  if (bothHalves) {
    const [a, b] = bothHalves;
    say(reasons, 'leave', `on leave: first half ${a.name} (${a.code})${a.paid ? '' : ', unpaid'}; second half ${b.name} (${b.code})${b.paid ? '' : ', unpaid'}`, 'leaveHalves', {
      first: leaveTypeOf(a),
      firstPaid: yesNo(a.paid),
      second: leaveTypeOf(b),
      secondPaid: yesNo(b.paid),
    });
    if (pairs.length) say(reasons, 'leave', `also punched ${formatMinutes(worked)} on a leave day`, 'leaveAlsoPunched', { worked: { duration: worked } });
    return finish(common, {
      status: 'OnLeave',
      workedMinutes: worked,
      otMinutes: overriddenOt(input, 0, reasons),
      lateMinutes: 0,
      earlyMinutes: 0,
      presentDays: 0,
      leaveDays: 1,
      lopDays: (a.paid ? 0 : 0.5) + (b.paid ? 0 : 0.5),
    });
  }

  // 2. Holidays and weekly offs: known in advance; work on them is overtime.
  const off = input.holiday !== null ? 'holiday' : input.weeklyOff ? 'weekly-off' : null;
  if (off) {
    if (off === 'holiday') say(reasons, off, `holiday: ${input.holiday ?? ''}`, 'holiday', { name: input.holiday ?? '' });
    else say(reasons, off, 'weekly off', 'weeklyOff');
    if (unpaired.length && !resolvedByOverride) {
      for (const u of unpaired) sayMissing(reasons, u, o);
      if (provisional) pendingReason(input, now, reasons);
      return finish(common, {
        status: provisional ? 'Pending' : 'MissingPunch',
        workedMinutes: worked,
        otMinutes: overriddenOt(input, 0, reasons),
        lateMinutes: 0,
        earlyMinutes: 0,
        presentDays: 0,
        leaveDays: 0,
        lopDays: 0,
      });
    }
    if (!hasWork) {
      return finish(common, {
        status: off === 'holiday' ? 'Holiday' : 'WeeklyOff',
        workedMinutes: 0,
        otMinutes: overriddenOt(input, 0, reasons),
        lateMinutes: 0,
        earlyMinutes: 0,
        presentDays: 0,
        leaveDays: 0,
        lopDays: 0,
      });
    }
    const ot = shift.ot.eligible ? overtimeOf(worked, { ...shift.ot, after: 0 }) : 0;
    if (shift.ot.eligible) {
      say(reasons, 'overtime', `work on a ${off === 'holiday' ? 'holiday' : 'weekly off'} is overtime: ${formatMinutes(ot)} (rounded down to ${shift.ot.block} min)`, 'offDayOvertime', {
        day: off,
        ot: { duration: ot },
        block: String(shift.ot.block),
      });
    } else say(reasons, 'overtime', 'worked on a day off: comp-off eligible (shift not overtime-eligible)', 'offDayCompOff');
    return finish(common, {
      status: off === 'holiday' ? 'WorkedOnHoliday' : 'WorkedOnWeeklyOff',
      workedMinutes: worked,
      otMinutes: overriddenOt(input, ot, reasons),
      lateMinutes: 0,
      earlyMinutes: 0,
      presentDays: 0,
      leaveDays: 0,
      lopDays: 0,
    });
  }

  // 3. A working day.
  reasons.push(shiftReason(shift));
  if (halfLeave) {
    say(reasons, 'leave', `half-day leave (${halfLeave.portion === 'FirstHalf' ? 'first half' : 'second half'}): ${halfLeave.name} (${halfLeave.code})`, 'halfLeave', {
      half: halfLeave.portion,
      leave: leaveTypeOf(halfLeave),
    });
  }

  // Expected arrival and departure: the core hours of a flexible shift; half a shift later/earlier around a half-day leave.
  const coreStart = shift.flexible ? o.start + (((shift.flexible.coreStart - shift.start + 1440) % 1440) * MINUTE) : o.start;
  const coreEnd = shift.flexible ? o.start + (((shift.flexible.coreEnd - shift.start + 1440) % 1440) * MINUTE) : o.end;
  const middle = Math.round((coreStart + coreEnd) / 2 / MINUTE) * MINUTE;
  const expectedStart = halfLeave?.portion === 'FirstHalf' ? middle : coreStart;
  const expectedEnd = halfLeave?.portion === 'SecondHalf' ? middle : coreEnd;

  let late = 0;
  if (firstIn !== null) {
    const by = Math.floor((firstIn - expectedStart) / MINUTE);
    if (firstIn >= expectedEnd) {
      // Not "late by 7 hours": the first punch came after the shift had ended.
      say(reasons, 'outside-shift', `first in at ${clockAt(o, firstIn)}, after the shift ended at ${clockAt(o, expectedEnd)}`, 'outsideShift', { time: clockAt(o, firstIn), end: clockAt(o, expectedEnd) });
    } else if (by > shift.lateGrace) {
      late = by;
      say(reasons, 'late', `late by ${by} min (grace ${shift.lateGrace}): in at ${clockAt(o, firstIn)}, expected ${clockAt(o, expectedStart)}`, 'late', {
        by: String(by),
        grace: String(shift.lateGrace),
        time: clockAt(o, firstIn),
        expected: clockAt(o, expectedStart),
      });
    } else if (-by >= EARLY_ARRIVAL_MINUTES) {
      say(reasons, 'early-arrival', `in at ${clockAt(o, firstIn)}, ${formatMinutes(-by)} before the shift starts at ${clockAt(o, expectedStart)}`, 'earlyArrival', {
        time: clockAt(o, firstIn),
        before: { duration: -by },
        start: clockAt(o, expectedStart),
      });
    }
  }
  let early = 0;
  if (lastOut !== null && !provisional) {
    const by = Math.floor((expectedEnd - lastOut) / MINUTE);
    if (by > shift.earlyGrace) {
      early = by;
      say(reasons, 'early-leave', `left ${by} min early (grace ${shift.earlyGrace}): out at ${clockAt(o, lastOut)}, expected ${clockAt(o, expectedEnd)}`, 'earlyLeave', {
        by: String(by),
        grace: String(shift.earlyGrace),
        time: clockAt(o, lastOut),
        expected: clockAt(o, expectedEnd),
      });
    }
  }

  // Overtime: time beyond the shift (and before it, if the policy says so), or beyond the required minutes of a flexible shift.
  let extra = 0;
  if (shift.flexible) extra = worked - shift.flexible.required;
  else {
    for (const p of pairs) {
      extra += overlapMinutes(p.in, p.out, o.end, Number.POSITIVE_INFINITY);
      if (shift.ot.beforeStart) extra += overlapMinutes(p.in, p.out, Number.NEGATIVE_INFINITY, o.start);
    }
    extra = Math.floor(extra);
  }
  let ot = overtimeOf(extra, shift.ot);
  if (ot > 0) {
    const capped = shift.ot.max !== null && ot === shift.ot.max;
    const values = { ot: { duration: ot }, extra: { duration: extra }, after: String(shift.ot.after), block: String(shift.ot.block) };
    const text = `overtime ${formatMinutes(ot)}: ${formatMinutes(extra)} beyond the shift, from ${shift.ot.after} min, rounded down to ${shift.ot.block} min`;
    if (capped) say(reasons, 'overtime', `${text}, capped at ${formatMinutes(ot)}`, 'overtimeCapped', { ...values, max: { duration: ot } });
    else say(reasons, 'overtime', text, 'overtime', values);
  } else if (extra > 0 && shift.ot.eligible && extra < shift.ot.after) {
    say(reasons, 'overtime', `no overtime: ${formatMinutes(extra)} beyond the shift is under ${shift.ot.after} min`, 'noOvertime', { extra: { duration: extra }, after: String(shift.ot.after) });
  }
  ot = overriddenOt(input, ot, reasons);

  if (provisional && !resolvedByOverride) {
    pendingReason(input, now, reasons);
    return finish(common, { status: 'Pending', workedMinutes: worked, otMinutes: ot, lateMinutes: late, earlyMinutes: early, presentDays: 0, leaveDays: halfLeave ? 0.5 : 0, lopDays: 0 });
  }

  if (unpaired.length && !resolvedByOverride) {
    for (const u of unpaired) sayMissing(reasons, u, o);
    return finish(common, { status: 'MissingPunch', workedMinutes: worked, otMinutes: ot, lateMinutes: late, earlyMinutes: early, presentDays: 0, leaveDays: halfLeave ? 0.5 : 0, lopDays: 0 });
  }

  const unpaidLeave = halfLeave && !halfLeave.paid ? 0.5 : 0;
  if (halfLeave) {
    if (worked >= shift.halfDay) {
      say(reasons, 'half-day-leave', `half-day leave + ${formatMinutes(worked)} worked ≥ half day ${formatMinutes(shift.halfDay)}: a full day`, 'halfDayLeaveFull', { worked: { duration: worked }, halfDay: { duration: shift.halfDay } });
      return finish(common, { status: 'HalfDayLeave', workedMinutes: worked, otMinutes: ot, lateMinutes: late, earlyMinutes: early, presentDays: 0.5, leaveDays: 0.5, lopDays: unpaidLeave });
    }
    say(reasons, 'half-day-leave', `half-day leave, but ${formatMinutes(worked)} worked < half day ${formatMinutes(shift.halfDay)}: the other half is loss of pay`, 'halfDayLeaveLop', { worked: { duration: worked }, halfDay: { duration: shift.halfDay } });
    return finish(common, { status: 'HalfDayLeave', workedMinutes: worked, otMinutes: ot, lateMinutes: late, earlyMinutes: early, presentDays: 0, leaveDays: 0.5, lopDays: 0.5 + unpaidLeave });
  }

  if (!hasWork) {
    // The shift's hours, as HR reads them (the punch window around them is an engine detail).
    say(reasons, 'absent', `absent: ${input.punches.length ? 'no punch that counts' : 'no punch'} between ${clockAt(o, expectedStart)} and ${clockAt(o, expectedEnd)}`, 'absentNoPunch', {
      punched: yesNo(input.punches.length > 0),
      start: clockAt(o, expectedStart),
      end: clockAt(o, expectedEnd),
    });
    return finish(common, { status: 'Absent', workedMinutes: 0, otMinutes: ot, lateMinutes: 0, earlyMinutes: 0, presentDays: 0, leaveDays: 0, lopDays: 1 });
  }
  if (worked < shift.halfDay) {
    say(reasons, 'absent', `absent: ${formatMinutes(worked)} worked < half day ${formatMinutes(shift.halfDay)}`, 'absentShort', { worked: { duration: worked }, halfDay: { duration: shift.halfDay } });
    return finish(common, { status: 'Absent', workedMinutes: worked, otMinutes: ot, lateMinutes: late, earlyMinutes: early, presentDays: 0, leaveDays: 0, lopDays: 1 });
  }
  const fullDay = shift.flexible ? Math.min(shift.fullDay, shift.flexible.required) : shift.fullDay;
  if (worked < fullDay) {
    say(reasons, 'half-day', `half day: ${formatMinutes(worked)} worked < full day ${formatMinutes(fullDay)}`, 'halfDay', { worked: { duration: worked }, fullDay: { duration: fullDay } });
    return finish(common, { status: 'HalfDay', workedMinutes: worked, otMinutes: ot, lateMinutes: late, earlyMinutes: early, presentDays: 0.5, leaveDays: 0, lopDays: 0.5 });
  }
  say(reasons, 'present', `present: ${formatMinutes(worked)} worked ≥ full day ${formatMinutes(fullDay)}`, 'present', { worked: { duration: worked }, fullDay: { duration: fullDay } });
  return finish(common, { status: 'Present', workedMinutes: worked, otMinutes: ot, lateMinutes: late, earlyMinutes: early, presentDays: 1, leaveDays: 0, lopDays: 0 });
}
