/** Calendar feeds (issue 17 §4): a secret iCalendar URL per person with the leave and holidays they may see. */
export { calendarFeedRoutes } from './routes.ts';
export { buildIcs } from './ics.ts';
