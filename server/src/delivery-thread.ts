import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from './config.ts';
import type { AppDeps } from './context.ts';
import { serveUncached } from './db/cache.ts';
import { openDatabase } from './db/database.ts';
import { attachFieldKey } from './db/sealed.ts';
import { createLogger } from './logger.ts';
import type { OutboxWorkerOptions } from './modules/outbox/index.ts';
import type { Secrets } from './secrets.ts';
import { startDelivery } from './wiring.ts';

/**
 * The outbox delivery thread (started by `delivery.ts`): the delivery worker
 * on a connection of its own to the server's database file, so signing,
 * sending, parsing answers, rendering e-mails and the disk flush of each
 * recorded batch happen beside the request thread instead of between its
 * requests. The request thread only writes outbox rows (in the request's
 * transaction) and says when there is work (`kick`).
 */

/** What the request thread hands over when it starts this thread. */
export interface DeliveryThreadData {
  databaseFile: string;
  /** The request thread's `TableVersions.buffer`: caches on both sides see each other's writes. */
  versions: SharedArrayBuffer;
  config: Config;
  secrets: Omit<Secrets, 'fieldKey'> & { fieldKey: Uint8Array };
  logLevel: string;
  options: OutboxWorkerOptions;
  sync: DeliverySync;
}

/** The request thread's view of the moment and its public address, sent with every message. */
export interface DeliverySync {
  /** The server clock's now (ms): tests run servers on their own clocks. */
  now: number;
  /** `Date.now()` at the same moment: the clock's offset, whatever the message took to arrive. */
  real: number;
  baseUrl: string;
}

export type DeliveryCommand = { type: 'kick' } | { type: 'idle'; id: number } | { type: 'stop' } | { type: 'sync' };
export type ToDeliveryThread = DeliveryCommand & { sync: DeliverySync };
export type FromDeliveryThread = { type: 'ready' } | { type: 'idle'; id: number } | { type: 'stopped' };

/**
 * Deliveries give way to requests: on Linux a thread's nice value is its own, and
 * `setpriority(PRIO_PROCESS, 0, …)` (`os.setPriority` without a pid) sets the calling thread's only,
 * so this thread runs at nice 10 while the request thread keeps its priority. On a two-core office
 * PC busy with an approval, the approval's request gets the CPU and the webhooks go a few
 * milliseconds later. Elsewhere (or refused) the thread keeps the process's priority.
 */
function lowerThisThreadsPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(Math.max(os.getPriority(), 10));
  } catch {
    // Not allowed here (a container's seccomp profile): deliveries run at the process's priority.
  }
}

async function run(port: NonNullable<typeof parentPort>, data: DeliveryThreadData): Promise<void> {
  lowerThisThreadsPriority();
  // Its commits are not synced one by one: a record lost to a power cut only means a delivery sent
  // again with the same event id (at-least-once), while an fsync under the write lock made the
  // approvals and other requests that wanted the lock meanwhile wait for the disk (docs/integrations.md).
  const opened = openDatabase(data.databaseFile, { sharedVersions: data.versions, syncEachCommit: false });
  const fieldKey = Buffer.from(data.secrets.fieldKey);
  attachFieldKey(opened.db, fieldKey);
  if (data.config.sharedDatabase) serveUncached(opened.db);
  let offset = 0;
  let baseUrl = '';
  const synced = (s: DeliverySync) => {
    offset = s.now - s.real;
    baseUrl = s.baseUrl;
  };
  synced(data.sync);
  const deps: AppDeps = {
    config: data.config,
    db: opened.db,
    clock: { now: () => new Date(Date.now() + offset) },
    logger: createLogger(data.logLevel, 'muster-delivery'),
    secrets: { ...data.secrets, fieldKey },
  };
  const worker = startDelivery(deps, data.options, () => baseUrl);
  port.on('message', (m: ToDeliveryThread) => {
    synced(m.sync);
    if (m.type === 'kick') worker.kick();
    else if (m.type === 'idle') void worker.idle().then(() => port.postMessage({ type: 'idle', id: m.id } satisfies FromDeliveryThread));
    else if (m.type === 'stop') {
      void (async () => {
        await worker.stop();
        await opened.close();
        port.postMessage({ type: 'stopped' } satisfies FromDeliveryThread);
        port.close();
      })();
    }
  });
  port.postMessage({ type: 'ready' } satisfies FromDeliveryThread);
}

if (parentPort) await run(parentPort, workerData as DeliveryThreadData);
