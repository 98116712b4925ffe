import { request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD, expect, mainNav, signIn, test } from './fixtures.ts';

const HR = 'hr@kaveri.example';

/** "Done when": HR previews Form A and Form D with Kaveri's header, downloads them and the bundle (with progress), files last month, a day of it is overridden, and the register shows the amendment. */
test('HR previews and downloads the registers and the bundle, files last month, and sees an amendment after an override', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, HR, DEMO_PASSWORD);
  await mainNav(page).getByRole('link', { name: 'Compliance' }).click();
  await expect(page).toHaveURL(/\/compliance$/);
  const location = page.getByTestId('compliance-location');
  await location.click();
  await page.getByRole('option', { name: 'Bengaluru HQ' }).click();

  // Form A as a table, with the establishment header.
  await expect(page.getByRole('heading', { name: /Form A — FORMAT OF EMPLOYEE REGISTER/ })).toBeVisible();
  await expect(page.getByText('Kaveri Precision Components Pvt. Ltd. (Bengaluru HQ)').first()).toBeVisible();
  await expect(page.getByTestId('register-table').getByRole('columnheader', { name: 'Category Address* (HS/S/SS/US)' })).toBeVisible();
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^employee-register_ka_\d{4}-\d{2}-\d{2}\.pdf$/);

  // Form D.
  await page.getByTestId('register-attendance-register').click();
  await expect(page.getByRole('heading', { name: /Form D — FORMAT OF ATTENDANCE REGISTER/ })).toBeVisible();
  await expect(page.getByTestId('register-table').getByRole('columnheader', { name: 'Relay # or set work' })).toBeVisible();
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'XLSX' }).click();
  expect((await xlsx).suggestedFilename()).toMatch(/^attendance-register_ka_\d{4}-\d{2}\.xlsx$/);

  // A large register (more rows than the preview shows) is built by a job with progress, then downloaded.
  await page.getByTestId('register-document-checklist').click();
  await expect(page.getByText(/Showing 200 of \d+ rows/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'CSV' }).click();
  await expect(page.getByTestId('job-progress')).toBeVisible();
  const bigButton = page.getByRole('button', { name: /Download document-checklist_/ });
  await expect(bigButton).toBeVisible({ timeout: 60_000 });
  const big = page.waitForEvent('download');
  await bigButton.click();
  expect((await big).suggestedFilename()).toMatch(/^document-checklist_.*\.csv$/);

  // The bundle, with progress, then the download.
  await page.getByRole('tab', { name: 'Bundle & filing' }).click();
  await page.getByTestId('build-bundle').click();
  await expect(page.getByTestId('job-progress').first()).toBeVisible();
  // Built while the machine may be busy: wait for the button, then for the download it starts.
  const zipButton = page.getByRole('button', { name: /Download compliance-bundle_/ });
  await expect(zipButton).toBeVisible({ timeout: 90_000 });
  const zip = page.waitForEvent('download');
  await zipButton.click();
  expect((await zip).suggestedFilename()).toMatch(/^compliance-bundle_\d{4}-\d{2}_bengaluru-hq\.zip$/);

  // File last month.
  await page.getByTestId('file-month').click();
  await expect(page.getByTestId('filings')).toContainText('Bengaluru HQ', { timeout: 60_000 });
  await expect(page.getByTestId('filings')).toContainText('Filed');

  // An override of a day in the filed month.
  const api = await playwrightRequest.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: { email: HR, password: DEMO_PASSWORD } })).status()).toBe(200);
  const month = (await page.getByTestId('compliance-month').inputValue()).trim();
  const monthValue = /(\w+) (\d{4})/.exec(month);
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const ym = `${monthValue?.[2]}-${String(months.indexOf(monthValue?.[1] ?? '') + 1).padStart(2, '0')}`;
  const found = (await (await api.get('/api/employees?q=Vikram%20Rao')).json()).items[0] as { id: string; code: string };
  const vikram = found.id;
  const day = `${ym}-14`;
  const res = await api.patch(`/api/attendance/employee/${vikram}/day/${day}`, { data: { reason: 'Corrected after filing: worked a full day', workedMinutes: 600 } });
  expect(res.status()).toBe(200);

  await page.getByRole('tab', { name: 'Registers' }).click();
  await page.getByTestId('register-attendance-register').click();
  await expect(page.getByTestId('filing-badge')).toHaveText('Amended after filing', { timeout: 30_000 });
  await expect(page.getByTestId('amendments')).toContainText(new RegExp(`${found.code}: .+ → `));

  // Missing data links to the profile's register fields.
  await page.getByRole('tab', { name: 'Missing data' }).click();
  const first = page.getByTestId('missing-data').getByRole('link').first();
  await first.click();
  await expect(page.getByRole('tab', { name: 'Statutory register' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('register-fatherOrSpouseName')).toBeVisible();
});
