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
  const handler: RequestHandler = (req, res, next) => {
    parse(req as IncomingMessage as never, res as ServerResponse as never, () => {
      // res.cookie(..., { signed: true }) signs with req.secret.
      (req as { secret?: string }).secret = secret;
      const cookies = req.cookies as Record<string, unknown>;
      const signed: Record<string, unknown> = Object.create(null);
      for (const name of Object.keys(cookies)) {
        const value = cookies[name];
        if (typeof value !== 'string' || !value.startsWith('s:')) continue;
        signed[name] = unsign(value);
        delete cookies[name];
      }
      req.signedCookies = cookieParser.JSONCookies(signed as Record<string, string>);
      next();
    });
  };
  return Object.assign(handler, { remembered: () => unsign.size() });
}
