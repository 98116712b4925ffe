import { z } from 'zod';
import { Instant } from './common.ts';

export const CALENDAR_FEED_PREFIX = 'cal_';

export const CalendarFeedScope = z.enum(['self', 'team', 'org']).meta({
  description: 'What the feed holds, from the person\'s permissions when the calendar app fetches it: `self` their own approved leave and holidays; `team` (managers) also their reporting line\'s approved leave; `org` (HR) everyone\'s.',
});

export const CalendarFeed = z
  .object({
    active: z.boolean().meta({ description: 'A feed URL exists (it is shown only when created; regenerate to see a new one).' }),
    scope: CalendarFeedScope,
    createdAt: Instant.nullable(),
    lastUsedAt: Instant.nullable().meta({ description: 'When a calendar app last fetched it (to the minute).' }),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof CalendarFeed>;

export const CalendarFeedIssued = CalendarFeed.extend({
  url: z.string().meta({ description: 'The secret address to subscribe to (Outlook: Add calendar → From internet; Google: Other calendars → From URL). Shown once; only its hash is kept. Anyone with it sees what the feed holds: revoke it if it leaks.' }),
}).meta({ id: 'CalendarFeedIssued' });
export type CalendarFeedIssued = z.infer<typeof CalendarFeedIssued>;
