import type { Transaction } from 'kysely';
import { isPostgres } from './dialect.ts';
import type { DB, Database } from './schema.ts';

/**
 * SQLite runs one transaction at a time (one writer, kysely's driver queues
 * them), and the use cases count on it: a check read and the write it allows
 * cannot be interleaved with another request's. On PostgreSQL they can, so
 * there transactions run SERIALIZABLE, which refuses (40001) whatever would
 * not have happened one at a time, and are run again from the start, as they
 * are on a deadlock (40P01), a few times after a short jittered wait. The
 * function may therefore run more than once: everything it does outside the
 * database must happen after the commit or be harmless to repeat.
 */

/** Attempts in all before the serialization failure reaches the caller (a 500: rare, and safe to retry). */
export const MAX_ATTEMPTS = 8;
const BASE_DELAY_MS = 4;
const MAX_DELAY_MS = 250;

const RETRYABLE = new Set(['40001', '40P01']);

/** True for PostgreSQL's serialization failure and deadlock: the transaction was rolled back and may simply run again. */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** The wait before attempt `attempt + 1`: exponential with full jitter, so two conflicting requests do not meet again. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return Math.round(random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt));
}

/** Runs after each retryable failure (tests count them). */
export type RetryListener = (attempt: number, error: unknown) => void;
const listeners = new WeakMap<object, RetryListener>();

/** Calls `listener` on every retry of a transaction of this database (tests). */
export function onTransactionRetry(db: Database, listener: RetryListener): void {
  listeners.set(db.getExecutor().adapter, listener);
}

/** Runs `fn` in a new transaction: as kysely does on SQLite, SERIALIZABLE and retried on PostgreSQL (see above). */
export async function runTransaction<T>(db: Database, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return db.transaction().execute(fn);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(fn);
    } catch (error) {
      if (!isRetryable(error) || attempt >= MAX_ATTEMPTS) throw error;
      listeners.get(db.getExecutor().adapter)?.(attempt, error);
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}
