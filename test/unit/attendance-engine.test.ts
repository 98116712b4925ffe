import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates.ts';
import {
  type DayResult,
  type EnginePunch,
  type LeaveInput,
  type ReconcileInput,
  overtimeOf,
  pairPunches,
  reconcile,
} from '../../server/src/modules/attendance/reconcile.ts';
import { directionFromTerminal } from '../../server/src/modules/attendance/policy-cache.ts';
import { type Occurrence, type ShiftRule, occurrenceOf, ownerDay, trimmedWindow, zonedInstant } from '../../server/src/modules/attendance/shift-time.ts';
import { isWeeklyOff } from '../../shared/org.ts';
import { DAY_REASON_MESSAGES, type DayReason } from '../../shared/attendance/index.ts';
import { renderDayReasonIn } from '../../shared/i18n/day-reasons.ts';
import { LOCALES, hasOwnMessage } from '../../shared/i18n/index.ts';

/**
 * The reconciliation engine, exhaustively, with plain data: every status,
 * every rule (pairing, debounce, night shifts, thresholds, overtime blocks,
 * holidays, weekly offs, leave precedence, provisional days, overrides).
 */

const TZ = 'Asia/Kolkata';
const DAY = '2026-11-10'; // a Tuesday

function shift(over: Partial<ShiftRule> = {}): ShiftRule {
  return {
    id: 'general',
    name: 'General',
    start: 9 * 60 + 30,
    end: 18 * 60 + 30,
    breakMinutes: 60,
    lateGrace: 10,
    earlyGrace: 10,
    halfDay: 240,
    fullDay: 420,
    ot: { eligible: false, after: 30, block: 30, max: null, beforeStart: false },
    windowBefore: 120,
    windowAfter: 360,
    flexible: null,
    hoursMode: 'pairs',
    ...over,
  };
}

const NIGHT = shift({ id: 'night', name: 'Night', start: 22 * 60, end: 6 * 60, breakMinutes: 30, halfDay: 225, fullDay: 405, ot: { eligible: true, after: 30, block: 30, max: 240, beforeStart: false }, windowBefore: 120, windowAfter: 300 });

/** Local `HH:MM` (or `HH:MM:SS`) of a day in IST as epoch ms; `+1` for the next day. */
function at(time: string, day = DAY, plusDays = 0): number {
  const [h, m, s] = time.split(':').map(Number);
  return zonedInstant(addDays(day, plusDays), (h ?? 0) * 60 + (m ?? 0), TZ) + (s ?? 0) * 1000;
}

let seq = 0;
function p(time: string, direction: 'in' | 'out' | null = null, opts: { day?: string; plus?: number; flagged?: boolean } = {}): EnginePunch {
  seq++;
  return { id: `p${String(seq).padStart(4, '0')}`, at: at(time, opts.day ?? DAY, opts.plus ?? 0), direction, flagged: opts.flagged ?? false };
}

interface Case {
  shift?: ShiftRule;
  day?: string;
  punches?: EnginePunch[];
  holiday?: string | null;
  weeklyOff?: boolean;
  leave?: LeaveInput[];
  override?: ReconcileInput['override'];
  debounce?: number;
  synced?: ReconcileInput['syncedUntil'];
  now?: number;
}

/** Every reason the cases below made, for the check that each reads in every language (issue 21). */
const SEEN: DayReason[] = [];

function run(c: Case): DayResult {
  const s = c.shift ?? shift();
  const day = c.day ?? DAY;
  const prev = occurrenceOf(addDays(day, -1), s, TZ);
  const cur = occurrenceOf(day, s, TZ);
  const next = occurrenceOf(addDays(day, 1), s, TZ);
  const window = trimmedWindow(prev, cur, next);
  const result = reconcile(
    {
      occurrence: cur,
      window,
      punches: (c.punches ?? []).filter((x) => x.at >= window.start && x.at < window.end),
      holiday: c.holiday ?? null,
      weeklyOff: c.weeklyOff ?? false,
      leave: c.leave ?? [],
      override: c.override ?? null,
      debounceSeconds: c.debounce ?? 120,
      syncedUntil: c.synced ?? null,
    },
    c.now ?? at('12:00', day, 3),
  );
  SEEN.push(...result.reasons);
  return result;
}

const rules = (r: DayResult) => r.reasons.map((x) => x.rule);
const texts = (r: DayResult) => r.reasons.map((x) => x.text).join(' | ');

describe('present, late, early leave, break', () => {
  it('a normal day is Present with the unpaid break deducted', () => {
    const r = run({ punches: [p('09:25', 'in'), p('18:35', 'out')] });
    expect(r.status).toBe('Present');
    expect(r.workedMinutes).toBe(9 * 60 + 10 - 60);
    expect(r.lateMinutes).toBe(0);
    expect(r.earlyMinutes).toBe(0);
    expect(r.presentDays).toBe(1);
    expect(r.lopDays).toBe(0);
    expect(r.provisional).toBe(false);
    expect(texts(r)).toContain('worked 8h10: 9h10 (1 pair) − 1h00 unpaid break');
    expect(texts(r)).toContain('present: 8h10 worked ≥ full day 7h00');
  });

  it('late beyond the grace counts the whole delay; within the grace nothing', () => {
    const late = run({ punches: [p('09:47', 'in'), p('18:35', 'out')] });
    expect(late.lateMinutes).toBe(17);
    expect(texts(late)).toContain('late by 17 min (grace 10): in at 09:47, expected 09:30');
    expect(late.status).toBe('Present');
    expect(run({ punches: [p('09:40', 'in'), p('18:35', 'out')] }).lateMinutes).toBe(0);
  });

  it('leaving before end − grace is an early leave', () => {
    const r = run({ punches: [p('09:20', 'in'), p('18:00', 'out')] });
    expect(r.earlyMinutes).toBe(30);
    expect(rules(r)).toContain('early-leave');
    expect(run({ punches: [p('09:20', 'in'), p('18:21', 'out')] }).earlyMinutes).toBe(0);
  });

  it('time spent out (lunch) counts towards the break', () => {
    const r = run({ punches: [p('09:30', 'in'), p('13:30', 'out'), p('14:00', 'in'), p('18:30', 'out')] });
    // 8h30 in two pairs; 30 min of the 60-minute break already taken out.
    expect(r.workedMinutes).toBe(510 - 30);
    expect(texts(r)).toContain('2 pairs');
  });

  it('the break is not taken from a short day: only the part beyond a half day pays for it', () => {
    expect(run({ punches: [p('09:30', 'in'), p('13:40', 'out')] }).workedMinutes).toBe(250 - 10);
    expect(run({ punches: [p('09:30', 'in'), p('13:00', 'out')] }).workedMinutes).toBe(210);
  });

  it('firstLast hours include the gaps', () => {
    const r = run({ shift: shift({ hoursMode: 'firstLast' }), punches: [p('09:30', 'in'), p('13:30', 'out'), p('14:30', 'in'), p('18:30', 'out')] });
    expect(r.workedMinutes).toBe(540 - 60);
    expect(texts(r)).toContain('first in to last out');
  });
});

describe('half-day and absent thresholds', () => {
  it.each([
    ['13:30', 'HalfDay', 240, 0.5, 0.5], // exactly the half day
    ['16:30', 'HalfDay', 420 - 60, 0.5, 0.5],
    ['17:30', 'Present', 420, 1, 0], // exactly the full day
    ['13:29', 'Absent', 239, 0, 1],
  ])('out at %s → %s', (out, status, worked, present, lop) => {
    const r = run({ punches: [p('09:30', 'in'), p(out, 'out')] });
    expect(r.status).toBe(status);
    expect(r.workedMinutes).toBe(worked);
    expect(r.presentDays).toBe(present);
    expect(r.lopDays).toBe(lop);
  });

  it('a final working day without punches is Absent, with the reason', () => {
    const r = run({});
    expect(r.status).toBe('Absent');
    expect(r.lopDays).toBe(1);
    // The shift's hours as HR reads them, not the punch window (04:00 to 04:00) the engine trims between days.
    expect(texts(r)).toContain('absent: no punch between 09:30 and 18:30');
  });
});

describe('pairing, odd punches, debounce, direction', () => {
  it('a lone in is a MissingPunch (no 20-hour day), not a silent auto-close', () => {
    const r = run({ punches: [p('09:31', 'in')] });
    expect(r.status).toBe('MissingPunch');
    expect(r.workedMinutes).toBe(0);
    expect(r.lopDays).toBe(0);
    expect(texts(r)).toContain('missing punch: in at 09:31 has no out');
  });

  it('a lone out is a MissingPunch too', () => {
    const r = run({ punches: [p('18:40', 'out')] });
    expect(r.status).toBe('MissingPunch');
    expect(texts(r)).toContain('missing punch: out at 18:40 has no in');
  });

  it('in, in, out: the earlier in is unpaired', () => {
    const first = p('09:00', 'in');
    const r = run({ punches: [first, p('09:30', 'in'), p('18:30', 'out')] });
    expect(r.status).toBe('MissingPunch');
    expect(r.roles.get(first.id)).toBe('unpaired');
    expect(r.firstIn).toBe(first.at);
  });

  it('without direction, punches alternate in, out, in, out', () => {
    const r = run({ punches: [p('09:30'), p('13:00'), p('13:45'), p('18:30')] });
    expect(r.pairs).toHaveLength(2);
    expect(r.status).toBe('Present');
    expect(run({ punches: [p('09:30'), p('13:00'), p('13:45')] }).status).toBe('MissingPunch');
  });

  it('a second punch within the debounce window is a bounce, dropped with a reason', () => {
    const bounce = p('09:26:30', null);
    const r = run({ punches: [p('09:25'), bounce, p('18:35')] });
    expect(r.roles.get(bounce.id)).toBe('bounce');
    expect(r.status).toBe('Present');
    expect(texts(r)).toContain('ignored: within 120 s');
    // Outside the window it is a real punch and pairs by alternation.
    expect(run({ punches: [p('09:25'), p('09:30'), p('18:35')] }).status).toBe('MissingPunch');
  });

  it('an explicit in then out inside the debounce window is not a bounce', () => {
    const r = pairPunches([p('09:25', 'in'), p('09:26', 'out')], 120);
    expect(r.pairs).toHaveLength(1);
    expect(r.bounces).toHaveLength(0);
  });

  it('flagged (off-zone) punches are kept but not counted', () => {
    const flagged = p('09:25', 'in', { flagged: true });
    const r = run({ punches: [flagged, p('18:35', 'out')] });
    expect(r.roles.get(flagged.id)).toBe('flagged');
    expect(r.status).toBe('MissingPunch');
    expect(rules(r)).toContain('flagged');
  });

  it('terminal state codes: 0/4 in, 1/5 out, anything else (255) alternates; fixed policies win', () => {
    expect(directionFromTerminal('by-state', '0')).toBe('in');
    expect(directionFromTerminal('by-state', '4')).toBe('in');
    expect(directionFromTerminal('by-state', '1')).toBe('out');
    expect(directionFromTerminal('by-state', '5')).toBe('out');
    expect(directionFromTerminal('by-state', '255')).toBeNull();
    expect(directionFromTerminal('alternating', '0')).toBeNull();
    expect(directionFromTerminal('fixed-in', '1')).toBe('in');
    expect(directionFromTerminal('fixed-out', '0')).toBe('out');
  });
});

describe('night shift across midnight', () => {
  const d = DAY;
  it('in at 21:50 and out at 06:05 the next morning are one shift day, the day it starts', () => {
    const prev = occurrenceOf(addDays(d, -1), NIGHT, TZ);
    const cur = occurrenceOf(d, NIGHT, TZ);
    const next = occurrenceOf(addDays(d, 1), NIGHT, TZ);
    expect(ownerDay(at('21:50', d), prev, cur, next)).toBe(d);
    // 06:05 IST is 00:35 UTC: past midnight both locally and in UTC.
    const out = at('06:05', d, 1);
    expect(new Date(out).toISOString()).toBe(`${addDays(d, 1)}T00:35:00.000Z`);
    expect(ownerDay(out, prev, cur, next)).toBe(d);
    const r = run({ shift: NIGHT, punches: [p('21:50', 'in'), p('06:05', 'out', { plus: 1 })] });
    expect(r.status).toBe('Present');
    expect(r.workedMinutes).toBe(8 * 60 + 15 - 30);
    expect(r.lateMinutes).toBe(0);
  });

  it('every instant belongs to exactly one shift day: an early check-in before the punch window still counts', () => {
    const g = shift();
    const prev = occurrenceOf(addDays(DAY, -1), g, TZ);
    const cur = occurrenceOf(DAY, g, TZ);
    const next = occurrenceOf(addDays(DAY, 1), g, TZ);
    expect(ownerDay(at('05:45'), prev, cur, next)).toBe(DAY);
    expect(ownerDay(at('03:59'), prev, cur, next)).toBe(addDays(DAY, -1));
    expect(run({ punches: [p('05:45', 'in'), p('18:35', 'out')] }).status).toBe('Present');
  });

  it('a punch just before midnight UTC (05:29 IST) belongs to the night shift that started the evening before', () => {
    const prev = occurrenceOf(addDays(d, -1), NIGHT, TZ);
    const cur = occurrenceOf(d, NIGHT, TZ);
    const next = occurrenceOf(addDays(d, 1), NIGHT, TZ);
    const t = at('05:29', d);
    expect(new Date(t).toISOString()).toBe(`${addDays(d, -1)}T23:59:00.000Z`);
    expect(ownerDay(t, prev, cur, next)).toBe(addDays(d, -1));
  });

  it('overtime after 06:00 is counted in blocks', () => {
    const r = run({ shift: NIGHT, punches: [p('21:55', 'in'), p('07:47', 'out', { plus: 1 })] });
    expect(r.otMinutes).toBe(90);
    expect(texts(r)).toContain('overtime 1h30');
  });

  it('a roster change from a day shift to nights splits the overlap at the midpoint between the shifts', () => {
    const general = occurrenceOf(d, shift(), TZ);
    const night = occurrenceOf(addDays(d, 1), NIGHT, TZ);
    const w = trimmedWindow(null, general, night);
    // General's window ends 00:30; the next day's night shift window opens at 20:00: the gap is cut in the middle.
    expect(w.end).toBe(at('10:15', d, 1));
    // A night shift followed by a day shift at 09:30: windows overlap (06:00 + 5 h vs 09:30 − 2 h); the cut is 07:45.
    const n = occurrenceOf(d, NIGHT, TZ);
    const g = occurrenceOf(addDays(d, 1), shift(), TZ);
    expect(trimmedWindow(null, n, g).end).toBe(at('07:45', d, 1));
    expect(trimmedWindow(n, g, null).start).toBe(at('07:45', d, 1));
  });
});

describe('overtime', () => {
  const ot = { eligible: true, after: 30, block: 30, max: null, beforeStart: false };
  it('starts after the threshold and rounds down to the block', () => {
    expect(overtimeOf(107, ot)).toBe(90);
    expect(overtimeOf(29, ot)).toBe(0);
    expect(overtimeOf(30, ot)).toBe(30);
    expect(overtimeOf(44, { ...ot, block: 15 })).toBe(30);
    expect(overtimeOf(300, { ...ot, max: 120 })).toBe(120);
    expect(overtimeOf(300, { ...ot, eligible: false })).toBe(0);
  });

  it('a day: time after the shift end, with the reason; under the threshold nothing', () => {
    const s = shift({ ot });
    const r = run({ shift: s, punches: [p('09:25', 'in'), p('20:17', 'out')] });
    expect(r.otMinutes).toBe(90);
    expect(texts(r)).toContain('overtime 1h30: 1h47 beyond the shift');
    const short = run({ shift: s, punches: [p('09:25', 'in'), p('18:55', 'out')] });
    expect(short.otMinutes).toBe(0);
    expect(texts(short)).toContain('no overtime: 0h25 beyond the shift is under 30 min');
  });

  it('work before the start counts only when the policy says so', () => {
    const punches = [p('07:30', 'in'), p('18:30', 'out')];
    expect(run({ shift: shift({ ot }), punches }).otMinutes).toBe(0);
    expect(run({ shift: shift({ ot: { ...ot, beforeStart: true } }), punches }).otMinutes).toBe(120);
  });
});

describe('flexible shifts', () => {
  const flex = shift({ id: 'flex', name: 'Flexi', start: 7 * 60, end: 22 * 60, flexible: { coreStart: 10 * 60, coreEnd: 16 * 60, required: 480 }, ot: { eligible: true, after: 30, block: 30, max: null, beforeStart: false } });
  it('late and early against the core hours; overtime beyond the required minutes', () => {
    const r = run({ shift: flex, punches: [p('10:20', 'in'), p('20:50', 'out')] });
    expect(r.lateMinutes).toBe(20);
    expect(r.earlyMinutes).toBe(0);
    expect(r.workedMinutes).toBe(630 - 60);
    expect(r.otMinutes).toBe(90);
    expect(r.status).toBe('Present');
  });

  it('leaving before the core end is an early leave', () => {
    const r = run({ shift: flex, punches: [p('08:00', 'in'), p('15:30', 'out')] });
    expect(r.earlyMinutes).toBe(30);
  });
});

describe('holidays, weekly offs and leave', () => {
  it('a holiday without punches is Holiday; with work, WorkedOnHoliday and all of it overtime', () => {
    expect(run({ holiday: 'Diwali' }).status).toBe('Holiday');
    const s = shift({ ot: { eligible: true, after: 30, block: 30, max: null, beforeStart: false } });
    const r = run({ shift: s, holiday: 'Diwali', punches: [p('10:00', 'in'), p('14:10', 'out')] });
    expect(r.status).toBe('WorkedOnHoliday');
    expect(r.workedMinutes).toBe(250 - 10);
    expect(r.otMinutes).toBe(240);
    expect(r.lopDays).toBe(0);
  });

  it('work on a day off by someone without overtime earns a comp-off note', () => {
    const r = run({ weeklyOff: true, punches: [p('10:00', 'in'), p('14:00', 'out')] });
    expect(r.status).toBe('WorkedOnWeeklyOff');
    expect(r.otMinutes).toBe(0);
    expect(texts(r)).toContain('comp-off eligible');
  });

  it('a weekly off without punches is WeeklyOff, never Absent', () => {
    const r = run({ weeklyOff: true });
    expect(r.status).toBe('WeeklyOff');
    expect(r.lopDays).toBe(0);
  });

  it('approved leave takes precedence over absence and over a holiday', () => {
    const cl: LeaveInput = { portion: 'FullDay', code: 'CL', name: 'Casual Leave', paid: true };
    const r = run({ leave: [cl] });
    expect(r.status).toBe('OnLeave');
    expect(r.leaveDays).toBe(1);
    expect(r.lopDays).toBe(0);
    expect(r.leaveCode).toBe('CL');
    expect(run({ leave: [cl], holiday: 'Diwali' }).status).toBe('OnLeave');
    expect(run({ leave: [{ ...cl, code: 'LOP', paid: false }] }).lopDays).toBe(1);
  });

  it('a half-day leave plus a half day of work is a full day', () => {
    const half: LeaveInput = { portion: 'FirstHalf', code: 'CL', name: 'Casual Leave', paid: true };
    const r = run({ leave: [half], punches: [p('14:00', 'in'), p('18:35', 'out')] });
    expect(r.status).toBe('HalfDayLeave');
    expect(r.presentDays).toBe(0.5);
    expect(r.leaveDays).toBe(0.5);
    expect(r.lopDays).toBe(0);
    // Expected from the middle of the shift (14:00) on a first-half leave: not late.
    expect(r.lateMinutes).toBe(0);
    expect(texts(r)).toContain('a full day');
  });

  it('a first-half and a second-half leave on the same day make a full day on leave', () => {
    const first: LeaveInput = { portion: 'FirstHalf', code: 'CL', name: 'Casual Leave', paid: true };
    const second: LeaveInput = { portion: 'SecondHalf', code: 'SL', name: 'Sick Leave', paid: true };
    for (const leave of [[first, second], [second, first]]) {
      const r = run({ leave });
      expect(r.status).toBe('OnLeave');
      expect(r.leaveDays).toBe(1);
      expect(r.lopDays).toBe(0);
      expect(r.presentDays).toBe(0);
      expect(texts(r)).toContain('Casual Leave (CL)');
      expect(texts(r)).toContain('Sick Leave (SL)');
    }
    // Only the unpaid half costs pay; a holiday does not change that.
    const unpaid = run({ leave: [first, { ...second, code: 'LOP', name: 'Loss of Pay', paid: false }] });
    expect(unpaid).toMatchObject({ status: 'OnLeave', leaveDays: 1, lopDays: 0.5 });
    expect(run({ leave: [first, second], holiday: 'Diwali' }).status).toBe('OnLeave');
    // Punches on such a day are kept, not counted as a half day of work.
    const punched = run({ leave: [first, second], punches: [p('09:30', 'in'), p('13:00', 'out')] });
    expect(punched).toMatchObject({ status: 'OnLeave', leaveDays: 1, lopDays: 0, presentDays: 0 });
    // Two leaves for the same half are still one half day.
    expect(run({ leave: [first, { ...first, code: 'SL' }] }).status).toBe('HalfDayLeave');
  });

  it('a half-day leave with too little work loses the other half', () => {
    const half: LeaveInput = { portion: 'SecondHalf', code: 'CL', name: 'Casual Leave', paid: true };
    const r = run({ leave: [half], punches: [p('09:30', 'in'), p('12:00', 'out')] });
    expect(r.status).toBe('HalfDayLeave');
    expect(r.presentDays).toBe(0);
    expect(r.lopDays).toBe(0.5);
  });

  it('weekly offs: every Sunday, the 2nd and 4th Saturday', () => {
    const rules = [
      { weekday: 0, weeks: 'all' as const },
      { weekday: 6, weeks: [2, 4] },
    ];
    expect(isWeeklyOff('2026-11-08', rules)).toBe(true); // Sunday
    expect(isWeeklyOff('2026-11-07', rules)).toBe(false); // 1st Saturday
    expect(isWeeklyOff('2026-11-14', rules)).toBe(true); // 2nd Saturday
    expect(isWeeklyOff('2026-11-21', rules)).toBe(false); // 3rd Saturday
    expect(isWeeklyOff('2026-11-28', rules)).toBe(true); // 4th Saturday
    expect(isWeeklyOff('2026-11-10', rules)).toBe(false);
  });
});

describe('provisional days and final days', () => {
  it('before the window ends the day is Pending, never Absent', () => {
    const r = run({ now: at('11:00') });
    expect(r.status).toBe('Pending');
    expect(r.provisional).toBe(true);
    expect(texts(r)).toContain('not final until 04:00 the next day: punches until then still count');
    const inNow = run({ now: at('11:00'), punches: [p('09:25', 'in')] });
    expect(inNow.status).toBe('Pending');
    expect(inNow.firstIn).not.toBeNull();
  });

  it('after the window, a terminal that has not reported past it keeps the day provisional', () => {
    const r = run({ synced: { at: at('23:00'), terminal: 'Pune Plant gate' } });
    expect(r.status).toBe('Pending');
    expect(texts(r)).toContain('waiting for Pune Plant gate to report past 04:00');
    expect(run({ synced: { at: at('04:30', DAY, 1), terminal: 'Pune Plant gate' } }).status).toBe('Absent');
  });

  it('a terminal that has never reported keeps every day provisional, and says so', () => {
    const r = run({ synced: { at: Number.NEGATIVE_INFINITY, terminal: 'Pune Plant gate' }, now: at('12:00', DAY, 30) });
    expect(r).toMatchObject({ status: 'Pending', provisional: true, lopDays: 0 });
    expect(texts(r)).toContain('waiting for Pune Plant gate, which has not reported its whole log yet');
  });

  it('holidays and weekly offs are known in advance: not Pending even while provisional', () => {
    expect(run({ now: at('11:00'), holiday: 'Diwali' }).status).toBe('Holiday');
  });
});

describe('overrides', () => {
  it('overridden worked minutes replace the computed ones and decide the status', () => {
    const r = run({ punches: [p('09:31', 'in')], override: { workedMinutes: 480, otMinutes: null, reason: 'gate register' } });
    expect(r.status).toBe('Present');
    expect(r.workedMinutes).toBe(480);
    expect(texts(r)).toContain('worked time set to 8h00 by HR: gate register');
  });

  it('overridden overtime replaces the computed one', () => {
    const r = run({ punches: [p('09:25', 'in'), p('18:35', 'out')], override: { workedMinutes: null, otMinutes: 60, reason: 'approved extra hour' } });
    expect(r.otMinutes).toBe(60);
    expect(r.status).toBe('Present');
  });

  it('an override of a short day down to little work makes it Absent', () => {
    expect(run({ punches: [p('09:25', 'in'), p('18:35', 'out')], override: { workedMinutes: 100, otMinutes: null, reason: 'x' } }).status).toBe('Absent');
  });
});

describe('time zones', () => {
  it('local times become instants with a real tz library, DST included', () => {
    expect(new Date(zonedInstant('2026-11-10', 9 * 60 + 30, TZ)).toISOString()).toBe('2026-11-10T04:00:00.000Z');
    // London: 09:30 is 08:30Z in summer, 09:30Z in winter.
    expect(new Date(zonedInstant('2026-07-01', 9 * 60 + 30, 'Europe/London')).toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(new Date(zonedInstant('2026-12-01', 9 * 60 + 30, 'Europe/London')).toISOString()).toBe('2026-12-01T09:30:00.000Z');
    const o: Occurrence = occurrenceOf('2026-03-28', NIGHT, 'Europe/London');
    // The night of the spring change lasts 7 hours.
    expect((o.end - o.start) / 3_600_000).toBe(7);
  });
});

describe('what HR would notice (issue 13)', () => {
  it('a punch at another location\'s terminal counts and is named on the day', () => {
    const elsewhere = (time: string, direction: 'in' | 'out') => ({ ...p(time, direction), terminalId: 't-pune', elsewhere: 'Pune Plant gate' });
    const r = reconcile(
      {
        ...(() => {
          const s = shift();
          const prev = occurrenceOf(addDays(DAY, -1), s, TZ);
          const cur = occurrenceOf(DAY, s, TZ);
          return { occurrence: cur, window: trimmedWindow(prev, cur, occurrenceOf(addDays(DAY, 1), s, TZ)) };
        })(),
        punches: [elsewhere('09:20', 'in'), elsewhere('18:40', 'out')],
        holiday: null,
        weeklyOff: false,
        leave: [],
        override: null,
        debounceSeconds: 120,
        syncedUntil: null,
        homeLocation: 'Bengaluru HQ',
      },
      at('12:00', DAY, 3),
    );
    expect(r.status).toBe('Present');
    expect(r.reasons).toContainEqual(expect.objectContaining({ rule: 'wrong-location', text: 'Punched at Pune Plant gate; works at Bengaluru HQ' }));
    SEEN.push(...r.reasons);
  });

  it('a first punch hours before the shift is an early arrival, never late', () => {
    const r = run({ punches: [p('05:05', 'in'), p('18:35', 'out')] });
    expect(r.lateMinutes).toBe(0);
    expect(rules(r)).not.toContain('late');
    expect(texts(r)).toContain('in at 05:05, 4h25 before the shift starts at 09:30');
  });

  it('a first punch after the shift ended is not "late by 9 hours"', () => {
    const r = run({ punches: [p('19:10', 'in'), p('23:40', 'out')] });
    expect(r.lateMinutes).toBe(0);
    expect(rules(r)).not.toContain('late');
    expect(texts(r)).toContain('first in at 19:10, after the shift ended at 18:30');
  });

  it('an ordinary late arrival is still late', () => {
    const r = run({ punches: [p('10:05', 'in'), p('18:35', 'out')] });
    expect(r.lateMinutes).toBe(35);
  });
});

describe('the reasons in every language (issue 21)', () => {
  // Cases the sections above do not reach, so every message is made at least once.
  it('the rarer reasons: halves of leave, a capped overtime, a flexible shift, a terminal never heard from', () => {
    const cl = { code: 'CL', name: 'Casual leave', paid: true };
    const lop = { code: 'LOP', name: 'Loss of pay', paid: false };
    run({ leave: [{ portion: 'FirstHalf', ...cl }, { portion: 'SecondHalf', ...lop }], punches: [p('09:30', 'in'), p('12:00', 'out')] });
    run({ leave: [{ portion: 'FullDay', ...lop }] });
    run({ leave: [{ portion: 'SecondHalf', ...cl }], punches: [p('09:30', 'in'), p('14:00', 'out')] });
    run({ shift: NIGHT, punches: [p('21:55', 'in'), p('11:30', 'out', { plus: 1 })] });
    run({ shift: shift({ flexible: { coreStart: 10 * 60, coreEnd: 16 * 60, required: 480 } }), punches: [p('09:30', 'in'), p('18:30', 'out')] });
    run({ punches: [p('09:30', 'in')], synced: { at: Number.NEGATIVE_INFINITY, terminal: 'Gate 2' } });
    run({ punches: [p('09:30', 'in'), p('18:30', 'out')], now: at('12:00') });
    run({ shift: NIGHT, punches: [p('22:00', 'in')], now: at('23:00') });
    run({ punches: [p('09:30', 'in'), p('18:30', 'out')], synced: { at: at('12:00'), terminal: 'Gate 2' } });
    run({ weeklyOff: true, punches: [p('10:00', 'in'), p('14:00', 'out')] });
    run({ holiday: 'Diwali', shift: NIGHT, punches: [p('22:00', 'in'), p('02:00', 'out', { plus: 1 })] });
    run({ weeklyOff: true, punches: [p('10:00', 'in')] });
    run({ punches: [p('09:30', 'in'), p('18:30', 'out')], override: { workedMinutes: 300, otMinutes: 60, reason: 'Site visit' } });
    run({ punches: [p('09:30', 'in'), p('09:31', 'out'), p('09:32', 'in', { flagged: true }), p('18:30', 'out')] });
    run({ punches: [p('09:30', 'in'), p('18:30', 'out')], shift: shift({ hoursMode: 'firstLast' }) });
    run({ punches: [p('09:30', 'in'), p('11:00', 'out')] });
    run({ punches: [p('09:30', 'in'), p('15:00', 'out')] });
    run({ punches: [p('09:31', 'in', { flagged: true })] });
    run({ shift: shift({ ot: { eligible: true, after: 30, block: 30, max: null, beforeStart: false } }), punches: [p('09:30', 'in'), p('18:50', 'out')] });
    const elsewhere = { ...p('09:20', 'in'), elsewhere: 'Pune Plant gate' };
    const s = shift();
    const prev = occurrenceOf(addDays(DAY, -1), s, TZ);
    const cur = occurrenceOf(DAY, s, TZ);
    const window = trimmedWindow(prev, cur, occurrenceOf(addDays(DAY, 1), s, TZ));
    const base = { occurrence: cur, window, holiday: null, weeklyOff: false, leave: [], override: null, debounceSeconds: 120, syncedUntil: null } as const;
    SEEN.push(...reconcile({ ...base, punches: [elsewhere, { ...p('18:40', 'out'), elsewhere: 'Chennai gate' }] }, at('12:00', DAY, 3)).reasons);
  });

  it('every reason carries its message, whose English is the reason word for word', () => {
    expect(SEEN.length).toBeGreaterThan(100);
    for (const reason of SEEN) {
      expect(reason.messageId, reason.text).toBeDefined();
      expect(renderDayReasonIn('en-IN', reason)).toBe(reason.text);
    }
  });

  it('every message of the list is made by the engine and reads in every language, with its values filled in', () => {
    const made = new Set(SEEN.map((r) => r.messageId));
    expect(DAY_REASON_MESSAGES.filter((id) => !made.has(id))).toEqual([]);
    for (const locale of LOCALES) {
      for (const id of DAY_REASON_MESSAGES) expect(hasOwnMessage(locale, 'employee', `dayReason.${id}`), `${locale} dayReason.${id}`).toBe(true);
      for (const reason of SEEN) {
        const text = renderDayReasonIn(locale, reason);
        expect(text, `${locale} ${reason.messageId}`).not.toMatch(/[{}]|dayReason/);
        if (locale !== 'en-IN' && reason.messageId !== 'shift') expect(text, `${locale} ${reason.messageId}`).not.toBe(reason.text);
      }
    }
  });

  it('durations and values read in the language: "8 घं 13 मि", the next day, the glossary\'s leave words', () => {
    const worked = SEEN.find((r) => r.messageId === 'present');
    expect(worked).toBeDefined();
    if (!worked) return;
    expect(renderDayReasonIn('hi-IN', worked)).toMatch(/^उपस्थित: \d+ घं \d+ मि काम ≥ पूरा दिन 7 घं 0 मि$/);
    const leave = SEEN.find((r) => r.messageId === 'leave' && r.text.includes('unpaid'));
    expect(leave && renderDayReasonIn('mr-IN', leave)).toBe('रजेवर: बिनपगारी रजा (LOP), बिनपगारी');
    const nextDay = SEEN.find((r) => r.messageId === 'pendingUntil' && r.text.includes('the next day'));
    expect(nextDay && renderDayReasonIn('ta-IN', nextDay)).toMatch(/^மறுநாள் \d\d:\d\d வரை இறுதியல்ல/);
  });
});
