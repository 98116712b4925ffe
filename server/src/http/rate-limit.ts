import type { Request, RequestHandler } from 'express';
import { type IncrementResponse, type Options, type Store, rateLimit, ipKeyGenerator } from 'express-rate-limit';
import type { AppDeps } from '../context.ts';
import { sendProblem } from './problem.ts';
import * as repo from './rate-limit-repo.ts';

/** What a limiter needs to count in the database when several instances share it. */
export type LimiterDeps = Pick<AppDeps, 'db' | 'config'>;

/** How often a store prunes the rows of windows that ended. */
const PRUNE_EVERY_MS = 60_000;

/**
 * express-rate-limit's store counting in the database (`rate_limit_hit`), for
 * several instances sharing one budget: a window per key from its first hit,
 * as the library's memory store counts on one PC, kept in one row and counted
 * with one atomic upsert per request (every instance reads the same row, so
 * they agree on the window without talking). On one PC the memory store stays:
 * no statement per request (config.sharedDatabase decides).
 */
class DatabaseStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  #windowMs = 60_000;
  #prunedAt = 0;

  constructor(
    private readonly db: LimiterDeps['db'],
    prefix: string,
  ) {
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.#windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = Date.now();
    const expiredAt = new Date(now - this.#windowMs).toISOString();
    const { hits, windowStart } = await repo.countHit(this.db, this.prefix + key, new Date(now).toISOString(), expiredAt);
    if (now - this.#prunedAt >= PRUNE_EVERY_MS) {
      this.#prunedAt = now;
      await repo.pruneHits(this.db, expiredAt);
    }
    return { totalHits: hits, resetTime: new Date(Date.parse(windowStart) + this.#windowMs) };
  }

  async decrement(key: string): Promise<void> {
    await repo.uncountHit(this.db, this.prefix + key);
  }

  async resetKey(key: string): Promise<void> {
    await repo.resetHits(this.db, this.prefix + key);
  }
}

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

/**
 * A fixed-window limiter answering 429 problem+json with Retry-After. With
 * `deps` of a database other instances share, it counts there (one budget for
 * all instances); otherwise in this process's memory.
 */
export function limiter(o: LimiterOptions, deps?: LimiterDeps): RequestHandler {
  // Instances must name a limiter alike: its window, limit and message do, the same on each.
  const store = deps?.config.sharedDatabase ? { store: new DatabaseStore(deps.db, `${o.windowMs}/${o.limit}/${o.detail}|`) } : {};
  return rateLimit({
    ...store,
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
export function loginThrottles(deps?: LimiterDeps): RequestHandler[] {
  return [
    limiter({
      windowMs: LOGIN_WINDOW_MS,
      limit: LOGIN_FAILURES_PER_ADDRESS,
      failuresOnly: true,
      key: (req) => `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`,
      detail: 'Too many failed sign-ins from this address.',
    }, deps),
    limiter({
      windowMs: LOGIN_WINDOW_MS,
      limit: LOGIN_FAILURES_PER_EMAIL,
      failuresOnly: true,
      key: (req) => {
        const body = req.body as { email?: unknown } | undefined;
        return `email:${typeof body?.email === 'string' ? body.email.trim().toLowerCase() : ''}`;
      },
      detail: 'Too many failed sign-ins for this email.',
    }, deps),
  ];
}
