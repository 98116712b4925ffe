import type { EventEmitter } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import type { ChildSpec } from '../../desktop/main/supervisor.ts';

export const FIXTURE_CHILD = path.join(import.meta.dirname, 'fixtures', 'health-child.mjs');

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A spec running the fixture child on `port`, with `env` added. */
export function fixtureSpec(port: number, env: Record<string, string> = {}, overrides: Partial<ChildSpec> = {}): ChildSpec {
  return {
    name: 'fixture',
    command: process.execPath,
    args: [FIXTURE_CHILD],
    env: { PATH: process.env.PATH, FIXTURE_PORT: String(port), ...env },
    healthUrl: `http://127.0.0.1:${port}/api/health`,
    readyTimeoutMs: 5_000,
    stopTimeoutMs: 2_000,
    ...overrides,
  };
}

export function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The next `event` emitted, or a rejection after `timeoutMs`. */
export function nextEvent<T = unknown>(emitter: EventEmitter, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      emitter.off(event, listener);
      reject(new Error(`no '${event}' within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    emitter.once(event, listener);
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
