import { z } from 'zod';
import { Instant, PageQuery, QueryBool, Uuid, paginated } from './common.ts';

export const Notification = z
  .object({
    id: Uuid,
    kind: z.string().meta({ example: 'leave.submitted' }),
    title: z.string(),
    body: z.string().nullable(),
    link: z.string().nullable().meta({ description: 'Console path to open, e.g. `/employees/…`.' }),
    createdAt: Instant,
    readAt: Instant.nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const NotificationListQuery = PageQuery.extend({ unreadOnly: QueryBool.default(false) });
export type NotificationListQuery = z.output<typeof NotificationListQuery>;

export const NotificationList = paginated(Notification).meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof NotificationList>;

export const UnreadCount = z.object({ count: z.number().int().min(0) }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof UnreadCount>;
