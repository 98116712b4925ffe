// `npm start` as a service manager or a terminal runs it: a signal to the top process (npm) stops everything.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const started: { child: ChildProcess; dir: string }[] = [];

/** Every process descending from `pid`, read from /proc (Linux). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and brackets, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) if (parent === p) out.push(child), walk(child);
  };
  walk(pid);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

afterEach(async () => {
  for (const { child, dir } of started.splice(0)) {
    // Whatever a failed test left: the whole group.
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe.skipIf(process.platform !== 'linux')('npm start and signals', () => {
  // A service manager sends SIGTERM to the process it started (npm); a terminal's Ctrl+C sends SIGINT to the whole group.
  it.each([
    ['SIGTERM', 'npm'],
    ['SIGINT', 'group'],
  ] as const)('%s to the %s stops the server, the connector and the demo terminals, and frees the port', async (signal, to) => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-npm-start-'));
    // --ignore-scripts skips only prestart (the console build); `start` itself runs as people run it.
    const child = spawn('npm', ['start', '--ignore-scripts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), MUSTER_DATA_DIR: dir, MUSTER_JOBS: '0', MUSTER_DEMO_ZK_PORT: '0', MUSTER_DEMO_ANVIZ_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so the test signals npm alone (as a service manager does)
    });
    started.push({ child, dir });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 120_000;
    while (!output.includes('Muster console:') && Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(output).toContain('Muster console:');
    // Wait for the connector too (it starts once the server is healthy).
    while (!/\[connector\]/.test(output) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const tree = descendants(child.pid as number);
    expect(tree.length).toBeGreaterThanOrEqual(5); // sh, the launcher, server, connector, demo terminals
    expect(await portIsFree(port)).toBe(false);

    process.kill(to === 'group' ? -(child.pid as number) : (child.pid as number), signal);
    const stopBy = Date.now() + 30_000;
    while (tree.some(alive) && Date.now() < stopBy) await new Promise((r) => setTimeout(r, 200));
    expect(tree.filter(alive), `still running after ${signal}:\n${output}`).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
    expect(output).not.toMatch(/Muster server stopped: .*crash/);
  }, 240_000); // the first start seeds the demo, then each child starts and stops
});
