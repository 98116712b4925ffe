import type { Notification, NotificationList, NotificationListQuery } from '../../../../shared/notifications.ts';
import type { Role } from '../../../../shared/permissions.ts';
import { type Message, effectiveLocale, renderMessageIn } from '../../../../shared/i18n/index.ts';
import type { Ctx } from '../../context.ts';
import { notFound, unauthorized } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { orgSettings } from '../org/index.ts';
import * as repo from './repo.ts';

export interface NotificationInput {
  kind: string;
  /** The title in English (where no `message` is given, everyone reads this). */
  title: string;
  /** The title as a catalogue message: each recipient reads it in their own language. */
  message?: Message;
  body?: string | null;
  /** The body as a catalogue message (its English is `body`), for readers of another language. */
  bodyMessage?: Message;
  link?: string | null;
}

/** Who to notify: login users directly, employees (through their login, if any), or every holder of a role. */
export interface Recipients {
  userIds?: string[];
  employeeIds?: string[];
  roles?: Role[];
}

/**
 * Writes one in-app notification per recipient (deduplicated), and queues the
 * e-mails recipients chose for its kind. Call it inside the transaction of the
 * change it announces. Returns how many were written.
 */
export async function notify(ctx: Ctx, to: Recipients, input: NotificationInput): Promise<number> {
  const ids = new Set(to.userIds ?? []);
  for (const id of await repo.userIdsOfEmployees(ctx.db, to.employeeIds ?? [])) ids.add(id);
  if (to.roles?.length) for (const id of await repo.userIdsWithRoles(ctx.db, to.roles)) ids.add(id);
  const at = ctx.clock.now().toISOString();
  const titleOf = await titlesFor(ctx, [...ids], input);
  const bodyOf = input.bodyMessage ? await titlesFor(ctx, [...ids], { ...input, title: input.body ?? '', message: input.bodyMessage }) : () => input.body ?? null;
  await repo.insertNotifications(
    ctx.db,
    [...ids].map((userId) => ({
      id: newId(),
      user_id: userId,
      kind: input.kind,
      title: titleOf(userId),
      body: bodyOf(userId),
      link: input.link ?? null,
      created_at: at,
      read_at: null,
    })),
  );
  // E-mail too, for the kinds and people that want it (queued in the outbox, same transaction).
  await ctx.links.email.notified(ctx, [...ids], input);
  return ids.size;
}

/** Each recipient's title (or body): the message in their language (their choice, else the organisation's), or the English title. */
async function titlesFor(ctx: Ctx, userIds: string[], input: NotificationInput): Promise<(userId: string) => string> {
  const message = input.message;
  if (!message) return () => input.title;
  const [locales, org] = await Promise.all([repo.localesOfUsers(ctx.db, userIds), orgSettings(ctx.db)]);
  return (userId) => {
    const locale = effectiveLocale(locales.get(userId), org.defaultLocale);
    // English readers get the title as the server has always written it (the message is its translation).
    return locale === 'en-IN' ? input.title : renderMessageIn(locale, message);
  };
}

function selfUserId(ctx: Ctx): string {
  if (!ctx.caller.userId) throw unauthorized();
  return ctx.caller.userId;
}

export async function listNotifications(ctx: Ctx, query: NotificationListQuery): Promise<NotificationList> {
  const userId = selfUserId(ctx);
  const [total, rows] = await Promise.all([
    repo.countNotifications(ctx.db, userId, query.unreadOnly),
    repo.listNotifications(ctx.db, userId, query.unreadOnly, query.pageSize, (query.page - 1) * query.pageSize),
  ]);
  const items: Notification[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: r.created_at,
    readAt: r.read_at,
  }));
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export async function unreadCount(ctx: Ctx): Promise<number> {
  return repo.countNotifications(ctx.db, selfUserId(ctx), true);
}

export async function markAllRead(ctx: Ctx): Promise<void> {
  await repo.markAllRead(ctx.db, selfUserId(ctx), ctx.clock.now().toISOString());
}

/** 404 for a notification that is not the caller's. */
export async function markRead(ctx: Ctx, id: string): Promise<void> {
  if (!(await repo.markOneRead(ctx.db, selfUserId(ctx), id, ctx.clock.now().toISOString()))) throw notFound('Notification');
}
