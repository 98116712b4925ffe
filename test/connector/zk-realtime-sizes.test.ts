// ZK realtime attendance events of every size real terminals send (pyzk live_capture: 10, 12,
// 14, 32, 36, 37 and 52+ bytes), and an unknown size as a logged, counted anomaly, never a drop.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectorTerminal } from '../../shared/ingest.ts';
import type { DriverAnomaly, RawPunch } from '../../connector/src/drivers/types.ts';
import { ZkDriver } from '../../connector/src/drivers/zk.ts';
import { ATT_EVENT_LAYOUTS, decodeAttEvents, encodeAttEvent } from '../../connector/src/drivers/zk-codec.ts';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import { Spool } from '../../connector/src/spool.ts';
import { REALTIME_ANOMALY, TerminalWorker } from '../../connector/src/worker.ts';
import { tempDir, testLogger } from './support.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const TIME = { year: 2026, month: 11, day: 25, hour: 14, minute: 31, second: 5 };
/** 2026-11-25 14:31:05 as the 6-byte realtime time: year − 2000, month, day, hour, minute, second. */
const TIME_HEX = '1a0b190e1f05';
/** pyzk's recorded 32-byte event (test_tcp_live_connect_small): user "1140064", verify 15, state 0, 2018-11-29 12:55:03. */
const PYZK_32 = '3131343030363400000000000000000000000000000000000f00120b1d0c3703';
const PYZK_32_RECORD = { userId: '1140064', verify: 15, state: 0, time: { year: 2018, month: 11, day: 29, hour: 12, minute: 55, second: 3 } };

describe('realtime event layouts (pyzk live_capture)', () => {
  it('reads the 10- and 14-byte events of older ZEM firmware (user id u16)', () => {
    expect(decodeAttEvents(hex(`e903 01 00 ${TIME_HEX}`))).toEqual({ records: [{ userId: '1001', verify: 1, state: 0, time: TIME }], problems: [] });
    expect(decodeAttEvents(hex(`ffff 0f 01 ${TIME_HEX} 00000000`))).toEqual({ records: [{ userId: '65535', verify: 15, state: 1, time: TIME }], problems: [] });
  });

  it('reads the 37-byte and the 52-byte events of newer firmware, several 52-byte events in one packet', () => {
    expect(decodeAttEvents(hex(`${PYZK_32} 0000000000`))).toEqual({ records: [PYZK_32_RECORD], problems: [] });
    const fiftyTwo = `${PYZK_32}${'00'.repeat(20)}`;
    expect(decodeAttEvents(hex(fiftyTwo))).toEqual({ records: [PYZK_32_RECORD], problems: [] });
    const second = `${Buffer.from('999111333').toString('hex').padEnd(48, '0')}0100${'12061911' + '2905'}${'00'.repeat(20)}`;
    expect(decodeAttEvents(hex(fiftyTwo + second)).records).toEqual([
      PYZK_32_RECORD,
      { userId: '999111333', verify: 1, state: 0, time: { year: 2018, month: 6, day: 25, hour: 17, minute: 41, second: 5 } },
    ]);
  });

  it('still reads the 12-, 32- and 36-byte events', () => {
    expect(decodeAttEvents(hex('f19449000000120c07130906')).records[0]).toMatchObject({ userId: '4822257', time: { year: 2018, month: 12, day: 7 } });
    expect(decodeAttEvents(hex(PYZK_32)).records).toEqual([PYZK_32_RECORD]);
    expect(decodeAttEvents(hex(`${PYZK_32}00000000`)).records).toEqual([PYZK_32_RECORD]);
  });

  it('round-trips every layout through the emulator\'s encoder', () => {
    for (const layout of ATT_EVENT_LAYOUTS) {
      const r = { userId: '4321', verify: 1, state: 1, time: TIME };
      expect(decodeAttEvents(encodeAttEvent(r, layout))).toEqual({ records: [r], problems: [] });
    }
  });

  it('reports a size no layout has, and an event whose bytes cannot be a punch, instead of returning nothing', () => {
    expect(decodeAttEvents(Buffer.alloc(44, 0x31))).toEqual({ records: [], problems: [expect.stringMatching(/^44 bytes match no realtime attendance layout/)] });
    expect(decodeAttEvents(hex(`e903 01 00 000000000000`)).problems).toEqual([expect.stringMatching(/10-byte event: time 2000-00-00T00:00:00 is not a date-time/)]);
    expect(decodeAttEvents(hex(`${PYZK_32}${'00'.repeat(20)}0102`)).problems).toEqual([expect.stringMatching(/^2 bytes left after 52 bytes of events/)]);
  });
});

describe('the ZK driver receives every layout over TCP', () => {
  for (const layout of ATT_EVENT_LAYOUTS) {
    it(`${layout}-byte events`, async () => {
      const zk = await new ZkEmulator({ serial: `RT-${layout}`, timeZone: 'Asia/Kolkata', eventLayout: layout }).start();
      cleanups.push(() => zk.stop());
      const driver = new ZkDriver({ host: '127.0.0.1', port: zk.port, transport: 'tcp', commKey: 0, timeoutMs: 2_000 });
      cleanups.push(() => driver.disconnect());
      await driver.connect();
      const seen: RawPunch[] = [];
      const anomalies: DriverAnomaly[] = [];
      await driver.subscribe((p) => seen.push(p), (a) => anomalies.push(a));
      zk.addPunch({ userId: '1001', time: TIME, state: 1, verify: 15 });
      zk.addPunch({ userId: '60000', time: { ...TIME, minute: 32 }, state: 0, verify: 1 });
      await expect.poll(() => seen.length).toBe(2);
      expect(seen.map((p) => [p.userId, p.local, p.state, p.verify])).toEqual([
        ['1001', TIME, '1', 'face'],
        ['60000', { ...TIME, minute: 32 }, '0', 'fingerprint'],
      ]);
      expect(anomalies).toEqual([]);
    });
  }
});

describe('an event nobody can read', () => {
  it('is logged, counted and alerted, and the next log read collects the punch', async () => {
    // A firmware whose events are 44 bytes: no layout pyzk knows.
    const zk = await new ZkEmulator({ serial: 'RT-44', timeZone: 'Asia/Kolkata', eventPayload: (p) => Buffer.concat([encodeAttEvent(p, 36), Buffer.alloc(8)]) }).start();
    cleanups.push(() => zk.stop());
    const dir = tempDir();
    const spool = new Spool(path.join(dir, 'spool.sqlite'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }), () => spool.close());
    const terminal: ConnectorTerminal = {
      id: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d70',
      name: 'Realtime 44',
      protocol: 'zk-tcp',
      serial: 'RT-44',
      host: '127.0.0.1',
      port: zk.port,
      serialPath: null,
      baudRate: null,
      machineNumber: 1,
      commKey: 0,
      timeZone: 'Asia/Kolkata',
      // A long poll interval: only the anomaly can make the worker read the log in time.
      pollSeconds: 3600,
      enabled: true,
      userIdMap: {},
    };
    const worker = new TerminalWorker(terminal, 'Asia/Kolkata', {
      spool,
      logger: testLogger(),
      spooled: () => undefined,
      now: () => new Date(),
      options: { fullReadEverySeconds: 3600, reconnect: { initialMs: 50, maxMs: 200 }, timeoutMs: 1_000 },
    });
    cleanups.push(() => worker.stop());
    worker.start();
    await expect.poll(() => worker.status.state).toBe('online');
    // Wait until the worker has registered for events (the first poll is done).
    await expect.poll(() => worker.status.lastReadAt !== null || worker.status.recordsOnTerminal === 0).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    zk.addPunch({ userId: '1001', time: TIME, state: 0 });
    await expect.poll(() => worker.status.anomalies ?? 0).toBe(1);
    const alerts = spool.alerts().filter((a) => a.kind === REALTIME_ANOMALY);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toMatch(/44 bytes match no realtime attendance layout/);
    await expect.poll(() => spool.pending(10).map((r) => (JSON.parse(r.body) as { terminalUserId: number; at: string }).terminalUserId)).toEqual([1001]);
    expect(JSON.parse(spool.pending(1)[0]!.body)).toMatchObject({ at: '2026-11-25T14:31:05+05:30' });
  });
});
