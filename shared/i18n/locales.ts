import { z } from 'zod';

/**
 * The languages Muster ships. English (India) is complete and the fallback of every other;
 * the four Indian languages are complete for what employees and managers see (the check in
 * `test/unit/i18n-catalogue.test.ts` holds that) and may fall back to English, per string, on HR screens.
 */
export const LOCALES = ['en-IN', 'hi-IN', 'mr-IN', 'kn-IN', 'ta-IN'] as const;
export const Locale = z.enum(LOCALES).meta({
  id: 'Locale',
  description: 'A language Muster ships, as a BCP 47 tag: en-IN (English), hi-IN (Hindi), mr-IN (Marathi), kn-IN (Kannada), ta-IN (Tamil).',
});
export type Locale = z.infer<typeof Locale>;

export const DEFAULT_LOCALE: Locale = 'en-IN';

/** Each language by its own name, as the picker shows it (a reader finds their language without reading English). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  'en-IN': 'English',
  'hi-IN': 'हिन्दी',
  'mr-IN': 'मराठी',
  'kn-IN': 'ಕನ್ನಡ',
  'ta-IN': 'தமிழ்',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The shipped language closest to a browser's preference list (`navigator.languages`):
 * the first preference whose language we ship wins, whatever its region ("hi" and "hi-US"
 * mean Hindi, "en-GB" means English); nothing matching means English.
 */
export function pickLocale(preferences: readonly string[] | undefined | null): Locale {
  for (const tag of preferences ?? []) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    const match = LOCALES.find((l) => l.slice(0, 2) === language);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** The language in effect for a person: their own choice, or else the organisation's (an unknown stored value counts as none). */
export function effectiveLocale(choice: string | null | undefined, organisationDefault: string | null | undefined): Locale {
  if (isLocale(choice)) return choice;
  return isLocale(organisationDefault) ? organisationDefault : DEFAULT_LOCALE;
}
