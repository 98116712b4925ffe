import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Caller } from '../context.ts';
import { boundedMemo } from '../memo.ts';
import { forbidden, unauthorized } from './problem.ts';
import { sessionCookieName } from './session-cookie.ts';

/** Who a credential belongs to, or undefined when it is unknown, revoked or expired (the auth modules answer, app.ts wires them). */
export type CredentialResolver = (credential: string) => Promise<Caller | undefined>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses unsafe cookie requests that a browser marks as cross-site: by
 * Sec-Fetch-Site, or by an Origin whose host differs from the request's.
 * Clients that send neither header (curl, scripts) are not browsers.
 */
export const crossSiteGuard: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw forbidden('Cross-site request refused.');
  }
  const origin = req.get('origin');
  if (origin !== undefined) {
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined;
    }
    if (!originHost || originHost !== req.get('host')) throw forbidden('Cross-site request refused.');
  }
  next();
};

/**
 * A valid, live session cookie or 401 (spec §5.2), even when an API key is
 * sent. Over HTTPS only the `__Host-` cookie counts, so a cookie planted over
 * plain HTTP can never stand in for it.
 */
export function sessionAuth(resolveSession: CredentialResolver): RequestHandler {
  return async (req, _res, next) => {
    const token: unknown = req.signedCookies?.[sessionCookieName(req)];
    if (typeof token !== 'string' || token.length === 0) throw unauthorized();
    const caller = await resolveSession(token);
    if (!caller) throw unauthorized('Your session has ended. Sign in again.');
    req.caller = caller;
    next();
  };
}

/** The key from `Authorization: Bearer …` or `X-Api-Key`. */
export function apiKeyFromRequest(authorization: string | undefined, xApiKey: string | undefined): string | undefined {
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match?.[1]) return match[1];
  }
  const key = xApiKey?.trim();
  return key ? key : undefined;
}

/** A live API key or 401 (spec §5.1). */
export function apiKeyAuth(resolveApiKey: CredentialResolver): RequestHandler {
  return async (req, _res, next) => {
    const key = apiKeyFromRequest(req.get('authorization'), req.get('x-api-key'));
    if (!key) throw unauthorized('Send an API key as Authorization: Bearer <key> or X-Api-Key: <key>.');
    const caller = await resolveApiKey(key);
    if (!caller) throw unauthorized('The API key is unknown or revoked.');
    req.caller = caller;
    next();
  };
}

/** How many verified connector `Authorization` values are remembered (one secret; a few spellings of the header at most). */
export const CONNECTOR_SECRET_MEMO = 8;

/** The connector's caller: the same for every ingest request, so one frozen object (nothing writes to a caller). */
const CONNECTOR_CALLER: Caller = Object.freeze({
  kind: 'connector',
  userId: null,
  employeeId: null,
  name: 'Connector',
  roles: Object.freeze([]),
  permissions: Object.freeze([]),
  scope: 'org',
  source: 'connector',
});

/**
 * The shared connector secret as a bearer token (spec §5.4), compared in constant time. The
 * connector sends the same header on every punch: the sha256 of a header that matched is
 * remembered (a bounded memo keyed by the whole header), and the constant-time comparison with
 * the secret's hash still runs on every request. A header that does not match is hashed every
 * time and never kept, so wrong guesses neither fill the memo nor skip the check.
 */
export function connectorAuth(secret: string): RequestHandler & { remembered(): number; callerOf(authorization: string | undefined): Caller | undefined } {
  // Hashed once: every ingest request compares against it (sha256 of both sides, so any length compares in constant time).
  const expected = createHash('sha256').update(secret).digest();
  const digestOf = boundedMemo<Buffer>(
    CONNECTOR_SECRET_MEMO,
    (authorization) => {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      // No token: the hash of nothing, which never matches a secret (and keeps both sides 32 bytes).
      return createHash('sha256').update(match?.[1] ?? '').digest();
    },
    (digest) => timingSafeEqual(digest, expected),
  );
  const callerOf = (authorization: string | undefined): Caller | undefined =>
    authorization && timingSafeEqual(digestOf(authorization), expected) ? CONNECTOR_CALLER : undefined;
  const handler: RequestHandler = (req, _res, next) => {
    const caller = callerOf(req.get('authorization'));
    if (!caller) throw unauthorized('A valid connector secret is required.');
    req.caller = caller;
    next();
  };
  // `callerOf` is the same check for the lean path (http/lean-json.ts), which reads the header before Express sets the request up.
  return Object.assign(handler, { remembered: () => digestOf.size(), callerOf });
}
