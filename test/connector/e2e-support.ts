/**
 * Helpers for emulator → connector → real server tests: registering
 * terminals through the registry API, and reading back what the server holds.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Connector, type ConnectorOptions } from '../../connector/src/connector.ts';
import { formatLocal, type LocalDateTime } from '../../connector/src/local-time.ts';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Client } from '../support/client.ts';
import { CONNECTOR_SECRET, startServer, type TestServer } from '../support/server.ts';
import { tempDir, testLogger } from './support.ts';

export const ADMIN = 'admin@kaveri.example';

export interface TerminalSpec {
  name: string;
  /** Polled terminals are registered with their serial too: the registry matches incoming records by serial. */
  protocol: 'zk-tcp' | 'zk-udp' | 'anviz-tcp' | 'anviz-serial' | 'zk-push' | 'fk-push';
  serial?: string;
  host?: string;
  port?: number;
  serialPath?: string;
  baudRate?: number;
  machineNumber?: number;
  commKey?: number;
  timeZone?: string;
  pollSeconds?: number;
}

/**
 * The demo server for a test file: terminals already in the registry are
 * switched off around each test, and what a test hands to `keep` (or pushes on
 * `cleanups`) is stopped after it. `env` is filled in by `beforeAll`.
 */
export function useE2eServer() {
  const env = {} as { server: TestServer; admin: Client };
  const cleanups: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    env.server = await startServer({ template: 'demo' });
    env.admin = await env.server.login(ADMIN);
    await disableExistingTerminals(env.admin);
  });
  afterAll(async () => {
    await env.server.close();
  });
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
    await disableExistingTerminals(env.admin);
  });
  const keep = <T extends { stop(): Promise<void> | void }>(x: T): T => {
    cleanups.push(() => x.stop());
    return x;
  };
  return { env, cleanups, keep };
}

/** Switches off every terminal already in the registry (the demo ones), so a connector polls only the test's. */
export async function disableExistingTerminals(admin: Client): Promise<void> {
  const list = await admin.get<{ items: Record<string, unknown>[] }>('/api/terminals');
  if (list.status !== 200) throw new Error(`listing terminals failed: ${list.status} ${list.text}`);
  for (const t of list.body.items) {
    // Rows the registry created on a first message have no address: no connector serves them anyway.
    const served = (t.host && t.port) || (t.serialPath && t.baudRate) || (String(t.protocol).endsWith('-push') && t.serial);
    if (!t.enabled || !served) continue;
    const input = {
      name: t.name,
      protocol: t.protocol,
      serial: t.serial,
      host: t.host,
      port: t.port,
      serialPath: t.serialPath,
      baudRate: t.baudRate,
      machineNumber: t.machineNumber,
      commKey: t.commKey,
      timeZone: t.timeZone,
      pollSeconds: t.pollSeconds,
      enabled: false,
      directionPolicy: t.directionPolicy,
      locationId: (t.location as { id: string } | null)?.id ?? null,
      offlineAfterMinutes: t.offlineAfterMinutes,
    };
    const res = await admin.request('PUT', `/api/terminals/${String(t.id)}`, { body: input });
    if (res.status !== 200) throw new Error(`disabling ${String(t.name)} failed: ${res.status} ${res.text}`);
  }
}

export async function registerTerminal(admin: Client, spec: TerminalSpec): Promise<{ id: string }> {
  const res = await admin.post<{ id: string }>('/api/terminals', { pollSeconds: 5, timeZone: 'Asia/Kolkata', ...spec });
  if (res.status !== 200) throw new Error(`registering ${spec.name} failed: ${res.status} ${res.text}`);
  return res.body;
}

/** What the server stored for a terminal serial, as comparable keys `user|local time|state`, sorted (duplicates kept). */
export function serverPunchKeys(databaseFile: string, serial: string): string[] {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[string], { terminal_user_id: number; local_date: string; local_time: string; attend_stat: string }>(
        'SELECT terminal_user_id, local_date, local_time, attend_stat FROM punch WHERE terminal_serial = ?',
      )
      .all(serial);
    return rows.map((r) => `${r.terminal_user_id}|${r.local_date}T${r.local_time}|${r.attend_stat}`).sort();
  } finally {
    db.close();
  }
}

/** The comparable key of a punch the emulator holds. */
export const punchKeyOf = (userId: string | number, time: LocalDateTime, state: string | number) => `${Number(userId)}|${formatLocal(time)}|${state}`;

/** Keys of what a terminal holds, without repeats of the same punch (a terminal that double-records) and without ids a server cannot take. */
export function expectedKeys(records: { userId: string; time: LocalDateTime; state: string | number }[]): string[] {
  const plain = records.filter((r) => /^(0|[1-9]\d*)$/.test(r.userId));
  return [...new Set(plain.map((r) => punchKeyOf(r.userId, r.time, r.state)))].sort();
}

export interface InProcessConnector {
  connector: Connector;
  dataDir: string;
  stop(): Promise<void>;
}

/** A connector in this process (fast to start); fault tests run it as a real child instead. */
export async function startConnector(serverUrl: string, options: Partial<ConnectorOptions> = {}): Promise<InProcessConnector> {
  const dataDir = options.dataDir ?? tempDir();
  const connector = new Connector({
    serverUrl,
    secret: CONNECTOR_SECRET,
    dataDir,
    logger: testLogger(),
    configRefreshMs: 1_000,
    configRetryMs: 500,
    keepAliveMs: 1_000,
    sendBackoff: { initialMs: 100, maxMs: 1_000 },
    worker: { reconnect: { initialMs: 100, maxMs: 1_000 }, timeoutMs: 2_000 },
    ...options,
  });
  await connector.start();
  return {
    connector,
    dataDir,
    async stop() {
      await connector.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function databaseFile(dataDir: string): string {
  return path.join(dataDir, 'muster.sqlite');
}
