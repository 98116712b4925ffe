import type { IncomingMessage, ServerResponse } from 'node:http';
import cookieParser from 'cookie-parser';
import type { RequestHandler } from 'express';
import { boundedMemo } from '../memo.ts';

/**
 * Runs a header-setting middleware (helmet) once and answers every request with what it set. Its
 * headers here depend on nothing in the request (no nonces, no per-request directives), so building
 * the CSP string and walking a dozen sub-middlewares per request bought nothing.
 */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
    getHeader: () => undefined,
  };
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    called = true;
  });
  if (!called) throw new Error('The header middleware did not finish synchronously: its headers may depend on the request.');
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/** How many verified signed cookies are remembered (a few per browser signed in). */
export const SIGNED_COOKIE_MEMO = 2048;

/**
 * cookie-parser with the signature check of signed cookies remembered: a browser sends the same
 * signed session cookie on every request, and its HMAC was most of the cost of a cached answer.
 * Only a value whose signature verified is remembered, keyed by the whole signed string, so a
 * remembered answer is the one the check would give again; a forged or altered value is checked
 * (and refused) every time. Whether the session behind it is still live is not decided here: the
 * session lookup (auth) reads the sessions table's current state on every request.
 */
export function signedCookieParser(secret: string): RequestHandler & { remembered(): number } {
  const parse = cookieParser();
  const unsign = boundedMemo<string | false>(SIGNED_COOKIE_MEMO, (value) => cookieParser.signedCookie(value, secret) as string | false, (v) => v !== false);
  const read = (header: string | undefined): ParsedCookies => {
    const request = { headers: header === undefined ? {} : { cookie: header } } as { headers: object; cookies?: Record<string, unknown> };
    // cookie-parser answers synchronously.
    parse(request as never, {} as never, () => undefined);
    const cookies = request.cookies ?? {};
    const signed: Record<string, unknown> = Object.create(null);
    let verified = true;
    for (const name of Object.keys(cookies)) {
      const value = cookies[name];
      if (typeof value !== 'string' || !value.startsWith('s:')) continue;
      signed[name] = unsign(value);
      if (signed[name] === false) verified = false;
      delete cookies[name];
    }
    return { cookies, signedCookies: cookieParser.JSONCookies(signed as Record<string, string>), verified };
  };
  // A browser sends the same Cookie header on every request: it is parsed once (when every signature in it
  // verified, as above); each request gets copies of its own to read or change.
  const whole = boundedMemo<ParsedCookies>(SIGNED_COOKIE_MEMO, read, (parsed) => parsed.verified);
  const handler: RequestHandler = (req, _res, next) => {
    const header = req.headers.cookie;
    const parsed = typeof header === 'string' && header.length <= REMEMBERED_COOKIE_HEADER_MAX ? whole(header) : read(header);
    // res.cookie(..., { signed: true }) signs with req.secret.
    (req as { secret?: string }).secret = secret;
    req.cookies = copyOf(parsed.cookies);
    req.signedCookies = copyOf(parsed.signedCookies);
    next();
  };
  return Object.assign(handler, { remembered: () => unsign.size() });
}

interface ParsedCookies {
  cookies: Record<string, unknown>;
  signedCookies: Record<string, unknown>;
  /** Every signed cookie in the header verified (only then is the parse remembered). */
  verified: boolean;
}

/** Longer Cookie headers are parsed on each request, not remembered (a bound on the memo's memory). */
const REMEMBERED_COOKIE_HEADER_MAX = 4096;

function copyOf<T extends object>(o: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(o) as object | null) as T, o);
}
