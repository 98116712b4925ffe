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

/** Sets the signed session cookie (see `sessionCookieName`). */
export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(sessionCookieName(req), token, { ...cookieOptions(req), signed: true, expires: expiresAt });
}

/** Expires the session cookie with the attributes it was set with (a `__Host-` cookie is cleared only by a Secure answer). */
export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(sessionCookieName(req), cookieOptions(req));
}

export function clientMeta(req: Request): ClientMeta {
  return { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
}
