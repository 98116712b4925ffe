// Faults end to end: the real server and the real connector as child processes (kill -9 means
// kill -9), emulated terminals in this process. After each fault the server holds exactly the
// terminal's punches: none lost, none doubled.
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FkTerminal } from '../../connector/src/emulator/push-terminals.ts';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import type { LocalDateTime } from '../../connector/src/local-time.ts';
import { Client } from '../support/client.ts';
import { freePort, spawnTs, type Spawned } from '../support/process.ts';
import { CONNECTOR_SECRET } from '../support/server.ts';
import { DEMO_PASSWORD, freshDataDir } from '../support/templates.ts';
import { ADMIN, databaseFile, disableExistingTerminals, expectedKeys, registerTerminal, serverPunchKeys, startConnector } from './e2e-support.ts';
import { sleep, tempDir } from './support.ts';

let dataDir: string;
let port: number;
let url: string;
let server: Spawned | undefined;
let admin: Client;
const cleanups: (() => Promise<void> | void)[] = [];

async function startServerProcess(): Promise<void> {
  server = spawnTs('server/src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    MUSTER_DATA_DIR: dataDir,
    MUSTER_DEMO: '0',
    MUSTER_JOBS: '0',
    MUSTER_LOG_LEVEL: 'warn',
    MUSTER_CONNECTOR_SECRET: CONNECTOR_SECRET,
  });
  await server.waitFor(/Muster listening/);
}

async function kill9(p: Spawned | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGKILL');
  await p.exited;
}

function startConnectorProcess(connectorDir: string): Spawned {
  return spawnTs('connector/src/main.ts', {
    MUSTER_SERVER_URL: url,
    MUSTER_CONNECTOR_SECRET: CONNECTOR_SECRET,
    MUSTER_DATA_DIR: connectorDir,
    MUSTER_CONNECTOR_DATA_DIR: connectorDir,
    MUSTER_CONNECTOR_RETRY_MAX_SECONDS: '1',
    MUSTER_LOG_LEVEL: 'info',
  });
}

beforeAll(async () => {
  dataDir = freshDataDir('demo');
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
  await startServerProcess();
  admin = new Client(url);
  const login = await admin.post('/api/auth/login', { email: ADMIN, password: DEMO_PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  await disableExistingTerminals(admin);
}, 90_000);

afterAll(async () => {
  await kill9(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) await startServerProcess();
  await disableExistingTerminals(admin);
});

const day = (i: number): LocalDateTime => ({ year: 2026, month: 10, day: 1 + (i % 28), hour: 6 + (i % 12), minute: (i * 7) % 60, second: (i * 11) % 60 });
const zkKeys = (zk: ZkEmulator) => expectedKeys(zk.records.map((r) => ({ userId: r.userId, time: r.time, state: r.state })));
const held = (serial: string) => serverPunchKeys(databaseFile(dataDir), serial);

async function zkTerminal(serial: string, records: number, faults: ConstructorParameters<typeof ZkEmulator>[0]['faults'] = {}) {
  const zk = await new ZkEmulator({ serial, timeZone: 'Asia/Kolkata', faults }).start();
  cleanups.push(() => zk.stop());
  zk.fillLog(Array.from({ length: records }, (_, i) => ({ userId: String(1001 + (i % 145)), time: day(i), state: i % 2 })));
  await registerTerminal(admin, { name: serial, protocol: 'zk-tcp', serial, host: '127.0.0.1', port: zk.port });
  return zk;
}

function connectorDir(): string {
  const dir = tempDir();
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('faults: the server holds exactly the terminal\'s punches afterwards', () => {
  it('kill -9 of the server mid-stream, punches continuing while it is down, then a restart', async () => {
    const zk = await zkTerminal('FAULT-ZK-SERVER', 1200);
    const connector = startConnectorProcess(connectorDir());
    cleanups.push(() => kill9(connector));
    await expect.poll(() => held('FAULT-ZK-SERVER').length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(100);
    await kill9(server);
    expect(held('FAULT-ZK-SERVER').length).toBeLessThan(1200);
    // The terminal keeps punching while the server is away.
    for (let i = 0; i < 10; i++) {
      zk.addPunch({ userId: String(1100 + i), state: i % 2 });
      await sleep(300);
    }
    await startServerProcess();
    await expect.poll(() => held('FAULT-ZK-SERVER'), { timeout: 60_000, interval: 250 }).toEqual(zkKeys(zk));
  }, 120_000);

  it('a graceful stop of the server for a while with punches continuing', async () => {
    const zk = await zkTerminal('FAULT-ZK-STOP', 200);
    const connector = startConnectorProcess(connectorDir());
    cleanups.push(() => kill9(connector));
    await expect.poll(() => held('FAULT-ZK-STOP'), { timeout: 30_000, interval: 250 }).toEqual(zkKeys(zk));
    server!.child.kill('SIGTERM');
    await server!.exited;
    for (let i = 0; i < 8; i++) {
      zk.addPunch({ userId: String(1120 + i), state: (i + 1) % 2 });
      await sleep(400);
    }
    await startServerProcess();
    await expect.poll(() => held('FAULT-ZK-STOP'), { timeout: 60_000, interval: 250 }).toEqual(zkKeys(zk));
  }, 120_000);

  it('kill -9 of the connector mid-read (polled terminal) and mid-push (FK terminal), then a restart', async () => {
    // Slow chunks so the read is surely in flight when the connector dies.
    const zk = await zkTerminal('FAULT-ZK-CONN', 2000, { delayChunkMs: 1500 });
    const fkPort = await freePort();
    await registerTerminal(admin, { name: 'FAULT-FK', protocol: 'fk-push', serial: 'FAULT-FK', host: '127.0.0.1', port: fkPort });
    const fk = new FkTerminal({ host: '127.0.0.1', port: fkPort, serial: 'FAULT-FK', timeZone: 'Asia/Kolkata' });
    cleanups.push(() => fk.stop());
    // The FK terminal punches every 20 ms, before, during and after the connector's death.
    let n = 0;
    const punching = setInterval(() => {
      fk.addPunch({ userId: String(1001 + (n % 145)), time: day(n), state: n % 2 ? 'Duty Off' : 'Duty On' });
      n++;
    }, 20);
    cleanups.push(() => clearInterval(punching));
    fk.start();
    const dir = connectorDir();
    let connector = startConnectorProcess(dir);
    await expect.poll(() => zk.stats.chunkRequests, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    await kill9(connector);
    const chunksBefore = zk.stats.chunkRequests;
    // The 80 KB log needs 2 chunks, each answered after 1.5 s: the read was cut short.
    expect(chunksBefore).toBe(2);
    expect(held('FAULT-ZK-CONN').length).toBeLessThan(2000);
    await sleep(500);
    expect(fk.unsent).toBeGreaterThan(0);
    connector = startConnectorProcess(dir);
    cleanups.push(() => kill9(connector));
    await sleep(1_000);
    clearInterval(punching);
    await expect.poll(() => held('FAULT-ZK-CONN'), { timeout: 60_000, interval: 250 }).toEqual(zkKeys(zk));
    await expect.poll(() => fk.unsent, { timeout: 30_000 }).toBe(0);
    await expect
      .poll(() => held('FAULT-FK'), { timeout: 30_000, interval: 250 })
      .toEqual(expectedKeys(fk.records.map((r) => ({ userId: r.userId, time: r.time, state: r.state }))));
  }, 150_000);

  it('a network reset mid-chunk, a cleared log, duplicate punches and state 255', async () => {
    const zk = await zkTerminal('FAULT-ZK-NET', 2500, { resetAfterBytes: 70_000, chunkGapMs: 0 });
    // Duplicates the terminal double-recorded, and a punch with no state.
    zk.fillLog([
      { userId: '1001', time: day(0), state: 0 },
      { userId: '1001', time: day(0), state: 0 },
      { userId: '1050', time: day(3), state: 255 },
    ]);
    const c = await startConnector(url);
    cleanups.push(() => c.stop());
    await expect.poll(() => held('FAULT-ZK-NET'), { timeout: 60_000, interval: 250 }).toEqual(zkKeys(zk));
    expect(zk.stats.resets).toBe(1);
    const before = zkKeys(zk);
    // Someone clears the terminal's log; new punches follow.
    zk.clearLog();
    for (let i = 0; i < 5; i++) zk.addPunch({ userId: String(1130 + i), state: i % 2 });
    const expected = [...new Set([...before, ...zkKeys(zk)])].sort();
    await expect.poll(() => held('FAULT-ZK-NET'), { timeout: 30_000, interval: 250 }).toEqual(expected);
    await expect.poll(() => c.connector.spool.alerts().some((a) => a.kind === 'log-cleared'), { timeout: 20_000 }).toBe(true);
  }, 120_000);
});
