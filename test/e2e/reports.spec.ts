import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import type { Browser, Page } from '@playwright/test';
import { BUILT_IN_REPORTS } from '../../shared/reports.ts';
import { DEMO_PASSWORD, expect, mainNav, signIn, test } from './fixtures.ts';

/**
 * The dashboard and the reports in the console: HR opens the dashboard,
 * follows "late" to the live board filtered to late arrivals, opens a report,
 * changes the year, exports XLSX; a manager sees their team only; an employee
 * gets their own month at phone width. Screenshots go to
 * test/test-results/screens/ (looked at by hand, not compared).
 */

const screens = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/screens');
fs.mkdirSync(screens, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true });

async function asUser(browser: Browser, baseURL: string, email: string, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

test('HR: the dashboard, "late" to the filtered live board, a report with its year changed, exported to XLSX', async ({ browser, baseURL }) => {
  const page = await asUser(browser, baseURL ?? '', 'hr@kaveri.example');
  await expect(page.getByTestId('today-present')).toBeVisible();
  await expect(page.getByTestId('trend').locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('terminals')).toContainText('online');
  await expect(page.getByTestId('people-headcount')).toHaveText(/\d+/);
  await page.waitForTimeout(500); // charts animate in
  await shot(page, 'dashboard-hr-1366');

  // "N late" opens the live board filtered to exactly those N.
  const late = Number(await page.getByTestId('today-late').innerText());
  await page.getByRole('link', { name: /^Late: / }).click();
  await expect(page).toHaveURL(/\/attendance\/live\?late=true$/);
  await expect(page.getByTestId('live-flag')).toContainText('Came in late today');
  await expect(page.getByTestId('live-row')).toHaveCount(late);
  if (late > 0) await expect(page.getByTestId('live-row').first()).toContainText(/late \d+ min/);
  await shot(page, 'live-late-1366');

  // Reports: the catalogue by category, then the headcount report for last year.
  await mainNav(page).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  for (const category of ['Attendance', 'Leave', 'People', 'Devices']) await expect(page.getByRole('region', { name: category })).toBeVisible();
  await shot(page, 'reports-catalogue-1366');
  await page.getByTestId('report-card').filter({ hasText: 'Headcount and attrition' }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${BUILT_IN_REPORTS.headcount}$`));
  await expect(page.getByTestId('report-chart')).toBeVisible();
  await expect(page.getByTestId('report-totals')).toContainText('Whole period');
  const thisYear = new Date().getFullYear();
  await page.getByRole('button', { name: 'Year' }).click();
  await page.getByRole('button', { name: String(thisYear - 1) }).click();
  await expect(page).toHaveURL(new RegExp(`param=${thisYear - 1}`));
  await expect(page.getByTestId('report-summary')).toContainText(`${thisYear - 1} (1 Jan ${thisYear - 1} to 31 Dec ${thisYear - 1})`);
  await expect(page.getByTestId('report-row')).toHaveCount(12);
  await page.waitForTimeout(500);
  await shot(page, 'report-headcount-1366');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
  expect(download.suggestedFilename()).toBe(`report-headcount-and-attrition-${thisYear - 1}.xlsx`);
  const file = path.join(screens, download.suggestedFilename());
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  expect(String(sheet?.getRow(1).getCell(1).value)).toContain(`${thisYear - 1}`);
  expect(sheet?.getRow(6).getCell(1).value).toBe('Month'); // four header lines, a blank row, the column header
  expect(sheet?.getRow(7).getCell(1).value).toBe(`Jan ${thisYear - 1}`);
  expect(sheet?.getRow(19).getCell(1).value).toBe('Whole period');

  // The attendance summary for this month, sorted by late arrivals, worst first.
  await page.goto(`/reports/${BUILT_IN_REPORTS.attendanceSummary}`);
  await expect(page.getByTestId('report-row').first()).toBeVisible();
  const sortedBy = (order: string) => page.waitForResponse((r) => r.url().includes('/api/reports/') && r.url().includes(`sort=late&order=${order}`));
  await Promise.all([sortedBy('asc'), page.getByRole('button', { name: 'Sort by Late' }).click()]);
  await Promise.all([sortedBy('desc'), page.getByRole('button', { name: 'Sort by Late' }).click()]);
  await expect(page).toHaveURL(/sort=late&order=desc/);
  const lates = () => page.getByTestId('report-row').evaluateAll((rows) => rows.map((r) => Number(r.children[11]?.textContent ?? 0)));
  await expect.poll(async () => { const l = await lates(); return l.length > 0 && l.every((v, i) => i === 0 || (l[i - 1] ?? 0) >= v); }).toBe(true);
  await page.waitForTimeout(500);
  await shot(page, 'report-attendance-summary-1366');
});

test('HR saves a report with its filters; it opens from the catalogue with them', async ({ browser, baseURL }) => {
  const page = await asUser(browser, baseURL ?? '', 'hr@kaveri.example');
  await page.goto(`/reports/${BUILT_IN_REPORTS.overtime}`);
  await page.getByRole('combobox', { name: 'Department' }).click();
  await page.getByRole('option', { name: 'Production' }).click();
  await expect(page.getByTestId('report-summary')).toContainText('Department: Production');
  await page.getByRole('button', { name: 'Save as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this report' });
  await dialog.getByLabel('Name').fill('Plant overtime');
  await dialog.getByRole('checkbox', { name: /Share with HR/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: /Plant overtime/ })).toBeVisible();
  await expect(page.getByTestId('report-summary')).toContainText('Department: Production');
  await page.goto('/reports');
  await expect(page.getByRole('region', { name: 'Saved reports' }).getByTestId('report-card')).toContainText('Plant overtime');
});

test('a manager sees their team on the dashboard and in reports', async ({ browser, baseURL }) => {
  const page = await asUser(browser, baseURL ?? '', 'manager@kaveri.example');
  await expect(page.getByTestId('dashboard-updated')).toContainText('Your team');
  await expect(page.getByTestId('terminals')).toHaveCount(0);
  await page.waitForTimeout(500);
  await shot(page, 'dashboard-manager-1366');
  await page.goto(`/reports/${BUILT_IN_REPORTS.attendanceSummary}`);
  await expect(page.getByTestId('report-summary')).toContainText('your reporting line');
  const team = (await (await page.request.get('/api/employees?pageSize=1')).json()) as { total: number };
  const rows = await page.getByTestId('report-row').count();
  expect(rows).toBeGreaterThan(0);
  expect(rows).toBeLessThanOrEqual(team.total);
  // Terminal health covers the organisation: not in a manager's catalogue.
  await page.goto('/reports');
  await expect(page.getByRole('region', { name: 'Devices' })).toHaveCount(0);
});

test('an employee gets their own month at phone width, and no reports', async ({ browser, baseURL }) => {
  const page = await asUser(browser, baseURL ?? '', 'employee@kaveri.example', { width: 390, height: 844 });
  await expect(page.getByTestId('me-today')).toBeVisible();
  await expect(page.getByTestId('my-month')).toBeVisible();
  await expect(page.getByTestId('my-balances')).toContainText('Casual leave');
  await expect(page.getByTestId('today')).toHaveCount(0);
  await shot(page, 'dashboard-employee-390');
  const res = await page.request.get(`/api/reports/${BUILT_IN_REPORTS.attendanceSummary}`);
  expect(res.status()).toBe(403);
});
