/**
 * One polled terminal: a single connection at a time, reconnect with
 * back-off, realtime events where the protocol has them, and on each poll the
 * clock (skew) and, when the log changed, a chunked read of the whole log into
 * the spool. The cursor is the log's content (record count and the hash of the
 * last record), never "newer than the last time seen".
 */
import type { Logger } from 'pino';
import type { ConnectorTerminal } from '../../shared/ingest.ts';
import { AnvizDriver } from './drivers/anviz.ts';
import { createHash } from 'node:crypto';
import { UndecodableBlock, type DeviceInfo, type DriverAnomaly, type RawPunch, type TerminalDriver } from './drivers/types.ts';
import { ZkDriver } from './drivers/zk.ts';
import { clockSkewSeconds, formatLocal, instantToLocal } from './local-time.ts';
import { backoffDelay, type BackoffPolicy } from './poster.ts';
import { keyHash, punchKey, type TerminalIdentity } from './records.ts';
import type { Spool } from './spool.ts';

/** Alert kinds the Terminals page hears about through the keep-alive's detail. */
export const REALTIME_ANOMALY = 'realtime-anomaly';
export const UNDECODABLE_BLOCK = 'undecodable-block';

export type TerminalState = 'starting' | 'online' | 'offline' | 'error' | 'stopped';

export interface TerminalStatus {
  id: string;
  name: string;
  protocol: string;
  serial: string | null;
  state: TerminalState;
  lastContactAt: string | null;
  lastReadAt: string | null;
  /** Records the terminal held at the last look. */
  recordsOnTerminal: number | null;
  clockSkewSeconds: number | null;
  lastError: string | null;
  deviceUid?: string;
  firmware?: string;
  /** Realtime events that could not be read since the connector started (each logged, with an alert). */
  anomalies?: number;
}

export interface WorkerOptions {
  /** A full read even when the record count did not change, to catch a log cleared and refilled to the same count. */
  fullReadEverySeconds: number;
  reconnect: BackoffPolicy;
  timeoutMs: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = { fullReadEverySeconds: 600, reconnect: { initialMs: 1_000, maxMs: 60_000 }, timeoutMs: 5_000 };

export interface WorkerDeps {
  spool: Spool;
  logger: Logger;
  spooled(): void;
  now(): Date;
  options: WorkerOptions;
  createDriver?: (terminal: ConnectorTerminal, timeoutMs: number) => TerminalDriver;
  /** The terminal's current map of non-numeric user ids (from the server's configuration). */
  mapping?: () => ReadonlyMap<string, number> | undefined;
}

/** The driver for a polled terminal's protocol. */
export function createDriver(t: ConnectorTerminal, timeoutMs: number): TerminalDriver {
  switch (t.protocol) {
    case 'zk-tcp':
    case 'zk-udp':
      if (!t.host) throw new Error(`terminal ${t.name} has no host`);
      return new ZkDriver({ host: t.host, port: t.port ?? 4370, transport: t.protocol === 'zk-tcp' ? 'tcp' : 'udp', commKey: t.commKey, timeoutMs });
    case 'anviz-tcp':
      if (!t.host) throw new Error(`terminal ${t.name} has no host`);
      return new AnvizDriver({ link: { kind: 'tcp', host: t.host, port: t.port ?? 5010 }, deviceId: t.machineNumber, timeoutMs });
    case 'anviz-serial':
      if (!t.serialPath) throw new Error(`terminal ${t.name} has no serial port`);
      return new AnvizDriver({ link: { kind: 'serial', path: t.serialPath, baudRate: t.baudRate ?? 9600 }, deviceId: t.machineNumber, timeoutMs });
    default:
      throw new Error(`protocol ${t.protocol} is not polled`);
  }
}

export class TerminalWorker {
  readonly terminal: ConnectorTerminal;
  readonly status: TerminalStatus;
  readonly #deps: WorkerDeps;
  readonly #timeZone: string;
  #running = false;
  #loop: Promise<void> | undefined;
  #driver: TerminalDriver | undefined;
  #identity: TerminalIdentity | undefined;
  #wake: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #unread = 0;

  constructor(terminal: ConnectorTerminal, timeZone: string, deps: WorkerDeps) {
    this.terminal = terminal;
    this.#timeZone = timeZone;
    this.#deps = deps;
    this.status = {
      id: terminal.id,
      name: terminal.name,
      protocol: terminal.protocol,
      serial: terminal.serial,
      state: 'starting',
      lastContactAt: null,
      lastReadAt: null,
      recordsOnTerminal: null,
      clockSkewSeconds: null,
      lastError: null,
    };
  }

  get identity(): TerminalIdentity | undefined {
    return this.#identity;
  }

  /** Records of a log read in progress that were not read before and are not spooled yet (0 when not reading). */
  get unreadRecords(): number {
    return this.#unread;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#wakeUp();
    await this.#loop;
    this.status.state = 'stopped';
  }

  #wakeUp(): void {
    clearTimeout(this.#timer);
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
      this.#timer = setTimeout(() => this.#wakeUp(), ms);
    });
  }

  /** Runs `fn` with the connection, after anything already queued: one conversation at a time. */
  #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(fn, fn);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  #spool(punches: RawPunch[]): void {
    const identity = this.#identity;
    if (!identity || punches.length === 0) return;
    const outcome = this.#deps.spool.addPunches(this.terminal.id, identity, punches, this.#deps.mapping?.());
    if (outcome.added) this.#deps.spooled();
  }

  async #run(): Promise<void> {
    const { logger, options } = this.#deps;
    let failures = 0;
    while (this.#running) {
      const driver = (this.#deps.createDriver ?? createDriver)(this.terminal, options.timeoutMs);
      let closed = false;
      driver.onClose(() => {
        closed = true;
        this.#wakeUp();
      });
      this.#driver = driver;
      try {
        const info = await driver.connect();
        this.#connected(driver, info);
        failures = 0;
        if (driver.subscribe) await this.#exclusive(() => driver.subscribe!((punch) => this.#spool([punch]), (anomaly) => this.#anomaly(anomaly)));
        while (this.#running && !closed) {
          await this.#exclusive(() => this.#poll(driver));
          if (!this.#running || closed) break;
          await this.#sleep(this.terminal.pollSeconds * 1000);
        }
        if (closed && this.#running) throw new Error('the terminal closed the connection');
      } catch (error) {
        failures++;
        const message = (error as Error).message;
        this.status.state = this.status.lastContactAt ? 'offline' : 'error';
        this.status.lastError = message;
        logger.warn({ terminal: this.terminal.name, err: message, failures }, 'terminal unreachable; reconnecting later');
      } finally {
        this.#driver = undefined;
        await driver.disconnect().catch(() => undefined);
      }
      if (this.#running && failures > 0) await this.#sleep(backoffDelay(failures, options.reconnect));
    }
  }

  #connected(driver: TerminalDriver, info: DeviceInfo): void {
    this.#identity = {
      serial: info.serial,
      terminalType: driver.family,
      terminalId: this.terminal.machineNumber || 1,
      ...(info.deviceUid ? { deviceUid: info.deviceUid } : {}),
      timeZone: this.#timeZone,
      // The server matches a terminal registered by address (without a serial yet) by it.
      registryId: this.terminal.id,
    };
    if (this.terminal.serial && this.terminal.serial !== info.serial) {
      this.#deps.logger.warn({ terminal: this.terminal.name, configured: this.terminal.serial, reported: info.serial }, 'terminal reports another serial than configured');
    }
    Object.assign(this.status, {
      serial: info.serial,
      state: 'online',
      lastError: null,
      lastContactAt: this.#deps.now().toISOString(),
      recordsOnTerminal: info.recordCount,
      ...(info.deviceUid ? { deviceUid: info.deviceUid } : {}),
      ...(info.firmware ? { firmware: info.firmware } : {}),
    });
    this.#deps.logger.info({ terminal: this.terminal.name, serial: info.serial, records: info.recordCount }, 'terminal connected');
  }

  /**
   * A realtime event that could not be read: logged, counted, an alert for
   * the Terminals page, and a log read now, which collects its punch.
   */
  #anomaly(anomaly: DriverAnomaly): void {
    this.status.anomalies = (this.status.anomalies ?? 0) + 1;
    this.#deps.logger.warn({ terminal: this.terminal.name, reason: anomaly.reason, raw: anomaly.raw }, 'realtime event not understood; reading the log instead');
    this.#deps.spool.addAlert(
      this.terminal.id,
      REALTIME_ANOMALY,
      `${this.terminal.name}: ${anomaly.reason}${anomaly.raw ? ` (bytes ${anomaly.raw.slice(0, 200)})` : ''}; the log read collects the punch.`,
    );
    this.#wakeUp();
  }

  /**
   * A log block no layout reads: one dead letter with its bytes and the reason
   * (kept once however often it is read again), an alert, nothing sent.
   */
  #refuseBlock(error: UndecodableBlock): void {
    const { spool, logger } = this.#deps;
    const digest = createHash('sha256').update(error.raw).digest('hex').slice(0, 16);
    const bytes = `${error.raw.toString('hex')}${error.raw.length < error.totalBytes ? `… (first ${error.raw.length} of ${error.totalBytes} bytes)` : ''}`;
    const outcome = spool.addUnreadable(this.terminal.id, this.#identity!, 'timelog', [{ text: `zk attendance block ${digest}: ${bytes}`, reason: `${error.message}. Bytes (hex): ${bytes.slice(0, 400)}` }]);
    if (outcome.added) {
      logger.error({ terminal: this.terminal.name, reason: error.message, bytes: error.totalBytes }, 'attendance block refused: kept as a dead letter, nothing sent');
      spool.addAlert(this.terminal.id, UNDECODABLE_BLOCK, `${this.terminal.name}: ${error.message}. Kept as a dead letter with its bytes.`);
    }
  }

  async #poll(driver: TerminalDriver): Promise<void> {
    const { spool, now, options, logger } = this.#deps;
    const clock = await driver.readClock();
    this.status.clockSkewSeconds = clockSkewSeconds(clock, this.#timeZone, now());
    const count = await driver.recordCount();
    this.status.recordsOnTerminal = count;
    this.status.lastContactAt = now().toISOString();
    const cursor = spool.cursor(this.terminal.id);
    const stale = !cursor || now().getTime() - Date.parse(cursor.fullReadAt) > options.fullReadEverySeconds * 1000;
    if (cursor && cursor.recordCount === count && !stale) return;

    const serial = this.#identity!.serial;
    let index = 0;
    let hashAtCursor: string | undefined;
    let lastHash = '';
    // The log's first `known` records were spooled by an earlier read (unless it was cleared since).
    const known = cursor && cursor.recordCount <= count ? cursor.recordCount : 0;
    this.#unread = count - known;
    let read: number;
    try {
      read = await driver.readLog((records) => {
        for (const record of records) {
          const hash = keyHash(punchKey(serial, record));
          if (cursor && index === cursor.recordCount - 1) hashAtCursor = hash;
          lastHash = hash;
          index++;
        }
        this.#spool(records);
        this.#unread = Math.max(0, count - Math.max(index, known));
      });
    } catch (error) {
      if (!(error instanceof UndecodableBlock)) throw error;
      // The terminal answers; its log does not read. The cursor stays: a later read (new firmware, a fix) starts over.
      this.#refuseBlock(error);
      this.status.lastContactAt = now().toISOString();
      return;
    } finally {
      this.#unread = 0;
    }
    if (cursor && cursor.recordCount > 0) {
      const message =
        read < cursor.recordCount
          ? `The log of ${this.terminal.name} (${serial}) now holds ${read} records, ${cursor.recordCount} before: it was cleared or rotated.`
          : hashAtCursor !== cursor.lastHash
            ? `The log of ${this.terminal.name} (${serial}) no longer starts with the records read before: it was cleared or replaced.`
            : undefined;
      if (message) {
        logger.warn({ terminal: this.terminal.name, before: cursor.recordCount, now: read }, message);
        spool.addAlert(this.terminal.id, 'log-cleared', message);
      }
    }
    spool.setCursor(this.terminal.id, { recordCount: read, lastHash, fullReadAt: now().toISOString() });
    this.status.lastReadAt = now().toISOString();
    this.status.recordsOnTerminal = read;
  }

  /** Operator action: sets the terminal clock to the true time in its zone; logged, returns before/after. */
  setClock(): Promise<{ before: string; after: string; skewBeforeSeconds: number }> {
    return this.#exclusive(async () => {
      const driver = this.#driver;
      if (!driver || this.status.state !== 'online') throw new Error(`${this.terminal.name} is not connected`);
      const before = await driver.readClock();
      const skewBeforeSeconds = clockSkewSeconds(before, this.#timeZone, this.#deps.now());
      await driver.setClock(instantToLocal(this.#deps.now(), this.#timeZone));
      const after = await driver.readClock();
      this.status.clockSkewSeconds = clockSkewSeconds(after, this.#timeZone, this.#deps.now());
      const message = `Clock of ${this.terminal.name} set by an operator: ${formatLocal(before)} → ${formatLocal(after)} (${this.#timeZone}); past punches keep their times.`;
      this.#deps.logger.info({ terminal: this.terminal.name, before: formatLocal(before), after: formatLocal(after), skewBeforeSeconds }, 'terminal clock set by operator');
      this.#deps.spool.addAlert(this.terminal.id, 'clock-set', message);
      return { before: formatLocal(before), after: formatLocal(after), skewBeforeSeconds };
    });
  }
}
