// The ZK emulator is faithful if clients nobody here wrote read it like a terminal:
// node-zklib (TCP, and UDP with the older 16-byte records) and zkteco-js.
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import type { LocalDateTime } from '../../connector/src/local-time.ts';

const require = createRequire(import.meta.url);
type Record40 = { userSn?: number; deviceUserId: string | number; recordTime: Date };
interface NodeZklib {
  createSocket(): Promise<void>;
  getInfo(): Promise<{ userCounts: number; logCounts: number; logCapacity: number }>;
  getAttendances(cb?: (got: number, total: number) => void): Promise<{ data: Record40[]; err: Error | null }>;
  getUsers(): Promise<{ data: { uid: number; userId: string | number; name: string }[] }>;
  disconnect(): Promise<unknown>;
}
interface ZktecoJs {
  createSocket(): Promise<boolean>;
  getInfo(): Promise<{ userCounts: number; logCounts: number; logCapacity: number }>;
  getAttendances(): Promise<{ data: { user_id: string; record_time: string; type: number; state: number }[] }>;
  getUsers(): Promise<{ data: { uid: number; userId: string; name: string }[] }>;
  getSerialNumber(): Promise<string>;
  getDeviceName(): Promise<string>;
  getTime(): Promise<Date>;
  getFirmware(): Promise<string>;
  disconnect(): Promise<unknown>;
}
const NodeZklib = require('node-zklib') as new (ip: string, port: number, timeout: number, inport: number) => NodeZklib;
const ZktecoJs = require('zkteco-js') as new (ip: string, port: number, timeout: number, inport: number) => ZktecoJs;

const emulators: ZkEmulator[] = [];
afterEach(async () => {
  for (const e of emulators.splice(0)) await e.stop();
  vi.restoreAllMocks();
});

// The clients log every step; keep the test output readable.
function quiet() {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
}

async function emulator(options: Partial<ConstructorParameters<typeof ZkEmulator>[0]> = {}) {
  const e = await new ZkEmulator({ serial: 'EMU-ZK-0001', timeZone: 'Asia/Kolkata', ...options }).start();
  emulators.push(e);
  return e;
}

/** A plausible day of punches for `n` records, spread over users 1001..1145. */
function* punches(n: number, userIds = (i: number) => String(1001 + (i % 145))) {
  for (let i = 0; i < n; i++) {
    const minutes = i * 3;
    yield {
      userId: userIds(i),
      time: { year: 2026, month: 1 + Math.floor(minutes / (60 * 24 * 28)) % 12, day: 1 + (Math.floor(minutes / (60 * 24)) % 28), hour: Math.floor(minutes / 60) % 24, minute: minutes % 60, second: i % 60 },
      state: i % 2,
      verify: 1,
    };
  }
}

const asLocalDate = (t: LocalDateTime) => new Date(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

describe('node-zklib against the ZK emulator', () => {
  it('connects over TCP, reads device info and the whole log inline (small log)', async () => {
    quiet();
    const zk = await emulator({ inlineMaxBytes: 4096 });
    zk.fillLog(punches(20));
    const client = new NodeZklib('127.0.0.1', zk.port, 5000, 0);
    await client.createSocket();
    const info = await client.getInfo();
    expect(info).toMatchObject({ logCounts: 20, userCounts: zk.users.length, logCapacity: 200_000 });
    const { data, err } = await client.getAttendances();
    expect(err ?? null).toBeNull();
    expect(data.map((r) => [String(r.deviceUserId), r.recordTime.getTime()])).toEqual(zk.records.map((r) => [r.userId, asLocalDate(r.time).getTime()]));
    await client.disconnect();
  });

  it('reads a 5,000-record log through the chunked path (CMD_DATA_WRRQ / DATA_RDY chunks)', async () => {
    quiet();
    const zk = await emulator();
    zk.fillLog(punches(5000));
    const client = new NodeZklib('127.0.0.1', zk.port, 10000, 0);
    await client.createSocket();
    const progress: number[] = [];
    const { data, err } = await client.getAttendances((got) => progress.push(got));
    expect(err ?? null).toBeNull();
    expect(data).toHaveLength(5000);
    expect(data.map((r) => [String(r.deviceUserId), r.recordTime.getTime()])).toEqual(zk.records.map((r) => [r.userId, asLocalDate(r.time).getTime()]));
    expect(zk.stats.chunkRequests).toBe(4); // 200,004 bytes in chunks of 65,472
    expect(progress.length).toBe(4);
    const users = await client.getUsers();
    expect(users.data.map((u) => String(u.userId)).sort()).toEqual(zk.users.map((u) => u.userId).sort());
    await client.disconnect();
  });

  it('falls back to UDP and reads the 16-byte records of older firmware', async () => {
    quiet();
    const zk = await emulator({ tcp: false, recordSize: 16 });
    zk.fillLog(punches(1500));
    const client = new NodeZklib('127.0.0.1', zk.port, 5000, 0);
    await client.createSocket();
    expect((await client.getInfo()).logCounts).toBe(1500);
    const { data, err } = await client.getAttendances();
    expect(err ?? null).toBeNull();
    // node-zklib reads the 16-bit low half of the user id in this layout.
    expect(data.map((r) => [Number(r.deviceUserId), r.recordTime.getTime()])).toEqual(zk.records.map((r) => [Number(r.userId) & 0xffff, asLocalDate(r.time).getTime()]));
    await client.disconnect();
  });
});

describe('zkteco-js against the ZK emulator', () => {
  it('reads serial number, name, firmware, clock, users and a chunked 5,000-record log', async () => {
    quiet();
    const zk = await emulator({ name: 'Front door' });
    zk.fillLog(punches(5000, (i) => (i % 50 === 0 ? 'A12' : String(1001 + (i % 145)))));
    zk.clock.jump(-95);
    const client = new ZktecoJs('127.0.0.1', zk.port, 10000, 0);
    await client.createSocket();
    expect(await client.getSerialNumber()).toBe('EMU-ZK-0001');
    expect(await client.getDeviceName()).toBe('Front door');
    expect(await client.getFirmware()).toContain('Ver 6.60');
    const clock = await client.getTime();
    expect(Math.abs(clock.getTime() - asLocalDate(zk.clock.now()).getTime())).toBeLessThan(2000);
    expect((await client.getInfo()).logCounts).toBe(5000);
    const { data } = await client.getAttendances();
    expect(data).toHaveLength(5000);
    expect(data.map((r) => [r.user_id, new Date(r.record_time).getTime(), r.state, r.type])).toEqual(
      zk.records.map((r) => [r.userId, asLocalDate(r.time).getTime(), r.state, r.verify]),
    );
    const users = await client.getUsers();
    expect(users.data.map((u) => u.userId).sort()).toEqual(zk.users.map((u) => u.userId).sort());
    await client.disconnect();
  });
});
