// A terminal worker against the emulator and a real spool: cursor by content, clock, reconnects.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectorTerminal } from '../../shared/ingest.ts';
import { ZkDriver } from '../../connector/src/drivers/zk.ts';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import { Spool } from '../../connector/src/spool.ts';
import { TerminalWorker, type WorkerOptions } from '../../connector/src/worker.ts';
import { tempDir, testLogger } from './support.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(options: Partial<WorkerOptions> = {}) {
  const zk = await new ZkEmulator({ serial: 'W-ZK-1', timeZone: 'Asia/Kolkata' }).start();
  cleanups.push(() => zk.stop());
  const dir = tempDir();
  const spool = new Spool(path.join(dir, 'spool.sqlite'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => spool.close());
  const terminal: ConnectorTerminal = {
    id: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e',
    name: 'Worker ZK',
    protocol: 'zk-tcp',
    serial: 'W-ZK-1',
    host: '127.0.0.1',
    port: zk.port,
    serialPath: null,
    baudRate: null,
    machineNumber: 1,
    commKey: 0,
    timeZone: 'Asia/Kolkata',
    pollSeconds: 5,
    enabled: true,
    userIdMap: {},
  };
  const reads = { count: 0 };
  const worker = new TerminalWorker(terminal, 'Asia/Kolkata', {
    spool,
    logger: testLogger(),
    spooled: () => undefined,
    now: () => new Date(),
    options: { fullReadEverySeconds: 600, reconnect: { initialMs: 50, maxMs: 200 }, timeoutMs: 1_000, ...options },
    createDriver: (t, timeoutMs) => {
      const driver = new ZkDriver({ host: t.host!, port: t.port!, transport: 'tcp', commKey: t.commKey, timeoutMs });
      const readLog = driver.readLog.bind(driver);
      driver.readLog = (onRecords) => {
        reads.count++;
        return readLog(onRecords);
      };
      return driver;
    },
  });
  cleanups.push(() => worker.stop());
  return { zk, spool, worker, reads, terminal };
}

const punch = (userId: string, minute: number) => ({ userId, time: { year: 2026, month: 11, day: 20, hour: 9, minute, second: 0 }, state: 0 });

describe('terminal worker', () => {
  it('reads the log once, then only when its content changed; realtime and poll never double a punch', async () => {
    const { zk, spool, worker, reads } = await setup();
    zk.fillLog([punch('1001', 1), punch('1002', 2)]);
    worker.start();
    await expect.poll(() => spool.count('pending')).toBe(2);
    // The cursor moves once the whole read is done.
    await expect.poll(() => spool.cursor(worker.terminal.id)?.recordCount).toBe(2);
    expect(worker.status).toMatchObject({ state: 'online', serial: 'W-ZK-1', recordsOnTerminal: 2 });
    expect(reads.count).toBe(1);
    // A live punch: spooled from the realtime event at once, then found again by the next read.
    zk.addPunch({ userId: '1003', state: 1 });
    await expect.poll(() => spool.count('pending')).toBe(3);
    await expect.poll(() => reads.count, { timeout: 10_000 }).toBe(2);
    expect(spool.count('pending')).toBe(3);
  });

  it('alerts when the log was cleared or replaced, and still keeps every new punch', async () => {
    const { zk, spool, worker } = await setup({ fullReadEverySeconds: 0 });
    zk.fillLog([punch('1001', 1), punch('1002', 2), punch('1003', 3)]);
    worker.start();
    await expect.poll(() => spool.count('pending')).toBe(3);
    // Same number of records, other content: only the content tells.
    zk.clearLog();
    zk.fillLog([punch('1004', 4), punch('1005', 5), punch('1006', 6)]);
    await expect.poll(() => spool.alerts().find((a) => a.kind === 'log-cleared')?.message, { timeout: 10_000 }).toMatch(/no longer starts with the records read before/);
    await expect.poll(() => spool.count('pending')).toBe(6);
    zk.clearLog();
    zk.fillLog([punch('1007', 7)]);
    await expect.poll(() => spool.alerts().filter((a) => a.kind === 'log-cleared').length, { timeout: 10_000 }).toBe(2);
    expect(spool.alerts()[0]!.message).toMatch(/now holds 1 records, 3 before/);
    await expect.poll(() => spool.count('pending')).toBe(7);
  });

  it('measures clock skew, and sets the clock only as an operator action that is logged', async () => {
    const { zk, spool, worker } = await setup();
    zk.fillLog([punch('1001', 1)]);
    zk.clock.jump(-600);
    worker.start();
    await expect.poll(() => worker.status.clockSkewSeconds).toBeLessThan(-590);
    const before = spool.pending(10).map((r) => r.body);
    const result = await worker.setClock();
    expect(result.skewBeforeSeconds).toBeLessThan(-590);
    expect(Math.abs(worker.status.clockSkewSeconds ?? 99)).toBeLessThanOrEqual(2);
    expect(Math.abs(zk.clock.offsetSeconds)).toBeLessThanOrEqual(2);
    expect(spool.alerts()[0]).toMatchObject({ kind: 'clock-set' });
    // Past punches keep the times they were read with.
    expect(spool.pending(10).map((r) => r.body)).toEqual(before);
  });

  it('counts the records a log read has still to reach (only those not read before), so the terminal is not reported synced mid-read', async () => {
    const { zk, spool, worker } = await setup({ fullReadEverySeconds: 0 });
    zk.faults.chunkGapMs = 40;
    zk.fillLog(Array.from({ length: 12_000 }, (_, i) => ({ userId: String(1001 + (i % 50)), time: { year: 2026, month: 11, day: 1 + Math.floor(i / 600), hour: 8 + (Math.floor(i / 60) % 10), minute: i % 60, second: 0 }, state: i % 2 })));
    const seen: number[] = [];
    const sampler = setInterval(() => seen.push(worker.unreadRecords), 2);
    cleanups.push(() => clearInterval(sampler));
    worker.start();
    await expect.poll(() => spool.cursor(worker.terminal.id)?.recordCount, { timeout: 20_000 }).toBe(12_000);
    expect(Math.max(...seen)).toBeGreaterThan(1_000);
    expect(seen.some((n) => n > 0 && n < 12_000)).toBe(true); // it goes down as chunks arrive
    expect(worker.unreadRecords).toBe(0);
    // The next read (the log grew by one) has only that one record left to reach until it gets there.
    seen.length = 0;
    zk.fillLog([punch('1099', 59)]);
    await expect.poll(() => spool.cursor(worker.terminal.id)?.recordCount, { timeout: 20_000 }).toBe(12_001);
    expect(Math.max(...seen)).toBe(1);
    expect(worker.unreadRecords).toBe(0);
  });

  it('reconnects after a reboot and keeps collecting', async () => {
    const { zk, worker, spool } = await setup();
    worker.start();
    await expect.poll(() => worker.status.state).toBe('online');
    zk.reboot();
    zk.addPunch({ userId: '1009', state: 0 });
    await expect.poll(() => spool.count('pending'), { timeout: 10_000 }).toBe(1);
    expect(worker.status.state).toBe('online');
  });
});
