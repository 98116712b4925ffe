// The Anviz driver against the emulator: over TCP, and over a real pseudo-terminal pair (socat).
import { afterEach, describe, expect, it } from 'vitest';
import { AnvizDriver, type AnvizLink } from '../../connector/src/drivers/anviz.ts';
import { DriverError, type RawPunch } from '../../connector/src/drivers/types.ts';
import { AnvizEmulator, type AnvizEmulatorOptions } from '../../connector/src/emulator/anviz-emulator.ts';
import { formatLocal, localToInstant } from '../../connector/src/local-time.ts';
import { ptyPair, type PtyPair } from './support.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function emulator(options: Partial<AnvizEmulatorOptions> = {}) {
  const e = await new AnvizEmulator({ serial: 'EMU-ANVIZ-0001', deviceId: 1, timeZone: 'Asia/Kolkata', port: 0, ...options }).start();
  cleanups.push(() => e.stop());
  return e;
}

function driver(link: AnvizLink, deviceId = 1, timeoutMs = 1_000) {
  const d = new AnvizDriver({ link, deviceId, timeoutMs });
  cleanups.push(() => d.disconnect());
  return d;
}

function fill(e: AnvizEmulator, n: number) {
  e.fillLog(
    Array.from({ length: n }, (_, i) => ({
      userCode: 1001 + (i % 145),
      time: { year: 2026, month: 11, day: 1 + (Math.floor(i / 500) % 28), hour: 7 + (Math.floor(i / 60) % 10), minute: i % 60, second: (i * 13) % 60 },
      recordType: i % 2,
    })),
  );
}

const key = (p: RawPunch) => `${p.userId}|${formatLocal(p.local)}|${p.state}`;
const emuKey = (e: AnvizEmulator) => e.records.map((r) => `${r.userCode}|${formatLocal(r.time)}|${r.recordType}`);

async function readAll(d: AnvizDriver): Promise<RawPunch[]> {
  const out: RawPunch[] = [];
  await d.readLog((r) => out.push(...r));
  return out;
}

describe('Anviz driver over TCP', () => {
  it('reads serial, type, clock and the whole log page by page', async () => {
    const e = await emulator();
    fill(e, 260);
    e.clock.jump(-30);
    const d = driver({ kind: 'tcp', host: '127.0.0.1', port: e.port });
    expect(await d.connect()).toMatchObject({ serial: 'EMU-ANVIZ-0001', name: 'TC-B-N', recordCount: 260, firmware: '02.20.02' });
    const skew = localToInstant(await d.readClock(), 'Asia/Kolkata').getTime() - Date.now();
    expect(Math.abs(skew + 30_000)).toBeLessThan(2_000);
    expect((await readAll(d)).map(key)).toEqual(emuKey(e));
    expect(e.stats.pageRequests).toBe(11);
  });

  it('sets the clock', async () => {
    const e = await emulator();
    e.clock.jump(3600);
    const d = driver({ kind: 'tcp', host: '127.0.0.1', port: e.port });
    await d.connect();
    await d.setClock({ year: 2026, month: 11, day: 21, hour: 9, minute: 0, second: 0 });
    expect(formatLocal(await d.readClock())).toMatch(/^2026-11-21T09:00:0[01]$/);
  });

  it('restarts the read when a page is dropped, and survives split replies', async () => {
    const e = await emulator({ faults: { dropPages: 1, splitWrites: 5 } });
    fill(e, 120);
    const d = driver({ kind: 'tcp', host: '127.0.0.1', port: e.port }, 1, 300);
    await d.connect();
    expect((await readAll(d)).map(key).slice(-120)).toEqual(emuKey(e));
    expect(e.stats.droppedPages).toBe(1);
  });

  it('fails the read when the connection resets mid-log', async () => {
    const e = await emulator({ faults: { resetAfterPages: 3 } });
    fill(e, 200);
    const d = driver({ kind: 'tcp', host: '127.0.0.1', port: e.port });
    await d.connect();
    await expect(readAll(d)).rejects.toBeInstanceOf(DriverError);
  });

  it('notices a reboot and reads again on a new connection; refuses a second client when the terminal does', async () => {
    const e = await emulator({ faults: { refuseSecondClient: true } });
    fill(e, 30);
    const d = driver({ kind: 'tcp', host: '127.0.0.1', port: e.port });
    const closed = new Promise<void>((resolve) => d.onClose(() => resolve()));
    await d.connect();
    await expect(driver({ kind: 'tcp', host: '127.0.0.1', port: e.port }, 1, 300).connect()).rejects.toBeInstanceOf(DriverError);
    e.reboot();
    await closed;
    const again = driver({ kind: 'tcp', host: '127.0.0.1', port: e.port });
    await again.connect();
    expect((await readAll(again)).length).toBe(30);
  });

  it('reads a punch added during a read on the next read', async () => {
    const e = await emulator();
    fill(e, 60);
    e.punchesDuringRead.push({ userCode: 1099, recordType: 1 });
    const d = driver({ kind: 'tcp', host: '127.0.0.1', port: e.port });
    await d.connect();
    expect((await readAll(d)).length).toBe(60);
    expect((await readAll(d)).length).toBe(61);
  });
});

describe('Anviz driver over a serial line (socat pty pair)', () => {
  let pty: PtyPair;

  it('talks to the terminal through the pseudo-terminal, ignoring noise and other device ids', async () => {
    pty = await ptyPair();
    cleanups.push(() => pty.close());
    const e = await emulator({ port: undefined, serialPath: pty.a, deviceId: 7, faults: { noiseBeforeReplies: true } });
    fill(e, 80);
    const wrongId = driver({ kind: 'serial', path: pty.b, baudRate: 9600 }, 3, 300);
    await expect(wrongId.connect()).rejects.toThrow(/no reply/);
    await wrongId.disconnect();
    const d = driver({ kind: 'serial', path: pty.b, baudRate: 9600 }, 7);
    expect(await d.connect()).toMatchObject({ serial: 'EMU-ANVIZ-0001', recordCount: 80 });
    expect((await readAll(d)).map(key)).toEqual(emuKey(e));
  });
});
