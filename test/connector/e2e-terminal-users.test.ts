// Emulated terminal → connector → the real server: non-numeric user ids mapped on the server and sent by
// the connector by itself (exactly once each), a terminal registered by address without a serial, and a
// push terminal registered through the API served on its port.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { AdmsTerminal } from '../../connector/src/emulator/push-terminals.ts';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import type { LocalDateTime } from '../../connector/src/local-time.ts';
import { RawUserList, type Terminal } from '../../shared/terminals.ts';
import { freePort } from '../support/process.ts';
import { databaseFile, expectedKeys, punchKeyOf, registerTerminal, serverPunchKeys, startConnector, useE2eServer } from './e2e-support.ts';

const { env, keep } = useE2eServer();

const day = (i: number): LocalDateTime => ({ year: 2026, month: 11, day: 10 + (i % 10), hour: 8 + (i % 9), minute: (i * 7) % 60, second: (i * 11) % 60 });

/** The demo employee whose biometric id this is. */
function employeeWithTerminalUserId(n: number): string {
  const db = new Database(databaseFile(env.server.dataDir), { readonly: true });
  try {
    return (db.prepare<[number], { id: string }>('SELECT id FROM employee WHERE terminal_user_id = ?').get(n) as { id: string }).id;
  } finally {
    db.close();
  }
}

const rawUsers = async (terminalId: string) => RawUserList.parse((await env.admin.get('/api/terminals/raw-users')).body).items.filter((r) => r.terminal.id === terminalId);

describe('non-numeric terminal user ids, end to end', () => {
  it('are reported, mapped on the server ("map to employee", "map to number"), and sent by the connector once each', async () => {
    const zk = keep(await new ZkEmulator({ serial: 'E2E-RAW-ZK', timeZone: 'Asia/Kolkata' }).start());
    const plain = Array.from({ length: 20 }, (_, i) => ({ userId: String(1001 + i), time: day(i), state: i % 2 }));
    zk.fillLog(plain);
    zk.fillLog([
      { userId: 'A12', time: day(30), state: 0 },
      { userId: 'A12', time: day(31), state: 1 },
      { userId: 'A12', time: day(32), state: 0 },
      { userId: '007', time: day(33), state: 0 },
      { userId: '007', time: day(34), state: 1 },
      { userId: 'B-9', time: day(35), state: 0 },
    ]);
    // Registered by address only: the first record fills in the serial (no second registry row).
    const terminal = await registerTerminal(env.admin, { name: 'E2E raw ids', protocol: 'zk-tcp', host: '127.0.0.1', port: zk.port });
    const c = keep(await startConnector(env.server.url));
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-RAW-ZK'), { timeout: 20_000 }).toEqual(expectedKeys(plain.map((p) => ({ ...p }))));
    const rows = ((await env.admin.get('/api/terminals')).body.items as Terminal[]).filter((t) => t.serial === 'E2E-RAW-ZK');
    expect(rows.map((t) => t.id)).toEqual([terminal.id]);

    // The keep-alive tells the server which ids wait, and how many records each.
    await expect
      .poll(async () => (await rawUsers(terminal.id)).map((r) => [r.rawUserId, r.records]), { timeout: 10_000 })
      .toEqual([
        ['007', 2],
        ['A12', 3],
        ['B-9', 1],
      ]);
    expect(((await env.admin.get('/api/terminals')).body.items as Terminal[]).find((t) => t.id === terminal.id)?.unmappedUserIds).toBe(3);

    const a12Employee = employeeWithTerminalUserId(1110);
    const toEmployee = await env.admin.post('/api/terminals/raw-users', { terminalId: terminal.id, rawUserId: 'A12', employeeId: a12Employee });
    expect(toEmployee.body).toMatchObject({ terminalUserId: 1110, employee: { id: a12Employee } });
    expect((await env.admin.post('/api/terminals/raw-users', { terminalId: terminal.id, rawUserId: '007', terminalUserId: 1107 })).status).toBe(200);

    const withMapped = [...plain, { userId: '1110', time: day(30), state: 0 }, { userId: '1110', time: day(31), state: 1 }, { userId: '1110', time: day(32), state: 0 }, { userId: '1107', time: day(33), state: 0 }, { userId: '1107', time: day(34), state: 1 }];
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-RAW-ZK'), { timeout: 20_000 }).toEqual(expectedKeys(withMapped));
    // The mapped punches belong to the employee.
    const db = new Database(databaseFile(env.server.dataDir), { readonly: true });
    const owners = db.prepare<[], { employee_id: string | null }>("SELECT employee_id FROM punch WHERE terminal_serial = 'E2E-RAW-ZK' AND terminal_user_id = 1110").all();
    db.close();
    expect(owners.map((o) => o.employee_id)).toEqual([a12Employee, a12Employee, a12Employee]);
    // Once each: the connector sent each held-back record once, the rest stays held back.
    await new Promise((r) => setTimeout(r, 2_500)); // a few more configuration refreshes and keep-alives
    expect(c.connector.sender.state).toMatchObject({ duplicates: 0 });
    expect(c.connector.spool.count('sent')).toBe(25);
    expect(c.connector.spool.deadLetters().map((d) => (d.raw as { punch: { userId: string } }).punch.userId)).toEqual(['B-9']);
    expect(serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-RAW-ZK')).toHaveLength(25);
    await expect
      .poll(async () => (await rawUsers(terminal.id)).map((r) => [r.rawUserId, r.records, r.terminalUserId]), { timeout: 10_000 })
      .toEqual([
        ['B-9', 1, null],
        ['007', 0, 1107],
        ['A12', 0, 1110],
      ]);

    // A new punch of a mapped id goes straight through.
    zk.addPunch({ userId: 'A12', state: 1 });
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-RAW-ZK').length, { timeout: 20_000 }).toBe(26);
    expect(c.connector.spool.count('dead')).toBe(1);
  });
});

describe('push terminals registered through the API', () => {
  it('are served by the connector on the port in the registry (all addresses when no host is set)', async () => {
    const port = await freePort();
    await registerTerminal(env.admin, { name: 'E2E ADMS port', protocol: 'zk-push', serial: 'E2E-ADMS-PORT', port });
    const c = keep(await startConnector(env.server.url));
    await expect.poll(() => c.connector.status().connector.config.source).toBe('server');
    const adms = keep(new AdmsTerminal({ baseUrl: `http://127.0.0.1:${port}`, serial: 'E2E-ADMS-PORT', timeZone: 'Asia/Kolkata', intervalMs: 100 }));
    for (let i = 0; i < 12; i++) adms.addPunch({ userId: String(1001 + i), time: day(i), state: String(i % 2) });
    adms.start();
    await expect.poll(() => serverPunchKeys(databaseFile(env.server.dataDir), 'E2E-ADMS-PORT'), { timeout: 20_000 }).toEqual(
      [...new Set(adms.records.map((r) => punchKeyOf(r.userId, r.time, r.state)))].sort(),
    );
    expect(adms.unsent).toBe(0);
  });
});
