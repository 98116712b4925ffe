import { z } from 'zod';
import { Ok, UuidInput } from '../../../../shared/common.ts';
import { NotificationList, NotificationListQuery, UnreadCount } from '../../../../shared/notifications.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import * as service from './service.ts';

export function notificationRoutes(api: Api, deps: ModuleDeps): void {
  api.op(
    {
      method: 'get',
      path: '/api/notifications',
      operationId: 'listNotifications',
      summary: "The calling user's notifications, newest first",
      description: 'Paginated, newest first, only ever the caller\'s own. `unreadOnly=true` leaves out the ones already read.',
      tags: ['Notifications'],
      auth: 'session',
      query: NotificationListQuery,
      response: NotificationList,
    },
    async ({ query, caller }) => service.listNotifications(await deps.ctxFor(caller), query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/notifications/unread-count',
      operationId: 'unreadNotificationCount',
      summary: 'How many notifications are unread (spec §4.5)',
      description: 'The number of the caller\'s unread notifications (the bell\'s badge). Cheap to poll.',
      tags: ['Notifications'],
      auth: 'session',
      response: UnreadCount,
    },
    async ({ caller }) => ({ count: await service.unreadCount(await deps.ctxFor(caller)) }),
  );

  api.op(
    {
      method: 'post',
      path: '/api/notifications/mark-all-read',
      operationId: 'markAllNotificationsRead',
      summary: 'Mark every notification read (spec §4.5, no body)',
      description: 'Marks every one of the caller\'s notifications read. Takes no body; safe to repeat.',
      tags: ['Notifications'],
      auth: 'session',
      response: Ok,
    },
    async ({ caller }) => {
      await service.markAllRead(await deps.ctxFor(caller));
      return { ok: true };
    },
  );

  api.op(
    {
      method: 'post',
      path: '/api/notifications/{id}/read',
      operationId: 'markNotificationRead',
      summary: 'Mark one notification read',
      description: 'Marks one of the caller\'s notifications read; 404 for an id that is not the caller\'s. Safe to repeat.',
      tags: ['Notifications'],
      auth: 'session',
      params: z.object({ id: UuidInput }),
      response: Ok,
      errors: [404],
    },
    async ({ params, caller }) => {
      await service.markRead(await deps.ctxFor(caller), params.id);
      return { ok: true };
    },
  );
}
