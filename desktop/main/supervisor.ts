import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createInterface } from 'node:readline';
import { waitForHealth } from './health.ts';
import { EXIT_CONFIG_ERROR } from '../../shared/process.ts';

/** What to run and how to tell that it is ready. */
export interface ChildSpec {
  /** Short label used in log prefixes and messages, e.g. `server`. */
  name: string;
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** Polled after spawn; the child is ready once this answers 200. Without it, ready at spawn. */
  healthUrl?: string;
  readyTimeoutMs: number;
  /** How long `stop()` waits after SIGTERM before SIGKILL. */
  stopTimeoutMs?: number;
}

export interface RestartPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  /** A child that stayed up this long counts as healthy again: the back-off starts over. */
  stableAfterMs: number;
  /** Consecutive fast crashes after which the supervisor gives up. */
  maxFastCrashes: number;
}

export const DEFAULT_RESTART_POLICY: Readonly<RestartPolicy> = Object.freeze({
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
  maxFastCrashes: 5,
});

const DEFAULT_STOP_TIMEOUT_MS = 5_000;

export type ChildState = 'idle' | 'starting' | 'ready' | 'waiting' | 'stopping' | 'stopped' | 'failed';

export interface ChildExit {
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  uptimeMs: number;
  /** True when the exit was asked for by `stop()`. */
  expected: boolean;
}

export interface SupervisorEvents {
  spawn: [{ pid: number }];
  ready: [{ pid: number }];
  exit: [ChildExit];
  restart: [{ attempt: number; delayMs: number }];
  giveUp: [{ crashes: number; lastExit: ChildExit }];
}

export type OutputStream = 'stdout' | 'stderr';
/** Receives each line a child prints. */
export type OutputSink = (name: string, stream: OutputStream, line: string) => void;

/** Default sink: the parent's own stdout/stderr with a `[name]` prefix. */
export const prefixedOutput: OutputSink = (name, stream, line) => {
  (stream === 'stdout' ? process.stdout : process.stderr).write(`[${name}] ${line}\n`);
};

function describeExit(exit: ChildExit): string {
  return exit.signal ? `signal ${exit.signal}` : `code ${String(exit.code)}`;
}

export class ChildGaveUpError extends Error {
  constructor(name: string, crashes: number, lastExit: ChildExit) {
    super(`${name} crashed ${crashes} times in a row (last exit: ${describeExit(lastExit)}); giving up`);
  }
}

export class ChildStoppedError extends Error {
  constructor(name: string) {
    super(`${name} was stopped before it became ready`);
  }
}

/** Delay before restart number `crashes` (1-based): doubling from the initial delay, capped. */
export function restartDelay(crashes: number, policy: RestartPolicy): number {
  const exponent = Math.max(0, crashes - 1);
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** exponent);
}

interface Run {
  child: ChildProcess;
  startedAt: number;
  health: AbortController;
  exited: Promise<ChildExit>;
  settle: (exit: ChildExit) => void;
  settled: boolean;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Runs one child process, restarts it with exponential back-off when it
 * crashes, and stops it on request (SIGTERM, then SIGKILL after a timeout).
 */
export class ChildSupervisor extends EventEmitter<SupervisorEvents> {
  #spec: ChildSpec;
  readonly #policy: RestartPolicy;
  readonly #output: OutputSink;
  #state: ChildState = 'idle';
  #run: Run | undefined;
  #crashes = 0;
  #restartTimer: NodeJS.Timeout | undefined;
  #stopping: Promise<void> | undefined;
  /** Set by stop(), cleared by start()/restart(): a restart in flight must not start what stop() ended. */
  #stopRequested = false;
  #waiters: Waiter[] = [];

  constructor(spec: ChildSpec, options: { policy?: Partial<RestartPolicy>; output?: OutputSink } = {}) {
    super();
    this.#spec = spec;
    this.#policy = { ...DEFAULT_RESTART_POLICY, ...options.policy };
    this.#output = options.output ?? prefixedOutput;
  }

  get name(): string {
    return this.#spec.name;
  }

  get spec(): Readonly<ChildSpec> {
    return this.#spec;
  }

  get state(): ChildState {
    return this.#state;
  }

  get pid(): number | undefined {
    return this.#run?.child.pid;
  }

  /**
   * Starts the child unless it is already running. Resolves once it is ready;
   * rejects with ChildGaveUpError or ChildStoppedError.
   */
  async start(): Promise<void> {
    this.#stopRequested = false;
    if (this.#stopping) {
      await this.#stopping;
      if (this.#stopRequested) throw new ChildStoppedError(this.#spec.name);
    }
    if (this.#state === 'ready') return;
    const ready = this.#whenReady();
    if (this.#state === 'idle' || this.#state === 'stopped' || this.#state === 'failed') {
      this.#crashes = 0;
      this.#spawn();
    }
    return ready;
  }

  /** Stops the child and any pending restart. Resolves when the process is gone. */
  async stop(): Promise<void> {
    this.#stopRequested = true;
    await this.#stopChild();
    if (this.#stopRequested) this.#settleWaiters(new ChildStoppedError(this.#spec.name));
  }

  /**
   * Stops, applies `changes` to the spec (e.g. a new env), and starts again.
   * Callers already waiting in start() wait for the new process.
   */
  async restart(changes: Partial<Omit<ChildSpec, 'name'>> = {}): Promise<void> {
    this.#stopRequested = false;
    await this.#stopChild();
    if (this.#stopRequested) throw new ChildStoppedError(this.#spec.name);
    this.#spec = { ...this.#spec, ...changes };
    return this.start();
  }

  #stopChild(): Promise<void> {
    this.#stopping ??= this.#stopNow().finally(() => {
      this.#stopping = undefined;
    });
    return this.#stopping;
  }

  #whenReady(): Promise<void> {
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  #settleWaiters(error?: Error): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) error ? w.reject(error) : w.resolve();
  }

  #spawn(): void {
    const spec = this.#spec;
    this.#state = 'starting';
    const child = spawn(spec.command, [...spec.args], {
      cwd: spec.cwd,
      env: spec.env,
      // The IPC channel carries no messages: its 'disconnect' tells a child that its parent
      // died, or on Windows that it should stop (see askToExit).
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      windowsHide: true,
      // Own process group on POSIX, so a terminal's Ctrl+C reaches only the
      // launcher, which then stops the children in order.
      detached: process.platform !== 'win32',
    });
    let settle!: (exit: ChildExit) => void;
    const exited = new Promise<ChildExit>((resolve) => (settle = resolve));
    const run: Run = { child, startedAt: Date.now(), health: new AbortController(), exited, settle, settled: false };
    this.#run = run;

    this.#pipeLines(child.stdout, 'stdout');
    this.#pipeLines(child.stderr, 'stderr');
    child.once('spawn', () => {
      this.emit('spawn', { pid: child.pid ?? -1 });
      void this.#awaitReadiness(run);
    });
    child.once('error', (error) => {
      this.#output(spec.name, 'stderr', `failed to run ${spec.command}: ${error.message}`);
      // A child that never spawned emits no 'exit'.
      if (child.pid === undefined) this.#onExit(run, null, null);
    });
    child.once('exit', (code, signal) => this.#onExit(run, code, signal));
  }

  #pipeLines(stream: NodeJS.ReadableStream | null, kind: OutputStream): void {
    if (!stream) return;
    const name = this.#spec.name;
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => this.#output(name, kind, line));
  }

  async #awaitReadiness(run: Run): Promise<void> {
    const { healthUrl, readyTimeoutMs, name } = this.#spec;
    const ok =
      healthUrl === undefined ||
      (await waitForHealth(healthUrl, { timeoutMs: readyTimeoutMs, signal: run.health.signal }));
    if (run !== this.#run || run.settled || this.#state !== 'starting') return;
    if (ok) {
      this.#state = 'ready';
      this.emit('ready', { pid: run.child.pid ?? -1 });
      this.#settleWaiters();
      return;
    }
    // Counts as a crash: the exit handler schedules the restart.
    this.#output(name, 'stderr', `not ready after ${readyTimeoutMs} ms (${healthUrl}); restarting it`);
    void this.#terminate(run);
  }

  #onExit(run: Run, code: number | null, signal: NodeJS.Signals | null): void {
    if (run.settled) return;
    run.settled = true;
    run.health.abort();
    const exit: ChildExit = {
      pid: run.child.pid,
      code,
      signal,
      uptimeMs: Date.now() - run.startedAt,
      expected: this.#stopping !== undefined,
    };
    run.settle(exit);
    if (this.#run === run) this.#run = undefined;
    this.emit('exit', exit);
    if (exit.expected) return;

    this.#crashes = exit.uptimeMs >= this.#policy.stableAfterMs ? 1 : this.#crashes + 1;
    // A configuration error will not go away by restarting.
    if (this.#crashes >= this.#policy.maxFastCrashes || exit.code === EXIT_CONFIG_ERROR) {
      this.#state = 'failed';
      this.emit('giveUp', { crashes: this.#crashes, lastExit: exit });
      this.#settleWaiters(new ChildGaveUpError(this.#spec.name, this.#crashes, exit));
      return;
    }
    const delayMs = restartDelay(this.#crashes, this.#policy);
    this.#output(this.#spec.name, 'stderr', `exited (${describeExit(exit)}); restarting in ${delayMs} ms`);
    this.#state = 'waiting';
    this.emit('restart', { attempt: this.#crashes, delayMs });
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = undefined;
      this.#spawn();
    }, delayMs);
  }

  async #stopNow(): Promise<void> {
    clearTimeout(this.#restartTimer);
    this.#restartTimer = undefined;
    const run = this.#run;
    if (run) {
      this.#state = 'stopping';
      run.health.abort();
      await this.#terminate(run);
    }
    this.#state = 'stopped';
  }

  /** Asks the child to exit, then SIGKILLs it once the stop timeout passes. Resolves when the process is gone. */
  async #terminate(run: Run): Promise<ChildExit> {
    if (run.settled) return run.exited;
    const timeoutMs = this.#spec.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
    askToExit(run.child);
    const timer = setTimeout(() => sendSignal(run.child, 'SIGKILL'), timeoutMs);
    try {
      return await run.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * SIGTERM on POSIX. Windows has no SIGTERM (kill() ends the process at once),
 * so there the polite request is closing the IPC channel: children treat
 * 'disconnect' as a shutdown signal.
 */
function askToExit(child: ChildProcess): void {
  if (process.platform === 'win32' && child.connected) child.disconnect();
  else sendSignal(child, 'SIGTERM');
}

/** Signals the child's whole process group on POSIX (it leads one), the child alone elsewhere. */
function sendSignal(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  if (process.platform !== 'win32') {
    try {
      process.kill(-child.pid, signal);
      return;
    } catch {
      // group already gone or not ours; fall through to the child itself
    }
  }
  child.kill(signal);
}
