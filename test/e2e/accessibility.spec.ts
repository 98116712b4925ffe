import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';

/**
 * Every page of the console, as the people who use it: one <h1>, a document title
 * ("Live attendance · Muster"), and no serious or critical axe-core violation
 * (names of icon-only buttons, contrast, labels, landmarks, ARIA).
 */

async function asUser(browser: Browser, baseURL: string, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

/** The page settled: its heading shown and no loader left. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 15_000 });
}

async function check(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
  await expect(page.locator('h1'), `${path}: one h1`).toHaveCount(1);
  expect(await page.title(), `${path}: document title`).toMatch(/^\S.* · Muster$/);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join('\n  ')}`),
    `${path}: axe`,
  ).toEqual([]);
}

const HR_PAGES = [
  '/dashboard',
  '/employees',
  '/employees/new',
  '/attendance',
  '/attendance/live',
  '/attendance/calendar',
  '/attendance/regularizations',
  '/attendance/regularizations?tab=all',
  '/leave/approvals',
  '/leave/calendar',
  '/leave/settings',
  '/documents',
  '/documents/overview',
  '/documents/types',
  '/audit',
  '/compliance',
  '/reports',
  '/no-such-page',
];
const ADMIN_PAGES = ['/terminals', '/attendance/settings', '/settings/organisation', '/settings/departments', '/settings/locations', '/settings/designations', '/settings/users', '/settings/sessions', '/settings/lan', '/api-keys', '/sessions'];
const EMPLOYEE_PAGES = ['/attendance/me', '/leave/my', '/leave/apply', '/documents/my'];

test('the sign-in and trust pages: one h1, a title, no serious violation, and no failed request before anyone signs in', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') failed.push(`console: ${m.text()}`);
  });
  await check(page, '/login');
  await check(page, '/trust');
  expect(failed).toEqual([]);
});

test('every HR page', async ({ browser, baseURL }) => {
  test.setTimeout(600_000); // twenty pages, each scanned by axe: minutes on a loaded machine
  const page = await asUser(browser, baseURL, 'hr@kaveri.example');
  for (const path of HR_PAGES) await check(page, path);
  // A profile, its edit form and a day.
  const found = (await (await page.request.get('/api/employees?q=employee@kaveri.example')).json()) as { items: { id: string }[] };
  const profile = `/employees/${found.items[0]?.id ?? ''}`;
  await check(page, profile);
  await check(page, `${profile}/edit`);
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  await check(page, `/attendance/day/${today}`);
  await page.context().close();
});

test('every administrator page', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const page = await asUser(browser, baseURL, ADMIN.email, ADMIN.password);
  for (const path of ADMIN_PAGES) await check(page, path);
  await page.context().close();
});

test('every employee page', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const page = await asUser(browser, baseURL, 'employee@kaveri.example');
  for (const path of EMPLOYEE_PAGES) await check(page, path);
  await page.context().close();
});
