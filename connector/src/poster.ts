/**
 * The sender: drains the spool oldest first to the server, a few requests in
 * flight. A row is marked sent only after the server's 200; a 4xx caused by
 * the record moves it to the dead letters with the server's reason (the queue
 * goes on); a 401 stops sending until the secret works again; anything else
 * is retried with exponential back-off and full jitter.
 */
import type { Logger } from 'pino';
import { withoutPhoto } from './records.ts';
import type { PostOutcome, ServerClient } from './server-client.ts';
import type { OutboxRow, Settlement, Spool } from './spool.ts';

export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 500, maxMs: 30_000 };

/** Delay after `failures` failed rounds: random ("jitter") between half the initial delay and a ceiling that doubles per failure. */
export function backoffDelay(failures: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.max(0, failures - 1));
  return Math.round(policy.initialMs / 2 + random() * (ceiling - policy.initialMs / 2));
}

/** `server-not-trusted`: the server's certificate did not pass (retried with back-off; nothing is sent meanwhile). */
export type SenderStatus = 'idle' | 'sending' | 'backing-off' | 'bad-secret' | 'server-not-trusted' | 'stopped';

export interface SenderState {
  status: SenderStatus;
  sent: number;
  duplicates: number;
  deadLettered: number;
  lastSentAt: string | null;
  lastError: string | null;
  nextAttemptAt: string | null;
}

export interface SenderOptions {
  concurrency?: number;
  /** Rows taken per round when records go one per request. */
  batch?: number;
  /** Time logs per `POST /timelogs` request (0: never batch). */
  batchRecords?: number;
  /** Batch requests in flight at once. */
  batchConcurrency?: number;
  backoff?: BackoffPolicy;
  logger?: Logger;
}

/** A batch request stays below this many bytes of records; a record above it (a photo) goes alone. */
const BATCH_MAX_BYTES = 1024 * 1024;
const LONE_RECORD_BYTES = 64 * 1024;
/** After an older server said it has no batch route, ask again this much later (it may have been upgraded). */
const BATCH_REPROBE_MS = 10 * 60_000;

type Unit = { kind: 'one'; row: OutboxRow } | { kind: 'batch'; rows: OutboxRow[] };

interface Retry {
  reason: string;
  retryAfterMs?: number;
  untrusted?: boolean;
}

function retryOf(outcome: Extract<PostOutcome, { kind: 'retry' }>): Retry {
  return { reason: outcome.reason, ...(outcome.retryAfterMs ? { retryAfterMs: outcome.retryAfterMs } : {}), ...(outcome.untrusted ? { untrusted: true } : {}) };
}

const PATHS = { timelog: '/api/ingest/biometric/timelog', adminlog: '/api/ingest/biometric/adminlog' } as const;

/** A refusal caused by the photo: too large (413, the record or its body), or a field error on `photoBase64`. */
function refusedForPhoto(outcome: { status: number; reason: string }): boolean {
  return outcome.status === 413 || /photoBase64/.test(outcome.reason);
}

export class Sender {
  readonly #spool: Spool;
  readonly #client: ServerClient;
  readonly #concurrency: number;
  readonly #batch: number;
  readonly #batchRecords: number;
  readonly #batchConcurrency: number;
  /** When the server last said it has no batch route (0: it has, or nobody asked yet). */
  #noBatchSince = 0;
  readonly #backoff: BackoffPolicy;
  readonly #logger: Logger | undefined;
  #failures = 0;
  #running = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  readonly state: SenderState = { status: 'idle', sent: 0, duplicates: 0, deadLettered: 0, lastSentAt: null, lastError: null, nextAttemptAt: null };

  constructor(spool: Spool, client: ServerClient, options: SenderOptions = {}) {
    this.#spool = spool;
    this.#client = client;
    this.#concurrency = options.concurrency ?? 8;
    this.#batch = options.batch ?? 256;
    this.#batchRecords = options.batchRecords ?? 250;
    this.#batchConcurrency = options.batchConcurrency ?? 3;
    this.#backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.#logger = options.logger;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    if (this.state.status === 'stopped') this.state.status = 'idle';
    this.#loop = this.#run();
  }

  /** Stops after the requests in flight have been answered and recorded. */
  async stop(): Promise<void> {
    this.#running = false;
    this.wake();
    await this.#loop;
    this.state.status = 'stopped';
  }

  /** New records were spooled, or the secret may work again: look now. */
  wake(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  /** Called when the server accepted the secret again (e.g. the terminal list loaded). */
  resume(): void {
    if (this.state.status !== 'bad-secret') return;
    this.#logger?.info('the server accepts the connector secret again: sending resumes');
    this.state.status = 'idle';
    this.state.lastError = null;
    this.#failures = 0;
    this.wake();
  }

  #sleep(ms: number | undefined): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
      if (ms !== undefined) this.#timer = setTimeout(() => this.wake(), ms);
    });
  }

  async #run(): Promise<void> {
    while (this.#running) {
      if (this.state.status === 'bad-secret') {
        await this.#sleep(undefined);
        continue;
      }
      const rows = this.#spool.pending(this.#batching() ? this.#batchRecords * this.#batchConcurrency * 2 : this.#batch);
      if (rows.length === 0) {
        this.state.status = 'idle';
        // Push receivers and workers wake us; the timer is a safety net.
        await this.#sleep(5_000);
        continue;
      }
      this.state.status = 'sending';
      const { retry, unauthorized } = await this.#sendRound(rows);
      if (unauthorized) {
        this.state.status = 'bad-secret';
        this.state.lastError = unauthorized;
        this.#logger?.error({ reason: unauthorized }, 'the server refused the connector secret: sending stopped (check MUSTER_CONNECTOR_SECRET)');
        this.#spool.addAlert(null, 'bad-secret', `The server refused the connector secret: ${unauthorized}`);
        continue;
      }
      if (retry) {
        this.#failures++;
        const delay = Math.max(retry.retryAfterMs ?? 0, backoffDelay(this.#failures, this.#backoff));
        if (retry.untrusted && this.state.lastError !== retry.reason) {
          this.#logger?.error({ reason: retry.reason }, 'the server is not trusted: sending stopped until its certificate passes');
          this.#spool.addAlert(null, 'server-not-trusted', `Not sending to the server: ${retry.reason}`);
        }
        this.state.status = retry.untrusted ? 'server-not-trusted' : 'backing-off';
        this.state.lastError = retry.reason;
        this.state.nextAttemptAt = new Date(Date.now() + delay).toISOString();
        this.#logger?.warn({ reason: retry.reason, failures: this.#failures, delayMs: delay }, 'sending failed; retrying later');
        await this.#sleep(delay);
        this.state.nextAttemptAt = null;
      } else {
        this.#failures = 0;
      }
    }
  }

  /** Whether to send time logs through `POST /timelogs` now. */
  #batching(): boolean {
    return this.#batchRecords > 1 && (this.#noBatchSince === 0 || Date.now() - this.#noBatchSince > BATCH_REPROBE_MS);
  }

  /** Time logs in batches (in spool order), photos and admin logs one by one. */
  #units(rows: OutboxRow[]): Unit[] {
    if (!this.#batching()) return rows.map((row) => ({ kind: 'one', row }));
    const units: Unit[] = [];
    let current: OutboxRow[] = [];
    let bytes = 0;
    const flush = () => {
      if (current.length) units.push({ kind: 'batch', rows: current });
      current = [];
      bytes = 0;
    };
    for (const row of rows) {
      if (row.kind !== 'timelog' || row.body.length > LONE_RECORD_BYTES) {
        units.push({ kind: 'one', row });
        continue;
      }
      if (current.length >= this.#batchRecords || bytes + row.body.length > BATCH_MAX_BYTES) flush();
      current.push(row);
      bytes += row.body.length + 1;
    }
    flush();
    return units;
  }

  async #sendRound(rows: OutboxRow[]): Promise<{ retry?: Retry; unauthorized?: string }> {
    const settlements: Settlement[] = [];
    let retry: Retry | undefined;
    let unauthorized: string | undefined;
    const settle = (row: OutboxRow, outcome: PostOutcome) => {
      switch (outcome.kind) {
        case 'ok':
          settlements.push({ id: row.id, outcome: 'sent', ...(outcome.id ? { serverId: outcome.id } : {}) });
          this.state.sent++;
          if (outcome.duplicate) this.state.duplicates++;
          this.state.lastSentAt = new Date().toISOString();
          break;
        case 'rejected': {
          // A photo the server refuses must not cost the punch: the record goes again once, without it.
          const plain = row.kind === 'timelog' && refusedForPhoto(outcome) ? withoutPhoto(row.body) : undefined;
          if (plain) {
            settlements.push({ id: row.id, outcome: 'rebuilt', body: plain });
            this.#logger?.warn({ id: row.id, serial: row.serial, transId: row.transId, reason: outcome.reason }, 'the server refused a punch photo: sending the punch without it');
            this.#spool.addAlert(row.terminal, 'photo-dropped', `The photo of record ${row.transId} of ${row.serial} was refused (${outcome.reason}); the punch is sent without it.`);
            break;
          }
          settlements.push({ id: row.id, outcome: 'dead', status: outcome.status, reason: outcome.reason });
          this.state.deadLettered++;
          this.#logger?.warn({ id: row.id, serial: row.serial, transId: row.transId, reason: outcome.reason }, 'the server rejected a record: moved to dead letters');
          this.#spool.addAlert(row.terminal, 'dead-letter', `Record ${row.transId} of ${row.serial} rejected: ${outcome.reason}`);
          break;
        }
        case 'unauthorized':
          unauthorized = outcome.reason;
          break;
        case 'retry':
          retry ??= retryOf(outcome);
          break;
      }
    };
    const sendOne = async (row: OutboxRow) => settle(row, await this.#client.post(PATHS[row.kind], row.body));
    const sendBatch = async (batch: OutboxRow[]) => {
      const outcome = await this.#client.postTimeLogs(batch.map((r) => r.body));
      if (outcome.kind === 'results') {
        this.#noBatchSince = 0;
        batch.forEach((row, i) => settle(row, outcome.results[i]!));
        return;
      }
      if (outcome.kind === 'unsupported' || outcome.kind === 'rejected') {
        // An older server, or one that refused the envelope (e.g. too large): each record gets its own verdict.
        if (outcome.kind === 'unsupported' && this.#noBatchSince === 0) this.#logger?.info('the server has no batch ingest route: sending records one by one');
        if (outcome.kind === 'unsupported') this.#noBatchSince = Date.now();
        for (const row of batch) units.push({ kind: 'one', row });
        return;
      }
      if (outcome.kind === 'unauthorized') unauthorized = outcome.reason;
      else retry ??= retryOf(outcome);
    };
    const units = this.#units(rows);
    const batches = units.filter((u) => u.kind === 'batch').length;
    let next = 0;
    const worker = async () => {
      while (next < units.length && !retry && !unauthorized) {
        const unit = units[next++]!;
        if (unit.kind === 'one') await sendOne(unit.row);
        else await sendBatch(unit.rows);
      }
    };
    const workers = batches ? Math.min(this.#batchConcurrency, units.length) : Math.min(this.#concurrency, units.length);
    await Promise.all(Array.from({ length: workers }, worker));
    // One commit per round: a crash before it only means a few 200s are asked again (the server dedupes).
    this.#spool.settle(settlements);
    return { ...(retry ? { retry } : {}), ...(unauthorized ? { unauthorized } : {}) };
  }
}
