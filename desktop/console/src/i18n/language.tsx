import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyLanguage, MyLanguageUpdate } from '../../../../shared/auth.ts';
import { type Locale, type Namespace, hasOwnMessage, isLocale, pickLocale } from '../../../../shared/i18n/index.ts';
import { api } from '../lib/api.ts';
import { meKey, useMe } from '../session/session-queries.ts';
import { i18n } from './i18n.ts';

/** Under `me`, so signing out (which removes `me`) forgets it too. */
export const languageKey = [...meKey, 'language'] as const;

/** The signed-in person's language (their choice, or the organisation's); nothing while signed out. */
export function useMyLanguage() {
  const me = useMe();
  return useQuery({
    queryKey: languageKey,
    queryFn: () => api.get<MyLanguage>('/api/me/language', undefined, { redirectOn401: false }),
    // Asked once someone is signed in (after sign-in too: \`me\` changes, this follows).
    enabled: Boolean(me.data),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });
}

export function useSetMyLanguage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: MyLanguageUpdate) => api.put<MyLanguage>('/api/me/language', input),
    onSuccess: (language) => {
      qc.setQueryData(languageKey, language);
      // At once, not on the next render of whoever watches the query.
      void i18n.changeLanguage(language.locale);
      document.documentElement.lang = language.locale;
    },
  });
}

/** The language the console speaks now. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  return isLocale(instance.language) ? instance.language : 'en-IN';
}

/**
 * Signing in clears the query cache and puts the new `me` in (`useLogin`): a component outside the
 * router, as this one is, would keep watching the removed query and never hear of the new person, so
 * the console stayed in the sign-in page's language until a reload. A new `me` re-renders it.
 */
function useFollowNewSession(): void {
  const qc = useQueryClient();
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(
    () =>
      qc.getQueryCache().subscribe((event) => {
        if (event.type === 'added' && event.query.queryKey.length === meKey.length && event.query.queryKey[0] === meKey[0]) bump();
      }),
    [qc],
  );
}

/**
 * Keeps the console's language in step: the session's language when signed in, the
 * browser's otherwise; the page's `lang` follows, so screen readers and fonts do too.
 */
export function LanguageSync() {
  useFollowNewSession();
  const language = useMyLanguage();
  const locale = language.data?.locale ?? pickLocale(navigator.languages);
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}

/**
 * A message of a namespace that may lack a translation (HR and admin screens): where the
 * reader's language has none, the English one is shown marked `lang="en"`, so it is
 * visibly (and audibly) English rather than a raw key.
 */
export function useTx(ns: Namespace) {
  const { t } = useTranslation(ns);
  const locale = useLocale();
  return (key: string, values?: Record<string, unknown>): ReactNode => {
    const text = t(key, values ?? {});
    if (locale === 'en-IN' || hasOwnMessage(locale, ns, key)) return text;
    return (
      <span lang="en" data-english-fallback="" title={i18n.t('common:language.englishOnly')}>
        {text}
      </span>
    );
  };
}
