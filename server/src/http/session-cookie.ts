import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'muster_session';

/** Where a sign-in came from, for the session list and the audit trail. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Sets the signed session cookie; Secure whenever the request came over HTTPS. */
export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, token, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: '/',
    expires: expiresAt,
  });
}

export function clientMeta(req: Request): ClientMeta {
  return { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
}
