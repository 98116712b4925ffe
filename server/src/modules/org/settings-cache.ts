import { type Locale, effectiveLocale } from '../../../../shared/i18n/locales.ts';
import type { Db } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { getOrganisationRow } from './repo.ts';

export interface OrgSettings {
  name: string;
  timeZone: string;
  fyStartMonth: number;
  /** The organisation's weekly-off rules as stored (JSON); callers parse what they need. */
  weeklyOffs: string;
  /** The language of whoever has not chosen one. */
  defaultLocale: Locale;
}

// Read on every request, changed a few times a year.
const settingsCache = defineCache<OrgSettings>({ name: 'org.settings', reads: ['organisation'], maxEntries: 1 });

/** The organisation's name, time zone, financial-year start, weekly offs and default language. */
export async function orgSettings(db: Db): Promise<OrgSettings> {
  return settingsCache.get(db, 'org', async () => {
    const row = await getOrganisationRow(db);
    return { name: row.name, timeZone: row.time_zone, fyStartMonth: row.fy_start_month, weeklyOffs: row.weekly_offs, defaultLocale: effectiveLocale(null, row.default_locale) };
  });
}
