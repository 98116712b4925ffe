import type { WeeklyOffRule } from '../../../../shared/org.ts';
import type { Db } from '../../context.ts';
import { orgSettings } from '../org/index.ts';
import type { WorkCalendar } from './day-count.ts';
import * as calendarRepo from './repo/calendar.ts';

/**
 * Where leave reads the working calendar from: the organisation's weekly offs
 * (or the employee's location's own, when attendance set them), holidays for
 * every location or the employee's, and optional holidays only when the
 * employee opted in. The counting engine (day-count.ts) stays pure; the rows come
 * from repo/calendar.ts.
 */

export async function organisationWeeklyOffs(db: Db): Promise<WeeklyOffRule[]> {
  return JSON.parse((await orgSettings(db)).weeklyOffs) as WeeklyOffRule[];
}

async function locationWeeklyOffs(db: Db, locationId: string | null): Promise<WeeklyOffRule[] | null> {
  if (!locationId) return null;
  const json = await calendarRepo.locationWeeklyOffs(db, locationId);
  return json ? (JSON.parse(json) as WeeklyOffRule[]) : null;
}

/** The working calendar of one employee for from..to. */
export async function workCalendarFor(
  db: Db,
  employee: { id: string; locationId: string | null },
  from: string,
  to: string,
): Promise<WorkCalendar> {
  const [orgOffs, locationOffs, rows] = await Promise.all([
    organisationWeeklyOffs(db),
    locationWeeklyOffs(db, employee.locationId),
    calendarRepo.holidaysWithOptIn(db, employee.id, from, to),
  ]);
  const holidays = new Set<string>();
  for (const h of rows) {
    if (h.location_id !== null && h.location_id !== employee.locationId) continue;
    if (h.optional && !h.opted_in) continue;
    holidays.add(h.date);
  }
  return { weeklyOffs: locationOffs ?? orgOffs, holidays };
}

/** Holidays every location keeps (not optional), by date, for the calendar header. */
export async function commonHolidays(db: Db, from: string, to: string): Promise<Map<string, string>> {
  const rows = await calendarRepo.commonHolidayRows(db, from, to);
  return new Map(rows.map((r) => [r.date, r.name]));
}
