// The connector's ZK driver against the emulator over real sockets, with every fault knob.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RawPunch } from '../../connector/src/drivers/types.ts';
import { DriverError } from '../../connector/src/drivers/types.ts';
import { ZkDriver } from '../../connector/src/drivers/zk.ts';
import { encodeZkTime } from '../../connector/src/drivers/zk-codec.ts';
import { ZkEmulator, type ZkEmulatorOptions } from '../../connector/src/emulator/zk-emulator.ts';
import { formatLocal, localToInstant } from '../../connector/src/local-time.ts';
import { Spool } from '../../connector/src/spool.ts';
import { tempDir } from './support.ts';

const emulators: ZkEmulator[] = [];
const drivers: ZkDriver[] = [];
afterEach(async () => {
  for (const d of drivers.splice(0)) await d.disconnect().catch(() => undefined);
  for (const e of emulators.splice(0)) await e.stop();
});

async function emulator(options: Partial<ZkEmulatorOptions> = {}) {
  const e = await new ZkEmulator({ serial: 'EMU-ZK-0002', timeZone: 'Asia/Kolkata', ...options }).start();
  emulators.push(e);
  return e;
}

function driver(e: ZkEmulator, options: { transport?: 'tcp' | 'udp'; commKey?: number; timeoutMs?: number } = {}) {
  const d = new ZkDriver({ host: '127.0.0.1', port: e.port, transport: options.transport ?? 'tcp', commKey: options.commKey ?? 0, timeoutMs: options.timeoutMs ?? 2_000 });
  drivers.push(d);
  return d;
}

function fill(e: ZkEmulator, n: number) {
  e.fillLog(
    Array.from({ length: n }, (_, i) => ({
      userId: String(1001 + (i % 145)),
      time: { year: 2026, month: 11, day: 1 + (Math.floor(i / 600) % 28), hour: 6 + (Math.floor(i / 60) % 10), minute: i % 60, second: (i * 7) % 60 },
      state: i % 2,
      verify: 1,
    })),
  );
}

const key = (p: { userId: string; local?: unknown; time?: unknown; state: number | string }) =>
  `${p.userId}|${formatLocal((p.local ?? p.time) as never)}|${String(p.state)}`;

async function readAll(d: ZkDriver): Promise<RawPunch[]> {
  const out: RawPunch[] = [];
  await d.readLog((records) => out.push(...records));
  return out;
}

describe('ZK driver', () => {
  it('connects, reports the device and its clock, and reads a small log inline', async () => {
    const e = await emulator({ name: 'Gate 1' });
    fill(e, 10);
    e.clock.jump(120);
    const d = driver(e);
    const info = await d.connect();
    expect(info).toMatchObject({ serial: 'EMU-ZK-0002', name: 'Gate 1', recordCount: 10, deviceUid: '00:17:61:12:34:56' });
    expect(info.firmware).toContain('Ver 6.60');
    const clock = localToInstant(await d.readClock(), 'Asia/Kolkata').getTime();
    expect(Math.abs(clock - localToInstant(e.clock.now(), 'Asia/Kolkata').getTime())).toBeLessThanOrEqual(1000);
    const records = await readAll(d);
    expect(records.map(key)).toEqual(e.records.map(key));
    expect(records[0]).toMatchObject({ verify: 'fingerprint' });
    expect(e.stats.chunkRequests).toBe(0);
  });

  for (const transport of ['tcp', 'udp'] as const) {
    it(`reads a 5,000-record log in chunks over ${transport.toUpperCase()}`, async () => {
      const e = await emulator({ faults: { chunkGapMs: 0, prepareGapMs: 0 } });
      fill(e, 5000);
      const d = driver(e, { transport });
      await d.connect();
      const chunks: number[] = [];
      const records: RawPunch[] = [];
      await d.readLog((r) => {
        chunks.push(r.length);
        records.push(...r);
      });
      expect(records.map(key)).toEqual(e.records.map(key));
      expect(chunks.length).toBeGreaterThan(1);
    });
  }

  it('authenticates with the comm key, and reports a wrong key as an auth error', async () => {
    const e = await emulator({ commKey: 123456 });
    fill(e, 3);
    const good = driver(e, { commKey: 123456 });
    expect((await good.connect()).recordCount).toBe(3);
    const bad = driver(e, { commKey: 654321 });
    const error = await bad.connect().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(DriverError);
    expect((error as DriverError).kind).toBe('auth');
  });

  it('receives realtime punches (CMD_REG_EVENT) and keeps answering commands', async () => {
    const e = await emulator();
    const d = driver(e);
    await d.connect();
    const seen: RawPunch[] = [];
    await d.subscribe((p) => seen.push(p));
    e.addPunch({ userId: 'A12', state: 255, verify: 15 });
    e.addPunch({ userId: '1001', state: 1 });
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[0]).toMatchObject({ userId: 'A12', state: '255', verify: 'face' });
    expect(await d.recordCount()).toBe(2);
  });

  it('copes with packets split into 7-byte writes and with coalesced answers', async () => {
    const e = await emulator({ faults: { splitWrites: 7, chunkGapMs: 0, prepareGapMs: 0 } });
    fill(e, 1800);
    const d = driver(e);
    await d.connect();
    expect((await readAll(d)).length).toBe(1800);
    e.faults.splitWrites = 0;
    e.faults.coalesce = true;
    expect((await readAll(d)).map(key)).toEqual(e.records.map(key));
  });

  it('splits a chunk over several DATA packets like K20 firmware', async () => {
    const e = await emulator({ faults: { tcpDataPacket: 1008, chunkGapMs: 0 } });
    fill(e, 2000);
    const d = driver(e);
    await d.connect();
    expect((await readAll(d)).map(key)).toEqual(e.records.map(key));
  });

  it('retries a dropped chunk and waits out a delayed one', async () => {
    const e = await emulator({ faults: { dropChunks: 1, delayChunkMs: 300, chunkGapMs: 0 } });
    fill(e, 3000);
    const d = driver(e, { timeoutMs: 1_000 });
    await d.connect();
    expect((await readAll(d)).map(key)).toEqual(e.records.map(key));
    expect(e.stats.droppedChunks).toBe(1);
  });

  it('fails a read whose connection resets mid-chunk, after handing over the chunks it got', async () => {
    const e = await emulator({ faults: { resetAfterBytes: 100_000, chunkGapMs: 0 } });
    fill(e, 5000);
    const d = driver(e);
    const closed = new Promise<void>((resolve) => d.onClose(() => resolve()));
    await d.connect();
    const got: RawPunch[] = [];
    await expect(d.readLog((r) => got.push(...r))).rejects.toBeInstanceOf(DriverError);
    await closed;
    expect(got.length).toBeGreaterThan(1000);
    expect(got.map(key)).toEqual(e.records.slice(0, got.length).map(key));
  });

  it('is refused when the terminal serves only one client', async () => {
    const e = await emulator({ faults: { refuseSecondClient: true } });
    await driver(e).connect();
    await expect(driver(e, { timeoutMs: 500 }).connect()).rejects.toBeInstanceOf(DriverError);
    expect(e.stats.refused).toBe(1);
  });

  it('notices a reboot: the connection closes and a new session works', async () => {
    const e = await emulator();
    const d = driver(e);
    const closed = new Promise<void>((resolve) => d.onClose(() => resolve()));
    await d.connect();
    const before = d.client.sessionId;
    e.reboot();
    await closed;
    const again = driver(e);
    await again.connect();
    expect(again.client.sessionId).not.toBe(before);
  });

  it('sees a punch that lands during a read in realtime and in the next read', async () => {
    const e = await emulator({ faults: { chunkGapMs: 0 } });
    fill(e, 3000);
    const d = driver(e);
    await d.connect();
    const live: RawPunch[] = [];
    await d.subscribe((p) => live.push(p));
    e.punchesDuringRead.push({ userId: '1099', state: 0 });
    expect((await readAll(d)).length).toBe(3000);
    await expect.poll(() => live.length).toBe(1);
    const second = await readAll(d);
    expect(second.length).toBe(3001);
    expect(key(second.at(-1)!)).toBe(key(live[0]!));
  });

  it('reads the 16-byte layout and the 8-byte layout through the user table', async () => {
    for (const recordSize of [16, 8] as const) {
      const e = await emulator({ recordSize, faults: { chunkGapMs: 0 } });
      fill(e, 1500);
      const d = driver(e);
      await d.connect();
      expect((await readAll(d)).map(key)).toEqual(e.records.map(key));
    }
  });

  it('8-byte layout: a user enrolled after the first read is named from a fresh user table, never by its slot', async () => {
    const e = await emulator({ recordSize: 8, faults: { chunkGapMs: 0 } });
    // Slots 1, 2, 3 hold users 4, 1, 2: a slot number is another person's enrolment number.
    for (const userId of ['4', '1', '2']) e.addPunch({ userId, time: { year: 2026, month: 11, day: 20, hour: 9, minute: Number(userId), second: 0 } });
    const d = driver(e);
    await d.connect();
    expect((await readAll(d)).map((r) => r.userId)).toEqual(['4', '1', '2']);
    // Enrolled later, in slot 4: the old code named it "4" (the first user).
    e.addPunch({ userId: '9', time: { year: 2026, month: 11, day: 20, hour: 10, minute: 0, second: 0 } });
    const second = await readAll(d);
    expect(second.map((r) => r.userId)).toEqual(['4', '1', '2', '9']);
    expect(second.every((r) => r.unreadable === undefined)).toBe(true);
  });

  it('8-byte layout: a record whose slot is not in the user table is held back with the reason, and the spool keeps it as a dead letter', async () => {
    const e = await emulator({ recordSize: 8, faults: { chunkGapMs: 0 } });
    for (const userId of ['4', '1', '2']) e.addPunch({ userId, time: { year: 2026, month: 11, day: 20, hour: 9, minute: Number(userId), second: 0 } });
    e.removeUser('1');
    const d = driver(e);
    await d.connect();
    const records = await readAll(d);
    expect(records.map((r) => r.userId)).toEqual(['4', 'slot:2', '2']);
    expect(records[1]!.unreadable).toMatch(/user slot 2.*not in the terminal's user table/);
    const dir = tempDir();
    const spool = new Spool(path.join(dir, 'spool.sqlite'));
    try {
      const outcome = spool.addPunches('t', { serial: 'EMU-ZK-0002', terminalType: 'zk', terminalId: 1, timeZone: 'Asia/Kolkata' }, records);
      expect(outcome).toMatchObject({ added: 3, dead: 1 });
      expect(spool.pending(10).map((r) => (JSON.parse(r.body) as { terminalUserId: number }).terminalUserId)).toEqual([4, 2]);
      expect(spool.deadLetters().map((l) => l.reason)).toEqual([records[1]!.unreadable]);
      // An operator's retry cannot make it up either.
      expect(spool.retryDeadLetters()).toBe(0);
      expect(spool.count('dead')).toBe(1);
    } finally {
      spool.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps impossible dates, state 255 and non-numeric ids as the terminal stored them', async () => {
    const e = await emulator();
    e.addPunch({ userId: '007', state: 255 });
    e.addPunch({ userId: 'A12', packedTime: encodeZkTime({ year: 2026, month: 2, day: 30, hour: 9, minute: 0, second: 0 }) });
    const d = driver(e);
    await d.connect();
    const records = await readAll(d);
    expect(records.map((r) => [r.userId, r.state, formatLocal(r.local)])).toEqual([
      ['007', '255', formatLocal(e.records[0]!.time)],
      ['A12', '0', '2026-02-30T09:00:00'],
    ]);
  });
});
