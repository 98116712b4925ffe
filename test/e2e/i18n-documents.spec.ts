// Issue 21: an employee's documents and the leave calendar in her language. A Hindi reader opens My documents and
// uploads a file through the upload form in Hindi; a Kannada reader reads the leave calendar with the month's and the
// weekdays' names in Kannada (Intl, as the console formats them). My documents at phone width in each Indian language
// is saved as docs/i18n/documents-<lang>.png (looked at: shaped, no missing glyphs, nothing cut off).
// The expected words are read from the catalogues the translators wrote, never copied here. The employee is one of
// her own (the documents spec counts the demo employee's checklist), and her language is put back afterwards.
import { formatDayShortIn, formatMonthIn } from '../../shared/i18n/index.ts';
import { miniPdf } from '../../server/src/modules/documents/mini-files.ts';
import { DEMO_HR, PHONE, catalogueText as words, expect, fontsReady, freeLeaveDay, i18nShotPath, noSidewaysScroll, setLanguage, signIn, test } from './fixtures.ts';

/**
 * A login for an employee no other spec signs in as, taken from the end of the list: the regularization
 * and leave specs' own employees are taken from its start.
 */
const OWN_EMPLOYEE = { email: 'i18n-documents-e2e@kaveri.example', password: 'i18n-documents-pass-123', from: 'end' } as const;

test('an employee reads and uploads her documents in Hindi; My documents on a phone in each language', async ({ browser, baseURL, inLanguage, ownLogin }) => {
  test.setTimeout(180_000);
  const login = await ownLogin(OWN_EMPLOYEE);
  const api = await inLanguage(login);
  const me = (await (await api.get('/api/auth/me')).json()) as { user: { employeeId: string } };
  // A kind she may upload that needs no expiry date (the form then asks for nothing else).
  const file = (await (await api.get(`/api/employees/${me.user.employeeId}/documents`)).json()) as { uploadableTypes: { id: string; name: string }[] };
  const types = (await (await api.get('/api/documents/types')).json()) as { items: { id: string; expires: boolean }[] };
  const kind = file.uploadableTypes.find((t) => types.items.some((x) => x.id === t.id && !x.expires));
  expect(kind, 'an uploadable document type without expiry').toBeTruthy();

  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  try {
    await setLanguage(api, 'hi-IN');
    await signIn(page, login.email, login.password);
    await page.goto('/documents/my');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(page.getByRole('heading', { name: words('hi-IN', 'employee', 'documents.title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: words('hi-IN', 'employee', 'documents.checklist') })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: words('hi-IN', 'employee', 'documents.progressLabel') })).toBeVisible();

    // The upload form, all in Hindi.
    await page.getByRole('button', { name: words('hi-IN', 'employee', 'documents.upload'), exact: true }).first().tap();
    const dialog = page.getByRole('dialog', { name: words('hi-IN', 'employee', 'documents.uploadModal.title') });
    await expect(dialog).toBeVisible();
    // Sent empty, it names what is missing in Hindi.
    await dialog.getByRole('button', { name: words('hi-IN', 'employee', 'documents.uploadModal.submit') }).tap();
    await expect(dialog.getByText(words('hi-IN', 'employee', 'documents.uploadModal.chooseFile'), { exact: true })).toBeVisible();
    await expect(dialog.getByText(words('hi-IN', 'employee', 'documents.uploadModal.chooseKind'), { exact: true })).toBeVisible();
    await fontsReady(page);
    await page.screenshot({ path: i18nShotPath('documents-upload-hi-IN.png') });
    await dialog.getByRole('combobox', { name: words('hi-IN', 'employee', 'documents.uploadModal.document') }).tap();
    await page.getByRole('option', { name: kind!.name, exact: true }).tap();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'pramaan-patra.pdf', mimeType: 'application/pdf', buffer: miniPdf(kind!.name, ['Uploaded in the Hindi end-to-end test']) });
    await expect(dialog.getByRole('textbox', { name: words('hi-IN', 'employee', 'documents.uploadModal.note') })).toBeVisible();
    await dialog.getByRole('button', { name: words('hi-IN', 'employee', 'documents.uploadModal.submit') }).tap();
    await expect(dialog).toBeHidden();
    // The toast and the item's state speak Hindi.
    const uploaded = (await (await api.get(`/api/employees/${me.user.employeeId}/documents`)).json()) as { documents: { title: string; version: number; deletedAt: string | null }[] };
    const versions = uploaded.documents.filter((d) => d.title === kind!.name && !d.deletedAt).map((d) => d.version);
    expect(versions.length).toBeGreaterThan(0);
    const latest = { version: Math.max(...versions) };
    await expect(page.getByText(words('hi-IN', 'employee', 'documents.uploadModal.done', { title: kind!.name, version: latest.version }))).toBeVisible();
    const item = page.getByTestId(`item-${kind!.name}`);
    await expect(item).toContainText(words('hi-IN', 'labels', 'documentItemState.AwaitingVerification'));
    await expect(item.getByRole('button', { name: words('hi-IN', 'employee', 'documents.view'), exact: true })).toBeVisible();
    await expect(page.getByTestId('checklist')).not.toContainText(/Awaiting verification|Upload|Missing/);

    // My documents on a phone in each Indian language.
    for (const locale of ['hi-IN', 'mr-IN', 'kn-IN', 'ta-IN'] as const) {
      await setLanguage(api, locale);
      await page.goto('/documents/my');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { name: words(locale, 'employee', 'documents.title') })).toBeVisible();
      await expect(page.getByTestId(`item-${kind!.name}`)).toContainText(words(locale, 'labels', 'documentItemState.AwaitingVerification'));
      await fontsReady(page);
      await noSidewaysScroll(page);
      await page.screenshot({ path: i18nShotPath(`documents-${locale}.png`), fullPage: true });
    }
  } finally {
    await context.close();
  }
});

test('a Kannada reader sees the leave calendar with the month and the weekdays in Kannada', async ({ browser, baseURL, apiAs, inLanguage, ownLogin }) => {
  test.setTimeout(120_000);
  const login = await ownLogin(OWN_EMPLOYEE);
  const hr = await apiAs(DEMO_HR);
  const api = await inLanguage(login);
  // A weekday some weeks ahead that the leave rules accept, so her own pending request is on the calendar.
  const { day, earnedLeave: el } = await freeLeaveDay(hr, api, { daysAhead: 150, topUp: 1, reason: 'E2E i18n calendar top-up' });
  const applied = await api.post('/api/leave/requests', { data: { leaveTypeId: el, fromDate: day, toDate: day, duration: 'FullDay', reason: 'ಮನೆಯಲ್ಲಿ ಕಾರ್ಯಕ್ರಮ' } });
  expect(applied.status(), await applied.text()).toBe(200);
  const requestId = ((await applied.json()) as { id: string }).id;

  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  try {
    await setLanguage(api, 'kn-IN');
    await signIn(page, login.email, login.password);
    await page.goto(`/leave/calendar?month=${day.slice(0, 7)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'kn-IN');
    await expect(page.getByRole('heading', { name: words('kn-IN', 'employee', 'leaveCalendar.title') })).toBeVisible();
    // Formatted by the browser's own Intl (its ICU may word a month unlike Node's), as the console does.
    const inBrowser = (fn: 'formatMonthIn' | 'formatDayShortIn' | 'narrowWeekday') =>
      page.evaluate(
        ([name, d]) => {
          const at = new Date(`${d}T12:00:00Z`);
          const options: Intl.DateTimeFormatOptions =
            name === 'formatMonthIn'
              ? { timeZone: 'UTC', month: 'long', year: 'numeric' }
              : name === 'narrowWeekday'
                ? { timeZone: 'UTC', weekday: 'narrow' }
                : { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' };
          return new Intl.DateTimeFormat('kn-IN-u-nu-latn', options).format(at);
        },
        [fn, day] as const,
      );
    const month = await inBrowser('formatMonthIn');
    // Node's Intl agrees on the script at least: Kannada, no English month.
    expect(formatMonthIn('kn-IN', day)).not.toMatch(/[A-Za-z]/);
    expect(month).not.toMatch(/[A-Za-z]/);
    await expect(page.getByTestId('calendar-month')).toHaveText(month);
    await expect(page.getByRole('button', { name: words('kn-IN', 'employee', 'leaveCalendar.next') })).toBeVisible();
    const grid = page.getByRole('table', { name: words('kn-IN', 'employee', 'leaveCalendar.title') });
    await expect(grid.getByRole('columnheader', { name: words('kn-IN', 'employee', 'leaveCalendar.employee') })).toBeVisible();
    // Each day's column is named by its weekday and date in Kannada.
    const named = await inBrowser('formatDayShortIn');
    expect(formatDayShortIn('kn-IN', day)).not.toMatch(/[A-Za-z]/);
    expect(named).not.toMatch(/[A-Za-z]/);
    const column = grid.getByRole('columnheader', { name: named, exact: true });
    await expect(column).toBeAttached();
    // And shows the weekday's narrow Kannada name above the date.
    const narrow = await inBrowser('narrowWeekday');
    expect(narrow).not.toMatch(/[A-Za-z]/);
    await expect(column).toContainText(narrow);
    await expect(grid.getByTestId('calendar-cell').first()).toBeVisible();
    await expect(page.getByText(words('kn-IN', 'employee', 'leaveCalendar.legend'))).toBeAttached();
    await fontsReady(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: i18nShotPath('leave-calendar-kn-IN.png') });
  } finally {
    await api.post(`/api/leave/requests/${requestId}/withdraw`, { data: { note: 'E2E i18n calendar: cleaning up' } });
    await context.close();
  }
});
