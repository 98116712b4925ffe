// Emulated terminal → connector → the real server, for every protocol: each punch arrives exactly once.
import { describe, expect, it } from 'vitest';
import { AnvizEmulator } from '../../connector/src/emulator/anviz-emulator.ts';
import { AdmsTerminal, FkTerminal } from '../../connector/src/emulator/push-terminals.ts';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import type { LocalDateTime } from '../../connector/src/local-time.ts';
import { freePort } from '../support/process.ts';
import { databaseFile, expectedKeys, type InProcessConnector, registerTerminal, serverPunchKeys, startConnector, useE2eServer } from './e2e-support.ts';
import { ptyPair } from './support.ts';

const { env, cleanups, keep } = useE2eServer();

const day = (i: number): LocalDateTime => ({ year: 2026, month: 11, day: 10 + (i % 10), hour: 8 + (i % 9), minute: (i * 7) % 60, second: (i * 13) % 60 });

async function connector(): Promise<InProcessConnector> {
  return keep(await startConnector(env.server.url));
}

const zkKeys = (zk: ZkEmulator) => expectedKeys(zk.records.map((r) => ({ userId: r.userId, time: r.time, state: r.state })));

describe('emulator → connector → server', () => {
  it('ZK over TCP: the whole log, realtime punches, state 255 and duplicates arrive exactly once; non-numeric ids wait as dead letters', async () => {
    // A terminal that serves one client at a time, as many do: the connector never needs a second.
    const zk = keep(await new ZkEmulator({ serial: 'E2E-ZK-TCP', timeZone: 'Asia/Kolkata', faults: { refuseSecondClient: true } }).start());
    zk.fillLog(Array.from({ length: 300 }, (_, i) => ({ userId: String(1001 + (i % 145)), time: day(i), state: i % 2 })));
    zk.fillLog([{ userId: '1001', time: day(0), state: 0 }]); // the terminal recorded one punch twice
    zk.fillLog([{ userId: 'A12', time: day(5), state: 0 }, { userId: '1002', time: day(7), state: 255 }]);
    await registerTerminal(env.admin, { name: 'E2E ZK TCP', protocol: 'zk-tcp', serial: 'E2E-ZK-TCP', host: '127.0.0.1', port: zk.port });
    const c = await connector();
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-ZK-TCP').length, { timeout: 20_000 }).toBe(zkKeys(zk).length);
    // Live punches while connected.
    for (let i = 0; i < 5; i++) zk.addPunch({ userId: String(1100 + i), state: i % 2 });
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-ZK-TCP'), { timeout: 20_000 }).toEqual(zkKeys(zk));
    expect(c.connector.spool.deadLetters().map((d) => d.reason)).toEqual([expect.stringMatching(/"A12" is not a plain number/)]);
    expect(zk.stats).toMatchObject({ connections: 1, refused: 0 });
    // The keep-alive reports the connector's view to the registry.
    await expect
      .poll(async () => (await env.admin.get<{ items: { serial: string; connectorState: string | null; backlog: number | null; deadLetters: number | null }[] }>('/api/terminals')).body.items.find((t) => t.serial === 'E2E-ZK-TCP'), { timeout: 10_000 })
      .toMatchObject({ connectorState: 'online', backlog: 0, deadLetters: 1 });
  });

  it('ZK over UDP with a comm key and a skewed clock', async () => {
    const zk = keep(await new ZkEmulator({ serial: 'E2E-ZK-UDP', timeZone: 'Asia/Kolkata', commKey: 4242, tcp: false }).start());
    zk.clock.jump(300);
    zk.fillLog(Array.from({ length: 1200 }, (_, i) => ({ userId: String(1001 + (i % 145)), time: day(i + 3), state: i % 2 })));
    await registerTerminal(env.admin, { name: 'E2E ZK UDP', protocol: 'zk-udp', serial: 'E2E-ZK-UDP', host: '127.0.0.1', port: zk.port, commKey: 4242 });
    await connector();
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-ZK-UDP'), { timeout: 20_000 }).toEqual(zkKeys(zk));
    await expect
      .poll(async () => (await env.admin.get<{ items: { serial: string; clockSkewSeconds: number | null }[] }>('/api/terminals')).body.items.find((t) => t.serial === 'E2E-ZK-UDP')?.clockSkewSeconds, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(298);
  });

  it('Anviz over TCP and over a serial line', async () => {
    const tcp = keep(await new AnvizEmulator({ serial: 'E2E-ANVIZ-TCP', deviceId: 1, timeZone: 'Asia/Kolkata', port: 0 }).start());
    tcp.fillLog(Array.from({ length: 130 }, (_, i) => ({ userCode: 1001 + (i % 145), time: day(i), recordType: i % 2 })));
    const pty = await ptyPair();
    cleanups.push(() => pty.close());
    const serial = keep(await new AnvizEmulator({ serial: 'E2E-ANVIZ-SER', deviceId: 5, timeZone: 'Asia/Kolkata', serialPath: pty.a }).start());
    serial.fillLog(Array.from({ length: 60 }, (_, i) => ({ userCode: 1050 + (i % 20), time: day(i + 1), recordType: 255 })));
    await registerTerminal(env.admin, { name: 'E2E Anviz TCP', protocol: 'anviz-tcp', serial: 'E2E-ANVIZ-TCP', host: '127.0.0.1', port: tcp.port, machineNumber: 1 });
    await registerTerminal(env.admin, { name: 'E2E Anviz serial', protocol: 'anviz-serial', serial: 'E2E-ANVIZ-SER', serialPath: pty.b, baudRate: 9600, machineNumber: 5 });
    await connector();
    const anvizKeys = (e: AnvizEmulator) => expectedKeys(e.records.map((r) => ({ userId: String(r.userCode), time: r.time, state: r.recordType })));
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-ANVIZ-TCP'), { timeout: 20_000 }).toEqual(anvizKeys(tcp));
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-ANVIZ-SER'), { timeout: 20_000 }).toEqual(anvizKeys(serial));
    tcp.addPunch({ userCode: 1144, recordType: 1 });
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-ANVIZ-TCP'), { timeout: 20_000 }).toEqual(anvizKeys(tcp));
  });

  it('ZKTeco ADMS push and FK log-server push, acknowledged only once spooled', async () => {
    const admsPort = await freePort();
    const fkPort = await freePort();
    await registerTerminal(env.admin, { name: 'E2E ADMS', protocol: 'zk-push', serial: 'E2E-ADMS-1', host: '127.0.0.1', port: admsPort });
    await registerTerminal(env.admin, { name: 'E2E FK', protocol: 'fk-push', serial: 'E2E-FK-1', host: '127.0.0.1', port: fkPort, machineNumber: 4 });
    const c = await connector();
    await expect.poll(() => c.connector.status().connector.config.source).toBe('server');
    const adms = keep(new AdmsTerminal({ baseUrl: `http://127.0.0.1:${admsPort}`, serial: 'E2E-ADMS-1', timeZone: 'Asia/Kolkata', intervalMs: 100 }));
    const fk = keep(new FkTerminal({ host: '127.0.0.1', port: fkPort, serial: 'E2E-FK-1', timeZone: 'Asia/Kolkata', terminalId: 4 }));
    for (let i = 0; i < 40; i++) {
      adms.addPunch({ userId: String(1001 + i), time: day(i), state: String(i % 2) });
      fk.addPunch({ userId: String(1001 + i), time: day(i), state: i % 2 ? 'Duty Off' : 'Duty On' });
    }
    adms.start();
    fk.start();
    await expect.poll(() => adms.unsent + fk.unsent, { timeout: 20_000 }).toBe(0);
    const keysOf = (t: AdmsTerminal | FkTerminal) => expectedKeys(t.records.map((r) => ({ userId: r.userId, time: r.time, state: r.state })));
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-ADMS-1'), { timeout: 20_000 }).toEqual(keysOf(adms));
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-FK-1'), { timeout: 20_000 }).toEqual(keysOf(fk));
    expect(c.connector.status().terminals.map((t) => [t.serial, t.protocol]).sort()).toEqual([
      ['E2E-ADMS-1', 'zk-push'],
      ['E2E-FK-1', 'fk-push'],
    ]);
  });
});
