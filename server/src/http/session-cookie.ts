import type { Request, Response } from 'express';

/** The session cookie on this PC's plain-HTTP loopback address (the desktop window). */
export const SESSION_COOKIE = 'muster_session';
/**
 * The session cookie over HTTPS: the `__Host-` prefix makes browsers refuse it
 * unless it is Secure, host-only and for path `/`, so nothing on the network
 * can plant or overwrite it over plain HTTP.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** Where a sign-in came from, for the session list and the audit trail. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The session cookie's name for this request: prefixed and Secure over HTTPS, plain on loopback HTTP. */
export function sessionCookieName(req: Pick<Request, 'secure'>): string {
  return req.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

function cookieOptions(req: Request) {
  return { httpOnly: true, sameSite: 'strict' as const, secure: req.secure, path: '/' };
}

/**
 * A readable companion of the session cookie, holding only `1`: the console asks
 * `/api/auth/me` only when it is there, so the sign-in page of someone signed out
 * makes no request that answers 401. It grants nothing; the session cookie decides.
 */
export const SIGNED_IN_HINT_COOKIE = 'muster_signed_in';

function hintOptions(req: Request) {
  return { httpOnly: false, sameSite: 'strict' as const, secure: req.secure, path: '/' };
}

/** Sets the signed session cookie (see `sessionCookieName`) and its readable hint. */
export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(sessionCookieName(req), token, { ...cookieOptions(req), signed: true, expires: expiresAt });
  res.cookie(SIGNED_IN_HINT_COOKIE, '1', { ...hintOptions(req), expires: expiresAt });
}

/** Expires the session cookie with the attributes it was set with (a `__Host-` cookie is cleared only by a Secure answer), and the hint. */
export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(sessionCookieName(req), cookieOptions(req));
  res.clearCookie(SIGNED_IN_HINT_COOKIE, hintOptions(req));
}

export function clientMeta(req: Request): ClientMeta {
  return { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
}
