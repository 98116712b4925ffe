// Issue 21 §4: salaries read the Indian way (lakh and crore grouping: ₹1,00,000, ₹1,23,45,678) in the
// directory's Annual CTC column, on the profile, and in the PDF the same screen downloads.
import { readFileSync } from 'node:fs';
import { pdfText } from '../support/compliance.ts';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';

const PEOPLE = [
  { code: 'SALG01', fullName: 'Lakh Grouping', ctcAnnual: 100000, shown: '₹1,00,000' },
  { code: 'SALG02', fullName: 'Crore Grouping', ctcAnnual: 12345678, shown: '₹1,23,45,678' },
];

test('a salary of one lakh reads ₹1,00,000 in the directory, the profile and the exported PDF', async ({ page }) => {
  await signIn(page, 'hr@kaveri.example', DEMO_PASSWORD);
  for (const p of PEOPLE) {
    const res = await page.request.post('/api/employees', { data: { code: p.code, fullName: p.fullName, ctcAnnual: p.ctcAnnual, joinedDate: '2024-01-01' } });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.goto('/employees?q=SALG0&sort=code&order=asc');
  const table = page.getByRole('table', { name: 'Employees' });
  const rows = page.getByTestId('employee-row');
  await expect(rows).toHaveCount(PEOPLE.length);
  await expect(table.getByTestId('sort-ctcAnnual')).toBeVisible();
  const ctcColumn = (await table.getByRole('columnheader').allInnerTexts()).findIndex((h) => h.includes('Annual CTC'));
  expect(ctcColumn).toBeGreaterThan(0);
  for (const [i, p] of PEOPLE.entries()) {
    await expect(rows.nth(i)).toContainText(p.code);
    await expect(rows.nth(i).getByRole('cell').nth(ctcColumn)).toHaveText(p.shown);
  }

  // The exported PDF of the same list writes the amounts alike.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  const file = await (await download).path();
  const text = pdfText(readFileSync(file));
  for (const p of PEOPLE) expect(text).toContain(p.shown);

  // And the profile.
  await rows.first().getByRole('link', { name: PEOPLE[0]!.fullName }).click();
  await expect(page.getByText(PEOPLE[0]!.shown, { exact: true })).toBeVisible();
});
