// `npm start` end to end: the real server and connector under the headless launcher.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import net from 'node:net';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../desktop/main/child-specs.ts';
import { freePort, isAlive } from './helpers.ts';

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const ROOT = path.resolve(import.meta.dirname, '../..');
/** How long a first start (migrations, the demo's seed) may take before the launcher prints the console URL. */
const FIRST_START_MS = 150_000;
const running: ChildProcess[] = [];
const tempDirs: string[] = [];

afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface Launch {
  dataDir: string;
  child: ChildProcess;
  lines: string[];
  stderr: () => string;
  waitForLine: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  exited: Promise<number | null>;
}

function launch(env: NodeJS.ProcessEnv): Launch {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-headless-'));
  tempDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'desktop/main/headless.ts'], {
    cwd: ROOT,
    // Demo terminals on any free ports unless a test asks for the demo registry's own.
    env: { PATH: process.env.PATH, MUSTER_DATA_DIR: dataDir, MUSTER_JOBS: '0', MUSTER_DEMO_ZK_PORT: '0', MUSTER_DEMO_ANVIZ_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const lines: string[] = [];
  let stderr = '';
  const watchers = new Set<(line: string) => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const watch of watchers) watch(line);
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitForLine = (pattern: RegExp, timeoutMs = 20_000) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find((l) => pattern.test(l));
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`no line matching ${pattern}; got:\n${lines.join('\n')}\n${stderr}`)), timeoutMs);
      const watch = (line: string) => {
        if (!pattern.test(line)) return;
        clearTimeout(timer);
        watchers.delete(watch);
        resolve(line);
      };
      watchers.add(watch);
      void exited.then(() => reject(new Error(`launcher exited; output:\n${lines.join('\n')}\n${stderr}`)));
    });
  return { child, lines, stderr: () => stderr, waitForLine, exited, dataDir };
}

/** The pid a child logged in its JSON lines, found by its `[name]` prefix. */
function loggedPid(lines: string[], name: string): number | undefined {
  for (const line of lines) {
    const match = new RegExp(`^\\[${name}\\] (\\{.*\\})$`).exec(line);
    if (match?.[1]) return (JSON.parse(match[1]) as { pid: number }).pid;
  }
  return undefined;
}

describe('headless launcher (npm start)', () => {
  it('starts server then connector, prints the console URL, and stops both on SIGTERM with exit 0', async () => {
    const port = await freePort();
    const run = launch({ PORT: String(port) });

    // A first start seeds the demo (six months of history): 70–85 s on the loaded two-core machine.
    await run.waitForLine(new RegExp(`^Muster console: http://127\\.0\\.0\\.1:${port}/$`), FIRST_START_MS);
    const ready = await run.waitForLine(/^\[connector\] .*connector ready/);
    expect(ready).toBeTruthy();
    // The server's human lines read without a prefix; its JSON lines (shown here: stdout is not a terminal) keep it.
    expect(run.lines).toContain(`Muster listening on http://127.0.0.1:${port}`);
    expect(run.lines.some((l) => l.startsWith('Logs: ') && l.includes('muster.log'))).toBe(true);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    // The connector got the secret the server wrote at first start.
    const connectorConfig = run.lines.find((l) => l.startsWith('[connector]') && l.includes('"connectorSecret"'));
    expect(connectorConfig).not.toContain('(not set)');
    const pids = [loggedPid(run.lines, 'server'), loggedPid(run.lines, 'connector')];
    expect(pids.every((pid) => pid !== undefined && isAlive(pid))).toBe(true);
    // The server runs with its V8 heap flags (what keeps the compliance bundle's memory down), the connector without.
    if (process.platform === 'linux') {
      const args = (pid: number | undefined) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(args(pids[0]).slice(1, 1 + SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
      expect(args(pids[1])).not.toContain(SERVER_NODE_FLAGS[0]);
    }

    run.child.kill('SIGTERM');

    expect(await run.exited).toBe(0);
    expect(pids.map(isAlive)).toEqual([false, false]);
    const stopping = run.lines.findIndex((l) => l.includes('connector stopping'));
    const serverDown = run.lines.findIndex((l) => l.startsWith('[server]') && l.includes('shutting down'));
    expect(stopping).toBeGreaterThan(-1);
    expect(serverDown).toBeGreaterThan(stopping);
  }, FIRST_START_MS + 60_000);

  it('leaves no connector behind when the launcher itself is killed', async () => {
    const port = await freePort();
    const run = launch({ PORT: String(port) });
    await run.waitForLine(/^\[connector\] .*connector ready/, FIRST_START_MS);
    const serverPid = loggedPid(run.lines, 'server');
    const connectorPid = loggedPid(run.lines, 'connector');
    try {
      run.child.kill('SIGKILL');
      await run.exited;
      await expect.poll(() => isAlive(connectorPid), { timeout: 15_000 }).toBe(false);
      // The server notices its supervisor is gone (IPC channel closed) and shuts down too.
      await expect.poll(() => isAlive(serverPid), { timeout: 15_000 }).toBe(false);
    } finally {
      if (serverPid !== undefined && isAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
    }
  }, FIRST_START_MS + 60_000);

  it('stops at once with a clear message when the server configuration is invalid', async () => {
    const started = Date.now();
    const run = launch({ PORT: String(await freePort()), MUSTER_TIMEZONE: 'Mars/Olympus_Mons' });
    expect(await run.exited).toBe(78);
    expect(run.stderr()).toMatch(/Muster server stopped: its configuration is invalid/);
    expect(run.stderr() + run.lines.join('\n')).toMatch(/MUSTER_TIMEZONE: must be an IANA time zone/);
    expect(run.lines.some((l) => l.startsWith('Muster console:'))).toBe(false);
    expect(Date.now() - started).toBeLessThan(20_000); // no five restarts with back-off
  }, 60_000);

  it('in demo mode runs two emulated terminals whose punches reach the server through the connector', async () => {
    // The demo registry names these ports; another npm start (or a parallel run of this test) may hold them a while.
    for (const port of [14370, 15010]) {
      const deadline = Date.now() + 90_000;
      while (!(await portIsFree(port))) {
        if (Date.now() > deadline) throw new Error(`port ${port} (a demo terminal) stays in use: stop any running npm start first`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const port = await freePort();
    const run = launch({ PORT: String(port), MUSTER_DEMO_ZK_PORT: '', MUSTER_DEMO_ANVIZ_PORT: '', MUSTER_DEMO_PUNCH_SECONDS: '0.3' });
    const ready = await run.waitForLine(/^\[demo-terminals\] Demo terminals ready/, 40_000);
    expect(ready).toContain('ZK DEMO-ZK-0001 on 127.0.0.1:14370');
    expect(ready).toContain('Anviz DEMO-ANVIZ-0001 on 127.0.0.1:15010');
    const demoPid = Number(/pid (\d+)/.exec(ready)?.[1]);
    await run.waitForLine(/^\[connector\] .*connector ready/, 60_000);
    // Live punches carry the connector's transIds (its counter starts at the time in ms); the seeded history has none.
    const live = (serial: string) => {
      const db = new Database(path.join(run.dataDir, 'muster.sqlite'), { readonly: true });
      try {
        return db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM punch WHERE terminal_serial = ? AND trans_id > 1000000000000').get(serial)?.n ?? 0;
      } finally {
        db.close();
      }
    };
    await expect.poll(() => live('DEMO-ZK-0001'), { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
    await expect.poll(() => live('DEMO-ANVIZ-0001'), { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
    // The launcher killed outright takes its demo terminals with it (their IPC channel closes).
    run.child.kill('SIGKILL');
    await run.exited;
    await expect.poll(() => isAlive(demoPid), { timeout: 10_000 }).toBe(false);
    const serverPid = loggedPid(run.lines, 'server');
    await expect.poll(() => isAlive(serverPid), { timeout: 15_000 }).toBe(false);
  }, 240_000);

  it('rejects a bad PORT before starting anything', async () => {
    const run = launch({ PORT: 'eighty' });
    expect(await run.exited).toBe(78);
    expect(run.stderr().trim()).toMatch(/^Invalid configuration: PORT: /);
    expect(run.lines).toEqual([]);
  });
});
