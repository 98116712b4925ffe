// Issue 21: an employee who reads Hindi switches the console to Hindi on her phone, checks in, applies for leave and
// reads the request's timeline in Hindi; the leave screen of each Indian language is saved under docs/i18n/ at phone
// size (looked at: glyphs shaped by the bundled Noto fonts, nothing cut off). Her language is put back afterwards:
// the other specs share this server and read English.
import { addDays, weekdayOf } from '../../shared/dates.ts';
import { DEMO_EMPLOYEE, DEMO_HR, DEMO_MANAGER, PHONE, catalogueText as words, expect, fontsReady, freeLeaveDay, i18nShotPath, noSidewaysScroll, setLanguage, signIn, test } from './fixtures.ts';

/**
 * A login of her own for an employee nobody else's spec uses: her check-in must not sit minutes
 * before another spec's punch for the demo employee (two punches that close are one bounce).
 */
const OWN_EMPLOYEE = { email: 'i18n-e2e@kaveri.example', password: 'i18n-e2e-pass-123' };

test('an employee switches to Hindi, checks in, applies for leave and reads the timeline in Hindi', async ({ browser, baseURL, apiAs, inLanguage, ownLogin }) => {
  test.setTimeout(180_000);
  const hr = await apiAs(DEMO_HR);
  const login = await ownLogin(OWN_EMPLOYEE);
  // She switches in the console; her language is put back afterwards all the same.
  const api = await inLanguage(login);
  const { day } = await freeLeaveDay(hr, api, { daysAhead: 90, topUp: 2, reason: 'E2E i18n top-up' });

  const context = await browser.newContext({ ...PHONE, baseURL, permissions: ['geolocation'], geolocation: { latitude: 18.5204, longitude: 73.8567, accuracy: 15 } });
  const page = await context.newPage();
  try {
    await signIn(page, login.email, login.password);
    // The language picker in the user menu.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    expect(((await (await api.get('/api/auth/me')).json()) as { language: { locale: string } }).language.locale).toBe('hi-IN');

    // Check in (or out, if an earlier spec checked her in today): the buttons and the toast speak Hindi.
    await page.goto('/attendance/me');
    await expect(page.getByRole('heading', { name: 'मेरी हाज़िरी' })).toBeVisible();
    const checkIn = page.getByRole('button', { name: 'चेक-इन करें' });
    const checkOut = page.getByRole('button', { name: 'चेक-आउट करें' });
    await expect.poll(async () => (await checkIn.isEnabled()) || (await checkOut.isEnabled())).toBe(true);
    const direction = (await checkIn.isEnabled()) ? 'in' : 'out';
    await (direction === 'in' ? checkIn : checkOut).tap();
    await expect(page.getByText(direction === 'in' ? 'चेक-इन हो गया।' : 'चेक-आउट हो गया।')).toBeVisible();
    await expect(page.getByLabel('आज के पंच')).toContainText(direction === 'in' ? 'इन' : 'आउट');
    await noSidewaysScroll(page);

    // Apply for a day of earned leave, all in Hindi.
    await page.goto('/leave/apply');
    await expect(page.getByRole('heading', { name: 'छुट्टी के लिए आवेदन करें' })).toBeVisible();
    await page.getByRole('combobox', { name: 'छुट्टी का प्रकार' }).tap();
    await page.getByRole('option', { name: 'अर्जित अवकाश (EL)' }).tap();
    await page.getByRole('textbox', { name: 'से' }).fill(day);
    await page.getByRole('textbox', { name: 'तक' }).fill(day);
    await page.getByRole('textbox', { name: 'कारण' }).fill('परिवार में शादी');
    await expect(page.getByTestId('quote-working-days')).toHaveText('1');
    await expect(page.getByText('इन दिनों आपकी टीम')).toBeVisible();
    await page.getByRole('button', { name: 'आवेदन जमा करें' }).tap();
    await expect(page).toHaveURL(/\/leave\/my$/);
    await expect(page.getByText('छुट्टी का आवेदन हो गया')).toBeVisible();

    // The request and its timeline read in Hindi.
    const rows = page.getByTestId('leave-row');
    await expect(rows.first().getByTestId('leave-status')).toHaveText('मैनेजर की मंज़ूरी बाकी');
    await expect(rows.first()).toContainText('1 दिन');
    await rows.first().tap();
    const timeline = page.getByTestId('leave-timeline');
    await expect(timeline).toContainText('जमा किया');
    await expect(timeline).toContainText('मैनेजर के फ़ैसले का इंतज़ार');
    await expect(timeline).not.toContainText(/Submitted|Waiting/);
    await expect(page.getByTestId('leave-request-detail')).toContainText('परिवार में शादी');
    await page.screenshot({ path: i18nShotPath('leave-timeline-hi-IN.png') });
  } finally {
    // Leave nothing pending behind: other specs on this server look for their own request by its day.
    const mine = (await (await api.get('/api/leave/requests?mine=true&pageSize=50')).json()) as { items: { id: string; fromDate: string; status: string; closure: string | null }[] };
    for (const r of mine.items.filter((x) => x.fromDate === day && x.closure === null && x.status === 'PendingManager')) {
      await api.post(`/api/leave/requests/${r.id}/withdraw`, { data: { note: 'E2E i18n: cleaning up' } });
    }
    await context.close();
  }
});

test('the leave screen on a phone in Hindi, Marathi, Kannada and Tamil (screenshots in docs/i18n/)', async ({ browser, baseURL, inLanguage }) => {
  test.setTimeout(180_000);
  const api = await inLanguage(DEMO_EMPLOYEE);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const expected = {
    'hi-IN': { title: 'मेरी छुट्टियाँ', apply: 'छुट्टी के लिए आवेदन करें' },
    'mr-IN': { title: 'माझ्या रजा', apply: 'रजेसाठी अर्ज करा' },
    'kn-IN': { title: 'ನನ್ನ ರಜೆ', apply: 'ರಜೆಗೆ ಅರ್ಜಿ ಸಲ್ಲಿಸಿ' },
    'ta-IN': { title: 'என் விடுப்பு', apply: 'விடுப்புக்கு விண்ணப்பிக்கவும்' },
  } as const;
  try {
    await signIn(page, DEMO_EMPLOYEE.email, DEMO_EMPLOYEE.password);
    for (const locale of ['hi-IN', 'mr-IN', 'kn-IN', 'ta-IN'] as const) {
      const { title, apply } = expected[locale];
      await setLanguage(api, locale);
      await page.goto('/leave/my');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByRole('link', { name: apply })).toBeVisible();
      await expect(page.getByTestId('leave-status').first()).toBeVisible();
      // The bundled Noto face for the script is what the browser drew with.
      await fontsReady(page);
      await noSidewaysScroll(page);
      await page.screenshot({ path: i18nShotPath(`leave-${locale}.png`) });
      // And the apply form, where the words are longest.
      await page.goto('/leave/apply');
      await expect(page.getByRole('heading', { name: apply })).toBeVisible();
      await noSidewaysScroll(page);
      await page.screenshot({ path: i18nShotPath(`apply-${locale}.png`) });
    }
  } finally {
    await context.close();
  }
});

test('a manager approves leave on a phone in Kannada, and reads the approvals and regularizations in Tamil', async ({ browser, baseURL, apiAs, inLanguage }) => {
  test.setTimeout(180_000);
  const hr = await apiAs(DEMO_HR);
  const employee = await apiAs(DEMO_EMPLOYEE);
  const manager = await inLanguage(DEMO_MANAGER);
  const { day, earnedLeave } = await freeLeaveDay(hr, employee, { daysAhead: 120, topUp: 2, reason: 'E2E i18n top-up' });
  const applied = await employee.post('/api/leave/requests', { data: { leaveTypeId: earnedLeave, fromDate: day, toDate: day, duration: 'FullDay', reason: 'ಊರಿಗೆ ಹೋಗಬೇಕು' } });
  expect(applied.status(), await applied.text()).toBe(200);
  const requestId = ((await applied.json()) as { id: string }).id;

  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  try {
    await setLanguage(manager, 'kn-IN');
    await signIn(page, DEMO_MANAGER.email, DEMO_MANAGER.password);
    await page.goto(`/leave/approvals?request=${requestId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'kn-IN');
    await expect(page.getByRole('heading', { name: words('kn-IN', 'manager', 'approvals.title') })).toBeVisible();
    await expect(page.getByTestId('leave-request-detail')).toContainText('ಊರಿಗೆ ಹೋಗಬೇಕು');
    await expect(page.getByRole('button', { name: words('kn-IN', 'manager', 'approvals.back') })).toBeVisible();
    await fontsReady(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: i18nShotPath('approve-kn-IN.png'), fullPage: true });
    // One tap approves, with the undo toast in Kannada; the decision reaches the server once its window has passed.
    await page.getByRole('button', { name: words('kn-IN', 'manager', 'decision.approve'), exact: true }).tap();
    await expect(page.getByTestId('undo')).toHaveText(words('kn-IN', 'common', 'actions.undo'));
    await expect
      .poll(async () => ((await (await employee.get(`/api/leave/requests/${requestId}`)).json()) as { status: string }).status, { timeout: 20_000 })
      .toMatch(/^(Approved|ManagerApprovedPendingHR)$/);

    // The same manager in Tamil: the inbox and the regularizations, at phone width.
    await setLanguage(manager, 'ta-IN');
    await page.goto('/leave/approvals');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta-IN');
    await expect(page.getByRole('heading', { name: words('ta-IN', 'manager', 'approvals.title') })).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: i18nShotPath('approvals-ta-IN.png') });
    await page.goto('/attendance/regularizations');
    await expect(page.getByRole('heading', { name: words('ta-IN', 'manager', 'regularizations.title') })).toBeVisible();
    await expect(page.getByRole('tab', { name: words('ta-IN', 'manager', 'regularizations.awaitingMe') })).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: i18nShotPath('regularizations-ta-IN.png') });
  } finally {
    await context.close();
  }
});

test('an employee asks for a regularization in Marathi on her phone', async ({ browser, baseURL, inLanguage, ownLogin }) => {
  test.setTimeout(180_000);
  const login = await ownLogin(OWN_EMPLOYEE);
  const api = await inLanguage(login);
  const me = (await (await api.get('/api/auth/me')).json()) as { organisation: { today: string } };
  // A weekday a few days back (inside the regularization window), whatever today is.
  let day = addDays(me.organisation.today, -3);
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, -1);

  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  try {
    await setLanguage(api, 'mr-IN');
    await signIn(page, login.email, login.password);
    await page.goto('/attendance/me');
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr-IN');
    await page.getByRole('button', { name: words('mr-IN', 'employee', 'attendance.requestRegularization') }).tap();
    const form = page.getByRole('dialog', { name: words('mr-IN', 'employee', 'regularization.title') });
    await expect(form).toBeVisible();
    await form.getByRole('textbox', { name: words('mr-IN', 'employee', 'regularization.day') }).fill(day);
    await form.getByLabel(words('mr-IN', 'employee', 'regularization.punchTime').replace('{n}', '1')).fill('18:40');
    await form.getByRole('textbox', { name: words('mr-IN', 'employee', 'regularization.reason') }).fill('कारखान्यात ऑडिट होते, पंच करायला विसरले');
    // The effect on the day, in Marathi, before sending.
    await expect(form.getByTestId('day-effect')).toContainText(words('mr-IN', 'employee', 'day.onceApproved'));
    await fontsReady(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: i18nShotPath('regularize-mr-IN.png') });
    await form.getByRole('button', { name: words('mr-IN', 'employee', 'regularization.send') }).tap();
    await expect(page.getByText(words('mr-IN', 'employee', 'regularization.sentTitle'))).toBeVisible();
    await expect(form).toBeHidden();
  } finally {
    await context.close();
  }
});

test('a person whose language is Marathi signs in and the console speaks Marathi at once, without a reload', async ({ browser, baseURL, inLanguage, ownLogin }) => {
  const login = await ownLogin(OWN_EMPLOYEE);
  await inLanguage(login, 'mr-IN');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  try {
    let loads = 0;
    page.on('load', () => loads++);
    // The sign-in page speaks the browser's language (English here); the person's own follows sign-in.
    await signIn(page, login.email, login.password);
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr-IN');
    await expect(page.getByRole('link', { name: words('mr-IN', 'common', 'nav.dashboard') })).toBeVisible();
    // One page load: the sign-in page's; the language came without another.
    expect(loads).toBe(1);
  } finally {
    await context.close();
  }
});
