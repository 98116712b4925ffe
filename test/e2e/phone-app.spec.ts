// The console as an installable app: the manifest, the service worker and its caching rules (never /api, nothing
// after sign-out, the offline page, a new build taking over with a note), and Chromium's own installability check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_EMPLOYEE, expect, signIn, test } from './fixtures.ts';

const builtConsole = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/console');

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** The browser globals the page functions below use (this tsconfig has no DOM library); cast from `globalThis` inside each. */
interface InPage {
  caches: {
    keys(): Promise<string[]>;
    open(name: string): Promise<{
      keys(): Promise<{ url: string }[]>;
      match(request: { url: string }): Promise<{ text(): Promise<string> } | undefined>;
      delete(url: string): Promise<boolean>;
    }>;
  };
  navigator: {
    serviceWorker: {
      controller: { state: string; scriptURL: string } | null;
      getRegistration(): Promise<{ update(): Promise<unknown> } | undefined>;
    };
  };
  fetch(url: string): Promise<{ text(): Promise<string> }>;
}

/** Waits until the worker is active and controls the page (the first visit installs it, `clients.claim` hands it the page). */
async function controlledByWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => (globalThis as unknown as InPage).navigator.serviceWorker.controller?.state === 'activated', undefined, { timeout: 30_000 });
  return page.evaluate(() => (globalThis as unknown as InPage).navigator.serviceWorker.controller!.scriptURL);
}

/** Every URL in Cache Storage, by cache, with the text of each answer. */
async function cacheStorage(page: Page): Promise<{ cache: string; url: string; body: string }[]> {
  return page.evaluate(async () => {
    const { caches } = globalThis as unknown as InPage;
    const out: { cache: string; url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        out.push({ cache: name, url: new URL(request.url).pathname + new URL(request.url).search, body: response ? await response.text() : '' });
      }
    }
    return out;
  });
}

test('the manifest names the app, its icons, colours and scope; the icons are the sizes it says', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'Muster', short_name: 'Muster', start_url: '/', scope: '/', display: 'standalone', theme_color: '#4c6ef5', background_color: '#f8f9fa' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    const meta = await sharp(await png.body()).metadata();
    expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
  }
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toMatch(/javascript/);
});

test('Chromium finds the console installable: manifest valid, worker registered and controlling, no installability errors', async ({ baseURL }) => {
  // A browser profile of its own: Chromium never offers to install from an incognito context, which every
  // `browser.newContext()` is.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...test.info().project.use.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    expect(await controlledByWorker(page)).toMatch(/\/sw\.js$/);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('Cache Storage holds the shell and never an /api answer; after sign-out nothing from the session is left', async ({ page }) => {
  await signIn(page, DEMO_EMPLOYEE.email, DEMO_EMPLOYEE.password);
  await controlledByWorker(page);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { fullName: string; email: string } };
  // Screens full of her data: her month, her leave.
  await page.goto('/attendance/me');
  await expect(page.getByRole('button', { name: /Check (in|out)/ }).first()).toBeVisible();
  await page.goto('/leave/my');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // A static file outside the precached shell lands in the runtime cache, the one sign-out empties.
  await page.evaluate(() => (globalThis as unknown as InPage).fetch('/favicon.svg?from=session').then((r) => r.text()));
  await expect.poll(async () => (await cacheStorage(page)).filter((e) => e.cache === 'muster-runtime').map((e) => e.url)).toEqual(['/favicon.svg?from=session']);

  const during = await cacheStorage(page);
  expect(during.some((e) => e.url === '/index.html' && e.cache.startsWith('muster-shell-'))).toBe(true);
  expect(during.filter((e) => e.url.startsWith('/api')).map((e) => e.url)).toEqual([]);
  for (const entry of during) {
    expect(entry.body, entry.url).not.toContain(me.user.email);
    expect(entry.body, entry.url).not.toContain(me.user.fullName);
  }

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await page.evaluate(() => (globalThis as unknown as InPage).caches.keys())).filter((name) => !name.startsWith('muster-shell-'))).toEqual([]);
  const after = await cacheStorage(page);
  expect(after.length).toBeGreaterThan(0);
  expect(after.every((e) => e.cache.startsWith('muster-shell-') && !e.url.includes('?'))).toBe(true);
  expect(after.filter((e) => e.url.startsWith('/api'))).toEqual([]);
});

test('with the network gone the console still opens from the cached shell, and the offline page shows when the shell is not cached', async ({ page, context }) => {
  await page.goto('/login');
  await controlledByWorker(page);
  await context.setOffline(true);
  try {
    // The cached shell: the console itself opens, and says it waits for the network.
    await page.goto('/attendance/me');
    await expect(page).toHaveTitle('Muster');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('offline-shell.png') });
    // It carries on by itself when the network is back (here: nobody is signed in, so to the login page).
    await context.setOffline(false);
    await expect(page).toHaveURL(/\/login$/);
    await context.setOffline(true);
    // Without the shell in the cache (evicted, or a worker that never finished installing): the offline page.
    await page.evaluate(async () => {
      const { caches } = globalThis as unknown as InPage;
      for (const name of await caches.keys()) await (await caches.open(name)).delete('/index.html');
    });
    await page.goto('/leave/apply');
    await expect(page).toHaveTitle('Muster is offline');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
    await page.screenshot({ path: test.info().outputPath('offline-page.png') });
  } finally {
    await context.setOffline(false);
  }
  // Back online: pages come from the network again.
  await page.goto('/attendance/me');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a new build\'s worker takes over on the next load, empties the old shell, and the console says it was updated', async ({ page }) => {
  await page.goto('/login');
  await controlledByWorker(page);
  const build = () => page.evaluate(() => (globalThis as unknown as InPage).caches.keys().then((names) => names.filter((n) => n.startsWith('muster-shell-'))));
  const before = await build();
  expect(before).toHaveLength(1);
  const file = path.join(builtConsole, 'sw.js');
  const original = fs.readFileSync(file, 'utf8');
  const current = /const BUILD = "([0-9a-f]+)";/.exec(original)?.[1];
  expect(current, 'sw.js carries its build id').toBeTruthy();
  try {
    // What deploying a new console does to the worker script: a new build id.
    fs.writeFileSync(file, original.replace(`const BUILD = "${current}";`, 'const BUILD = "e2e0next0000";'));
    await page.reload();
    await expect(page.getByText('Muster was updated')).toBeVisible({ timeout: 30_000 });
    await expect.poll(build).toEqual(['muster-shell-e2e0next0000']);
  } finally {
    fs.writeFileSync(file, original);
  }
  // And back to the real build for the tests after this one.
  await page.evaluate(() => (globalThis as unknown as InPage).navigator.serviceWorker.getRegistration().then((r) => r?.update()));
  await expect.poll(build).toEqual(before);
});
