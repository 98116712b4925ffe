import ical, { ICalEventBusyStatus, ICalEventTransparency } from 'ical-generator';
import { addDays } from '../../../../shared/dates.ts';

/**
 * The iCalendar text of a feed (pure, given its entries): all-day events
 * (`DTSTART;VALUE=DATE`, `DTEND` the day after the last), half days as
 * all-day events saying which half, stable UIDs so calendar apps update
 * rather than duplicate, the organisation's zone named (`X-WR-TIMEZONE`).
 */

export interface FeedEntry {
  uid: string;
  /** First and last day (inclusive), `YYYY-MM-DD` in the organisation's zone. */
  from: string;
  to: string;
  summary: string;
  description: string;
  /** Out of office (leave) or free (a holiday, shown but not blocking). */
  busy: boolean;
  categories: string[];
}

function dateOnly(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function buildIcs(o: { name: string; timeZone: string; entries: readonly FeedEntry[]; stamp: Date }): string {
  const cal = ical({ name: o.name, prodId: { company: 'Muster', product: 'Muster leave calendar', language: 'EN' }, ttl: 3600 });
  cal.x([{ key: 'X-WR-TIMEZONE', value: o.timeZone }]);
  for (const e of o.entries) {
    cal.createEvent({
      id: e.uid,
      start: dateOnly(e.from),
      end: dateOnly(addDays(e.to, 1)),
      allDay: true,
      summary: e.summary,
      description: e.description,
      stamp: o.stamp,
      busystatus: e.busy ? ICalEventBusyStatus.OOF : ICalEventBusyStatus.FREE,
      transparency: e.busy ? ICalEventTransparency.OPAQUE : ICalEventTransparency.TRANSPARENT,
      categories: e.categories.map((name) => ({ name })),
    });
  }
  return cal.toString();
}
