// Issue 21: an employee who reads Tamil makes a personal key for an assistant under Connected apps and opens the
// Trust this PC page on her phone (360 px): every word from the Tamil catalogue, no raw key, no English fallback.
// The screenshot docs/i18n/connected-apps-ta-IN.png was looked at (Tamil shaped by the bundled Noto face, nothing
// cut off). Her own login, so no other spec's keys or language change under her.
import type { Page } from '@playwright/test';
import { PHONE, catalogueText, expect, fontsReady, i18nShotPath, noSidewaysScroll, setLanguage, signIn, test } from './fixtures.ts';

/** A Tamil message of the employee namespace, with its arguments filled in as the console does (plain ones only). */
const ta = (key: string, values: Record<string, string> = {}) => catalogueText('ta-IN', 'employee', key, values);

/** No raw key (`connectedApps.keys.title`), no English fallback span, nothing wider than the phone. */
async function allTamil(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(connectedApps|oauthConsent|lanTrust)\.[\w.]+/);
  await expect(page.locator('[data-english-fallback]')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
  await noSidewaysScroll(page);
  await fontsReady(page);
}

test('an employee in Tamil makes a key under Connected apps and reads the Trust this PC page on her phone', async ({ browser, baseURL, inLanguage, ownLogin }) => {
  test.setTimeout(120_000);
  const login = await ownLogin({ email: 'i18n-apps-e2e@kaveri.example', password: 'i18n-apps-pass-123' });
  const api = await inLanguage(login);
  // The browser stays English: the sign-in page follows it; after signing in her own language does.
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  try {
    await signIn(page, login.email, login.password);
    await setLanguage(api, 'ta-IN');

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
    await page.screenshot({ path: i18nShotPath('connected-apps-ta-IN.png'), fullPage: true });

    // Trust this PC, as a phone reads it (LAN access is off on the test server: the page says so, in Tamil).
    await page.goto('/trust');
    await expect(page.getByRole('heading', { name: ta('lanTrust.title'), level: 1 })).toBeVisible();
    await expect(page.getByText(ta('lanTrust.offTitle'))).toBeVisible();
    await expect(page.getByRole('link', { name: ta('lanTrust.done').replace(/^.*<anchor>(.*)<\/anchor>$/, '$1') })).toBeVisible();
    await allTamil(page);
    // The steps themselves, in Tamil, with LAN access on: test/e2e/lan-https.spec.ts (trust-ta-IN.png).
  } finally {
    await context.close();
  }
});
