// Issue 21: an HR person who reads Marathi (a Pune plant's supervisor with HR rights) opens the dashboard and the leave
// settings: Marathi words from the catalogue (the leave-type form too), counts and balances with Indian grouping (1,098
// days after three top-ups), and never a raw catalogue key.
// Everything this spec changes is put back (her language, the balance), the other specs share this server.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { translatorFor } from '../../shared/i18n/index.ts';
import { BUILT_IN_REPORTS, type ReportCatalogue, type ReportResult } from '../../shared/reports.ts';
import { ADMIN, RAW_KEY, catalogueText, expect, setLanguage, signIn, test } from './fixtures.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../docs/i18n');

/** A Marathi message of the `hr` namespace, as the translators wrote it (plain text, no arguments). */
function mr(key: string): string {
  return catalogueText('mr-IN', 'hr', key);
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
const OWN_HR = { email: 'i18n-insights-e2e@kaveri.example', password: 'i18n-insights-pass-123', role: 'HR' } as const;

interface YearEnd {
  rows: { employeeId: string; employeeCode: string; leaveType: { id: string; code: string }; closing: number }[];
}

test('HR in Marathi: the dashboard, leave settings and the leave-type form in Marathi, lakh grouping, no raw keys', async ({ browser, baseURL, apiAs, inLanguage, ownLogin }) => {
  test.setTimeout(180_000);
  const admin = await apiAs(ADMIN);
  const login = await ownLogin(OWN_HR);
  const api = await inLanguage(login);

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

    await setLanguage(api, 'mr-IN');
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

    // Reports: each built-in report's name and description in Marathi (the catalogue's, by report id); a run's own
    // words (its totals row, the chart's title) come from the server in Marathi. Last month: the demo has its days.
    await page.goto('/reports');
    await expect(page.getByRole('heading', { level: 1, name: mr('reports.title') })).toBeVisible();
    const card = page.getByTestId('report-card').filter({ hasText: mr('exports.report.attendanceSummary.name') });
    await expect(card).toBeVisible();
    await expect(card).toContainText(mr('reportWords.description.attendanceSummary'));
    await expect(page.getByTestId('report-card').filter({ hasText: 'Attendance summary' })).toHaveCount(0);
    await expect(page.getByTestId('report-card').filter({ hasText: mr('exports.report.headcount.name') })).toBeVisible();
    await noRawKeys(page);
    await page.screenshot({ path: path.join(SHOTS, 'reports-mr-IN.png') });
    const id = BUILT_IN_REPORTS.attendanceSummary;
    const catalogue = (await (await api.get('/api/reports')).json()) as ReportCatalogue;
    const thisMonth = catalogue.items.find((r) => r.id === id)!.parameter.default;
    const lastMonth = thisMonth % 100 === 1 ? thisMonth - 89 : thisMonth - 1;
    await page.goto(`/reports/${id}?param=${lastMonth}`);
    await expect(page.getByRole('heading', { level: 1, name: mr('exports.report.attendanceSummary.name') })).toBeVisible();
    await expect(page.getByTestId('report-chart')).toContainText(mr('reportWords.chart.attendanceByDay'));
    const run = (await (await api.get(`/api/reports/${id}?param=${lastMonth}`)).json()) as ReportResult;
    expect(run.total).toBeGreaterThan(0);
    await expect(page.getByTestId('report-totals')).toContainText(translatorFor('mr-IN')('hr:reportWords.total.employees', { count: run.total }));
    await noRawKeys(page);
  } finally {
    for (const days of topUps) await admin.post('/api/leave/adjustments', { data: { employeeId: row.employeeId, leaveTypeId: row.leaveType.id, days: -days, reason: 'E2E lakh grouping, taken back' } });
    await context.close();
  }
});
