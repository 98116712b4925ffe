import i18next, { type i18n as I18n, type Module, type TFunction } from 'i18next';
import ICU from 'i18next-icu';
import { CATALOGUES, type Namespace, messageAt } from './catalogues.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';

/**
 * One i18next instance over the catalogues, with ICU MessageFormat. The console wraps it in
 * react-i18next; the server asks it for a language's `t` (notifications, e-mails, problems).
 * Missing keys fall back to English per key, never to the raw key: an English message is
 * always there (the catalogue check holds that).
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE, plugins: readonly Module[] = []): I18n {
  const instance = i18next.createInstance();
  instance.use(new ICU());
  for (const plugin of plugins) instance.use(plugin);
  void instance.init({
    resources: CATALOGUES as unknown as Record<string, Record<string, object>>,
    lng: locale,
    supportedLngs: [...LOCALES],
    fallbackLng: DEFAULT_LOCALE,
    ns: Object.keys(CATALOGUES[DEFAULT_LOCALE]),
    defaultNS: 'common',
    // The catalogues are bundled: initialise synchronously, so the first render has its words.
    initAsync: false,
    interpolation: { escapeValue: false },
    // ICU formats numbers (`#` in plurals) with the locale's digits: Marathi would write "१ दिवस".
    // Muster writes Latin digits in every language (docs/i18n.md), so ICU gets the Latin numbering system.
    i18nFormat: { parseLngForICU: (lng: string) => `${lng}-u-nu-latn` },
    returnNull: false,
  });
  return instance;
}

let shared: I18n | null = null;

/** A language's `t` on a process-wide instance (the server's): `t('messages:leave.approved', { … })`. */
export function translatorFor(locale: Locale): TFunction {
  shared ??= createI18n(DEFAULT_LOCALE);
  return shared.getFixedT(locale);
}

/** Whether a language holds a message itself (false: the reader gets English for it). */
export function hasOwnMessage(locale: Locale, ns: Namespace, key: string): boolean {
  return messageAt(CATALOGUES[locale][ns], key) !== undefined;
}
