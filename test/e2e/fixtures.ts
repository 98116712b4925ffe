import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequest, type APIRequestContext, type BrowserContextOptions, test as base, expect, type Page } from '@playwright/test';
import { addDays, weekdayOf } from '../../shared/dates.ts';
import { CATALOGUES, type Locale, type Namespace, messageAt } from '../../shared/i18n/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN = { email: 'admin@test.example', password: 'admin-pass-123' };
export const DEMO_PASSWORD = 'demo-pass-123';
export const DEMO_EMPLOYEE = { email: 'employee@kaveri.example', password: DEMO_PASSWORD };
export const DEMO_HR = { email: 'hr@kaveri.example', password: DEMO_PASSWORD };
export const DEMO_MANAGER = { email: 'manager@kaveri.example', password: DEMO_PASSWORD };

export interface Login {
  email: string;
  password: string;
}

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

/** A request context of its own, signed in as `login` (its session is not the page's). */
async function signedIn(request: APIRequest, baseURL: string, login: Login): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/auth/login', { data: login });
  expect(res.status(), `signing in as ${login.email}`).toBe(200);
  return api;
}

/** Sets the language of the person `api` is signed in as; null puts back the organisation's. */
export async function setLanguage(api: APIRequestContext, locale: Locale | null): Promise<void> {
  const res = await api.put('/api/me/language', { data: { locale } });
  expect(res.status(), await res.text()).toBe(200);
}

/** A login a spec makes for itself, so that no other spec's punches, keys, documents or language are hers. */
export interface OwnLogin extends Login {
  role?: 'Employee' | 'HR';
  /** Which end of the directory's first page to take her from: the specs taking theirs from the start leave the end alone. */
  from?: 'start' | 'end';
}

interface TestFixtures {
  baseURL: string;
  /** A request context signed in as `login`; disposed after the test. */
  apiAs: (login: Login) => Promise<APIRequestContext>;
  /**
   * A request context signed in as `login`, her language set to `locale` when one is given. After the
   * test, pass or fail, her language is put back: the specs share one server and the others read English.
   */
  inLanguage: (login: Login, locale?: Locale) => Promise<APIRequestContext>;
  /** The login `own` names, made by the admin on an active employee without one, or found if made before on this server. */
  ownLogin: (own: OwnLogin) => Promise<Login>;
}

export const test = base.extend<TestFixtures, { musterServer: MusterServer }>({
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
  apiAs: async ({ playwright, baseURL }, use) => {
    const made: APIRequestContext[] = [];
    await use(async (login) => {
      const api = await signedIn(playwright.request, baseURL, login);
      made.push(api);
      return api;
    });
    for (const api of made) await api.dispose();
  },
  inLanguage: async ({ apiAs }, use) => {
    const speakers: APIRequestContext[] = [];
    await use(async (login, locale) => {
      const api = await apiAs(login);
      // Kept before the language is set: a failure while setting it is put back too.
      speakers.push(api);
      if (locale) await setLanguage(api, locale);
      return api;
    });
    for (const api of speakers) await setLanguage(api, null);
  },
  ownLogin: async ({ playwright, baseURL }, use) => {
    await use(async ({ role = 'Employee', from = 'start', ...login }) => {
      const admin = await signedIn(playwright.request, baseURL, ADMIN);
      try {
        const users = (await (await admin.get('/api/users')).json()) as { items: { employeeId: string; email: string }[] };
        if (users.items.some((u) => u.email === login.email)) return login;
        const taken = new Set(users.items.map((u) => u.employeeId));
        const people = (await (await admin.get('/api/employees?pageSize=100&status=Active')).json()) as { items: { id: string; status: string }[] };
        const candidates = from === 'end' ? [...people.items].reverse() : people.items;
        const someone = candidates.find((p) => !taken.has(p.id) && p.status === 'Active');
        expect(someone, 'an active employee without a login').toBeTruthy();
        const made = await admin.post('/api/users', { data: { employeeId: someone!.id, email: login.email, roles: [role], password: login.password } });
        expect(made.status(), await made.text()).toBe(200);
        return login;
      } finally {
        await admin.dispose();
      }
    });
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

/**
 * A weekday at least `daysAhead` days ahead on which `employee` may take one day of earned leave, after HR
 * topped her balance up by `topUp` days; with the earned leave type's id.
 */
export async function freeLeaveDay(
  hr: APIRequestContext,
  employee: APIRequestContext,
  { daysAhead, topUp, reason }: { daysAhead: number; topUp: number; reason: string },
): Promise<{ day: string; earnedLeave: string }> {
  const me = (await (await employee.get('/api/auth/me')).json()) as { user: { employeeId: string }; organisation: { today: string } };
  const types = (await (await employee.get('/api/leave/types')).json()) as { items: { id: string; code: string }[] };
  const earnedLeave = types.items.find((t) => t.code === 'EL')!.id;
  expect((await hr.post('/api/leave/adjustments', { data: { employeeId: me.user.employeeId, leaveTypeId: earnedLeave, days: topUp, reason } })).status()).toBe(200);
  let day = addDays(me.organisation.today, daysAhead);
  for (let i = 0; i < 60; i++, day = addDays(day, 1)) {
    if (weekdayOf(day) === 0 || weekdayOf(day) === 6) continue;
    const quote = (await (await employee.get(`/api/leave/quote?leaveTypeId=${earnedLeave}&fromDate=${day}&toDate=${day}`)).json()) as { problems: unknown[]; workingDays: number };
    if (quote.problems.length === 0 && quote.workingDays === 1) return { day, earnedLeave };
  }
  throw new Error('no free day for leave');
}

/** A phone, as the language specs hold one: 360 px wide, touch. */
export const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Where the language specs' screenshots for the documentation go (docs/i18n/, looked at when they change). */
export function i18nShotPath(name: string): string {
  return path.join(repoRoot, 'docs', 'i18n', name);
}

/** Nothing on the page is wider than the phone. */
export async function noSidewaysScroll(page: Page, width = 360): Promise<void> {
  const scrollWidth = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** Waits for the page's fonts, so a screenshot shows the bundled Noto face the script is drawn with. */
export async function fontsReady(page: Page): Promise<void> {
  await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
}

/**
 * A message of a catalogue as the translators wrote it (the specs read the same words the console shows),
 * its plain `{arguments}` filled in from `values`; a missing message fails the spec.
 */
export function catalogueText(locale: Locale, ns: Namespace, key: string, values: Record<string, string | number> = {}): string {
  const text = messageAt(CATALOGUES[locale][ns], key);
  if (text === undefined) throw new Error(`no ${locale} ${ns}:${key}`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Every line of the page's text and every name people hear (aria-label, placeholder, title), trimmed, none empty. */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type El = { getAttribute(n: string): string | null };
    const doc = (globalThis as unknown as { document: { body: { innerText: string }; querySelectorAll(s: string): ArrayLike<El> } }).document;
    const names = Array.from(doc.querySelectorAll('[aria-label], [placeholder], [title]')).flatMap((el) => ['aria-label', 'placeholder', 'title'].map((n) => el.getAttribute(n) ?? ''));
    return [...doc.body.innerText.split('\n'), ...names].map((text) => text.trim()).filter(Boolean);
  });
}

/** What i18next shows for a key it cannot find: the key itself (`people.directory.title`). */
export const RAW_KEY = /^[a-z]+(\.[a-zA-Z]+)+$/;

/** The texts of the page (`pageTexts`) that are a raw catalogue key instead of words. */
export async function rawKeys(page: Page): Promise<string[]> {
  return (await pageTexts(page)).filter((text) => RAW_KEY.test(text));
}
