/**
 * Redirect URIs of OAuth clients (RFC 6749 §3.1.2, OAuth 2.1 §2.3, RFC 8252):
 * what may be registered, and whether a requested one matches a registered one.
 * Pure.
 */

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Schemes no redirect may use: they would run or read something in the browser. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'blob:', 'vbscript:', 'about:', 'ftp:', 'ws:', 'wss:']);

/** Why a URI cannot be registered as a redirect URI, or undefined when it can. */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI';
  }
  if (url.hash) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain a user name or password';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') return LOOPBACK.has(url.hostname) ? undefined : 'must use https (plain http only for 127.0.0.1, [::1] or localhost)';
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `must not use the ${url.protocol} scheme`;
  // RFC 8252 §7.1: a native app's private-use scheme, in reverse-domain form (com.example.app:/cb, cursor://…).
  return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) ? undefined : 'has an unusable scheme';
}

/**
 * Whether a requested redirect URI matches a registered one: exactly, except
 * that for a loopback http URI the port may differ (RFC 8252 §7.3: native
 * apps listen on whatever port is free).
 */
export function redirectUriMatches(registered: string, requested: string): boolean {
  if (registered === requested) return true;
  let a: URL;
  let b: URL;
  try {
    a = new URL(registered);
    b = new URL(requested);
  } catch {
    return false;
  }
  if (a.protocol !== 'http:' || b.protocol !== 'http:' || !LOOPBACK.has(a.hostname)) return false;
  return a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search && !b.hash && !b.username && !b.password;
}

/** What the consent screen shows as the place the browser goes back to. */
export function redirectDisplay(uri: string): string {
  try {
    const url = new URL(uri);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.host;
    return `${url.protocol}//${url.host}`.replace(/\/\/$/, '');
  } catch {
    return uri;
  }
}
