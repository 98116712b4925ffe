import { daysBetween } from '../../../../shared/dates.ts';
import type { LeaveDuration, SandwichRule } from '../../../../shared/leave/index.ts';
import { type WeeklyOffRule, isWeeklyOff } from '../../../../shared/org.ts';

/**
 * Working-day counting, pure: the days a request covers, which of them cost
 * balance, and how much. Inputs are plain data (weekly-off rules, holiday
 * dates); callers read them from the database (see calendar-inputs.ts).
 */

export type DayKind = 'working' | 'weeklyOff' | 'holiday';

export interface WorkCalendar {
  weeklyOffs: readonly WeeklyOffRule[];
  /** Holiday dates that apply to this employee (`YYYY-MM-DD`). */
  holidays: ReadonlySet<string>;
}

export interface CountedDay {
  date: string;
  kind: DayKind;
  /** Costs balance (and is a leave day for attendance). */
  counted: boolean;
}

export interface LeaveCount {
  workingDays: number;
  days: CountedDay[];
}

/** A weekly off wins over a holiday on the same day (it is off either way). */
export function dayKind(day: string, calendar: WorkCalendar): DayKind {
  if (isWeeklyOff(day, calendar.weeklyOffs)) return 'weeklyOff';
  if (calendar.holidays.has(day)) return 'holiday';
  return 'working';
}

function sandwiched(kind: DayKind, rule: SandwichRule): boolean {
  if (kind === 'working') return true;
  if (rule === 'both' || rule === 'calendar') return true;
  return (rule === 'weekends' && kind === 'weeklyOff') || (rule === 'holidays' && kind === 'holiday');
}

/**
 * The cost of a request. Full days: working days count; with a sandwich rule,
 * non-working days of the rule's kinds count when they lie between two leave
 * days (leading and trailing ones are trimmed); `calendar` counts every day.
 * A half day (only on a single day) costs 0.5 when that day is a working day.
 */
export function countLeaveDays(input: {
  from: string;
  to: string;
  duration: LeaveDuration;
  sandwich: SandwichRule;
  calendar: WorkCalendar;
}): LeaveCount {
  const days = daysBetween(input.from, input.to).map((date) => ({ date, kind: dayKind(date, input.calendar), counted: false }));
  if (input.sandwich === 'calendar') {
    for (const d of days) d.counted = true;
  } else {
    const first = days.findIndex((d) => d.kind === 'working');
    const last = days.findLastIndex((d) => d.kind === 'working');
    if (first >= 0) {
      for (let i = first; i <= last; i++) {
        const d = days[i];
        if (d) d.counted = sandwiched(d.kind, input.sandwich);
      }
    }
  }
  const counted = days.filter((d) => d.counted).length;
  const workingDays = input.duration === 'FullDay' ? counted : counted * 0.5;
  return { workingDays, days };
}
