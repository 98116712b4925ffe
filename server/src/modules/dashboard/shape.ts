import { addDays, daysBetween } from '../../../../shared/dates.ts';
import type { Dashboard } from '../../../../shared/dashboard.ts';

/**
 * The dashboard's figures from the aggregates, pure: the 30-day trend with
 * every day present, the leave load over the next days with its peak, and
 * the week's birthdays and work anniversaries on the days they fall.
 */

export type Trend = NonNullable<Dashboard['trend']>;
export type LeaveLoad = NonNullable<Dashboard['leaveLoad']>;
export type Celebrations = NonNullable<Dashboard['celebrations']>;

/** One point per day of [from, to]: the attendance rate (null when nobody was expected) and late arrivals. */
export function shapeTrend(days: readonly { date: string; expected: number; present: number; late: number }[], from: string, to: string): Trend {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return daysBetween(from, to).map((date) => {
    const d = byDate.get(date);
    const expected = d?.expected ?? 0;
    return { date, expected, late: d?.late ?? 0, attendanceRate: expected > 0 ? Math.round(((d?.present ?? 0) / expected) * 1000) / 1000 : null };
  });
}

/** Every day of [from, to] with how many are away, the busiest day, and who (pending requests marked). */
export function shapeLeaveLoad(
  away: readonly { date: string; away: number }[],
  requests: readonly { employee_id: string; full_name: string; from_date: string; to_date: string; status: string; type_name: string }[],
  from: string,
  to: string,
): LeaveLoad {
  const byDate = new Map(away.map((a) => [a.date, a.away]));
  const days = daysBetween(from, to).map((date) => ({ date, away: byDate.get(date) ?? 0 }));
  const peak = days.reduce<{ date: string; away: number } | null>((best, d) => (d.away > 0 && (best === null || d.away > best.away) ? d : best), null);
  return {
    from,
    to,
    days,
    peak,
    people: requests.map((r) => ({ employeeId: r.employee_id, name: r.full_name, from: r.from_date, to: r.to_date, leaveType: r.type_name, pending: r.status !== 'Approved' })),
  };
}

/** The day of this week (Monday `weekStart` to Sunday) on which a month-day falls. */
function dayThisWeek(monthDay: string, weekStart: string): string | null {
  for (let i = 0; i < 7; i++) {
    const d = addDays(weekStart, i);
    if (d.slice(5) === monthDay) return d;
  }
  return null;
}

/** Birthdays and work anniversaries (a year or more) on their day this week, soonest first, at most `limit`. */
export function shapeCelebrations(
  found: { birthdays: readonly { id: string; full_name: string; day: string }[]; anniversaries: readonly { id: string; full_name: string; day: string }[] },
  weekStart: string,
  limit = 20,
): Celebrations {
  const out: Celebrations = [];
  for (const b of found.birthdays) {
    const date = dayThisWeek(b.day.slice(5), weekStart);
    if (date) out.push({ employeeId: b.id, name: b.full_name, kind: 'birthday', date, years: null });
  }
  for (const a of found.anniversaries) {
    const date = dayThisWeek(a.day.slice(5), weekStart);
    const years = date ? Number(date.slice(0, 4)) - Number(a.day.slice(0, 4)) : 0;
    if (date && years >= 1) out.push({ employeeId: a.id, name: a.full_name, kind: 'anniversary', date, years });
  }
  return out.sort((x, y) => x.date.localeCompare(y.date) || x.kind.localeCompare(y.kind) || x.name.localeCompare(y.name)).slice(0, limit);
}
