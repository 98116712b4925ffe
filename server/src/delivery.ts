import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AppDeps } from './context.ts';
import { tableVersions } from './db/cache.ts';
import type { DeliveryCommand, DeliverySync, DeliveryThreadData, FromDeliveryThread, ToDeliveryThread } from './delivery-thread.ts';
import { publicBaseUrl } from './http/public-url.ts';
import { smtpSettings } from './modules/email/index.ts';
import type { OutboxWorker, OutboxWorkerOptions } from './modules/outbox/index.ts';
import { anyEnabledEndpoint } from './modules/webhooks/index.ts';
import { startDelivery } from './wiring.ts';

/**
 * Starts the outbox delivery worker in a thread of its own (`delivery-thread.ts`)
 * and answers for it on this side. Measured (docs/integrations.md): with the
 * worker on the request thread, a leave approval with 5 webhook endpoints and
 * e-mail on took 121–196% of one with none: a CPU profile showed the webhook
 * channel (endpoint read, unseal, HMAC, HTTP client), nodemailer, e-mail
 * rendering and recording each attempt (kysely per row) running as
 * JavaScript between the requests; the batch commits were a small part. In
 * its own thread they don't run there; SQLite in WAL mode
 * lets its connection write beside this one (both take the write lock at
 * BEGIN: `database.ts`), and the caches of both threads share one set of
 * table versions (`table-versions.ts`).
 */

/** How often the thread learns this side's clock and public address when nothing else is said. */
const SYNC_EVERY_MS = 5_000;
/** A thread that died is started again after this pause (its deliveries are still in the outbox). */
const RESTART_AFTER_MS = 1_000;

/**
 * The thread's code. A build (`dist/`) runs its compiled entry as is. The
 * sources run under tsx (or vitest), whose loader a worker does not inherit
 * on Node 20 (not even with `--import` in its execArgv): a one-line
 * CommonJS bootstrap registers tsx in the thread, then imports the entry.
 */
function threadEntry(): { code: string | URL; eval: boolean } {
  const source = import.meta.url.endsWith('.ts');
  const url = new URL(`./delivery-thread.${source ? 'ts' : 'js'}`, import.meta.url);
  if (!source) return { code: url, eval: false };
  // tsx's ESM API (its CommonJS twin cannot be imported from a thread); vitest lacks import.meta.resolve.
  const tsx = typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  return { code: `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(url.href)}); })`, eval: true };
}

export function startDeliveryThread(deps: AppDeps, options: OutboxWorkerOptions = {}): OutboxWorker {
  const { logger } = deps;
  const sync = (): DeliverySync => ({ now: deps.clock.now().getTime(), real: Date.now(), baseUrl: publicBaseUrl(deps) });
  const entry = threadEntry();
  let worker: Worker | undefined;
  let stopping = false;
  let nextId = 1;
  const idleWaiters = new Map<number, () => void>();
  let stopped: (() => void) | undefined;
  /** Set once a thread has started: one that cannot even start (a packaging that cannot load it) is not retried. */
  let started = false;
  /** The worker on this thread instead, when no thread can start: deliveries must still go out. */
  let fallback: OutboxWorker | undefined;

  const post = (m: DeliveryCommand) => worker?.postMessage({ ...m, sync: sync() } satisfies ToDeliveryThread);

  const start = () => {
    const data: DeliveryThreadData = {
      databaseFile: deps.config.databaseFile,
      versions: tableVersions(deps.db).buffer,
      config: deps.config,
      secrets: deps.secrets,
      logLevel: deps.logger.level,
      options,
      sync: sync(),
    };
    const w = new Worker(entry.code, { eval: entry.eval, workerData: data, name: 'muster-delivery' });
    worker = w;
    // The server may end without waiting for deliveries (they stay in the outbox): never hold it open.
    w.unref();
    w.on('message', (m: FromDeliveryThread) => {
      if (m.type === 'ready') started = true;
      else if (m.type === 'idle') {
        idleWaiters.get(m.id)?.();
        idleWaiters.delete(m.id);
      } else if (m.type === 'stopped') stopped?.();
    });
    w.on('error', (err) => logger.error({ err }, 'outbox: the delivery thread failed'));
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      if (stopping) {
        stopped?.();
        return;
      }
      if (!started) {
        logger.error({ code }, 'outbox: the delivery thread could not start; delivering on the request thread instead');
        fallback = startDelivery(deps, options);
        const instead = fallback;
        for (const [id, resolve] of idleWaiters) {
          idleWaiters.delete(id);
          void instead.idle().then(resolve);
        }
        return;
      }
      logger.error({ code }, 'outbox: the delivery thread ended; starting it again');
      setTimeout(() => {
        if (stopping) return;
        start();
        // Whoever waits for idle asks the new thread.
        for (const id of idleWaiters.keys()) post({ type: 'idle', id });
      }, RESTART_AFTER_MS).unref();
    });
  };
  start();
  const syncTimer = setInterval(() => post({ type: 'sync' }), SYNC_EVERY_MS);
  syncTimer.unref();

  return {
    kick: () => (fallback ? fallback.kick() : post({ type: 'kick' })),
    idle: () =>
      fallback?.idle() ??
      new Promise<void>((resolve) => {
        const id = nextId++;
        idleWaiters.set(id, resolve);
        post({ type: 'idle', id });
      }),
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(syncTimer);
      if (fallback) return fallback.stop();
      const w = worker;
      if (!w) return;
      // Held while it records what is under way (≤ the send timeout) and closes its connection.
      w.ref();
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      const done = new Promise<void>((resolve) => (stopped = resolve));
      post({ type: 'stop' });
      await Promise.race([done, exited]);
      await exited;
    },
  };
}

/** How often the on-demand worker looks whether an endpoint or SMTP has been set up (a cached read: no statement unless their tables changed). */
const CHECK_EVERY_MS = 1_000;

/** Whether the outbox has anywhere to send: an enabled webhook endpoint, or SMTP set up and switched on. */
export async function outboxHasChannels(db: AppDeps['db']): Promise<boolean> {
  if (await anyEnabledEndpoint(db)) return true;
  return (await smtpSettings({ db }))?.enabled === 1;
}

/** The delivery worker `startDeliveryOnDemand` answers for, and which thread it is on now. */
export interface DeliveryOnDemand extends OutboxWorker {
  readonly onOwnThread: boolean;
}

/**
 * The server's delivery worker (`MUSTER_DELIVERY_THREAD`, on by default): on
 * the request thread while the office has no enabled webhook endpoint and no
 * SMTP switched on — the outbox then only settles what has nowhere to go, and
 * the thread would cost its memory (+54 MB resident compiled, +78 MB under
 * tsx: docs/integrations.md) for nothing — then, from the moment one is set
 * up, in a thread of its own (`startDeliveryThread`, which itself falls back
 * to the request thread when no thread can start). It never moves back: an
 * office that set one up once is likely to again, and a thread stopped and
 * started costs more than one left idle.
 */
export function startDeliveryOnDemand(deps: AppDeps, options: OutboxWorkerOptions = {}, checkEveryMs = CHECK_EVERY_MS): DeliveryOnDemand {
  const { logger } = deps;
  let current: OutboxWorker = startDelivery(deps, options);
  let onOwnThread = false;
  let stopping = false;
  let moving: Promise<void> | undefined;

  const move = async () => {
    // The worker claims deliveries in memory, not in the table: the two must never run at once, so the
    // request thread's worker records what is under way (stop) before the thread's connection looks.
    await current.stop();
    if (stopping) return;
    current = startDeliveryThread(deps, options);
    onOwnThread = true;
    logger.info('outbox: a webhook endpoint or SMTP is set up; delivering from a thread of its own from now on');
  };
  const check = async (): Promise<void> => {
    if (moving) return moving;
    if (onOwnThread || stopping || !(await outboxHasChannels(deps.db))) return;
    if (moving || onOwnThread || stopping) return moving;
    moving = move().finally(() => (moving = undefined));
    return moving;
  };
  const checked = () =>
    check().catch((err: unknown) => {
      logger.error({ err }, 'outbox: could not tell whether a webhook endpoint or SMTP is set up');
    });
  const timer = setInterval(() => void checked(), checkEveryMs);
  timer.unref();
  void checked();

  return {
    get onOwnThread() {
      return onOwnThread;
    },
    kick() {
      void checked().then(() => {
        if (!stopping) current.kick();
      });
    },
    async idle() {
      await checked();
      return current.idle();
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      await moving;
      await current.stop();
    },
  };
}
