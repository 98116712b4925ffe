// The local status endpoint (127.0.0.1, JSON) and the `connector status` CLI, with the real server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStatus } from '../../connector/src/cli.ts';
import type { ConnectorStatus } from '../../connector/src/connector.ts';
import { ZkEmulator } from '../../connector/src/emulator/zk-emulator.ts';
import { startStatusServer, statusFilePath, type StatusFile, type StatusServer } from '../../connector/src/status-server.ts';
import { REPO } from '../support/process.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { ADMIN, disableExistingTerminals, registerTerminal, startConnector, type InProcessConnector } from './e2e-support.ts';

let server: TestServer;
let zk: ZkEmulator;
let c: InProcessConnector;
let status: StatusServer;

beforeAll(async () => {
  server = await startServer({ template: 'demo' });
  const admin = await server.login(ADMIN);
  await disableExistingTerminals(admin);
  zk = await new ZkEmulator({ serial: 'STATUS-ZK', timeZone: 'Asia/Kolkata' }).start();
  zk.fillLog([{ userId: '1001', time: { year: 2026, month: 11, day: 20, hour: 9, minute: 0, second: 0 } }, { userId: 'A12' }]);
  zk.clock.jump(-300);
  await registerTerminal(admin, { name: 'Status gate', protocol: 'zk-tcp', serial: 'STATUS-ZK', host: '127.0.0.1', port: zk.port });
  c = await startConnector(server.url);
  status = await startStatusServer(c.connector, c.dataDir, 0);
  const deadline = Date.now() + 20_000;
  while (c.connector.status().totals.sent < 1 || c.connector.status().terminals[0]?.clockSkewSeconds == null) {
    if (Date.now() > deadline) throw new Error('the connector did not deliver the first punch');
    await new Promise((r) => setTimeout(r, 100));
  }
}, 60_000);

afterAll(async () => {
  await status.close();
  await c.stop();
  await zk.stop();
  await server.close();
});

/** Runs `connector/src/cli.ts` with arguments, as `npm run connector:status -- …` does. */
function runCli(args: string[], dataDir = c.dataDir): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'connector/src/cli.ts'), ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH, MUSTER_CONNECTOR_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}

describe('status endpoint', () => {
  it('answers JSON on loopback: terminals, last read, backlog, dead letters, errors', async () => {
    expect(status.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${status.url}/status`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ConnectorStatus;
    expect(body.connector.config.source).toBe('server');
    expect(body.totals).toEqual({ backlog: 0, sent: 1, deadLetters: 1 });
    const terminal = body.terminals.find((t) => t.serial === 'STATUS-ZK');
    expect(terminal).toMatchObject({ name: 'Status gate', state: 'online', backlog: 0, deadLetters: 1, recordsOnTerminal: 2 });
    expect(terminal?.clockSkewSeconds).toBeLessThan(-290);
    expect(terminal?.lastReadAt).not.toBeNull();
    expect(body.alerts.some((a) => a.kind === 'dead-letter' && a.message.includes('"A12"'))).toBe(true);
    const file = JSON.parse(fs.readFileSync(statusFilePath(c.dataDir), 'utf8')) as StatusFile;
    expect(file.url).toBe(status.url);
    expect((fs.statSync(statusFilePath(c.dataDir)).mode & 0o777).toString(8)).toBe('600');
  });

  it('refuses operator actions without the token from the status file', async () => {
    const res = await fetch(`${status.url}/dead-letters/retry`, { method: 'POST' });
    expect(res.status).toBe(401);
  });

  it('formats the status for people', () => {
    const text = formatStatus(c.connector.status());
    expect(text).toMatch(/Terminal list: server/);
    expect(text).toMatch(/Status gate\s+zk-tcp\s+STATUS-ZK\s+online/);
    expect(text).toMatch(/dead letters 1/);
  });
});

describe('connector CLI', () => {
  it('prints the status for people, and as JSON', async () => {
    const text = await runCli(['status']);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/Status gate\s+zk-tcp\s+STATUS-ZK\s+online/);
    const json = await runCli(['status', '--json']);
    expect((JSON.parse(json.out) as ConnectorStatus).totals.sent).toBe(1);
  });

  it('sets a terminal clock as an explicit operator action', async () => {
    const run = await runCli(['set-clock', 'STATUS-ZK']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.out) as { skewBeforeSeconds: number }).skewBeforeSeconds).toBeLessThan(-290);
    expect(Math.abs(zk.clock.offsetSeconds)).toBeLessThanOrEqual(2);
    expect(c.connector.spool.alerts()[0]).toMatchObject({ kind: 'clock-set' });
    expect((await runCli(['set-clock', 'NO-SUCH-TERMINAL'])).code).toBe(1);
  });

  it('re-queues dead letters on request', async () => {
    const run = await runCli(['retry-dead-letters']);
    expect(run.code).toBe(0);
    // "A12" still cannot be sent: it stays a dead letter.
    expect(JSON.parse(run.out)).toEqual({ requeued: 0 });
    expect(c.connector.spool.count('dead')).toBe(1);
  });

  it('queues a read-only command for an ADMS terminal, and refuses one that would change its data', async () => {
    const run = await runCli(['adms-command', 'ADMS-CLI-1', 'DATA', 'QUERY', 'ATTLOG', 'StartTime=2026-11-01 00:00:00\tEndTime=2026-11-02 00:00:00']);
    expect(run.code).toBe(0);
    const { id } = JSON.parse(run.out) as { id: number };
    expect(c.connector.spool.takeAdmsCommands('ADMS-CLI-1')).toEqual([{ id, command: 'DATA QUERY ATTLOG StartTime=2026-11-01 00:00:00\tEndTime=2026-11-02 00:00:00' }]);
    const clear = await runCli(['adms-command', 'ADMS-CLI-1', 'CLEAR', 'LOG']);
    expect(clear.code).toBe(1);
    expect(clear.out).toMatch(/never clears or changes a terminal's data/);
    const list = await runCli(['adms-commands', 'ADMS-CLI-1']);
    expect((JSON.parse(list.out) as { id: number }[]).map((c) => c.id)).toEqual([id]);
  });

  it('says so when the connector is not running', async () => {
    const run = await runCli(['status'], path.join(c.dataDir, 'nowhere'));
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/The connector is not running/);
  });
});
