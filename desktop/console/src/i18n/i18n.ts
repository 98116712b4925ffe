import { initReactI18next } from 'react-i18next';
import { createI18n } from '../../../../shared/i18n/translate.ts';
import { pickLocale } from '../../../../shared/i18n/locales.ts';

/**
 * The console's i18next instance over the shared catalogues. Until a session says
 * otherwise (the person's language, or the organisation's), it follows the browser:
 * the sign-in page reads in the language the phone is set to.
 */
export const i18n = createI18n(pickLocale(typeof navigator === 'undefined' ? [] : navigator.languages), [initReactI18next]);
