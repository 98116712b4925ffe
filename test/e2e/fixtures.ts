import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN = { email: 'admin@test.example', password: 'admin-pass-123' };
export const DEMO_PASSWORD = 'demo-pass-123';
export const DEMO_EMPLOYEE = { email: 'employee@kaveri.example', password: DEMO_PASSWORD };

/** Where screenshots for people to look at go (test-results/look/ at the repository root). */
export function lookPath(name: string): string {
  return path.join(repoRoot, 'test-results', 'look', name);
}

export interface MusterServer {
  baseURL: string;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `GET /api/health` until it answers 200; fails early if the server exits. */
async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} before it was healthy:\n${output()}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server was not healthy within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Sends SIGTERM and waits for the process to end (SIGKILL after 10 s). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export const test = base.extend<{ baseURL: string }, { musterServer: MusterServer }>({
  musterServer: [
    async ({}, use) => {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'muster-e2e-'));
      const baseURL = `http://127.0.0.1:${port}`;
      let log = '';
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          MUSTER_DATA_DIR: dataDir,
          MUSTER_DEMO: '1',
          MUSTER_DEMO_PASSWORD: DEMO_PASSWORD,
          MUSTER_ADMIN_EMAIL: ADMIN.email,
          MUSTER_ADMIN_PASSWORD: ADMIN.password,
          MUSTER_JOBS: '0',
          MUSTER_LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const append = (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-20_000);
      };
      child.stdout?.on('data', append);
      child.stderr?.on('data', append);
      try {
        await waitForHealth(baseURL, child, () => log, 90_000);
        await use({ baseURL, dataDir, output: () => log });
      } finally {
        await stop(child);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ musterServer }, use) => {
    await use(musterServer.baseURL);
  },
});

export { expect };

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The main navigation landmark. */
export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}
