// Issue 21: an HR user who reads Tamil opens attendance settings → holidays. What Tamil has is shown in Tamil; what it
// lacks yet (HR screens may fall back per string) is the English string marked lang="en", never a raw catalogue key.
// Her language is put back afterwards: the other specs share this server and read English.
import { CATALOGUES, messageAt, translatorFor } from '../../shared/i18n/index.ts';
import { DEMO_PASSWORD, catalogueText, expect, lookPath, rawKeys, signIn, test } from './fixtures.ts';

const HR = 'hr@kaveri.example';

/** An `hr` message as a language's catalogue holds it; undefined where that language has none. */
function hr(locale: 'en-IN' | 'ta-IN', key: string): string | undefined {
  return messageAt(CATALOGUES[locale].hr, key);
}

function tamil(key: string): string {
  return catalogueText('ta-IN', 'hr', key);
}

test('an HR user in Tamil opens attendance settings → holidays: Tamil where translated, English marked lang="en" where not, never a raw key', async ({ browser, baseURL, inLanguage }) => {
  test.setTimeout(120_000);
  // The premise: the page's description is (still) untranslated in Tamil, the holidays tab's words are translated.
  expect(hr('ta-IN', 'attendanceSettings.description')).toBeUndefined();
  const description = hr('en-IN', 'attendanceSettings.description')!;
  expect(description).toBeTruthy();

  await inLanguage({ email: HR, password: DEMO_PASSWORD }, 'ta-IN');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  try {
    await signIn(page, HR, DEMO_PASSWORD);
    await page.goto('/attendance/settings');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
    await expect(page.getByRole('heading', { level: 1, name: tamil('attendanceSettings.title') })).toBeVisible();
    await expect(page).toHaveTitle(`${tamil('attendanceSettings.title')} · Muster`);

    await page.getByRole('tab', { name: tamil('attendanceSettings.tab.holidays') }).click();
    await expect(page).toHaveURL(/tab=holidays/);
    await expect(page.getByRole('tab', { name: tamil('attendanceSettings.tab.holidays') })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: tamil('attendanceSettings.holidays.table') });
    await expect(table).toBeVisible();
    for (const column of ['day', 'holiday', 'location', 'kind']) {
      await expect(table.getByRole('columnheader', { name: tamil(`attendanceSettings.holidays.${column}`), exact: true })).toBeVisible();
    }
    // The demo's Republic Day is every location's, a plain holiday; names stay as stored.
    const republicDay = table.getByRole('row').filter({ hasText: 'Republic Day' });
    await expect(republicDay).toContainText(tamil('attendanceSettings.holidays.everyLocation'));
    await expect(republicDay).toContainText(tamil('attendanceSettings.holidays.holidayBadge'));
    await expect(page.getByRole('button', { name: tamil('attendanceSettings.holidays.add') })).toBeVisible();
    await expect(page.getByRole('combobox', { name: tamil('attendanceSettings.holidays.year') })).toBeVisible();

    // The untranslated description: the English words, marked as English for readers and screen readers.
    const fallback = page.locator('[data-english-fallback]', { hasText: description });
    await expect(fallback).toBeVisible();
    await expect(fallback).toHaveAttribute('lang', 'en');
    await expect(fallback).toHaveText(description);

    // The holiday form in Tamil too.
    await page.getByRole('button', { name: tamil('attendanceSettings.holidays.add') }).click();
    const dialog = page.getByRole('dialog', { name: tamil('attendanceSettings.holidays.addTitle') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: tamil('attendanceSettings.holidays.name') })).toBeVisible();
    await expect(dialog.getByRole('switch', { name: tamil('attendanceSettings.holidays.optional') })).toBeAttached();
    await dialog.getByRole('button', { name: tamil('attendanceSettings.common.save') }).click();
    await expect(dialog.getByText(tamil('attendanceSettings.holidays.pickDay'))).toBeVisible();
    await expect(dialog.getByText(tamil('attendanceSettings.holidays.giveName'))).toBeVisible();
    expect(await rawKeys(page)).toEqual([]);
    await page.screenshot({ path: lookPath('holidays-form-ta-IN.png') });
    await dialog.getByRole('button', { name: tamil('attendanceSettings.common.cancel') }).click();
    await expect(dialog).toBeHidden();

    expect(await rawKeys(page)).toEqual([]);
    await page.screenshot({ path: lookPath('holidays-ta-IN.png'), fullPage: true });
  } finally {
    await context.close();
  }
});

// The leave-type form (leave settings → Add leave type) read by HR in Hindi: every label, option and note in Hindi,
// nothing falling back to English, no raw key. The screenshot is docs/i18n/leave-type-hi-IN.png.
test('an HR user in Hindi opens the leave-type form: Hindi labels and options, no English fallback, no raw key', async ({ browser, baseURL, inLanguage }) => {
  test.setTimeout(120_000);
  const hindi = (key: string): string => catalogueText('hi-IN', 'hr', key);
  const hi = translatorFor('hi-IN');
  await inLanguage({ email: HR, password: DEMO_PASSWORD }, 'hi-IN');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  try {
    await signIn(page, HR, DEMO_PASSWORD);
    await page.goto('/leave/settings');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await page.getByRole('button', { name: hindi('leaveSettings.types.add') }).click();
    const form = page.getByRole('dialog', { name: hindi('leaveSettings.form.titleAdd') });
    await expect(form).toBeVisible();
    for (const key of ['code', 'name']) await expect(form.getByRole('textbox', { name: hindi(`leaveSettings.form.${key}`) })).toBeVisible();
    for (const key of ['paid', 'halfDays', 'negative', 'active', 'prorate', 'encash']) {
      await expect(form.getByRole('checkbox', { name: hindi(`leaveSettings.form.${key}`) })).toBeAttached();
    }
    for (const key of ['hrApproval', 'sandwich', 'notice', 'backdate', 'accrualPolicy', 'credited', 'perYear', 'cap', 'note']) {
      await expect(form.getByText(hindi(`leaveSettings.form.${key}`), { exact: true })).toBeVisible();
    }
    // The chosen options read as the catalogue's ICU selects render them in Hindi.
    await expect(form.getByRole('combobox', { name: hindi('leaveSettings.form.colour') })).toHaveValue(hi('hr:leaveSettings.form.tone', { tone: 'neutral' }));
    await expect(form.getByRole('combobox', { name: hindi('leaveSettings.form.sandwich') })).toHaveValue(hi('hr:leaveSettings.form.sandwichRule', { rule: 'none' }));
    await expect(form.getByRole('combobox', { name: hindi('leaveSettings.form.credited') })).toHaveValue(hi('hr:leaveSettings.form.accrual', { method: 'annual' }));
    await expect(form.getByRole('button', { name: hindi('leaveSettings.form.save') })).toBeVisible();
    await expect(form.locator('[data-english-fallback]')).toHaveCount(0);
    expect(await rawKeys(page)).toEqual([]);
    await page.screenshot({ path: lookPath('leave-type-hi-IN.png') });
    await form.getByRole('button', { name: hindi('leaveSettings.form.cancel') }).click();
    await expect(form).toBeHidden();
  } finally {
    await context.close();
  }
});
