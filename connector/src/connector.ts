/**
 * The connector's services wired together: the spool, the sender, one worker
 * per polled terminal, one receiver per push port, the terminal list from the
 * server (with the last known copy as fallback), keep-alives, and the status
 * the local endpoint shows.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { UNMAPPED_REPORT_MAX, type ConnectorConfig, type ConnectorTerminal, type KeepAlive, type TerminalProtocol } from '../../shared/ingest.ts';
import { clockSkewSeconds } from './local-time.ts';
import { DEFAULT_BACKOFF, Sender, type BackoffPolicy, type SenderState } from './poster.ts';
import { startAdmsReceiver } from './receivers/adms.ts';
import { startFkReceiver } from './receivers/fk.ts';
import type { PushTerminal, Receiver, ReceiverContext } from './receivers/types.ts';
import { ServerClient, type ServerTrust, Unauthorized } from './server-client.ts';
import { SPOOL_FILE, Spool, type Alert } from './spool.ts';
import { DEFAULT_WORKER_OPTIONS, REALTIME_ANOMALY, TerminalWorker, UNDECODABLE_BLOCK, type TerminalStatus, type WorkerDeps, type WorkerOptions } from './worker.ts';

const PUSH_PROTOCOLS: readonly TerminalProtocol[] = ['zk-push', 'fk-push'];
const CONFIG_CACHE_KEY = 'terminal-config';
const SERVER_BOOT_KEY = 'server-boot-id';
export const DEFAULT_REPLAY_WINDOW_MS = 48 * 3_600_000;
const DEFAULT_ZONE = 'Asia/Kolkata';

export interface ConnectorOptions {
  serverUrl: string;
  secret: string | undefined;
  /** HTTPS: the only CA to trust (PEM) and its file (for messages); without it the system's CAs. */
  serverTrust?: ServerTrust;
  dataDir: string;
  logger: Logger;
  configRefreshMs?: number;
  /** After a failed fetch, the next attempt comes sooner. */
  configRetryMs?: number;
  keepAliveMs?: number;
  /**
   * A push terminal silent this long is reported offline (it calls in every
   * few seconds when it can). Default: three of its poll intervals, at least
   * three minutes.
   */
  pushSilenceMs?: number;
  sendConcurrency?: number;
  sendBackoff?: BackoffPolicy;
  worker?: Partial<WorkerOptions>;
  now?: () => Date;
  createDriver?: WorkerDeps['createDriver'];
  /**
   * Records the server acknowledged within this window stay in the spool and
   * are re-sent once when the server has restarted (a new `serverBootId`):
   * a power cut can undo commits it had answered 200. 0: never. Default 48 h.
   */
  replayWindowMs?: number;
}

export interface ConfigState {
  source: 'server' | 'cache' | 'none';
  loadedAt: string | null;
  lastError: string | null;
}

export interface ConnectorStatus {
  connector: { pid: number; startedAt: string; serverUrl: string; dataDir: string; config: ConfigState };
  sender: SenderState;
  totals: { backlog: number; sent: number; deadLetters: number };
  terminals: (TerminalStatus & { backlog: number; deadLetters: number })[];
  alerts: Alert[];
}

interface PushSeen {
  terminal: PushTerminal;
  status: TerminalStatus;
}

/** A push terminal as the keep-alives and the status report it. */
interface PushReport {
  identity: PushTerminal['identity'];
  key: string;
  status: TerminalStatus;
}

const DEFAULT_PUSH_SILENCE_MS = 3 * 60_000;

function receiverKey(t: ConnectorTerminal): string {
  return `${t.protocol}|${t.host ?? '0.0.0.0'}|${t.port ?? 0}`;
}

/** What a worker is built from: a change restarts it (a serial learnt by the registry does not). */
function workerFingerprint(t: ConnectorTerminal, zone: string): string {
  return JSON.stringify([t.protocol, t.host, t.port, t.serialPath, t.baudRate, t.machineNumber, t.commKey, t.timeZone || zone, t.pollSeconds]);
}

export class Connector {
  readonly spool: Spool;
  readonly client: ServerClient;
  readonly sender: Sender;
  readonly startedAt = new Date();
  readonly #options: ConnectorOptions;
  readonly #logger: Logger;
  readonly #now: () => Date;
  readonly #workerOptions: WorkerOptions;
  #config: ConnectorConfig | undefined;
  readonly configState: ConfigState = { source: 'none', loadedAt: null, lastError: null };
  readonly #workers = new Map<string, { worker: TerminalWorker; fingerprint: string }>();
  readonly #receivers = new Map<string, { receiver: Receiver; terminals: ConnectorTerminal[] }>();
  readonly #pushSeen = new Map<string, PushSeen>();
  /** Per registry id, the terminal's map of non-numeric user ids (from the configuration). */
  #maps = new Map<string, ReadonlyMap<string, number>>();
  readonly #startedAtMs: number;
  #timers: NodeJS.Timeout[] = [];
  #configTimer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: ConnectorOptions) {
    this.#options = options;
    this.#logger = options.logger;
    this.#now = options.now ?? (() => new Date());
    this.#startedAtMs = this.#now().getTime();
    this.#workerOptions = { ...DEFAULT_WORKER_OPTIONS, ...options.worker };
    this.spool = new Spool(path.join(options.dataDir, SPOOL_FILE), this.#now);
    this.client = new ServerClient(options.serverUrl, options.secret, undefined, options.serverTrust);
    this.sender = new Sender(this.spool, this.client, {
      concurrency: options.sendConcurrency ?? 8,
      backoff: options.sendBackoff ?? DEFAULT_BACKOFF,
      logger: options.logger,
    });
  }

  get terminalCount(): number {
    return this.#workers.size + [...this.#receivers.values()].reduce((n, r) => n + r.terminals.length, 0);
  }

  async start(): Promise<void> {
    this.sender.start();
    await this.refreshConfig();
    this.#timers.push(setInterval(() => void this.#sendKeepAlives(), this.#options.keepAliveMs ?? 60_000));
  }

  /** Fetches the terminal list; on failure keeps (or falls back to) the last known copy. */
  async refreshConfig(): Promise<void> {
    clearTimeout(this.#configTimer);
    let next = this.#options.configRefreshMs ?? 60_000;
    try {
      const config = await this.client.fetchConfig();
      if (this.#stopped) return;
      this.spool.setValue(CONFIG_CACHE_KEY, config);
      this.#serverBooted(config.serverBootId);
      Object.assign(this.configState, { source: 'server', loadedAt: this.#now().toISOString(), lastError: null });
      this.sender.resume();
      await this.#apply(config);
    } catch (error) {
      if (this.#stopped) return;
      const message = (error as Error).message;
      this.configState.lastError = message;
      next = this.#options.configRetryMs ?? 10_000;
      if (error instanceof Unauthorized) this.#logger.error({ reason: message }, 'the server refused the connector secret (terminal list)');
      if (!this.#config) {
        const cached = this.spool.getValue<ConnectorConfig>(CONFIG_CACHE_KEY);
        if (cached) {
          Object.assign(this.configState, { source: 'cache', loadedAt: this.#now().toISOString() });
          this.#logger.warn({ reason: message, terminals: cached.terminals.length }, 'terminal list unavailable; using the last known copy');
          await this.#apply(cached);
        } else {
          this.#logger.warn({ reason: message }, 'terminal list unavailable and no copy kept yet; retrying');
        }
      } else {
        this.#logger.warn({ reason: message }, 'terminal list refresh failed; keeping the current one');
      }
    }
    if (!this.#stopped) this.#configTimer = setTimeout(() => void this.refreshConfig(), next);
  }

  /**
   * The server started again since we last heard from it: what it acknowledged
   * within the replay window is sent once more (ingest is idempotent, so what
   * it kept costs a duplicate answer; what a power cut undid is stored again).
   */
  #serverBooted(bootId: string | undefined): void {
    if (!bootId) return;
    const known = this.spool.getValue<string>(SERVER_BOOT_KEY);
    if (known === bootId) return;
    const windowMs = this.#options.replayWindowMs ?? DEFAULT_REPLAY_WINDOW_MS;
    if (known !== undefined && windowMs > 0) {
      const since = new Date(this.#now().getTime() - windowMs).toISOString();
      const replayed = this.spool.replaySentSince(since);
      if (replayed) {
        this.#logger.warn({ replayed, since }, 'the server restarted: re-sending what it acknowledged within the replay window, in case a power cut undid it');
        this.sender.wake();
      }
    }
    this.spool.setValue(SERVER_BOOT_KEY, bootId);
  }

  #zoneOf(t: ConnectorTerminal): string {
    return t.timeZone || this.#config?.organisationTimeZone || DEFAULT_ZONE;
  }

  /**
   * Takes the terminals' user id maps from the configuration; a terminal whose
   * map gained entries gets the records held back for those ids re-queued
   * (each once: they are then pending, and sent like any record).
   */
  #applyMaps(config: ConnectorConfig): void {
    const maps = new Map<string, ReadonlyMap<string, number>>();
    for (const t of config.terminals) {
      const map = new Map(Object.entries(t.userIdMap ?? {}));
      if (map.size) maps.set(t.id, map);
    }
    this.#maps = maps;
    let requeued = 0;
    for (const t of config.terminals) {
      const map = maps.get(t.id);
      if (!map) continue;
      const n = this.spool.retryMapped(t.id, map, { timeZone: this.#zoneOf(t), registryId: t.id });
      if (n) this.#logger.info({ terminal: t.name, records: n }, 'records held back for unmapped user ids re-queued with the new mapping');
      requeued += n;
    }
    if (requeued) this.sender.wake();
  }

  async #apply(config: ConnectorConfig): Promise<void> {
    if (this.#stopped) return;
    this.#config = config;
    this.#applyMaps(config);
    const enabled = config.terminals.filter((t) => t.enabled);
    const polled = enabled.filter((t) => !PUSH_PROTOCOLS.includes(t.protocol));
    // Workers: stop removed or changed ones, start new ones.
    for (const [id, entry] of this.#workers) {
      const now = polled.find((t) => t.id === id);
      if (!now || workerFingerprint(now, this.#zoneOf(now)) !== entry.fingerprint) {
        this.#workers.delete(id);
        await entry.worker.stop();
      }
    }
    for (const t of polled) {
      if (this.#workers.has(t.id)) continue;
      const worker = new TerminalWorker(t, this.#zoneOf(t), {
        spool: this.spool,
        logger: this.#logger,
        spooled: () => this.sender.wake(),
        now: this.#now,
        options: this.#workerOptions,
        mapping: () => this.#maps.get(t.id),
        ...(this.#options.createDriver ? { createDriver: this.#options.createDriver } : {}),
      });
      this.#workers.set(t.id, { worker, fingerprint: workerFingerprint(t, this.#zoneOf(t)) });
      worker.start();
    }
    // Receivers: one per (protocol, address, port).
    const wanted = new Map<string, ConnectorTerminal[]>();
    for (const t of enabled.filter((x) => PUSH_PROTOCOLS.includes(x.protocol))) {
      if (!t.port) {
        this.#logger.warn({ terminal: t.name }, 'push terminal without a port to listen on; skipped');
        continue;
      }
      wanted.set(receiverKey(t), [...(wanted.get(receiverKey(t)) ?? []), t]);
    }
    for (const [key, entry] of this.#receivers) {
      if (!wanted.has(key)) {
        this.#receivers.delete(key);
        await entry.receiver.close();
      }
    }
    for (const [key, terminals] of wanted) {
      const existing = this.#receivers.get(key);
      if (existing) {
        existing.terminals = terminals;
        continue;
      }
      const first = terminals[0]!;
      // The receiver reads its terminals through `holder`, which later refreshes update.
      const holder = { terminals };
      const ctx = this.#receiverContext(first.protocol, () => holder.terminals);
      const host = first.host ?? '0.0.0.0';
      try {
        const receiver = first.protocol === 'zk-push' ? await startAdmsReceiver(ctx, host, first.port!) : await startFkReceiver(ctx, host, first.port!);
        this.#receivers.set(key, Object.assign(holder, { receiver }));
        this.#logger.info({ protocol: first.protocol, host, port: receiver.port }, 'push receiver listening');
      } catch (error) {
        this.#logger.error({ protocol: first.protocol, host, port: first.port, err: (error as Error).message }, 'cannot listen for push terminals');
      }
    }
  }

  #receiverContext(protocol: TerminalProtocol, terminals: () => ConnectorTerminal[]): ReceiverContext {
    const family = protocol === 'zk-push' ? 'zk' : 'fk';
    return {
      spool: this.spool,
      logger: this.#logger,
      spooled: () => this.sender.wake(),
      resolve: (serial, details) => {
        const list = terminals();
        // By serial; else the one configured without a serial yet; else the port's first.
        const t = list.find((x) => x.serial === serial) ?? list.find((x) => !x.serial) ?? list[0];
        const registered = t && (t.serial === serial || !t.serial) ? t : undefined;
        const mapping = registered ? this.#maps.get(registered.id) : undefined;
        const pushTerminal: PushTerminal = {
          key: registered ? registered.id : `push:${serial}`,
          identity: {
            serial,
            terminalType: family,
            terminalId: details.terminalId ?? (t?.machineNumber || 1),
            ...(details.deviceUid ? { deviceUid: details.deviceUid } : {}),
            timeZone: t ? this.#zoneOf(t) : (this.#config?.organisationTimeZone ?? DEFAULT_ZONE),
            ...(registered ? { registryId: registered.id } : {}),
          },
          ...(mapping ? { mapping } : {}),
        };
        return pushTerminal;
      },
      contact: (terminal, event) => {
        const seen: PushSeen = this.#pushSeen.get(terminal.identity.serial) ?? {
          terminal,
          status: {
            id: terminal.key,
            name: this.#config?.terminals.find((t) => t.id === terminal.key)?.name ?? terminal.identity.serial,
            protocol,
            serial: terminal.identity.serial,
            state: 'online',
            lastContactAt: null,
            lastReadAt: null,
            recordsOnTerminal: null,
            clockSkewSeconds: null,
            lastError: null,
          },
        };
        seen.terminal = terminal;
        seen.status.lastContactAt = this.#now().toISOString();
        if (event.records) seen.status.lastReadAt = seen.status.lastContactAt;
        if (event.clock) seen.status.clockSkewSeconds = clockSkewSeconds(event.clock, terminal.identity.timeZone, this.#now());
        this.#pushSeen.set(terminal.identity.serial, seen);
      },
    };
  }

  /**
   * What the Terminals page should show about a terminal besides its state:
   * data it sent that could not be read in the last day (refused log blocks,
   * realtime events of an unknown layout), counted, with the latest reason.
   */
  notes(key: string): string | undefined {
    const since = new Date(this.#now().getTime() - 24 * 3_600_000).toISOString();
    const parts = this.spool.alertSummary(key, [UNDECODABLE_BLOCK, REALTIME_ANOMALY], since).map((a) =>
      a.kind === UNDECODABLE_BLOCK
        ? `Alert: terminal data refused as undecodable (${a.count} in 24 h, kept as dead letters, nothing sent): ${a.latest}`
        : `${a.count} realtime event${a.count === 1 ? '' : 's'} not understood in 24 h (the log read collects the punches); latest: ${a.latest}`,
    );
    return parts.length ? parts.join(' · ').slice(0, 500) : undefined;
  }

  /** Per terminal, every minute: its state, clock skew and backlog. Failures only cost a log line. */
  async #sendKeepAlives(): Promise<void> {
    if (this.sender.state.status === 'bad-secret') return;
    const bodies: KeepAlive[] = [];
    for (const { worker } of this.#workers.values()) {
      const serial = worker.identity?.serial ?? worker.terminal.serial;
      const s = worker.status;
      // Not tried yet: nothing to say about it (a state would read as "unreachable").
      if (!serial || s.state === 'starting') continue;
      const detail = s.lastError ?? this.notes(worker.terminal.id);
      bodies.push({
        serial,
        terminalType: worker.identity?.terminalType ?? (worker.terminal.protocol.startsWith('zk') ? 'zk' : 'anviz'),
        terminalId: worker.terminal.machineNumber || 1,
        ...(s.deviceUid ? { deviceUid: s.deviceUid } : {}),
        state: s.state === 'online' ? 'online' : s.state === 'error' ? 'error' : 'offline',
        ...(s.clockSkewSeconds !== null ? { clockSkewSeconds: s.clockSkewSeconds } : {}),
        // Records a log read in progress has still to reach count too: the terminal is not synced until then.
        backlog: this.spool.countFor(worker.terminal.id, 'pending') + worker.unreadRecords,
        deadLetters: this.spool.countFor(worker.terminal.id, 'dead'),
        ...(s.firmware ? { firmware: s.firmware.slice(0, 200) } : {}),
        ...(detail ? { detail: detail.slice(0, 500) } : {}),
        registryId: worker.terminal.id,
        unmappedUserIds: this.spool.unmappedUserIds(worker.terminal.id, UNMAPPED_REPORT_MAX),
      });
    }
    for (const { identity, key, status } of this.#pushReports()) {
      const detail = status.lastError ?? this.notes(key);
      bodies.push({
        serial: identity.serial,
        terminalType: identity.terminalType,
        terminalId: identity.terminalId,
        ...(identity.deviceUid ? { deviceUid: identity.deviceUid } : {}),
        state: status.state === 'online' ? 'online' : 'offline',
        ...(status.clockSkewSeconds !== null ? { clockSkewSeconds: status.clockSkewSeconds } : {}),
        backlog: this.spool.countFor(key, 'pending'),
        deadLetters: this.spool.countFor(key, 'dead'),
        ...(detail ? { detail: detail.slice(0, 500) } : {}),
        ...(identity.registryId ? { registryId: identity.registryId } : {}),
        unmappedUserIds: this.spool.unmappedUserIds(key, UNMAPPED_REPORT_MAX),
      });
    }
    for (const body of bodies) {
      const outcome = await this.client.post('/api/ingest/biometric/keepalive', body);
      if (outcome.kind !== 'ok') this.#logger.debug({ serial: body.serial, outcome }, 'keep-alive not delivered');
    }
  }

  /**
   * Push terminals and whether they are online: one that called within its
   * window (`pushSilenceMs`, by default three poll intervals or more) is; a
   * silent one is offline, and so is an enabled one of the configuration that
   * has not called at all since the connector started that long ago. A silent
   * terminal that is no longer configured (removed, disabled) is forgotten.
   */
  #pushReports(): PushReport[] {
    const now = this.#now().getTime();
    const configured = (this.#config?.terminals ?? []).filter((t) => t.enabled && PUSH_PROTOCOLS.includes(t.protocol));
    const windowOf = (t: ConnectorTerminal | undefined) => this.#options.pushSilenceMs ?? Math.max(DEFAULT_PUSH_SILENCE_MS, 3 * (t?.pollSeconds ?? 30) * 1000);
    const reports: PushReport[] = [];
    for (const [serial, seen] of this.#pushSeen) {
      const t = configured.find((x) => x.id === seen.terminal.key);
      const last = seen.status.lastContactAt ? Date.parse(seen.status.lastContactAt) : this.#startedAtMs;
      const online = now - last <= windowOf(t);
      if (!online && !t) {
        this.#pushSeen.delete(serial);
        continue;
      }
      seen.status.state = online ? 'online' : 'offline';
      seen.status.lastError = online ? null : `no message from the terminal since ${seen.status.lastContactAt}`;
      reports.push({ identity: seen.terminal.identity, key: seen.terminal.key, status: seen.status });
    }
    for (const t of configured) {
      if (!t.serial || this.#pushSeen.has(t.serial) || now - this.#startedAtMs <= windowOf(t)) continue;
      const family = t.protocol === 'zk-push' ? 'zk' : 'fk';
      reports.push({
        key: t.id,
        identity: { serial: t.serial, terminalType: family, terminalId: t.machineNumber || 1, timeZone: this.#zoneOf(t), registryId: t.id },
        status: {
          id: t.id,
          name: t.name,
          protocol: t.protocol,
          serial: t.serial,
          state: 'offline',
          lastContactAt: null,
          lastReadAt: null,
          recordsOnTerminal: null,
          clockSkewSeconds: null,
          lastError: `has not called the connector (${t.host ?? 'all addresses'}, port ${t.port ?? '?'}) since it started at ${new Date(this.#startedAtMs).toISOString()}`,
        },
      });
    }
    return reports;
  }

  status(): ConnectorStatus {
    const withCounts = (s: TerminalStatus) => ({ ...s, backlog: this.spool.countFor(s.id, 'pending'), deadLetters: this.spool.countFor(s.id, 'dead') });
    return {
      connector: {
        pid: process.pid,
        startedAt: this.startedAt.toISOString(),
        serverUrl: this.#options.serverUrl,
        dataDir: this.#options.dataDir,
        config: { ...this.configState },
      },
      sender: { ...this.sender.state },
      totals: { backlog: this.spool.count('pending'), sent: this.spool.count('sent'), deadLetters: this.spool.count('dead') },
      terminals: [...[...this.#workers.values()].map((w) => withCounts(w.worker.status)), ...this.#pushReports().map((p) => withCounts(p.status))],
      alerts: this.spool.alerts(20),
    };
  }

  /** Operator action: set a polled terminal's clock (by registry id or serial). */
  async setClock(idOrSerial: string): Promise<{ terminal: string; before: string; after: string; skewBeforeSeconds: number }> {
    const entry = [...this.#workers.values()].find((w) => w.worker.terminal.id === idOrSerial || w.worker.status.serial === idOrSerial);
    if (!entry) throw new NotFound(`no polled terminal ${idOrSerial}`);
    return { terminal: entry.worker.terminal.name, ...(await entry.worker.setClock()) };
  }

  /**
   * Operator action: queue a command for an ADMS terminal, handed over at its
   * next heartbeat. Only commands that read (`INFO`, `CHECK`, `LOG`, `DATA
   * QUERY …`): the connector never clears or changes a terminal's data.
   */
  queueAdmsCommand(serial: string, command: string): { id: number; command: string } {
    // Tabs separate a DATA QUERY's conditions: kept as given.
    const text = command.trim();
    if (!/^(INFO|CHECK|LOG|DATA QUERY [A-Za-z]+([ \t][\x20-\x7e\t]*)?)$/.test(text)) {
      throw new Error(`"${text}" is not a command the connector sends: only INFO, CHECK, LOG and DATA QUERY … (it never clears or changes a terminal's data)`);
    }
    const id = this.spool.queueAdmsCommand(serial, text);
    this.#logger.info({ serial, id, command: text }, 'ADMS command queued by an operator');
    return { id, command: text };
  }

  /** Operator action: re-queue dead letters rebuilt with each terminal's current zone and user id map. */
  retryDeadLetters(): number {
    const requeued = this.spool.retryDeadLetters((terminal) => {
      const t = this.#config?.terminals.find((x) => x.id === terminal);
      const mapping = this.#maps.get(terminal);
      return t ? { timeZone: this.#zoneOf(t), ...(mapping ? { mapping } : {}) } : undefined;
    });
    if (requeued) this.sender.wake();
    this.#logger.info({ requeued }, 'dead letters re-queued by an operator');
    return requeued;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#configTimer);
    for (const t of this.#timers) clearInterval(t);
    await Promise.all([...this.#workers.values()].map((w) => w.worker.stop()));
    await Promise.all([...this.#receivers.values()].map((r) => r.receiver.close()));
    await this.sender.stop();
    this.client.close();
    this.spool.close();
  }
}

export class NotFound extends Error {}
