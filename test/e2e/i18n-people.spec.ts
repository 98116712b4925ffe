// Issue 21: HR's people screens through the catalogue. An HR user who reads Hindi (a plant supervisor
// with HR rights) opens the directory and an employee's profile: what is translated reads in Hindi,
// what is not yet shows the English string marked lang="en", and no raw key ever reaches the page.
// Her language is put back afterwards, since the server is shared by the specs.
import type { Page } from '@playwright/test';
import { DEMO_HR, RAW_KEY, catalogueText, expect, pageTexts, signIn, test } from './fixtures.ts';

/** An hr message as the translators wrote it (the spec reads the same words the console shows). */
const words = (locale: 'hi-IN' | 'en-IN', key: string) => catalogueText(locale, 'hr', key);

/** Every line of visible text, and every label a screen reader or tooltip reads, is a word, not a key. */
async function noRawKeys(page: Page): Promise<void> {
  const texts = await pageTexts(page);
  expect(texts.length).toBeGreaterThan(10);
  expect(texts.filter((t) => RAW_KEY.test(t))).toEqual([]);
}

test('an HR user in Hindi reads the directory and a profile in Hindi, untranslated words in marked English, never a raw key', async ({ page, inLanguage }) => {
  test.setTimeout(120_000);
  await inLanguage(DEMO_HR, 'hi-IN');
  await signIn(page, DEMO_HR.email, DEMO_HR.password);

  await page.goto('/employees');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('heading', { level: 1, name: words('hi-IN', 'people.directory.title'), exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: words('hi-IN', 'people.directory.search') })).toBeVisible();
  await expect(page.getByTestId('sort-fullName')).toHaveText(words('hi-IN', 'people.directory.column.fullName'));
  await expect(page.getByTestId('sort-ctcAnnual')).toHaveText(words('hi-IN', 'people.directory.column.ctcAnnual'));
  await expect(page.getByRole('button', { name: words('hi-IN', 'people.directory.moreFilters') })).toBeVisible();
  // The status segments carry the labels catalogue's Hindi with their counts.
  await expect(page.getByRole('radio', { name: new RegExp(`^${catalogueText('hi-IN', 'labels', 'employeeStatus.Active')} \\(\\d+\\)$`) })).toBeAttached();
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
});
