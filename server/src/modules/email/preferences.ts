import { NOTIFICATION_CATEGORIES, type NotificationCategory, type NotificationPreferences, type NotificationPreferencesUpdate } from '../../../../shared/email.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { unauthorized } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './repo.ts';
import { smtpSettings } from './settings.ts';

/** Which notification kinds each e-mail category covers; other kinds stay in-app only. */
export const CATEGORY_OF_KIND: Readonly<Record<string, NotificationCategory>> = {
  'leave.submitted': 'approvals',
  'leave.awaiting-hr': 'approvals',
  'regularization.requested': 'approvals',
  'regularization.awaiting-hr': 'approvals',
  'leave.approved': 'decisions',
  'leave.manager-approved': 'decisions',
  'leave.rejected': 'decisions',
  'leave.cancelled': 'decisions',
  'regularization.approved': 'decisions',
  'regularization.rejected': 'decisions',
  'terminal.offline': 'alerts',
  'backup.failed': 'alerts',
  'webhook.endpoint-disabled': 'alerts',
};

/**
 * A person's stored choices (category → e-mail too), read inside every approval and decision that
 * notifies them while e-mail is on: kept until someone saves their preferences.
 */
const choices = defineCache<ReadonlyMap<string, boolean>>({ name: 'email.preferences', reads: ['notification_preference'], maxEntries: 4096 });

/** Up to this many recipients are looked up one by one in the cache; more (the morning digest) in one statement. */
const CACHED_LOOKUPS = 8;

async function storedChoices(ctx: Pick<Ctx, 'db'>, userIds: readonly string[], category: NotificationCategory): Promise<Map<string, boolean>> {
  if (userIds.length > CACHED_LOOKUPS) {
    return new Map((await repo.preferencesOf(ctx.db, userIds)).filter((p) => p.category === category).map((p) => [p.user_id, p.email === 1]));
  }
  const out = new Map<string, boolean>();
  for (const id of userIds) {
    const mine = await choices.get(ctx.db, id, async () => new Map((await repo.preferencesOf(ctx.db, [id])).map((p) => [p.category, p.email === 1])));
    const chosen = mine.get(category);
    if (chosen !== undefined) out.set(id, chosen);
  }
  return out;
}

/** Each user's choice for a category (the default where they made none). */
export async function emailWanted(ctx: Pick<Ctx, 'db'>, userIds: readonly string[], category: NotificationCategory): Promise<Set<string>> {
  const stored = await storedChoices(ctx, userIds, category);
  const fallback: boolean = NOTIFICATION_CATEGORIES[category].defaultEmail;
  return new Set(userIds.filter((id) => stored.get(id) ?? fallback));
}

function selfUserId(ctx: Ctx): string {
  if (!ctx.caller.userId) throw unauthorized();
  return ctx.caller.userId;
}

export async function myNotificationPreferences(ctx: Ctx): Promise<NotificationPreferences> {
  const userId = selfUserId(ctx);
  const [rows, me, smtp] = await Promise.all([repo.preferencesOf(ctx.db, [userId]), repo.recipientOf(ctx.db, userId), smtpSettings(ctx)]);
  const stored = new Map(rows.map((r) => [r.category, r.email === 1]));
  // Alerts go to administrators only, the digest to people with a team: others are not offered them.
  const offered = (Object.keys(NOTIFICATION_CATEGORIES) as NotificationCategory[]).filter(
    (c) => (c !== 'alerts' || ctx.caller.roles.includes('Admin')) && (c !== 'digest' || ctx.caller.permissions.includes('team:read')),
  );
  return {
    items: offered.map((category) => ({
      category,
      label: NOTIFICATION_CATEGORIES[category].label,
      description: NOTIFICATION_CATEGORIES[category].description,
      email: stored.get(category) ?? NOTIFICATION_CATEGORIES[category].defaultEmail,
    })),
    emailAddress: me?.email ?? null,
    emailConfigured: smtp !== null && smtp.enabled === 1,
  };
}

/** Saves the caller's own choices (audited on their record, category Other). */
export async function updateMyNotificationPreferences(ctx: Ctx, input: NotificationPreferencesUpdate): Promise<NotificationPreferences> {
  const userId = selfUserId(ctx);
  await inTransaction(ctx, async (t) => {
    for (const item of input.items) await repo.setPreference(t.db, userId, item.category, item.email);
    if (t.caller.employeeId) {
      await recordAudit(t, {
        employeeId: t.caller.employeeId,
        category: 'Other',
        action: 'notifications.preferences',
        summary: `E-mail preferences: ${input.items.map((i) => `${NOTIFICATION_CATEGORIES[i.category].label} ${i.email ? 'by e-mail too' : 'in-app only'}`).join('; ')}`,
      });
    }
  });
  return myNotificationPreferences(ctx);
}
