import type { Message } from '../../../../shared/i18n/messages.ts';
import type { Ctx } from '../../context.ts';
import { enqueueMessage } from '../outbox/index.ts';
import { CATEGORY_OF_KIND, emailWanted } from './preferences.ts';
import { smtpSettings } from './settings.ts';

/** What an e-mail delivery carries: the notification as written in-app, and why the person gets it. */
export interface EmailMessageData {
  kind: string;
  category: string;
  title: string;
  /** The title as a catalogue message, rendered in the recipient's language when sent. */
  message?: Message;
  body: string | null;
  /** The body as a catalogue message, rendered in the recipient's language when sent. */
  bodyMessage?: Message;
  link: string | null;
  at: string;
  sections?: { heading: string; lines: string[] }[];
  /** The sections as catalogue messages (a digest), for readers of another language. */
  sectionMessages?: { heading: Message; lines: Message[] }[];
}

/**
 * The e-mail side of `notify` (reached through `ctx.links.email`): for kinds
 * that have an e-mail category, one outbox message per recipient who wants
 * it, in the notification's transaction. Nothing when SMTP is not set up or
 * switched off, and nothing for kinds without a category (documents
 * requested, §4.4: no notification at all).
 */
export async function emailNotified(ctx: Ctx, userIds: readonly string[], notice: { kind: string; title: string; message?: Message; body?: string | null; bodyMessage?: Message; link?: string | null }): Promise<number> {
  const category = CATEGORY_OF_KIND[notice.kind];
  if (!category || !userIds.length) return 0;
  const smtp = await smtpSettings(ctx);
  if (!smtp || smtp.enabled !== 1) return 0;
  const wanted = await emailWanted(ctx, userIds, category);
  const at = ctx.clock.now().toISOString();
  for (const userId of wanted) {
    const data: EmailMessageData = { kind: notice.kind, category, title: notice.title, ...(notice.message ? { message: notice.message } : {}), body: notice.body ?? null, ...(notice.bodyMessage ? { bodyMessage: notice.bodyMessage } : {}), link: notice.link ?? null, at };
    await enqueueMessage(ctx, 'email', userId, 'email.notification', data);
  }
  return wanted.size;
}
