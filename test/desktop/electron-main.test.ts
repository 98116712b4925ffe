// electron-main.ts under Node with a fake `electron`, and stand-in children (fixtures/fake-app).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IpcChannels, type AppInfo } from '../../desktop/main/ipc-channels.ts';
import * as fake from './fake-electron.ts';
import { freePort, isAlive } from './helpers.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

interface Start {
  name: 'server' | 'connector';
  pid: number;
  host?: string;
  port?: string;
  runAsNode?: string;
  serverUrl?: string;
  secret?: string;
}

let tmp: string;
let port: number;
const userData = () => path.join(tmp, 'userData');
const dataDir = () => path.join(userData(), 'data');
const consoleUrl = () => `http://127.0.0.1:${port}/`;
const starts = (): Start[] =>
  fs
    .readFileSync(path.join(dataDir(), 'starts.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Start);
const window = () => fake.BrowserWindow.all[0]!;
const invoke = (channel: string, senderUrl: string | null, ...args: unknown[]) =>
  fake.ipcMain.handlers.get(channel)!({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, ...args);

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-electron-'));
  port = await freePort();
  fake.app.paths = { userData: userData(), logs: path.join(tmp, 'logs') };
  fake.app.appPath = path.join(import.meta.dirname, 'fixtures', 'fake-app');
  fs.mkdirSync(userData(), { recursive: true });
  fs.writeFileSync(path.join(userData(), 'desktop-settings.json'), JSON.stringify({ lanAccess: false, port }));
  // Resolves once startChildren() has finished: the server is healthy and the connector spawned.
  await import('../../desktop/main/electron-main.ts');
}, 60_000);

afterAll(async () => {
  if (!fake.app.exited) {
    fake.app.quit();
    await vi.waitFor(() => expect(fake.app.exited).toBe(true), { timeout: 20_000 });
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('electron-main', () => {
  it('opens a sandboxed window with the splash, then the console once the server is healthy', () => {
    expect(fake.BrowserWindow.all).toHaveLength(1);
    expect(window().options.webPreferences).toEqual({
      preload: expect.stringMatching(/desktop[\\/]main[\\/]preload\.cjs$/),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
    });
    expect(window().loaded[0]).toMatch(/^data:text\/html/);
    expect(window().loaded.at(-1)).toBe(consoleUrl());
  });

  it('runs the server as Electron-run-as-Node on loopback, then the connector with the secret', async () => {
    // The connector counts as ready once spawned; its own start line follows shortly.
    await vi.waitFor(() => expect(starts()).toHaveLength(2), { timeout: 10_000 });
    const [server, connector] = starts();
    expect(server).toMatchObject({ name: 'server', host: '127.0.0.1', port: String(port), runAsNode: '1' });
    expect(connector).toMatchObject({
      name: 'connector',
      serverUrl: `http://127.0.0.1:${port}`,
      secret: 'fake-connector-secret-0123456789',
    });
  });

  it('answers the bridge only for the console page', async () => {
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(Object.values(IpcChannels).sort());
    const info = (await invoke(IpcChannels.getAppInfo, `${consoleUrl()}settings`)) as AppInfo;
    expect(info).toMatchObject({ name: 'Muster', dataDir: dataDir(), consoleUrl: consoleUrl(), lanAccess: false, lanUrls: [] });

    expect(() => invoke(IpcChannels.getAppInfo, 'https://evil.example/')).toThrow(/not the Muster console/);
    expect(() => invoke(IpcChannels.getAppInfo, null)).toThrow(/not the Muster console/);
    expect(() => invoke(IpcChannels.getAppInfo, window().loaded[0]!)).toThrow(/not the Muster console/);

    expect(() => invoke(IpcChannels.showNotification, consoleUrl(), { title: '', body: 'x' })).toThrow();
    await invoke(IpcChannels.showNotification, consoleUrl(), { title: 'Export ready', body: 'payroll.xlsx' });
    expect(fake.Notification.shown).toContainEqual({ title: 'Export ready', body: 'payroll.xlsx' });

    await invoke(IpcChannels.openDataFolder, consoleUrl());
    expect(fake.shell.opened).toContain(dataDir());
  });

  it('keeps navigation on the console, hands web links to the OS, and grants no permissions', () => {
    const contents = window().webContents;
    expect(contents.navigate(`${consoleUrl()}employees`)).toBe(false);
    expect(contents.navigate('https://example.com/help')).toBe(true);
    expect(fake.shell.opened).toContain('https://example.com/help');
    expect(contents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: `${consoleUrl()}api/exports/1.pdf` })).toMatchObject({ action: 'allow' });

    const granted = (permission: string) => {
      let answer: boolean | undefined;
      fake.session.defaultSession.permissionHandler?.({}, permission, (ok: boolean) => (answer = ok));
      return answer;
    };
    expect(granted('media')).toBe(false);
    expect(granted('geolocation')).toBe(false);
    expect(granted('clipboard-sanitized-write')).toBe(true);
  });

  it('stays in the tray when the window closes, and a second launch brings the window back', () => {
    expect(fake.app.listenerCount('window-all-closed')).toBe(1);
    window().visible = false;
    fake.app.emit('second-instance');
    expect(window().visible).toBe(true);
  });

  it('tray "Allow LAN access" restarts only the server, on 0.0.0.0, and remembers the choice', async () => {
    const tray = fake.Tray.last!;
    expect(tray.menu.filter((i) => i.label).map((i) => i.label)).toEqual([
      'Muster is running',
      'Open Muster',
      'Open in browser',
      'Allow LAN access',
      'Devices on the LAN…',
      'Open data folder',
      'Quit Muster',
    ]);
    const oldServer = starts()[0]!;
    tray.menu.find((i) => i.label === 'Allow LAN access')!.click!({ checked: true });

    await vi.waitFor(() => expect(fake.Notification.shown.some((n) => n.body.startsWith('Other devices can now open'))).toBe(true), {
      timeout: 20_000,
    });
    const servers = starts().filter((s) => s.name === 'server');
    expect(servers.at(-1)).toMatchObject({ host: '0.0.0.0', port: String(port) });
    expect(isAlive(oldServer.pid)).toBe(false);
    expect(starts().filter((s) => s.name === 'connector')).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(userData(), 'desktop-settings.json'), 'utf8'))).toEqual({ lanAccess: true, port });
    expect(window().loaded.at(-1)).toBe(consoleUrl());
    expect(tray.menu.find((i) => i.label === 'Allow LAN access')?.checked).toBe(true);
    expect(tray.menu[0]?.label).toBe('Muster is running (LAN access on)');
  });

  it('tray "Devices on the LAN…" shows the console\'s LAN page (QR code, certificate) in the window', () => {
    fake.Tray.last!.menu.find((i) => i.label === 'Devices on the LAN…')!.click!({ checked: false });
    expect(window().visible).toBe(true);
    expect(window().loaded.at(-1)).toBe(`${consoleUrl()}settings/lan`);
  });

  it('shows a restarting page while a crashed server is restarted, then the console again', async () => {
    const crashed = starts().filter((s) => s.name === 'server').at(-1)!;
    const loadsBefore = window().loaded.length;
    process.kill(crashed.pid, 'SIGKILL');

    await vi.waitFor(() => expect(starts().filter((s) => s.name === 'server').at(-1)!.pid).not.toBe(crashed.pid), { timeout: 10_000 });
    await vi.waitFor(() => expect(window().loaded.at(-1)).toBe(consoleUrl()), { timeout: 20_000 });
    const loads = window().loaded.slice(loadsBefore);
    expect(loads).toHaveLength(2);
    expect(decodeURIComponent(loads[0]!)).toContain('Restarting Muster');
  });

  it('on quit stops the connector and the server before letting Electron exit', async () => {
    const pids = [starts().filter((s) => s.name === 'server').at(-1)!.pid, starts().find((s) => s.name === 'connector')!.pid];
    expect(pids.map(isAlive)).toEqual([true, true]);

    fake.app.quit();
    expect(fake.app.exited).toBe(false); // held back until the children are gone

    await vi.waitFor(() => expect(fake.app.exited).toBe(true), { timeout: 20_000 });
    expect(pids.map(isAlive)).toEqual([false, false]);
    expect(fake.Tray.last?.destroyed).toBe(true);
    const log = fs.readFileSync(path.join(tmp, 'logs', 'muster.log'), 'utf8');
    expect(log).toContain('[server] fake server listening on 127.0.0.1');
    expect(log).toContain('[server] fake server listening on 0.0.0.0');
  });
});
