// Issue 21: an employee who reads Tamil makes a personal key for an assistant under Connected apps and opens the
// Trust this PC page on her phone (360 px): every word from the Tamil catalogue, no raw key, no English fallback.
// The screenshot docs/i18n/connected-apps-ta-IN.png was looked at (Tamil shaped by the bundled Noto face, nothing
// cut off). Her own login, so no other spec's keys or language change under her.
import path from 'node:path';
import { type APIRequestContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { CATALOGUES, messageAt } from '../../shared/i18n/index.ts';
import { ADMIN, expect, signIn, test } from './fixtures.ts';

const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const SHOTS = path.resolve(import.meta.dirname, '../../docs/i18n');

/** A Tamil message of the employee namespace, with its arguments filled in as the console does (plain ones only). */
function ta(key: string, values: Record<string, string> = {}): string {
  const text = messageAt(CATALOGUES['ta-IN'].employee, key);
  if (text === undefined) throw new Error(`no ta-IN employee:${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

async function ownEmployeeLogin(admin: APIRequestContext): Promise<{ email: string; password: string }> {
  const login = { email: 'i18n-apps-e2e@kaveri.example', password: 'i18n-apps-pass-123' };
  const users = (await (await admin.get('/api/users')).json()) as { items: { employeeId: string; email: string }[] };
  if (users.items.some((u) => u.email === login.email)) return login;
  const taken = new Set(users.items.map((u) => u.employeeId));
  const people = (await (await admin.get('/api/employees?pageSize=100&status=Active')).json()) as { items: { id: string; status: string }[] };
  const someone = people.items.find((p) => !taken.has(p.id) && p.status === 'Active');
  expect(someone).toBeTruthy();
  const made = await admin.post('/api/users', { data: { employeeId: someone!.id, email: login.email, roles: ['Employee'], password: login.password } });
  expect(made.status(), await made.text()).toBe(200);
  return login;
}

/** No raw key (`connectedApps.keys.title`), no English fallback span, nothing wider than the phone. */
async function allTamil(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(connectedApps|oauthConsent|lanTrust)\.[\w.]+/);
  await expect(page.locator('[data-english-fallback]')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
  const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
}

test('an employee in Tamil makes a key under Connected apps and reads the Trust this PC page on her phone', async ({ browser, baseURL, playwright }) => {
  test.setTimeout(120_000);
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
  const login = await ownEmployeeLogin(admin);
  await admin.dispose();
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: login })).status()).toBe(200);
  // The browser stays English: the sign-in page follows it; after signing in her own language does.
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  try {
    await signIn(page, login.email, login.password);
    expect((await api.put('/api/me/language', { data: { locale: 'ta-IN' } })).status()).toBe(200);

    await page.goto('/connected-apps');
    await expect(page.getByRole('heading', { name: ta('connectedApps.title'), level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: ta('connectedApps.connect.title') })).toBeVisible();
    await expect(page.getByText(ta('connectedApps.grants.emptyTitle'))).toBeVisible();

    // A key, made through the Tamil form: the modal, its plural expiry, then the key in the table.
    await page.getByRole('button', { name: ta('connectedApps.newKey') }).click();
    const dialog = page.getByRole('dialog', { name: ta('connectedApps.newKeyModal.title') });
    await expect(dialog.getByText(ta('connectedApps.newKeyModal.accessHint'))).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: ta('connectedApps.newKeyModal.expiresAfter') })).toHaveValue('90 நாட்கள்');
    await dialog.getByRole('textbox', { name: ta('connectedApps.newKeyModal.name') }).fill('என் லேப்டாப்பில் Claude');
    await allTamil(page);
    await dialog.getByRole('button', { name: ta('connectedApps.newKeyModal.submit') }).click();
    const made = page.getByRole('dialog', { name: ta('connectedApps.keyMade.title') });
    await expect(made.getByTestId('issued-personal-key')).toHaveText(/^mst_/);
    await expect(made.getByText(ta('connectedApps.keyMade.warningTitle'))).toBeVisible();
    await made.getByRole('button', { name: ta('connectedApps.keyMade.done') }).click();
    const row = page.getByRole('table', { name: ta('connectedApps.keys.title') }).getByRole('row', { name: /என் லேப்டாப்பில் Claude/ });
    await expect(row).toContainText(ta('connectedApps.access.readWrite'));
    await expect(row).toContainText(ta('connectedApps.keyStatus.active'));
    await expect(row).toContainText(ta('connectedApps.neverUsed'));
    await allTamil(page);
    await page.screenshot({ path: path.join(SHOTS, 'connected-apps-ta-IN.png'), fullPage: true });

    // Trust this PC, as a phone reads it (LAN access is off on the test server: the page says so, in Tamil).
    await page.goto('/trust');
    await expect(page.getByRole('heading', { name: ta('lanTrust.title'), level: 1 })).toBeVisible();
    await expect(page.getByText(ta('lanTrust.offTitle'))).toBeVisible();
    await expect(page.getByRole('link', { name: ta('lanTrust.done').replace(/^.*<anchor>(.*)<\/anchor>$/, '$1') })).toBeVisible();
    await allTamil(page);
    // The steps themselves, in Tamil, with LAN access on: test/e2e/lan-https.spec.ts (trust-ta-IN.png).
  } finally {
    await api.put('/api/me/language', { data: { locale: null } });
    await context.close();
    await api.dispose();
  }
});
