import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, spawnTs, type Spawned } from '../support/process.ts';

const dirs: string[] = [];
const children: Spawned[] = [];
function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-start-'));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  for (const c of children.splice(0)) if (c.child.exitCode === null) c.child.kill('SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('server start-up (child process)', () => {
  // Every variable's message is unit-tested with loadConfig; these check the process exits with it.
  it.each([
    [{ PORT: 'eighty' }, /^Invalid configuration: PORT: /],
    [{ MUSTER_TIMEZONE: 'Mars/Base' }, /MUSTER_TIMEZONE: must be an IANA time zone/],
  ])('stops with a one-line message naming the variable for %o', async (env, message) => {
    const p = spawnTs('server/src/main.ts', { MUSTER_DATA_DIR: dataDir(), ...env });
    children.push(p);
    const { code } = await p.exited;
    expect(code).toBe(78); // EX_CONFIG: supervisors do not restart it
    const lines = p.output().trim().split('\n').filter((l) => !l.includes('nodedir'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  it('creates the admin from the environment, prints the listening line, serves health, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dir = dataDir();
    const p = spawnTs('server/src/main.ts', {
      PORT: String(port),
      HOST: '127.0.0.1',
      MUSTER_DATA_DIR: dir,
      MUSTER_DEMO: '0',
      MUSTER_ADMIN_EMAIL: 'boss@acme.example',
      MUSTER_ADMIN_PASSWORD: 'boss-password-1',
      MUSTER_LOG_LEVEL: 'warn',
    });
    children.push(p);
    await p.waitFor(new RegExp(`Muster listening on http://127\\.0\\.0\\.1:${port}`));
    expect(p.output()).toMatch(/Connector secret \(stored in .*secrets\.json\): \S{40,}/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@acme.example', password: 'boss-password-1' }),
    });
    expect(login.status).toBe(200);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'secrets.json'), 'utf8')).connectorSecret).toMatch(/\S{40,}/);
    expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o077).toBe(0);
    p.child.kill('SIGTERM');
    expect(await p.exited).toEqual({ code: 0, signal: null });
    // WAL checkpointed and closed: the -wal file is gone or empty.
    const wal = path.join(dir, 'muster.sqlite-wal');
    expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
  });

  it('opens first-run setup when there is no demo and no admin, and keeps the connector secret across restarts', async () => {
    const port = await freePort();
    const dir = dataDir();
    const env = { PORT: String(port), MUSTER_DATA_DIR: dir, MUSTER_DEMO: '0', MUSTER_LOG_LEVEL: 'warn' };
    const first = spawnTs('server/src/main.ts', env);
    children.push(first);
    await first.waitFor(/Muster listening on/);
    expect(first.output()).toMatch(/No administrator yet: open http:\/\/127\.0\.0\.1:\d+\/ to run first-time setup/);
    const status = await (await fetch(`http://127.0.0.1:${port}/api/setup`)).json();
    expect(status).toEqual({ needsSetup: true, organisationName: null });
    first.child.kill('SIGINT');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    const secret = JSON.parse(fs.readFileSync(path.join(dir, 'secrets.json'), 'utf8')).connectorSecret;

    const second = spawnTs('server/src/main.ts', env);
    children.push(second);
    await second.waitFor(/Muster listening on/);
    expect(second.output()).not.toMatch(/Connector secret/); // printed once only
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'secrets.json'), 'utf8')).connectorSecret).toBe(secret);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });

  it('finishes an in-flight request before stopping', async () => {
    const port = await freePort();
    const p = spawnTs('server/src/main.ts', {
      PORT: String(port),
      MUSTER_DATA_DIR: dataDir(),
      MUSTER_DEMO: '1',
      MUSTER_DEMO_PASSWORD: 'demo-pass-123',
      MUSTER_LOG_LEVEL: 'warn',
    });
    children.push(p);
    await p.waitFor(/Muster listening on/);
    // A login takes ~100 ms of scrypt: send it, then SIGTERM while it runs.
    const pending = fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'hr@kaveri.example', password: 'demo-pass-123' }),
    });
    await new Promise((r) => setTimeout(r, 20));
    p.child.kill('SIGTERM');
    expect((await pending).status).toBe(200);
    expect((await p.exited).code).toBe(0);
   }, 90_000); // the demo organisation is seeded first: slow on a loaded machine
});
