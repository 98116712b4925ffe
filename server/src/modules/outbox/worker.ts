import type { AppDeps, Db } from '../../context.ts';
import { newId } from '../../ids.ts';
import { runTransaction } from '../../db/transaction.ts';
import { MAX_ATTEMPTS, nextAttemptAt } from './backoff.ts';
import * as repo from './repo.ts';

/**
 * The delivery worker: one loop in the server process, driven by timers,
 * never by a request. It sends due deliveries through their channel, a few at
 * a time, and records every attempt with the delivery's new state, in one
 * transaction for all the attempts that finished within a short window (a
 * commit per attempt would put a disk flush per webhook on the event loop the
 * requests share).
 *
 * At-least-once: a delivery is marked delivered only after its receiver
 * answered and the record is committed; a process killed in between sends it
 * again after the restart, with the same event id (receivers dedupe on it).
 */

/** What one attempt came to. `request` and `response` are kept (as JSON) for the delivery log. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  request: unknown;
  response: unknown;
  /** The target cannot take it at all (endpoint disabled or gone, e-mail not set up): settle as skipped, no retry. */
  skip?: boolean;
}

export interface SettledAttempt {
  delivery: repo.DeliveryRow;
  outcome: AttemptOutcome;
  /** `delivered`, `pending` (will retry), `failed` (gave up) or `skipped`. */
  status: string;
  at: string;
}

/** A way out: webhooks, e-mail. */
export interface Channel {
  name: string;
  /** Sends one delivery (`payload` is the event's JSON as stored). Never throws: failures are outcomes. */
  send(delivery: repo.DeliveryRow, payload: string): Promise<AttemptOutcome>;
  /** After a batch of attempts is recorded, inside the same transaction: the channel's own bookkeeping (failing endpoints). */
  settled?(db: Db, attempts: readonly SettledAttempt[], now: Date): Promise<void>;
}

export interface OutboxWorkerOptions {
  /** Deliveries sent at once. */
  concurrency?: number;
  /** Pause of the loop when nothing is due. */
  idleMs?: number;
}

export interface OutboxWorker {
  /** Look for work now (after a commit that emitted, in tests and the bench). */
  kick(): void;
  /** Stops taking work, waits for the attempts under way (≤ their timeout) and records them. */
  stop(): Promise<void>;
  /** Resolves when nothing is due or under way (tests). */
  idle(): Promise<void>;
}

const MAX_KEPT_CHARS = 4000;

function kept(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_KEPT_CHARS ? `${text.slice(0, MAX_KEPT_CHARS)}…` : text;
}

/** Attempts finished within this window are recorded in one transaction. */
const RECORD_WINDOW_MS = 100;
/** …or at once when this many are waiting. */
const RECORD_BATCH = 256;

export function startOutboxWorker(deps: Pick<AppDeps, 'db' | 'clock' | 'logger'>, channels: readonly Channel[], options: OutboxWorkerOptions = {}): OutboxWorker {
  const concurrency = options.concurrency ?? 32;
  const idleMs = options.idleMs ?? 250;
  const byName = new Map(channels.map((c) => [c.name, c]));
  const { db, clock, logger } = deps;
  /** Being sent now (counts against `concurrency`). */
  const sending = new Set<string>();
  /** Sent or being sent, outcome not committed yet: never claimed again meanwhile. */
  const unrecorded = new Set<string>();
  const running = new Set<Promise<void>>();
  let results: SettledAttempt[] = [];
  let timer: NodeJS.Timeout | undefined;
  let recordTimer: NodeJS.Timeout | undefined;
  let looping = false;
  let again = false;
  let stopping = false;
  let flushing: Promise<void> | undefined;
  let idleWaiters: (() => void)[] = [];

  const schedule = (ms: number) => {
    if (stopping) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void loop(), ms);
    timer.unref();
  };

  const settleIdle = () => {
    if (unrecorded.size || results.length) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  /** Records the finished attempts: one transaction for the batch. */
  async function flush(): Promise<void> {
    if (recordTimer) {
      clearTimeout(recordTimer);
      recordTimer = undefined;
    }
    while (flushing) await flushing;
    if (!results.length) return;
    const batch = results;
    results = [];
    flushing = (async () => {
      try {
        await runTransaction(db, async (trx) => {
          for (const r of batch) {
            const d = r.delivery;
            const attempts = d.attempts + 1;
            await repo.insertAttempt(trx, {
              id: newId(),
              delivery_id: d.id,
              attempted_at: r.at,
              duration_ms: Math.round((r.outcome as AttemptOutcome & { durationMs?: number }).durationMs ?? 0),
              status_code: r.outcome.statusCode,
              error: r.outcome.error,
              request: kept(r.outcome.request),
              response: kept(r.outcome.response),
            });
            let next: string | null = null;
            if (r.status === 'pending') next = new Date(nextAttemptAt(attempts, Date.parse(r.at)) as number).toISOString();
            await repo.updateDelivery(trx, d.id, {
              status: r.status,
              attempts,
              next_attempt_at: next,
              last_attempt_at: r.at,
              last_status_code: r.outcome.statusCode,
              last_error: r.outcome.error,
              ...(r.status === 'delivered' ? { delivered_at: r.at } : {}),
            });
          }
          const now = clock.now();
          for (const channel of channels) {
            const mine = batch.filter((r) => r.delivery.channel === channel.name);
            if (mine.length && channel.settled) await channel.settled(trx, mine, now);
          }
        });
      } catch (err) {
        // Not recorded: the deliveries stay pending and are sent again (at-least-once).
        logger.error({ err }, 'outbox: recording delivery attempts failed');
      } finally {
        for (const r of batch) unrecorded.delete(r.delivery.id);
      }
    })();
    await flushing;
    flushing = undefined;
    settleIdle();
    if (!stopping) void loop();
  }

  async function send(channel: Channel | undefined, d: repo.DeliveryRow): Promise<void> {
    const at = clock.now().toISOString();
    const started = performance.now();
    let outcome: AttemptOutcome & { durationMs?: number };
    try {
      outcome = channel
        ? await channel.send(d, d.payload)
        : { ok: false, statusCode: null, error: `no channel "${d.channel}" in this server`, request: null, response: null, skip: true };
    } catch (err) {
      outcome = { ok: false, statusCode: null, error: err instanceof Error ? err.message : String(err), request: null, response: null };
    }
    outcome.durationMs = performance.now() - started;
    const attempts = d.attempts + 1;
    const status = outcome.ok ? 'delivered' : outcome.skip ? 'skipped' : attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
    results.push({ delivery: d, outcome, status, at });
  }

  function recordSoon(): void {
    if (results.length >= RECORD_BATCH) void flush();
    else if (!recordTimer) {
      recordTimer = setTimeout(() => void flush(), RECORD_WINDOW_MS);
      recordTimer.unref();
    }
  }

  async function loop(): Promise<void> {
    if (stopping) return;
    if (looping) {
      again = true;
      return;
    }
    looping = true;
    let busy = false;
    try {
      const free = concurrency - sending.size;
      if (free > 0) {
        const due = await repo.dueDeliveries(db, clock.now().toISOString(), free, [...unrecorded]);
        busy = due.length === free;
        for (const d of due) {
          sending.add(d.id);
          unrecorded.add(d.id);
          const p: Promise<void> = send(byName.get(d.channel), d).then(() => {
            running.delete(p);
            sending.delete(d.id);
            recordSoon();
            if (!stopping) void loop();
          });
          running.add(p);
        }
      } else busy = true;
    } catch (err) {
      logger.error({ err }, 'outbox: the delivery loop failed; trying again');
    } finally {
      looping = false;
    }
    if (again) {
      again = false;
      schedule(0);
    } else if (!busy) {
      settleIdle();
      schedule(idleMs);
    }
  }

  schedule(0);
  return {
    kick: () => schedule(0),
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await Promise.all([...running]);
      await flush();
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        schedule(0);
      }),
  };
}
