import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, spawnTs, type Spawned } from '../support/process.ts';

/**
 * The first start of the server process: a short banner, initial-credentials.txt
 * holding only passwords Muster generated (0600, deleted once the administrator
 * changed the password), the database and its data dir for this user only.
 */

const dirs: string[] = [];
const children: Spawned[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) {
    if (c.child.exitCode === null) {
      c.child.kill('SIGTERM');
      await c.exited;
    }
  }
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-first-run-'));
  dirs.push(dir);
  const p = spawnTs('server/src/main.ts', { PORT: String(port), HOST: '127.0.0.1', MUSTER_DATA_DIR: dir, MUSTER_JOBS: '0', MUSTER_LOG_LEVEL: 'warn', ...env });
  children.push(p);
  await p.waitFor(/Muster listening on/, 120_000);
  return { p, dir, url: `http://127.0.0.1:${port}`, file: path.join(dir, 'initial-credentials.txt') };
}

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('first run', () => {
  it('saves generated passwords in a 0600 file, deletes it once the administrator sets another, and keeps the data dir private', async () => {
    const { p, dir, url, file } = await start({ MUSTER_DEMO: '1' });
    const banner = p.output();
    const password = /Administrator: admin@kaveri\.example, password (\S+)/.exec(banner)?.[1];
    expect(password).toBeDefined();
    expect(banner).toContain(`Saved in ${file}`);
    // Short: no JSON, no secret, a handful of lines.
    expect(banner).not.toMatch(/Connector secret \(stored|"level"/);
    expect(banner.trim().split('\n').length).toBeLessThanOrEqual(6);
    expect(fs.readFileSync(file, 'utf8')).toContain(`admin@kaveri.example / password ${password}`);
    if (process.platform !== 'win32') {
      expect(mode(file)).toBe(0o600);
      expect(mode(dir)).toBe(0o700);
      expect(mode(path.join(dir, 'muster.sqlite'))).toBe(0o600);
      expect(mode(path.join(dir, 'muster.sqlite-wal'))).toBe(0o600);
    }
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@kaveri.example', password }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
    const changed = await fetch(`${url}/api/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: url },
      body: JSON.stringify({ currentPassword: password, newPassword: 'a-new-admin-password-9' }),
    });
    expect(changed.status, await changed.text()).toBe(200);
    const deadline = Date.now() + 20_000;
    while (fs.existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(fs.existsSync(file)).toBe(false);
  }, 180_000); // the first start seeds the demo: a loaded machine needs time

  it('never saves a password the operator chose', async () => {
    const { p, file } = await start({ MUSTER_DEMO: '1', MUSTER_DEMO_PASSWORD: 'chosen-demo-pass-1' });
    expect(p.output()).toContain('Administrator: admin@kaveri.example, with the password set in MUSTER_DEMO_PASSWORD');
    expect(p.output()).not.toContain('chosen-demo-pass-1');
    expect(fs.existsSync(file)).toBe(false);
  }, 180_000); // the first start seeds the demo: a loaded machine needs time

  it('deletes a left-over file at start once its password no longer works', async () => {
    const first = await start({ MUSTER_DEMO: '1' });
    const password = /Administrator: admin@kaveri\.example, password (\S+)/.exec(first.p.output())?.[1] ?? '';
    first.p.child.kill('SIGTERM');
    await first.p.exited;
    // The password changed while Muster was stopped (here: the file is edited to hold an old one).
    fs.writeFileSync(first.file, fs.readFileSync(first.file, 'utf8').replace(password, 'not-the-password-any-more'));
    const port = await freePort();
    const again = spawnTs('server/src/main.ts', { PORT: String(port), HOST: '127.0.0.1', MUSTER_DATA_DIR: first.dir, MUSTER_JOBS: '0', MUSTER_LOG_LEVEL: 'warn' });
    children.push(again);
    await again.waitFor(/Muster listening on/, 60_000);
    expect(fs.existsSync(first.file)).toBe(false);
  }, 180_000); // the first start seeds the demo: a loaded machine needs time
});
