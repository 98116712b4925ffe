import { z } from 'zod';
import { Ok, UuidInput } from '../../../../shared/common.ts';
import { NotificationList, NotificationListQuery, UnreadCount } from '../../../../shared/notifications.ts';
import type { AppDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { ctxFor } from '../../http/ctx.ts';
import * as service from './service.ts';

export function notificationRoutes(api: Api, deps: AppDeps): void {
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
    async ({ query, caller }) => service.listNotifications(await ctxFor(deps, caller), query),
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
    async ({ caller }) => ({ count: await service.unreadCount(await ctxFor(deps, caller)) }),
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
      await service.markAllRead(await ctxFor(deps, caller));
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
      await service.markRead(await ctxFor(deps, caller), params.id);
      return { ok: true };
    },
  );
}
