import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ConnectorTerminal } from '../../shared/ingest.ts';
import Database from 'better-sqlite3';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import type { StatusFile } from '../../connector/src/status-server.ts';
import { resolveConnectorSecret } from '../../desktop/main/connector-secret.ts';
import { spawnTs } from '../support/process.ts';
import { login, prepareDataDir, printTable, startMuster, type Row } from './harness.ts';

/** Records in the terminal log (BENCH_CONNECTOR_RECORDS to change). */
const RECORDS = Number(process.env.BENCH_CONNECTOR_RECORDS ?? 100_000);
const EMPLOYEES = 1_000;
const TARGET_SECONDS = 60;
/** Give up waiting after this long: the figure is reported either way. */
const LIMIT_SECONDS = Number(process.env.BENCH_CONNECTOR_LIMIT_SECONDS ?? 900);

function count(databaseFile: string, serial: string): number {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM punch WHERE terminal_serial = ?').get(serial)?.n ?? 0;
  } finally {
    db.close();
  }
}

interface Target {
  url: string;
  secret: string;
  delivered(): number;
}

async function run(zk: ZkEmulator, target: Target, workDir: string): Promise<{ seconds: number; delivered: number; spooledSeconds?: number }> {
  const connectorDir = fs.mkdtempSync(path.join(workDir, 'connector-'));
  const started = Date.now();
  const connector = spawnTs('connector/src/main.ts', {
    MUSTER_SERVER_URL: target.url,
    MUSTER_CONNECTOR_SECRET: target.secret,
    MUSTER_DATA_DIR: connectorDir,
    MUSTER_CONNECTOR_DATA_DIR: connectorDir,
    MUSTER_LOG_LEVEL: 'warn',
    MUSTER_CONNECTOR_RETRY_MAX_SECONDS: '2',
  });
  let spooledAt: number | undefined;
  let delivered = 0;
  try {
    while (Date.now() - started < LIMIT_SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, 250));
      if (spooledAt === undefined) {
        try {
          const file = JSON.parse(fs.readFileSync(path.join(connectorDir, 'status.json'), 'utf8')) as StatusFile;
          const status = (await (await fetch(`${file.url}/status`)).json()) as { totals: { backlog: number; sent: number } };
          if (status.totals.backlog + status.totals.sent >= RECORDS) spooledAt = Date.now();
        } catch {
          // not up yet
        }
      }
      delivered = target.delivered();
      if (delivered >= RECORDS) break;
    }
  } finally {
    if (connector.child.exitCode === null) {
      connector.child.kill('SIGTERM');
      await connector.exited;
    }
  }
  return { seconds: (Date.now() - started) / 1000, delivered, ...(spooledAt ? { spooledSeconds: (spooledAt - started) / 1000 } : {}) };
}

/** A stub of the ingest API answering at once: what the connector alone can do. */
async function bareIngest(terminal: ConnectorTerminal): Promise<Target & { close(): Promise<void> }> {
  const seen = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET') return res.end(JSON.stringify({ organisationTimeZone: 'Asia/Kolkata', terminals: [terminal] }));
      const accept = (record: string) => {
        const key = /"transId":(\d+)/.exec(record)?.[1] ?? '';
        const duplicate = seen.has(key);
        seen.add(key);
        return { ok: true, duplicate, id: randomUUID() };
      };
      if (req.url?.endsWith('/timelog')) return res.end(JSON.stringify(accept(body)));
      if (req.url?.endsWith('/timelogs')) {
        const records = (JSON.parse(body) as { records: unknown[] }).records;
        return res.end(JSON.stringify({ results: records.map((r) => accept(JSON.stringify(r))) }));
      }
      res.end(JSON.stringify({ ok: true, terminalId: terminal.id }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secret: 'bench-connector-secret-0123456789',
    delivered: () => seen.size,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * Connector end to end: a ZK terminal holding a large log (two punches a day
 * per employee), read through the chunked path, spooled, and delivered to the
 * real server (which reconciles each punch's day); then the same against a
 * stub that answers at once, to show the connector's own share. Records/s.
 */
export async function benchConnector(): Promise<Row[]> {
  const prepared = await prepareDataDir(EMPLOYEES);
  await prepared.close();
  const muster = await startMuster(prepared.dataDir);
  const zk = await new ZkEmulator({ serial: 'BENCH-ZK', timeZone: 'Asia/Kolkata', faults: { chunkGapMs: 0, prepareGapMs: 0 } }).start();
  try {
    zk.fillLog(
      Array.from({ length: RECORDS }, (_, i) => {
        const employee = i % EMPLOYEES;
        const pair = Math.floor(i / EMPLOYEES);
        const day = Math.floor(pair / 2);
        const out = pair % 2 === 1;
        return {
          userId: String(employee + 1),
          time: { year: 2026, month: 1 + (Math.floor(day / 28) % 12), day: 1 + (day % 28), hour: out ? 18 : 9, minute: employee % 60, second: (employee * 7) % 60 },
          state: out ? 1 : 0,
        };
      }),
    );
    const cookie = await login(muster.url);
    const created = await fetch(`${muster.url}/api/terminals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: 'Bench ZK', protocol: 'zk-tcp', serial: 'BENCH-ZK', host: '127.0.0.1', port: zk.port, pollSeconds: 3600, timeZone: 'Asia/Kolkata' }),
    });
    if (created.status !== 200) throw new Error(`registering the bench terminal failed: ${created.status} ${await created.text()}`);
    const terminal = (await created.json()) as { id: string };
    const secret = resolveConnectorSecret({}, prepared.dataDir);
    if (!secret) throw new Error('the server wrote no connector secret');
    const databaseFile = path.join(prepared.dataDir, 'muster.sqlite');

    const real = await run(zk, { url: muster.url, secret, delivered: () => count(databaseFile, 'BENCH-ZK') }, prepared.dataDir);
    await muster.stop();
    const stub = await bareIngest({
      id: terminal.id,
      name: 'Bench ZK',
      protocol: 'zk-tcp',
      serial: 'BENCH-ZK',
      host: '127.0.0.1',
      port: zk.port,
      serialPath: null,
      baudRate: null,
      machineNumber: 1,
      commKey: 0,
      timeZone: 'Asia/Kolkata',
      pollSeconds: 3600,
      enabled: true,
      userIdMap: {},
    });
    const bare = await run(zk, stub, prepared.dataDir);
    await stub.close();

    const n = RECORDS.toLocaleString('en-IN');
    const rows: Row[] = [
      {
        scenario: `connector: ${n}-record ZK log → spool → server`,
        rps: real.delivered / real.seconds,
        p99: 0,
        baseRps: bare.delivered / bare.seconds,
        baseP99: 0,
        target: `all in < ${TARGET_SECONDS} s`,
        pass: real.delivered === RECORDS && real.seconds < TARGET_SECONDS,
        notes:
          `${real.delivered.toLocaleString('en-IN')} of ${n} records on the server after ${real.seconds.toFixed(1)} s end to end` +
          `${real.spooledSeconds ? ` (read and spooled in ${real.spooledSeconds.toFixed(1)} s)` : ''}; ` +
          `the same against an ingest stub that answers at once: ${bare.delivered.toLocaleString('en-IN')} in ${bare.seconds.toFixed(1)} s` +
          `${bare.spooledSeconds ? ` (spooled in ${bare.spooledSeconds.toFixed(1)} s)` : ''}. req/s = records/s; "bare" = the stub.`,
      },
    ];
    printTable('Connector (a terminal log read, spooled and delivered)', rows);
    return rows;
  } finally {
    await zk.stop();
    await muster.stop();
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
}
