import type { MyLanguage, MyLanguageUpdate } from '../../../../shared/auth.ts';
import { LOCALE_NAMES, type Locale, effectiveLocale } from '../../../../shared/i18n/locales.ts';
import type { OrganisationLanguageUpdate } from '../../../../shared/org.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { unauthorized } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import { getOrganisationRow, updateOrganisationRow } from '../org/index.ts';
import * as repo from './repo.ts';

/**
 * The language people read Muster in: each login's own choice (null follows the
 * organisation's default) and the organisation's default. Notifications, e-mails and
 * the exports a person downloads follow the same effective language.
 */

function nameOf(locale: Locale | null): string {
  return locale ? LOCALE_NAMES[locale] : "the organisation's";
}

export async function myLanguage(ctx: Ctx): Promise<MyLanguage> {
  if (!ctx.caller.userId) throw unauthorized();
  const [choice, org] = await Promise.all([repo.findUserLocale(ctx.db, ctx.caller.userId), getOrganisationRow(ctx.db)]);
  const organisationDefault = effectiveLocale(null, org.default_locale);
  const own = choice === undefined || choice === null ? null : effectiveLocale(choice, organisationDefault);
  return { locale: own ?? organisationDefault, choice: own, organisationDefault };
}

/** Sets the caller's own language (null: follow the organisation's), audited on their record. */
export async function setMyLanguage(ctx: Ctx, input: MyLanguageUpdate): Promise<MyLanguage> {
  const userId = ctx.caller.userId;
  const employeeId = ctx.caller.employeeId;
  if (!userId || !employeeId) throw unauthorized();
  await inTransaction(ctx, async (t) => {
    const before = await repo.findUserLocale(t.db, userId);
    if (before === undefined) throw unauthorized();
    if ((before ?? null) === input.locale) return;
    await repo.setUserLocale(t.db, userId, input.locale);
    await recordAudit(t, {
      employeeId,
      category: 'Profile',
      action: 'language.changed',
      summary: `Chose to read Muster in ${nameOf(input.locale)}${input.locale ? '' : ' language'}`,
      changes: [{ field: 'language', before: before ?? null, after: input.locale }],
    });
  });
  return myLanguage(ctx);
}

/** Sets the organisation's default language (HR/Admin: `org:manage`), audited on the record of whoever changed it. */
export async function setOrganisationLanguage(ctx: Ctx, input: OrganisationLanguageUpdate): Promise<{ defaultLocale: Locale }> {
  requirePermission(ctx, 'org:manage');
  await inTransaction(ctx, async (t) => {
    const before = effectiveLocale(null, (await getOrganisationRow(t.db)).default_locale);
    if (before === input.defaultLocale) return;
    await updateOrganisationRow(t.db, { default_locale: input.defaultLocale });
    if (ctx.caller.employeeId) {
      await recordAudit(t, {
        employeeId: ctx.caller.employeeId,
        category: 'Other',
        action: 'org.language.changed',
        summary: `Set the organisation's default language to ${LOCALE_NAMES[input.defaultLocale]}`,
        changes: [{ field: 'defaultLanguage', before, after: input.defaultLocale }],
      });
    }
  });
  return { defaultLocale: input.defaultLocale };
}
