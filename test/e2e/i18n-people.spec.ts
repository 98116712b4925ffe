// Issue 21: HR's people screens through the catalogue. An HR user who reads Hindi (a plant supervisor
// with HR rights) opens the directory and an employee's profile: what is translated reads in Hindi,
// what is not yet shows the English string marked lang="en", and no raw key ever reaches the page.
// Her language is put back afterwards, since the server is shared by the specs.
import type { Page } from '@playwright/test';
import { CATALOGUES, messageAt } from '../../shared/i18n/index.ts';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';

const HR = 'hr@kaveri.example';
/** What i18next shows for a key it cannot find: the key itself ("people.directory.title"). */
const RAW_KEY = /^[a-z]+(\.[a-zA-Z]+)+$/;

/** An hr message as the translators wrote it (the spec reads the same words the console shows). */
function words(locale: 'hi-IN' | 'en-IN', key: string): string {
  const text = messageAt(CATALOGUES[locale].hr, key);
  if (text === undefined) throw new Error(`no ${locale} hr:${key}`);
  return text;
}

/** Every line of visible text, and every label a screen reader or tooltip reads, is a word, not a key. */
async function noRawKeys(page: Page): Promise<void> {
  const texts = await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { body: { innerText: string }; querySelectorAll: (s: string) => ArrayLike<{ getAttribute: (a: string) => string | null }> } }).document;
    const attributes = Array.from(doc.querySelectorAll('[aria-label], [placeholder], [title]')).flatMap((el) =>
      ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? ''),
    );
    return [...doc.body.innerText.split('\n'), ...attributes].map((t) => t.trim()).filter(Boolean);
  });
  expect(texts.length).toBeGreaterThan(10);
  expect(texts.filter((t) => RAW_KEY.test(t))).toEqual([]);
}

test('an HR user in Hindi reads the directory and a profile in Hindi, untranslated words in marked English, never a raw key', async ({ page, baseURL, playwright }) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: { email: HR, password: DEMO_PASSWORD } })).status()).toBe(200);
  try {
    expect((await api.put('/api/me/language', { data: { locale: 'hi-IN' } })).status()).toBe(200);
    await signIn(page, HR, DEMO_PASSWORD);

    await page.goto('/employees');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(page.getByRole('heading', { level: 1, name: words('hi-IN', 'people.directory.title'), exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: words('hi-IN', 'people.directory.search') })).toBeVisible();
    await expect(page.getByTestId('sort-fullName')).toHaveText(words('hi-IN', 'people.directory.column.fullName'));
    await expect(page.getByTestId('sort-ctcAnnual')).toHaveText(words('hi-IN', 'people.directory.column.ctcAnnual'));
    await expect(page.getByRole('button', { name: words('hi-IN', 'people.directory.moreFilters') })).toBeVisible();
    // The status segments carry the labels catalogue's Hindi with their counts.
    await expect(page.getByRole('radio', { name: new RegExp(`^${messageAt(CATALOGUES['hi-IN'].labels, 'employeeStatus.Active')} \\(\\d+\\)$`) })).toBeAttached();
    await expect(page.getByTestId('directory-range')).toHaveText(/^\d+ में से \d+–\d+$/);
    await expect(page.getByTestId('employee-row').first()).toBeVisible();
    await noRawKeys(page);

    await page.getByTestId('employee-row').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/employees\/[^/?]+$/);
    await expect(page.getByRole('tab', { name: words('hi-IN', 'people.profile.tab.overview') })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: words('hi-IN', 'people.profile.edit'), exact: true })).toBeVisible();
    await expect(page.getByText(words('hi-IN', 'people.overview.job'), { exact: true })).toBeVisible();
    await expect(page.getByText(words('hi-IN', 'people.overview.code'), { exact: true })).toBeVisible();
    // Translated strings are not marked as English.
    await expect(page.locator('[data-english-fallback]', { hasText: words('en-IN', 'people.profile.tab.overview') })).toHaveCount(0);
    await noRawKeys(page);

    // The statutory register's words are not in Hindi yet: English, marked so (read out as English, visibly so).
    await page.getByRole('tab', { name: words('hi-IN', 'people.profile.tab.register') }).click();
    const intro = page.locator('[data-english-fallback]', { hasText: words('en-IN', 'people.register.intro') });
    await expect(intro).toBeVisible();
    await expect(intro).toHaveAttribute('lang', 'en');
    await expect(page.locator('label [lang="en"]', { hasText: words('en-IN', 'people.register.surname') })).toBeVisible();
    await noRawKeys(page);
  } finally {
    await api.put('/api/me/language', { data: { locale: null } });
    await api.dispose();
  }
});
