import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino, type Logger } from 'pino';

/** A real pseudo-terminal pair from socat: what one end writes, the other reads, like a serial cable. */
export interface PtyPair {
  a: string;
  b: string;
  close(): Promise<void>;
}

export async function ptyPair(): Promise<PtyPair> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-pty-'));
  const a = path.join(dir, 'a');
  const b = path.join(dir, 'b');
  const child: ChildProcess = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], { stdio: 'ignore' });
  const deadline = Date.now() + 5_000;
  while (!(fs.existsSync(a) && fs.existsSync(b))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('socat did not create a pty pair (is socat installed? apt-get install socat)');
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    a,
    b,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function tempDir(prefix = 'muster-connector-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A logger for in-process connectors: silent unless MUSTER_TEST_LOG is set. */
export function testLogger(): Logger {
  return pino({ level: process.env.MUSTER_TEST_LOG ?? 'silent' });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
