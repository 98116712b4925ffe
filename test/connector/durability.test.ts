// Commits that survive a power cut. The server syncs each commit that acknowledges outside data
// (synchronous=FULL in WAL), and the connector keeps a second line of defence: what the server
// acknowledged within the replay window is re-sent once after the server restarts. Here the server
// "forgets" its last commits (an older copy of its database restored while the connector runs),
// and nothing is lost.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { Client } from '../support/client.ts';
import { freePort, spawnTs, type Spawned } from '../support/process.ts';
import { CONNECTOR_SECRET } from '../support/server.ts';
import { DEMO_PASSWORD, freshDataDir } from '../support/templates.ts';
import { ADMIN, databaseFile, disableExistingTerminals, expectedKeys, registerTerminal, serverPunchKeys, startConnector } from './e2e-support.ts';
import { tempDir } from './support.ts';

describe('the server database', () => {
  it('syncs every commit: WAL with synchronous=FULL', async () => {
    const dir = tempDir('muster-durable-');
    const opened = openDatabase(path.join(dir, 'muster.sqlite'));
    try {
      expect(opened.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      // 2 = FULL (1 = NORMAL, which in WAL mode does not sync the commit).
      expect(opened.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      await opened.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the connector replays after the server lost commits', () => {
  let dataDir: string;
  let port: number;
  let url: string;
  let server: Spawned | undefined;
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

  beforeAll(async () => {
    dataDir = freshDataDir('demo');
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    await startServerProcess();
  }, 90_000);

  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('restoring an older copy of the database while the connector runs loses nothing', async () => {
    const admin = new Client(url);
    expect((await admin.post('/api/auth/login', { email: ADMIN, password: DEMO_PASSWORD })).status).toBe(200);
    await disableExistingTerminals(admin);
    const zk = await new ZkEmulator({ serial: 'DURABLE-ZK', timeZone: 'Asia/Kolkata' }).start();
    cleanups.push(() => zk.stop());
    const day = (i: number) => ({ year: 2026, month: 11, day: 3 + (i % 20), hour: 8 + (i % 10), minute: (i * 7) % 60, second: i % 60 });
    zk.fillLog(Array.from({ length: 30 }, (_, i) => ({ userId: String(1001 + i), time: day(i), state: i % 2 })));
    await registerTerminal(admin, { name: 'Durable ZK', protocol: 'zk-tcp', serial: 'DURABLE-ZK', host: '127.0.0.1', port: zk.port });
    const c = await startConnector(url, { configRefreshMs: 300, configRetryMs: 200 });
    cleanups.push(() => c.stop());
    const held = () => serverPunchKeys(databaseFile(dataDir), 'DURABLE-ZK');
    const keys = () => expectedKeys(zk.records.map((r) => ({ userId: r.userId, time: r.time, state: r.state })));
    await expect.poll(held, { timeout: 30_000, interval: 200 }).toEqual(keys());

    // A consistent copy of the database as it is now (what a power cut may roll the server back to).
    const older = path.join(dataDir, 'older.sqlite');
    const live = new Database(databaseFile(dataDir), { fileMustExist: true });
    await live.backup(older);
    live.close();
    const before = keys();

    // More punches, delivered and acknowledged: the connector marks them sent.
    for (let i = 30; i < 55; i++) zk.addPunch({ userId: String(1001 + i), time: day(i), state: i % 2 });
    await expect.poll(held, { timeout: 30_000, interval: 200 }).toEqual(keys());
    await expect.poll(() => c.connector.spool.count('pending')).toBe(0);

    // The power cut: the server dies, and its database comes back as the older copy.
    server!.child.kill('SIGKILL');
    await server!.exited;
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${databaseFile(dataDir)}${suffix}`, { force: true });
    fs.copyFileSync(older, databaseFile(dataDir));
    await startServerProcess();
    expect(held()).toEqual(before);
    expect(held().length).toBeLessThan(keys().length);

    // The connector notices the new server process and re-sends what it had acknowledged lately.
    await expect.poll(held, { timeout: 30_000, interval: 200 }).toEqual(keys());
    expect(keys()).toHaveLength(55);
  }, 120_000);
});
