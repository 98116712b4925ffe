// The console from "another device" over HTTPS: the server with LAN access on (127.0.0.2 stands in for the LAN
// address), Chromium trusting the generated CA through an NSS database (as a device that installed it from the
// Trust this PC page), and a second Chromium that does not trust it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, expect, test } from '@playwright/test';
import { CATALOGUES, messageAt } from '../../shared/i18n/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LAN = '127.0.0.2';
const ADMIN = { email: 'admin@lan.example', password: 'admin-pass-123' };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let port: number;
let dataDir: string;
let home: string;
let server: ChildProcess;
let trusting: Browser;
let log = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
  });
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server was not healthy:\n${log}`);
}

/** A HOME whose NSS database trusts the CA for web sites, as Chromium on Linux reads it. */
function homeTrusting(caFile: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-nss-'));
  const db = `sql:${path.join(dir, '.pki', 'nssdb')}`;
  fs.mkdirSync(path.join(dir, '.pki', 'nssdb'), { recursive: true });
  execFileSync('certutil', ['-d', db, '-N', '--empty-password']);
  execFileSync('certutil', ['-d', db, '-A', '-t', 'C,,', '-n', 'Muster local CA', '-i', caFile]);
  return dir;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-e2e-lan-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: LAN,
      MUSTER_LAN_NAMES: LAN,
      MUSTER_DATA_DIR: dataDir,
      MUSTER_DEMO: '0',
      MUSTER_ADMIN_EMAIL: ADMIN.email,
      MUSTER_ADMIN_PASSWORD: ADMIN.password,
      MUSTER_JOBS: '0',
      MUSTER_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  server.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  await waitForHealth(`http://127.0.0.1:${port}/api/health`);
  home = homeTrusting(path.join(dataDir, 'tls', 'ca.pem'));
  trusting = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, env: { ...process.env, HOME: home } });
});

test.afterAll(async () => {
  await trusting?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  for (const dir of [dataDir, home]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const caFingerprint = () => new X509Certificate(fs.readFileSync(path.join(dataDir, 'tls', 'ca.pem'))).fingerprint256;

test('a device that trusts the CA signs in over HTTPS, in a secure context, with a __Host- cookie', async () => {
  const context = await trusting.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`https://${LAN}:${port}/`);
  await expect(page).toHaveURL(`https://${LAN}:${port}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const inPage = await page.evaluate(() => {
    const w = globalThis as unknown as { isSecureContext: boolean; location: { protocol: string }; navigator: object };
    return { secure: w.isSecureContext, protocol: w.location.protocol, serviceWorker: 'serviceWorker' in w.navigator };
  });
  expect(inPage).toEqual({
    secure: true,
    protocol: 'https:',
    // Only exposed to secure contexts: what the phone app's service worker needs.
    serviceWorker: true,
  });
  const cookies = await context.cookies();
  expect(cookies.map((c) => ({ name: c.name, secure: c.secure, httpOnly: c.httpOnly, sameSite: c.sameSite })).sort((a, b) => (a.name < b.name ? -1 : 1))).toEqual([
    { name: '__Host-muster_session', secure: true, httpOnly: true, sameSite: 'Strict' },
    // The readable sign-in hint ('1'): the console asks /api/auth/me only when it is there.
    { name: 'muster_signed_in', secure: true, httpOnly: false, sameSite: 'Strict' },
  ]);

  // The console works: the directory, then the LAN page with its QR code, fingerprint and a pairing code.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Employees|Directory/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Employees', level: 1 })).toBeVisible();
  await page.goto(`https://${LAN}:${port}/settings/lan`);
  await expect(page.getByRole('tab', { name: 'Devices on the LAN' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('img', { name: `QR code for https://${LAN}:${port}/trust` })).toBeVisible();
  await expect(page.getByTestId('ca-fingerprint')).toHaveText(caFingerprint().split(':').reduce<string[]>((lines, b, i) => (i % 8 ? (lines[lines.length - 1] += ` ${b}`) : lines.push(b), lines), []).join('\n'));
  await page.getByRole('button', { name: 'Show a pairing code' }).click();
  await expect(page.getByTestId('pairing-code')).toHaveText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  await expect(page.getByText('Waiting for the connector')).toBeVisible();
  await context.close();
});

test('over HTTPS the phone app\'s service worker registers and controls the console', async () => {
  const context = await trusting.newContext({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`https://${LAN}:${port}/login`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  type Sw = { navigator: { serviceWorker: { controller: { state: string; scriptURL: string } | null; getRegistration(): Promise<{ scope: string } | undefined> } } };
  await page.waitForFunction(() => (globalThis as unknown as Sw).navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30_000 });
  const worker = await page.evaluate(async () => {
    const sw = (globalThis as unknown as Sw).navigator.serviceWorker;
    return { script: sw.controller?.scriptURL, scope: (await sw.getRegistration())?.scope };
  });
  expect(worker).toEqual({ script: `https://${LAN}:${port}/sw.js`, scope: `https://${LAN}:${port}/` });
  await context.close();
});

test('plain HTTP from the network lands on HTTPS', async () => {
  const context = await trusting.newContext();
  const page = await context.newPage();
  await page.goto(`http://${LAN}:${port}/login`);
  await expect(page).toHaveURL(`https://${LAN}:${port}/login`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await context.close();
});

test('the Trust this PC page, open before signing in, hands out the CA certificate and its fingerprint', async () => {
  const context = await trusting.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`https://${LAN}:${port}/login`);
  await page.getByRole('link', { name: 'Trust this PC' }).click();
  await expect(page.getByRole('heading', { name: 'Trust this PC' })).toBeVisible();
  await expect(page.getByTestId('ca-fingerprint')).toContainText(caFingerprint().split(':').slice(0, 8).join(' '));
  await page.getByRole('tab', { name: 'iPhone & iPad' }).click();
  await expect(page.getByText('Certificate Trust Settings')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download certificate (.crt)' }).click()]);
  expect(download.suggestedFilename()).toBe('muster-ca.crt');
  const der = fs.readFileSync((await download.path())!);
  expect(new X509Certificate(der).fingerprint256).toBe(caFingerprint());
  await context.close();
});

test('the Trust this PC page on a phone set to Tamil: every word and install step in Tamil (docs/i18n/trust-ta-IN.png)', async () => {
  const context = await trusting.newContext({ viewport: { width: 360, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'ta-IN' });
  const page = await context.newPage();
  const ta = (key: string) => {
    const text = messageAt(CATALOGUES['ta-IN'].employee, key);
    if (text === undefined) throw new Error(`no ta-IN employee:${key}`);
    return text;
  };
  // Before anyone signs in the page follows the phone's language.
  await page.goto(`https://${LAN}:${port}/trust`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
  await expect(page.getByRole('heading', { name: ta('lanTrust.title'), level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: ta('lanTrust.downloadCrt') })).toBeVisible();
  await expect(page.getByText(ta('lanTrust.fingerprint.sha256')).first()).toBeVisible();
  await page.getByRole('tab', { name: ta('lanTrust.install.ios.label') }).click();
  // A step is one sentence with its bold words inside: the Tamil text around them is there, and no tag or key shows.
  await expect(page.getByRole('tabpanel')).toContainText('முழு நம்பிக்கையை இயக்கவும்');
  await expect(page.getByText(ta('lanTrust.install.ios.note'))).toBeVisible();
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/<\/?(b|code|anchor)>|lanTrust\./);
  const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
  await page.screenshot({ path: path.join(repoRoot, 'docs/i18n/trust-ta-IN.png'), fullPage: true });
  await context.close();
});

test('a device that has not installed the CA is stopped by the browser', async () => {
  const plain = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, env: { ...process.env, HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'muster-nohome-')) } });
  try {
    const page = await plain.newPage();
    await expect(page.goto(`https://${LAN}:${port}/login`)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
  } finally {
    await plain.close();
  }
});
