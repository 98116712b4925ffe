// Emulated terminals → connector → the real server: a terminal the connector cannot reach (a polled one
// whose emulator stopped, a push one that stopped calling) shows offline on the server with the reason,
// and its last contact stops advancing although keep-alives keep coming.
import { describe, expect, it } from 'vitest';
import { FkTerminal } from '../../connector/src/emulator/push-terminals.ts';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import type { Terminal } from '../../shared/terminals.ts';
import { freePort } from '../support/process.ts';
import { registerTerminal, startConnector, useE2eServer } from './e2e-support.ts';
import { sleep } from './support.ts';

const { env, cleanups, keep } = useE2eServer();

async function row(id: string): Promise<Terminal> {
  return ((await env.admin.get('/api/terminals')).body.items as Terminal[]).find((t) => t.id === id)!;
}

describe('terminals the connector cannot reach', () => {
  it('show offline with the reason, and their last contact stops advancing', async () => {
    const zk = await new ZkEmulator({ serial: 'E2E-STATE-ZK', timeZone: 'Asia/Kolkata' }).start();
    let zkRunning = true;
    cleanups.push(async () => {
      if (zkRunning) await zk.stop();
    });
    const fkPort = await freePort();
    const polled = await registerTerminal(env.admin, { name: 'E2E state ZK', protocol: 'zk-tcp', host: '127.0.0.1', port: zk.port, serial: 'E2E-STATE-ZK' });
    const pushed = await registerTerminal(env.admin, { name: 'E2E state FK', protocol: 'fk-push', serial: 'E2E-STATE-FK', port: fkPort });
    const c = keep(await startConnector(env.server.url, { keepAliveMs: 250, pushSilenceMs: 1_000, worker: { reconnect: { initialMs: 100, maxMs: 300 }, timeoutMs: 500 } }));
    await expect.poll(() => c.connector.status().connector.config.source).toBe('server');
    const fk = keep(new FkTerminal({ host: '127.0.0.1', port: fkPort, serial: 'E2E-STATE-FK', timeZone: 'Asia/Kolkata' }));
    fk.addPunch({ userId: '1001' });
    fk.start();

    await expect.poll(async () => [(await row(polled.id)).connectorState, (await row(pushed.id)).connectorState], { timeout: 10_000 }).toEqual(['online', 'online']);
    expect((await row(polled.id)).online).toBe(true);
    expect((await row(pushed.id)).online).toBe(true);

    // Unplugged: the polled one refuses connections, the push one stops calling.
    await zk.stop();
    zkRunning = false;
    await fk.stop();
    await expect.poll(async () => [(await row(polled.id)).connectorState, (await row(pushed.id)).connectorState], { timeout: 10_000 }).toEqual(['offline', 'offline']);
    const zkRow = await row(polled.id);
    const fkRow = await row(pushed.id);
    expect(zkRow.online).toBe(false);
    expect(zkRow.connectorDetail).toBeTruthy();
    expect(fkRow.online).toBe(false);
    expect(fkRow.connectorDetail).toContain('no message from the terminal since');
    expect(c.connector.status().terminals.find((t) => t.serial === 'E2E-STATE-FK')?.state).toBe('offline');

    // Keep-alives go on (the connector is fine), but they are not contact.
    await sleep(1_200);
    const later = [await row(polled.id), await row(pushed.id)];
    expect(later.map((t) => t.lastContactAt)).toEqual([zkRow.lastContactAt, fkRow.lastContactAt]);
    expect(later.map((t) => [t.connectorState, t.online])).toEqual([
      ['offline', false],
      ['offline', false],
    ]);
  });
});
