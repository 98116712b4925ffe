import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { miniPdf } from '../../server/src/modules/documents/mini-files.ts';
import { DEMO_PASSWORD, expect, mainNav, signIn, test } from './fixtures.ts';

const HR = 'hr@kaveri.example';
const EMPLOYEE = 'employee@kaveri.example';
const SHOTS = path.join(process.env.MUSTER_SCREENSHOTS ?? '/tmp/muster-e2e-shots');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** HR opens Sneha Kulkarni's Documents tab from the directory. */
async function openSnehasDocuments(page: Page): Promise<void> {
  await mainNav(page).getByRole('link', { name: 'Employees' }).click();
  await page.getByRole('textbox', { name: 'Search employees' }).fill('Sneha Kulkarni');
  await expect(page.getByTestId('employee-row').first()).toContainText('Sneha Kulkarni');
  await page.getByTestId('employee-row').first().getByRole('link', { name: 'Sneha Kulkarni' }).click();
  await expect(page.getByRole('heading', { name: 'Sneha Kulkarni', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByTestId('checklist')).toBeVisible();
}

async function uploadFor(page: Page, item: string, file: string): Promise<void> {
  await page.getByTestId(`item-${item}`).getByRole('button', { name: `Upload ${item}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a document' });
  await expect(dialog.getByRole('combobox', { name: 'Document' })).toHaveValue(item);
  await dialog.locator('input[type=file]').setInputFiles({ name: file, mimeType: 'application/pdf', buffer: miniPdf(item, ['Name: Sneha Kulkarni', 'Uploaded in the end-to-end test']) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`item-${item}`)).toContainText('Awaiting verification');
}

async function verify(page: Page, item: string): Promise<void> {
  await page.getByTestId(`item-${item}`).getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Verify ${item}`) });
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`item-${item}`)).toContainText('Have');
}

test('HR requests two documents, the employee sees and uploads them, HR verifies, the checklist turns complete', async ({ page }) => {
  test.setTimeout(150_000); // three people's sessions and six uploads: minutes on a loaded machine
  // HR: the demo employee's file has two documents missing and one awaiting verification.
  await signIn(page, HR, DEMO_PASSWORD);
  await openSnehasDocuments(page);
  await expect(page.getByTestId('item-Address proof')).toContainText('Missing');
  await expect(page.getByTestId('item-EPF Form 11')).toContainText('Missing');
  await expect(page.getByTestId('item-Education certificates')).toContainText('Awaiting verification');
  await expect(page.getByTestId('item-Passport')).toContainText('Expiring soon');
  await expect(page.getByTestId('checklist-incomplete')).toBeVisible();
  await page.getByRole('button', { name: 'Request documents' }).click();
  const request = page.getByRole('dialog', { name: 'Request documents from Sneha Kulkarni' });
  // The missing ones are proposed.
  await expect(request).toContainText('Address proof');
  await expect(request).toContainText('EPF Form 11');
  await request.getByRole('button', { name: 'Request 2' }).click();
  await expect(page.getByText('Requested 2 documents from Sneha Kulkarni.')).toBeVisible();
  await expect(page.getByTestId('open-requests')).toContainText('Address proof');
  await shot(page, '1-hr-requested');
  await signOut(page);

  // The employee: the requests are on their page (no notification was sent); they upload both.
  await signIn(page, EMPLOYEE, DEMO_PASSWORD);
  await mainNav(page).getByRole('link', { name: 'My documents' }).click();
  await expect(page).toHaveURL(/\/documents\/my$/);
  const asked = page.getByTestId('open-requests');
  await expect(asked).toContainText('HR has asked you for these documents');
  await expect(asked).toContainText('Address proof');
  await expect(asked).toContainText('EPF Form 11');
  await uploadFor(page, 'Address proof', 'electricity-bill.pdf');
  await uploadFor(page, 'EPF Form 11', 'epf-form-11.pdf');
  await expect(page.getByTestId('open-requests')).toBeHidden();
  await shot(page, '2-employee-uploaded');
  // On a phone.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.reload();
  await expect(page.getByTestId('item-Address proof')).toBeVisible();
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));
  expect(overflow).toBeLessThanOrEqual(1);
  await shot(page, '3-employee-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signOut(page);

  // HR verifies the uploads (and the one waiting since yesterday): the checklist is complete.
  await signIn(page, HR, DEMO_PASSWORD);
  await openSnehasDocuments(page);
  // An inline preview of the PDF.
  await page.getByTestId('item-Address proof').getByRole('button', { name: 'View', exact: true }).click();
  const preview = page.getByRole('dialog', { name: /^Address proof · version 1/ });
  await expect(preview.locator('iframe')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  for (const item of ['Address proof', 'EPF Form 11', 'Education certificates']) await verify(page, item);
  await expect(page.getByTestId('checklist-complete')).toBeVisible();
  await expect(page.getByTestId('checklist-progress')).toHaveText(/^(\d+) of \1 required documents verified$/);
  await shot(page, '4-hr-complete');

  // The Audit area shows all of it.
  await mainNav(page).getByRole('link', { name: 'Audit' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Documents' }).click();
  const list = page.getByTestId('audit-list');
  await expect(list).toContainText('Verified Education certificates');
  await expect(list).toContainText('Uploaded EPF Form 11');
  await expect(list).toContainText('Requested 2 documents: Address proof, EPF Form 11');
  await shot(page, '5-audit');

  // The organisation view: counts per list, and the selection that requests in one action.
  await mainNav(page).getByText('Documents', { exact: true }).click();
  await mainNav(page).getByRole('link', { name: 'Organisation' }).click();
  await expect(page).toHaveURL(/\/documents\/overview$/);
  await expect(page.getByTestId('documents-overview')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Missing/ })).toBeVisible();
  await shot(page, '6-overview');
});
