// Refuse what cannot be read; never invent a punch. A K40's published attendance block (js_zklib
// issue 53: 120 bytes for 3 records, no documented layout) is refused with its bytes and the
// reason; realtime events of an unknown size are counted anomalies; both show on the Terminals page.
import { describe, expect, it } from 'vitest';
import type { RawPunch } from '../../connector/src/drivers/types.ts';
import { UndecodableBlock } from '../../connector/src/drivers/types.ts';
import { ZkDriver } from '../../connector/src/drivers/zk.ts';
import { encodeAttEvent, encodeRecord, encodeZkTime } from '../../connector/src/drivers/zk-codec.ts';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import type { Terminal } from '../../shared/terminals.ts';
import { databaseFile, registerTerminal, serverPunchKeys, startConnector, useE2eServer } from './e2e-support.ts';
import { loadTrace } from './traces.ts';

const { env, cleanups, keep } = useE2eServer();

/** The K40's 120-byte attendance data, as the CMD_DATA packet of the capture carries it after its 4-byte size. */
function k40Block(): Buffer {
  const lines = loadTrace('zk/11-js-zklib-k40-undecodable-attlog.txt').data.trim().split('\n');
  const packet = Buffer.from(lines[4]! + lines[5]!, 'hex');
  return packet.subarray(16 + 4);
}

const day = (i: number) => ({ year: 2026, month: 11, day: 2 + (i % 20), hour: 9, minute: i % 60, second: 0 });

async function emulator(options: Partial<ConstructorParameters<typeof ZkEmulator>[0]> & { serial: string }) {
  const zk = await new ZkEmulator({ timeZone: 'Asia/Kolkata', ...options }).start();
  cleanups.push(() => zk.stop());
  return zk;
}

async function readAll(zk: ZkEmulator): Promise<{ punches: RawPunch[]; error?: unknown }> {
  const driver = new ZkDriver({ host: '127.0.0.1', port: zk.port, transport: 'tcp', commKey: 0, timeoutMs: 2_000 });
  cleanups.push(() => driver.disconnect());
  await driver.connect();
  const punches: RawPunch[] = [];
  try {
    await driver.readLog((r) => punches.push(...r));
    return { punches };
  } catch (error) {
    return { punches, error };
  }
}

describe('ZK log blocks that no layout reads', () => {
  it('refuses the K40 block (3 records in 120 bytes) with its bytes, instead of user "5\\x80/3\\x01" punching in 2000', async () => {
    const block = k40Block();
    expect(block.length).toBe(120);
    const zk = await emulator({ serial: 'K40-DRIVER', attendanceTable: () => block });
    zk.fillLog([0, 1, 2].map((i) => ({ userId: '3', time: day(i) })));
    const { punches, error } = await readAll(zk);
    expect(punches).toEqual([]);
    expect(error).toBeInstanceOf(UndecodableBlock);
    const refused = error as UndecodableBlock;
    expect(refused.message).toMatch(/120-byte attendance block \(3 records reported\) cannot be read: as 40-byte records 3 of the first 3 are implausible/);
    expect(refused.message).toMatch(/user id "5\\x80\/3\\x01" is not printable text/);
    expect(refused.raw.subarray(4).equals(block)).toBe(true);
  });

  it('refuses a block whose size fits no layout for the count reported', async () => {
    const zk = await emulator({ serial: 'ODD-SIZE', attendanceTable: () => Buffer.alloc(44, 7) });
    zk.fillLog([0, 1].map((i) => ({ userId: '3', time: day(i) })));
    const { error } = await readAll(zk);
    expect((error as Error).message).toMatch(/44 bytes is a whole number of none of the 40-, 16- and 8-byte record layouts/);
  });

  it('keeps a single implausible record of a good log back (with its bytes) and reads the rest', async () => {
    const good = Array.from({ length: 20 }, (_, i) => encodeRecord({ uid: i + 1, userId: String(1001 + i), time: day(i), state: 0, verify: 1 }, 40));
    good[7] = encodeRecord({ uid: 8, userId: '\u0001\u0002', time: day(7), state: 0, verify: 1 }, 40);
    good[9] = encodeRecord({ uid: 10, userId: '1010', time: day(9), state: 0, verify: 1, packedTime: encodeZkTime({ year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 3 }) }, 40);
    const zk = await emulator({ serial: 'ONE-BAD', attendanceTable: () => Buffer.concat(good) });
    zk.fillLog(Array.from({ length: 20 }, (_, i) => ({ userId: String(1001 + i), time: day(i) })));
    const { punches, error } = await readAll(zk);
    expect(error).toBeUndefined();
    expect(punches).toHaveLength(20);
    const unreadable = punches.filter((p) => p.unreadable);
    expect(unreadable.map((p) => p.unreadable)).toEqual([
      expect.stringMatching(/^record 8 of the terminal's log cannot be a punch \(user id "\\x01\\x02" is not printable text\); its bytes: 0800/),
      expect.stringMatching(/^record 10 of the terminal's log cannot be a punch \(time 2000-01-01T00:00:03 is before 2000-01-02T00:00:00/),
    ]);
    expect(unreadable[0]!.raw).toBe(good[7]!.toString('hex'));
  });
});

describe('on the Terminals page', () => {
  it('the refused block is a dead letter with its bytes and an alert, and nothing reaches the server; unreadable events are counted', async () => {
    let k40Reads = 0;
    const k40 = await emulator({
      serial: 'E2E-K40',
      attendanceTable: () => {
        k40Reads++;
        return k40Block();
      },
    });
    k40.fillLog([0, 1, 2].map((i) => ({ userId: '3', time: day(i) })));
    const odd = await emulator({ serial: 'E2E-RT44', eventPayload: (p) => Buffer.concat([encodeAttEvent(p, 36), Buffer.alloc(8)]) });
    const k40Row = await registerTerminal(env.admin, { name: 'E2E K40', protocol: 'zk-tcp', host: '127.0.0.1', port: k40.port, serial: 'E2E-K40' });
    const oddRow = await registerTerminal(env.admin, { name: 'E2E RT44', protocol: 'zk-tcp', host: '127.0.0.1', port: odd.port, serial: 'E2E-RT44' });
    const c = keep(await startConnector(env.server.url, { keepAliveMs: 250 }));
    const row = async (id: string) => ((await env.admin.get('/api/terminals')).body.items as Terminal[]).find((t) => t.id === id)!;

    await expect.poll(async () => (await row(k40Row.id)).connectorDetail ?? '', { timeout: 15_000 }).toMatch(/^Alert: terminal data refused as undecodable \(1 in 24 h, kept as dead letters, nothing sent\)/);
    const k40Terminal = await row(k40Row.id);
    expect(k40Terminal.deadLetters).toBe(1);
    expect(k40Terminal.connectorState).toBe('online');
    const dead = c.connector.spool.deadLetters().filter((d) => d.serial === 'E2E-K40');
    expect(dead).toHaveLength(1);
    expect(dead[0]!.reason).toContain(k40Block().toString('hex'));
    expect(JSON.stringify(dead[0]!.raw)).toContain(k40Block().toString('hex'));
    expect(serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-K40')).toEqual([]);

    // The block is read again at each poll (the cursor stays), and kept once.
    await expect.poll(() => k40Reads, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

    await expect.poll(async () => (await row(oddRow.id)).connectorState, { timeout: 10_000 }).toBe('online');
    await new Promise((r) => setTimeout(r, 300));
    odd.addPunch({ userId: '1001', time: day(3), state: 0 });
    odd.addPunch({ userId: '1002', time: day(4), state: 1 });
    await expect.poll(async () => (await row(oddRow.id)).connectorDetail ?? '', { timeout: 15_000 }).toMatch(/^2 realtime events not understood in 24 h \(the log read collects the punches\); latest: E2E RT44: realtime attendance event not understood: 44 bytes/);
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-RT44'), { timeout: 15_000 }).toEqual(['1001|2026-11-05T09:03:00|0', '1002|2026-11-06T09:04:00|1']);
    expect(c.connector.spool.deadLetters().filter((d) => d.serial === 'E2E-K40')).toHaveLength(1);
    expect(c.connector.spool.alerts().filter((a) => a.kind === 'undecodable-block')).toHaveLength(1);
  }, 60_000);
});
