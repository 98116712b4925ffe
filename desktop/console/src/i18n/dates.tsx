import 'dayjs/locale/hi';
import 'dayjs/locale/kn';
import 'dayjs/locale/mr';
import 'dayjs/locale/ta';
import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import type { Locale } from '../../../../shared/i18n/index.ts';
import { useLocale } from './language.tsx';

/**
 * dayjs's locale per language, for the date pickers' month and weekday names. English keeps dayjs's
 * own `en` ("25 Nov 2026", as before); dayjs's Indian locales write Latin digits, as the glossary asks.
 */
const DAYJS_LOCALES: Readonly<Record<Locale, string>> = { 'en-IN': 'en', 'hi-IN': 'hi', 'mr-IN': 'mr', 'kn-IN': 'kn', 'ta-IN': 'ta' };

/** Mantine's date pickers in the console's language, following the language switch as it happens. */
export function LanguageDatesProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return <DatesProvider settings={{ firstDayOfWeek: 1, locale: DAYJS_LOCALES[locale] }}>{children}</DatesProvider>;
}
