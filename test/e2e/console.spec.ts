import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, DEMO_EMPLOYEE, expect, mainNav, signIn, test } from './fixtures.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('an admin finds and edits an employee, issues an API key that works, and signs out', async ({ page, request }) => {
  await signIn(page, ADMIN.email, ADMIN.password);

  // Directory
  await mainNav(page).getByRole('link', { name: 'Employees' }).click();
  await expect(page).toHaveURL(/\/employees$/);
  const rows = page.getByTestId('employee-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('directory-range')).toContainText(/of \d+/);
  // The README's screenshot is refreshed on request only, so a test run leaves the tree clean.
  if (process.env.UPDATE_SCREENSHOTS) {
    mkdirSync(path.join(repoRoot, 'docs'), { recursive: true });
    await page.screenshot({ path: path.join(repoRoot, 'docs/console-directory.png') });
  }

  // Find someone via search: `/` focuses the search box.
  const name = (await rows.nth(2).getByRole('link').first().innerText()).trim();
  await page.locator('body').click({ position: { x: 5, y: 200 } });
  await page.keyboard.press('/');
  const search = page.getByRole('textbox', { name: 'Search employees' });
  await expect(search).toBeFocused();
  await search.fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(rows.first()).toContainText(name);
  await rows.first().getByRole('link', { name }).click();

  // Profile
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const profileUrl = page.url();

  // Edit the phone number
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  const phone = `+91 90000 ${String(Date.now()).slice(-5)}`;
  const phoneInput = page.getByLabel('Phone');
  await phoneInput.fill(phone);
  await phoneInput.press('Enter');
  await expect(page).toHaveURL(profileUrl);
  await expect(page.getByTestId('detail-phone')).toHaveText(phone);

  // The change is in the audit trail, with before → after.
  await page.getByRole('tab', { name: 'Audit' }).click();
  const entry = page.getByTestId('audit-entry').first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(phone);
  await expect(entry).toContainText(/phone/i);

  // Issue an API key and read it from the show-once dialog.
  await mainNav(page).getByRole('link', { name: 'API & webhooks' }).click();
  await expect(page).toHaveURL(/\/api-keys$/);
  await page.getByRole('button', { name: 'Issue key' }).first().click();
  const issueDialog = page.getByRole('dialog', { name: 'Issue API key' });
  await issueDialog.getByLabel('Name').fill('E2E payroll sync');
  await issueDialog.getByRole('button', { name: 'Issue key' }).click();
  const shownOnce = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shownOnce).toContainText('you will not see it again');
  const key = (await shownOnce.getByTestId('issued-api-key').innerText()).trim();
  expect(key).toMatch(/^mst_/);

  // The key works against the public API.
  const res = await request.get('/api/public/v1/employees', { headers: { Authorization: `Bearer ${key}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { meta: { count: number }; data: unknown[] };
  expect(body.meta.count).toBe(body.data.length);
  expect(body.meta.count).toBeGreaterThan(100);

  await shownOnce.getByRole('button', { name: 'I have copied the key' }).click();
  await expect(page.getByRole('table', { name: 'API keys' })).toContainText('E2E payroll sync');

  // Sign out
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/employees');
  await expect(page).toHaveURL(/\/login$/);
});

test('an employee does not see the admin areas', async ({ page }) => {
  await signIn(page, DEMO_EMPLOYEE.email, DEMO_EMPLOYEE.password);
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My profile' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'API & webhooks' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Employees' })).toHaveCount(0);

  await page.goto('/api-keys');
  await expect(page.getByText('You do not have access to this page')).toBeVisible();
});

test('the directory filters by facet, sorts by any column and pages', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/employees');
  const rows = page.getByTestId('employee-row');
  const range = page.getByTestId('directory-range');
  await expect(rows.first()).toBeVisible();
  const total = Number(/of (\d+)/.exec(await range.innerText())?.[1]);
  expect(total).toBeGreaterThan(100);

  // Page size and paging
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '10 per page' }).click();
  await expect(rows).toHaveCount(10);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(range).toHaveText(`Showing 11–20 of ${total}`);

  // Sort by code, descending: the highest code comes first.
  await page.getByTestId('sort-code').click();
  await expect(page).toHaveURL(/sort=code&order=asc/);
  await page.getByTestId('sort-code').click();
  await expect(page).toHaveURL(/sort=code&order=desc/);
  await expect(range).toHaveText(`Showing 1–10 of ${total}`);
  await expect
    .poll(async () => {
      const codes = await rows.locator('td:first-child').allInnerTexts();
      return codes.length === 10 && codes.every((c, i) => i === 0 || codes[i - 1]! > c);
    })
    .toBe(true);

  // A department facet shows its count, and choosing it filters to that many.
  await page.getByRole('combobox', { name: 'Department' }).click();
  const option = page.getByRole('option').first();
  const label = await option.innerText();
  const count = Number(/\((\d+)\)$/.exec(label)?.[1]);
  await option.click();
  await expect(range).toHaveText(new RegExp(`of ${count}$`));
  await page.getByRole('button', { name: /Clear filters/ }).click();
  await expect(range).toHaveText(`Showing 1–10 of ${total}`);
});

test('the notification bell shows unread notifications and marks them read', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  // A change to your own profile notifies you.
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { employeeId: string } };
  const patched = await page.request.patch(`/api/employees/${me.user.employeeId}`, { data: { phone: '+91 90000 12345' } });
  expect(patched.status()).toBe(200);
  await page.reload();
  const bell = page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByText('Your profile was updated').first()).toBeVisible();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
});
