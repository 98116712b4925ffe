import type { Request, RequestHandler } from 'express';
import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import { sendProblem } from './problem.ts';

function retryAfterSeconds(req: Request, windowMs: number): number {
  const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  const ms = reset ? reset.getTime() - Date.now() : windowMs;
  return Math.max(1, Math.ceil(ms / 1000));
}

interface LimiterOptions {
  windowMs: number;
  limit: number;
  key: (req: Request) => string;
  /** Count only failed (status ≥ 400) requests, for login throttles. */
  failuresOnly?: boolean;
  /** Send RateLimit-* headers on every answer. */
  headers?: boolean;
  detail: string;
}

/** A fixed-window limiter answering 429 problem+json with Retry-After. */
export function limiter(o: LimiterOptions): RequestHandler {
  return rateLimit({
    windowMs: o.windowMs,
    limit: o.limit,
    standardHeaders: o.headers ? 'draft-6' : false,
    legacyHeaders: false,
    skipSuccessfulRequests: o.failuresOnly ?? false,
    keyGenerator: o.key,
    handler: (req, res) => {
      const seconds = retryAfterSeconds(req, o.windowMs);
      sendProblem(
        res,
        429,
        { slug: 'rate-limited', title: 'Too many requests', detail: `${o.detail} Try again in ${seconds} s.` },
        { 'Retry-After': String(seconds) },
      );
    },
  });
}

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_FAILURES_PER_EMAIL = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 30;

/** Throttles failed sign-ins per email and per client address (not a lockout: the window expires). */
export function loginThrottles(): RequestHandler[] {
  return [
    limiter({
      windowMs: LOGIN_WINDOW_MS,
      limit: LOGIN_FAILURES_PER_ADDRESS,
      failuresOnly: true,
      key: (req) => `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`,
      detail: 'Too many failed sign-ins from this address.',
    }),
    limiter({
      windowMs: LOGIN_WINDOW_MS,
      limit: LOGIN_FAILURES_PER_EMAIL,
      failuresOnly: true,
      key: (req) => {
        const body = req.body as { email?: unknown } | undefined;
        return `email:${typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''}`;
      },
      detail: 'Too many failed sign-ins for this email.',
    }),
  ];
}
