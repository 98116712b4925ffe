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
