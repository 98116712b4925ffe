import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AppDeps } from './context.ts';
import { tableVersions } from './db/cache.ts';
import type { DeliveryCommand, DeliverySync, DeliveryThreadData, FromDeliveryThread, ToDeliveryThread } from './delivery-thread.ts';
import { publicBaseUrl } from './http/public-url.ts';
import type { OutboxWorker, OutboxWorkerOptions } from './modules/outbox/index.ts';
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
