import { z } from 'zod';
import { CalendarFeed, CalendarFeedIssued } from '../../../../shared/calendar-feeds.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { notFound } from '../../http/problem.ts';
import { publicBaseUrl } from '../../http/public-url.ts';
import * as service from './service.ts';

export function calendarFeedRoutes(api: Api, deps: ModuleDeps): void {
  const self = { tags: ['Calendar feeds'], auth: 'session', permission: 'self:read' } as const;
  api.op(
    { ...self, method: 'get', path: '/api/me/calendar-feed', operationId: 'getMyCalendarFeed', summary: 'Whether I have a calendar feed, and what it holds', response: CalendarFeed, errors: [403] },
    async ({ caller }) => service.myCalendarFeed(await deps.ctxFor(caller)),
  );
  api.op(
    {
      ...self,
      method: 'post',
      path: '/api/me/calendar-feed',
      operationId: 'issueMyCalendarFeed',
      summary: 'Create (or regenerate) my calendar feed URL: shown once',
      description: 'The old URL stops working. Subscribe to the URL in Outlook, Google Calendar or a phone; apps refresh it every few hours.',
      response: CalendarFeedIssued,
      errors: [403],
    },
    async ({ caller }) => service.issueCalendarFeed(await deps.ctxFor(caller), publicBaseUrl(deps)),
  );
  api.op(
    { ...self, method: 'delete', path: '/api/me/calendar-feed', operationId: 'revokeMyCalendarFeed', summary: 'Revoke my calendar feed URL', response: CalendarFeed, errors: [403] },
    async ({ caller }) => service.revokeCalendarFeed(await deps.ctxFor(caller)),
  );
  api.op(
    {
      method: 'get',
      path: '/api/calendar/{token}.ics',
      operationId: 'calendarFeed',
      summary: 'A calendar feed (iCalendar), by its secret URL',
      description:
        'No other credentials: the URL is the secret. All-day events (`VALUE=DATE`), half days named as such, the organisation\'s zone in `X-WR-TIMEZONE`. 404 for an unknown or revoked URL, or one whose owner can no longer sign in.',
      tags: ['Calendar feeds'],
      auth: 'none',
      params: z.object({ token: z.string().max(100) }),
      response: { contentTypes: ['text/calendar'], description: 'The feed (RFC 5545).' },
      errors: [404],
    },
    async ({ params, res }) => {
      const ics = await service.calendarFeedIcs(deps, params.token, (caller) => deps.ctxFor(caller));
      if (ics === undefined) throw notFound('Calendar feed');
      res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
      res.setHeader('Cache-Control', 'private, max-age=300');
      res.setHeader('Content-Disposition', 'inline; filename="muster-leave.ics"');
      res.send(ics);
      return undefined;
    },
  );
}
