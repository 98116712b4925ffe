import { addDays, startOfDayInZone } from '../../../../shared/dates.ts';
import type { AttendanceDayFinal } from '../../../../shared/webhooks.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { emitEvent } from '../outbox/index.ts';
import { dayOfInstant } from './days.ts';
import { directoryOf, employedOn } from './policy-cache.ts';
import * as daysRepo from './repo/days.ts';
import { listLocationNames } from './repo/directory.ts';
import * as marks from './repo/final-marks.ts';
import { terminalSync } from './repo/terminals.ts';

/**
 * `attendance.day.final`, the event a payroll integration waits for: a
 * location's day is final when every enabled terminal of the location has
 * delivered everything past the end of the day's latest shift window, and
 * every employee of the location on the books that day has a reconciled day
 * that is no longer provisional. Days are announced in order, once each, per
 * location; the first run starts with yesterday (no flood of history).
 */

/** Most days one run announces per location (a PC off for a month catches up over a few runs). */
const MAX_DAYS_PER_RUN = 31;

/** Pure: whether a location's day is final, from its employees' days and its slowest terminal. */
export function isLocationDayFinal(
  expected: readonly string[],
  days: readonly { employee_id: string; provisional: number; window_end: string }[],
  slowestSync: string | null | undefined,
  endOfDay: string,
): boolean {
  const byEmployee = new Map(days.map((d) => [d.employee_id, d]));
  let latest = endOfDay;
  for (const id of expected) {
    const d = byEmployee.get(id);
    if (!d || d.provisional === 1) return false;
    if (d.window_end > latest) latest = d.window_end;
  }
  // No terminal at the location: the reconciled days decide alone. One that never synced ('') holds every day.
  return slowestSync === undefined || (slowestSync !== null && slowestSync >= latest);
}

/** Announces the location days that became final since the last run. Returns how many events were written. */
export async function announceFinalDays(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now();
  const yesterday = addDays(dayOfInstant(now.getTime(), ctx.timeZone), -1);
  const [directory, locations, sync, known] = await Promise.all([directoryOf(ctx.db), listLocationNames(ctx.db), terminalSync(ctx.db), marks.listFinalMarks(ctx.db)]);
  const slowest = new Map<string, string>();
  for (const t of sync) {
    if (!t.location_id) continue;
    const at = t.synced_until ?? '';
    const seen = slowest.get(t.location_id);
    if (seen === undefined || at < seen) slowest.set(t.location_id, at);
  }
  const through = new Map(known.map((m) => [m.location_id, m.final_through]));
  let written = 0;
  for (const location of locations) {
    const people = directory.list.filter((e) => e.locationId === location.id);
    let day = through.has(location.id) ? addDays(through.get(location.id) as string, 1) : yesterday;
    for (let n = 0; n < MAX_DAYS_PER_RUN && day <= yesterday; n++, day = addDays(day, 1)) {
      const expected = people.filter((e) => employedOn(e, day)).map((e) => e.id);
      const days = expected.length ? await daysRepo.listDays(ctx.db, expected, day, day) : [];
      // The end of the day in the organisation's zone, as an instant: a day is never final before it.
      const endOfDay = startOfDayInZone(addDays(day, 1), ctx.timeZone).toISOString();
      if (endOfDay > now.toISOString()) break;
      if (!isLocationDayFinal(expected, days, slowest.get(location.id), endOfDay)) break;
      const statusCounts: Record<string, number> = {};
      for (const d of days) statusCounts[d.status] = (statusCounts[d.status] ?? 0) + 1;
      const data: AttendanceDayFinal = {
        location: { id: location.id, name: location.name },
        date: day,
        timeZone: ctx.timeZone,
        employees: days.length,
        statusCounts,
        terminalsSyncedUntil: slowest.get(location.id) || null,
      };
      const finalDay = day;
      // The mark read above may be stale: another instance running this slot (one that stalled past its lease)
      // may have announced the day since. Checked again in the transaction that writes, so a day is announced once.
      const announced = await inTransaction(ctx, async (t) => {
        const through = await marks.finalMarkOf(t.db, location.id);
        if (through !== undefined && through >= finalDay) return false;
        await emitEvent(t, 'attendance.day.final', data);
        await marks.setFinalMark(t.db, location.id, finalDay);
        return true;
      });
      if (!announced) break;
      written++;
    }
  }
  return written;
}
