import { type Locale, effectiveLocale, pickLocale } from '../../../../shared/i18n/locales.ts';
import type { Caller, Db } from '../../context.ts';
import { orgSettings } from '../org/index.ts';
import * as repo from './repo.ts';

/**
 * The language a caller reads the server's words in (a problem's title and detail, a quote's
 * refusals): a signed-in person their own, else the organisation's (as `GET /api/auth/me` says);
 * programs (API keys, agents, the connector) and anonymous requests English, unless their
 * `Accept-Language` names a language Muster ships. API clients match on `type` and field paths,
 * which never change with the language.
 */
export async function readerLocale(db: Db, caller: Caller | undefined, acceptLanguage: string | undefined): Promise<Locale> {
  if (caller?.kind === 'session' && caller.userId) {
    const [choice, settings] = await Promise.all([repo.localeOfUser(db, caller.userId), orgSettings(db)]);
    return effectiveLocale(choice, settings.defaultLocale);
  }
  return acceptLanguage ? pickLocale(preferencesOf(acceptLanguage)) : 'en-IN';
}

/** `hi-IN,hi;q=0.9,en;q=0.8` → `['hi-IN', 'hi', 'en']`, by weight (RFC 9110 §12.5.4); `*` and q=0 count for nothing. */
export function preferencesOf(header: string): string[] {
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((p) => p.tag && p.tag !== '*' && p.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((p) => p.tag);
}
