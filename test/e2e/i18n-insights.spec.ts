// Issue 21: an HR person who reads Marathi (a Pune plant's supervisor with HR rights) opens the dashboard and the leave
// settings: Marathi words from the catalogue (the leave-type form too), counts and balances with Indian grouping (1,098
// days after three top-ups), and never a raw catalogue key.
// Everything this spec changes is put back (her language, the balance), the other specs share this server.
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { CATALOGUES, messageAt } from '../../shared/i18n/index.ts';
import { ADMIN, expect, signIn, test } from './fixtures.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../docs/i18n');
/** What a raw key would look like on screen (`dashboard.today.present`). */
const RAW_KEY = /^[a-z]+(\.[a-zA-Z]+)+$/;

/** A Marathi message of the `hr` namespace, as the translators wrote it (plain text, no arguments). */
function mr(key: string): string {
  const text = messageAt(CATALOGUES['mr-IN'].hr, key);
  if (text === undefined) throw new Error(`no mr-IN hr:${key}`);
  return text;
}

/** Indian grouping, as `shared/i18n/format.ts` writes numbers in every language. */
const grouped = (n: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(n);

async function noRawKeys(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  const raw = text
    .split(/\s+/)
    .map((w) => w.replace(/[,:;()]+$/, ''))
    .filter((w) => RAW_KEY.test(w));
  expect(raw).toEqual([]);
}

/** An HR login of its own (not the demo HR the other specs read in English), on an employee without one. */
async function ownHrLogin(admin: APIRequestContext): Promise<{ email: string; password: string }> {
  const login = { email: 'i18n-insights-e2e@kaveri.example', password: 'i18n-insights-pass-123' };
  const users = (await (await admin.get('/api/users')).json()) as { items: { employeeId: string; email: string }[] };
  if (users.items.some((u) => u.email === login.email)) return login;
  const taken = new Set(users.items.map((u) => u.employeeId));
  const people = (await (await admin.get('/api/employees?pageSize=100&status=Active')).json()) as { items: { id: string; status: string }[] };
  const someone = people.items.find((p) => !taken.has(p.id) && p.status === 'Active');
  expect(someone).toBeTruthy();
  const made = await admin.post('/api/users', { data: { employeeId: someone!.id, email: login.email, roles: ['HR'], password: login.password } });
  expect(made.status(), await made.text()).toBe(200);
  return login;
}

interface YearEnd {
  rows: { employeeId: string; employeeCode: string; leaveType: { id: string; code: string }; closing: number }[];
}

test('HR in Marathi: the dashboard, leave settings and the leave-type form in Marathi, lakh grouping, no raw keys', async ({ browser, baseURL, playwright }) => {
  test.setTimeout(180_000);
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).status()).toBe(200);
  const login = await ownHrLogin(admin);
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: login })).status()).toBe(200);

  // A balance in four digits: the first row of the year-end preview topped up by 3 × 366 days (taken back at the end).
  const before = (await (await api.get('/api/leave/year-end')).json()) as YearEnd;
  const row = before.rows[0]!;
  const topUps: number[] = [];
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, baseURL });
  const page = await context.newPage();
  try {
    for (let i = 0; i < 3; i++) {
      const res = await admin.post('/api/leave/adjustments', { data: { employeeId: row.employeeId, leaveTypeId: row.leaveType.id, days: 366, reason: 'E2E lakh grouping' } });
      expect(res.status(), await res.text()).toBe(200);
      topUps.push(366);
    }
    const after = (await (await api.get('/api/leave/year-end')).json()) as YearEnd;
    const closing = after.rows.find((r) => r.employeeId === row.employeeId && r.leaveType.id === row.leaveType.id)!.closing;
    expect(closing).toBeGreaterThanOrEqual(1000);

    expect((await api.put('/api/me/language', { data: { locale: 'mr-IN' } })).status()).toBe(200);
    await signIn(page, login.email, login.password);
    // Opened afresh, as the other language specs do after signing in.
    await page.goto('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'mr-IN');

    // The dashboard: tiles, panels and the chart's legend in Marathi; each tile's count as the API gives it, grouped.
    const dashboard = (await (await api.get('/api/dashboard')).json()) as { attendance: { present: number; late: number } };
    await expect(page.getByTestId('today-present')).toHaveText(grouped(dashboard.attendance.present));
    await expect(page.getByRole('link', { name: `${mr('dashboard.today.present')}: ${grouped(dashboard.attendance.present)}` })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${mr('dashboard.today.late')}: `) })).toBeVisible();
    await expect(page.getByTestId('trend')).toContainText(mr('dashboard.trend.title'));
    await expect(page.getByTestId('leave-load')).toContainText(mr('dashboard.leaveLoad.title'));
    await expect(page.getByTestId('people')).toContainText(mr('dashboard.people.title'));
    await expect(page.getByTestId('today')).not.toContainText('Absent so far');
    await expect(page.getByTestId('trend').locator('.recharts-surface').first()).toBeVisible();
    await page.evaluate(() => (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready);
    await noRawKeys(page);
    await page.screenshot({ path: path.join(SHOTS, 'dashboard-mr-IN.png') });

    // Leave settings: tabs, table and the year-end preview in Marathi; the topped-up balance reads 1,0xx.
    await page.goto('/leave/settings');
    await expect(page.getByRole('heading', { level: 1, name: mr('leaveSettings.title') })).toBeVisible();
    const types = page.getByRole('table', { name: mr('leaveSettings.types.table') });
    await expect(types).toBeVisible();
    await expect(types.getByRole('columnheader', { name: mr('leaveSettings.types.policy') })).toBeVisible();
    await expect(types).toContainText(mr('leaveSettings.types.paid'));
    await noRawKeys(page);
    await page.screenshot({ path: path.join(SHOTS, 'leave-settings-mr-IN.png') });

    // The leave-type form in Marathi too: no word of it falls back to English.
    await page.getByRole('button', { name: mr('leaveSettings.types.add') }).click();
    const form = page.getByRole('dialog', { name: mr('leaveSettings.form.titleAdd') });
    await expect(form).toBeVisible();
    await expect(form.getByRole('textbox', { name: mr('leaveSettings.form.code') })).toBeVisible();
    await expect(form.getByText(mr('leaveSettings.form.sandwich'), { exact: true })).toBeVisible();
    await expect(form.locator('[lang="en"][data-english-fallback]')).toHaveCount(0);
    await noRawKeys(page);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    await page.getByRole('tab', { name: mr('leaveSettings.tabs.yearEnd') }).click();
    const preview = page.getByRole('table', { name: mr('leaveSettings.yearEnd.table') });
    // The preview reckons every employee's balances: slow on a loaded machine.
    await expect(preview.getByRole('columnheader', { name: mr('leaveSettings.yearEnd.closing') })).toBeVisible({ timeout: 60_000 });
    // The employee's row of that type (a type code like "EL" may also be inside a name: the type's own cell decides).
    const line = preview
      .getByRole('row')
      .filter({ hasText: row.employeeCode })
      .filter({ has: page.locator('td:nth-child(2)').filter({ hasText: new RegExp(`^${row.leaveType.code}$`) }) });
    await expect(line.getByRole('cell').nth(2)).toHaveText(grouped(closing));
    expect(grouped(closing)).toMatch(/^\d,\d{3}(\.\d+)?$/);
    await noRawKeys(page);
  } finally {
    await api.put('/api/me/language', { data: { locale: null } });
    for (const days of topUps) await admin.post('/api/leave/adjustments', { data: { employeeId: row.employeeId, leaveTypeId: row.leaveType.id, days: -days, reason: 'E2E lakh grouping, taken back' } });
    await context.close();
    await api.dispose();
    await admin.dispose();
  }
});
