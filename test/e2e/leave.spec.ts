import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, weekdayOf } from '../../shared/dates.ts';
import { miniPdf } from '../../server/src/modules/documents/mini-files.ts';
import { DEMO_PASSWORD, expect, lookPath, mainNav, signIn, test } from './fixtures.ts';

const EMPLOYEE = 'employee@kaveri.example';
const MANAGER = 'manager@kaveri.example';
const HR = 'hr@kaveri.example';
const SHOTS = path.join(process.env.MUSTER_SCREENSHOTS ?? '/tmp/muster-e2e-shots');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `14 Dec 2026`, as the console writes a day; as a pattern that `4 Jan` does not find inside `14 Jan`. */
function shown(day: string): RegExp {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new RegExp(`(?<!\\d)${d} ${MONTHS[m - 1]} ${y}`);
}

async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ctx;
}

async function typeId(api: APIRequestContext, code: string): Promise<string> {
  const types = (await (await api.get('/api/leave/types')).json()) as { items: { id: string; code: string }[] };
  const found = types.items.find((t) => t.code === code);
  if (!found) throw new Error(`no ${code}`);
  return found.id;
}

/** The first Monday from `notBefore` for which a request of this span would be accepted, by the server's own quote. */
async function acceptableMonday(api: APIRequestContext, leaveTypeId: string, notBefore: string, spanDays: number, minDays: number): Promise<{ from: string; to: string; workingDays: number }> {
  let monday = notBefore;
  while (weekdayOf(monday) !== 1) monday = addDays(monday, 1);
  for (let i = 0; i < 30; i++, monday = addDays(monday, 7)) {
    const to = addDays(monday, spanDays);
    const q = (await (await api.get(`/api/leave/quote?leaveTypeId=${leaveTypeId}&fromDate=${monday}&toDate=${to}`)).json()) as { problems: unknown[]; workingDays: number };
    if (q.problems.length === 0 && q.workingDays >= minDays) return { from: monday, to, workingDays: q.workingDays };
  }
  throw new Error('no acceptable dates');
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function openApprovals(page: Page): Promise<void> {
  await mainNav(page).getByText('Leave', { exact: true }).click();
  await mainNav(page).getByRole('link', { name: 'Approvals' }).click();
  await expect(page).toHaveURL(/\/leave\/approvals/);
}

test('an employee applies, the manager sees the context and approves, HR approves, the employee sees it approved and the balance drop', async ({ page, baseURL }) => {
  const hrApi = await apiAs(baseURL, HR);
  const employeeApi = await apiAs(baseURL, EMPLOYEE);
  const me = (await (await employeeApi.get('/api/auth/me')).json()) as { user: { employeeId: string }; organisation: { today: string } };
  const el = await typeId(employeeApi, 'EL');
  // Enough earned leave whatever the month: HR tops it up first.
  expect((await hrApi.post('/api/leave/adjustments', { data: { employeeId: me.user.employeeId, leaveTypeId: el, days: 15, reason: 'E2E top-up' } })).status()).toBe(200);
  // Monday to the next Monday: above 5 days, so HR approval follows the manager's.
  const dates = await acceptableMonday(employeeApi, el, addDays(me.organisation.today, 21), 7, 6);

  await signIn(page, EMPLOYEE, DEMO_PASSWORD);
  await mainNav(page).getByText('Leave', { exact: true }).click();
  await mainNav(page).getByRole('link', { name: 'My leave' }).click();
  await expect(page).toHaveURL(/\/leave\/my$/);
  const elCard = page.getByTestId('balance-EL');
  await expect(elCard).toBeVisible();
  const before = Number(await elCard.getByTestId('balance-available').innerText());

  await page.getByRole('link', { name: 'Apply for leave' }).click();
  await expect(page).toHaveURL(/\/leave\/apply$/);
  await page.getByRole('combobox', { name: 'Leave type' }).click();
  await page.getByRole('option', { name: 'Earned leave (privilege)' }).click();
  await page.getByRole('textbox', { name: 'From' }).fill(dates.from);
  await page.getByRole('textbox', { name: 'To' }).fill(dates.to);
  await page.getByRole('textbox', { name: 'Reason' }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Family trip to Hampi');
  // Before submitting: working days, balance after, and the team's load for those days.
  await expect(page.getByTestId('quote-working-days')).toHaveText(String(dates.workingDays));
  await expect(page.getByTestId('quote-balance-after')).toHaveText(String(before - dates.workingDays));
  await expect(page.getByTestId('team-load-strip')).toBeVisible();
  await expect(page.getByTestId('team-load')).toContainText(/Team load/);
  await expect(page.getByText('Manager, then HR approval')).toBeVisible();
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page).toHaveURL(/\/leave\/my$/);
  const row = page.getByTestId('leave-row').filter({ hasText: shown(dates.from) });
  await expect(row.getByTestId('leave-status')).toHaveText('Waiting for manager');
  await signOut(page);

  // The manager: the request with who else is away, then approves with a note.
  await signIn(page, MANAGER, DEMO_PASSWORD);
  await openApprovals(page);
  await page.getByTestId('approval-item').filter({ hasText: 'Sneha Kulkarni' }).filter({ hasText: shown(dates.from) }).click();
  const detail = page.getByTestId('leave-request-detail');
  await expect(detail.getByTestId('context-chart')).toBeVisible();
  await expect(detail.getByTestId('context-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(detail.getByTestId('leave-timeline')).toContainText('Waiting for the manager');
  const note = 'Enjoy Hampi; hand over the CAD reviews to Anil.';
  await detail.getByRole('textbox', { name: 'Note' }).fill(note);
  await expect(detail.getByTestId('note-counter')).toHaveText(`${note.length} / 500`);
  // Approve is one click, with a few seconds to undo before anything is sent.
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('undo')).toBeVisible();
  await expect(detail.getByTestId('leave-status')).toHaveText('Waiting for HR', { timeout: 15_000 });
  await expect(detail.getByTestId('leave-timeline')).toContainText('Approved by manager');
  await signOut(page);

  // HR takes the second step.
  await signIn(page, HR, DEMO_PASSWORD);
  await openApprovals(page);
  await page.getByTestId('approval-item').filter({ hasText: 'Sneha Kulkarni' }).filter({ hasText: shown(dates.from) }).click();
  const hrDetail = page.getByTestId('leave-request-detail');
  await expect(hrDetail.getByTestId('leave-timeline')).toContainText('Waiting for HR');
  await expect(hrDetail).toContainText(note);
  await hrDetail.getByRole('button', { name: 'Approve' }).click();
  await expect(hrDetail.getByTestId('leave-status')).toHaveText('Approved', { timeout: 15_000 });
  await signOut(page);

  // The employee sees it approved and the balance down by the working days.
  await signIn(page, EMPLOYEE, DEMO_PASSWORD);
  await page.goto('/leave/my');
  await expect(page.getByTestId('leave-row').filter({ hasText: shown(dates.from) }).getByTestId('leave-status')).toHaveText('Approved');
  await expect(page.getByTestId('balance-EL').getByTestId('balance-available')).toHaveText(String(before - dates.workingDays));
  await page.getByTestId('balance-EL').click();
  await expect(page.getByTestId('ledger')).toContainText('approved');
  await hrApi.dispose();
  await employeeApi.dispose();
});

test('a manager rejects with a note and the employee sees it', async ({ page, baseURL }) => {
  const employeeApi = await apiAs(baseURL, EMPLOYEE);
  const me = (await (await employeeApi.get('/api/auth/me')).json()) as { organisation: { today: string } };
  const cl = await typeId(employeeApi, 'CL');
  const day = await acceptableMonday(employeeApi, cl, addDays(me.organisation.today, 70), 0, 1);
  const applied = await employeeApi.post('/api/leave/requests', { data: { leaveTypeId: cl, fromDate: day.from, toDate: day.to, reason: 'Passport appointment' } });
  expect(applied.status()).toBe(200);
  await employeeApi.dispose();

  await signIn(page, MANAGER, DEMO_PASSWORD);
  await openApprovals(page);
  await page.getByTestId('approval-item').filter({ hasText: 'Sneha Kulkarni' }).filter({ hasText: shown(day.from) }).click();
  const detail = page.getByTestId('leave-request-detail');
  const note = 'The customer audit is that Monday; could you move the appointment by a day?';
  // Rejecting is never one click: the button opens a dialog that asks for the note, and nothing is sent before its confirm button.
  await detail.getByRole('button', { name: 'Reject…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Reject leave: Sneha Kulkarni/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Optional, but it helps Sneha to know why.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it open' }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByTestId('leave-status')).toHaveText('Waiting for manager');
  await detail.getByRole('button', { name: 'Reject…' }).click();
  await dialog.getByRole('textbox', { name: 'Note to the employee' }).fill(note);
  await expect(dialog.getByTestId('reject-note-counter')).toHaveText(`${note.length} / 500`);
  await dialog.screenshot({ path: lookPath('reject-dialog.png') });
  await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByTestId('leave-status')).toHaveText('Rejected');
  await signOut(page);

  await signIn(page, EMPLOYEE, DEMO_PASSWORD);
  await page.goto('/leave/my');
  const row = page.getByTestId('leave-row').filter({ hasText: shown(day.from) });
  await expect(row.getByTestId('leave-status')).toHaveText('Rejected');
  await expect(row.getByTestId('leave-note')).toHaveText(note);
  await row.click();
  await expect(page.getByTestId('leave-timeline')).toContainText('Rejected by manager');
  await expect(page.getByTestId('leave-timeline')).toContainText(note);
  // The outcome reads as the outcome, once: the note and the manager's name are not repeated.
  await expect(page.getByTestId('leave-timeline')).toContainText('Not approved');
  await expect(page.getByTestId('leave-timeline').getByText(note)).toHaveCount(1);
  await expect(page.getByTestId('leave-timeline').getByText(/Rahul Deshmukh/)).toHaveCount(1);
});

test('an approval can be undone from its toast before it is sent', async ({ page, baseURL }) => {
  const employeeApi = await apiAs(baseURL, EMPLOYEE);
  const me = (await (await employeeApi.get('/api/auth/me')).json()) as { organisation: { today: string } };
  const cl = await typeId(employeeApi, 'CL');
  const day = await acceptableMonday(employeeApi, cl, addDays(me.organisation.today, 84), 0, 1);
  const applied = await employeeApi.post('/api/leave/requests', { data: { leaveTypeId: cl, fromDate: day.from, toDate: day.to, reason: 'Family function' } });
  expect(applied.status()).toBe(200);
  const id = ((await applied.json()) as { id: string }).id;

  await signIn(page, MANAGER, DEMO_PASSWORD);
  await openApprovals(page);
  await page.getByTestId('approval-item').filter({ hasText: 'Sneha Kulkarni' }).filter({ hasText: shown(day.from) }).click();
  const detail = page.getByTestId('leave-request-detail');
  await detail.getByRole('button', { name: 'Approve' }).click();
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('undo')).toBeHidden();
  // Past the undo window: nothing reached the server.
  await page.waitForTimeout(7_000);
  const after = (await (await employeeApi.get(`/api/leave/requests/${id}`)).json()) as { status: string };
  expect(after.status).toBe('PendingManager');
  await expect(detail.getByTestId('leave-status')).toHaveText('Waiting for manager');
  await expect(detail.getByRole('button', { name: 'Approve' })).toBeEnabled();
  await employeeApi.dispose();
});

test('HR sees the calendar and the year-end preview', async ({ page }) => {
  await signIn(page, HR, DEMO_PASSWORD);
  await page.goto('/leave/calendar');
  await page.getByRole('radiogroup').getByText('Organisation', { exact: true }).click();
  await expect(page.getByTestId('calendar-row').first()).toBeVisible();
  await expect(page.getByTestId('calendar-cell').first()).toBeVisible();
  await page.goto('/leave/settings');
  await expect(page.getByRole('table', { name: 'Leave types' })).toContainText('Earned leave (privilege)');
  await page.getByRole('tab', { name: 'Year end' }).click();
  await expect(page.getByRole('table', { name: 'Year-end preview' })).toContainText('EL');
});

test('HR records sick leave for an employee beyond her backdate window, and her manager sees "Recorded by HR"', async ({ page, baseURL }) => {
  const hrApi = await apiAs(baseURL, HR);
  const employeeApi = await apiAs(baseURL, EMPLOYEE);
  const me = (await (await employeeApi.get('/api/auth/me')).json()) as { user: { employeeId: string }; organisation: { today: string } };
  const sl = await typeId(hrApi, 'SL');
  expect((await hrApi.post('/api/leave/adjustments', { data: { employeeId: me.user.employeeId, leaveTypeId: sl, days: 2, reason: 'E2E top-up' } })).status()).toBe(200);
  // A past working day HR may record for her but she may not apply for herself (sick leave goes 7 days back).
  let day: string | null = null;
  for (let d = addDays(me.organisation.today, -12); d >= addDays(me.organisation.today, -40) && !day; d = addDays(d, -1)) {
    const q = (await (await hrApi.get(`/api/leave/quote?leaveTypeId=${sl}&fromDate=${d}&toDate=${d}&employeeId=${me.user.employeeId}`)).json()) as { problems: unknown[]; workingDays: number };
    if (q.problems.length === 0 && q.workingDays === 1) day = d;
  }
  if (!day) throw new Error('no free past working day');
  const own = (await (await employeeApi.get(`/api/leave/quote?leaveTypeId=${sl}&fromDate=${day}&toDate=${day}`)).json()) as { problems: { message: string }[] };
  expect(own.problems.map((p) => p.message).join(' ')).toContain('ask HR');

  await signIn(page, HR, DEMO_PASSWORD);
  await openApprovals(page);
  await page.getByRole('link', { name: 'Record leave for an employee' }).click();
  await expect(page).toHaveURL(/\/leave\/settings\?tab=record/);
  const picker = page.getByRole('combobox', { name: 'Employee' });
  await picker.fill('Sneha');
  await page.getByRole('option', { name: /Sneha Kulkarni/ }).click();
  await page.getByRole('combobox', { name: 'Leave type' }).click();
  await page.getByRole('option', { name: 'Sick leave' }).click();
  await page.getByRole('textbox', { name: 'From' }).fill(day);
  await page.getByRole('textbox', { name: 'To' }).fill(day);
  await page.getByRole('textbox', { name: 'Reason' }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Fever; informed HR by phone');
  await expect(page.getByTestId('quote-working-days')).toHaveText('1');
  await expect(page.getByTestId('quote-problems')).toHaveCount(0);
  await page.getByRole('button', { name: 'Record leave' }).click();
  await expect(page.getByText(/recorded for Sneha Kulkarni/)).toBeVisible();
  await signOut(page);

  await signIn(page, MANAGER, DEMO_PASSWORD);
  await openApprovals(page);
  await page.getByTestId('approval-item').filter({ hasText: 'Sneha Kulkarni' }).filter({ hasText: shown(day) }).click();
  const detail = page.getByTestId('leave-request-detail');
  await expect(detail.getByTestId('leave-timeline')).toContainText('Recorded by HR');
  await expect(detail).toContainText('recorded by Priya Sharma (HR)');
  await hrApi.dispose();
  await employeeApi.dispose();
});

test('an employee applies for 3 days of sick leave with a medical certificate; the manager sees and downloads it from the inbox', async ({ page, baseURL }) => {
  const hrApi = await apiAs(baseURL, HR);
  const employeeApi = await apiAs(baseURL, EMPLOYEE);
  const me = (await (await employeeApi.get('/api/auth/me')).json()) as { user: { employeeId: string }; organisation: { today: string } };
  const sl = await typeId(employeeApi, 'SL');
  expect((await hrApi.post('/api/leave/adjustments', { data: { employeeId: me.user.employeeId, leaveTypeId: sl, days: 6, reason: 'E2E top-up' } })).status()).toBe(200);
  // Monday to Wednesday: three days of sick leave, above the two after which a certificate is needed.
  const dates = await acceptableMonday(employeeApi, sl, addDays(me.organisation.today, 35), 2, 3);
  const certificate = miniPdf('Medical certificate', ['Patient: Sneha Kulkarni', 'Viral fever: rest advised for three days', 'Dr. K. Rao, Jayanagar Clinic']);

  await signIn(page, EMPLOYEE, DEMO_PASSWORD);
  await page.goto('/leave/apply');
  await page.getByRole('combobox', { name: 'Leave type' }).click();
  await page.getByRole('option', { name: 'Sick leave' }).click();
  await page.getByRole('textbox', { name: 'From' }).fill(dates.from);
  await page.getByRole('textbox', { name: 'To' }).fill(dates.to);
  await page.getByRole('textbox', { name: 'Reason' }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Viral fever');
  await expect(page.getByTestId('quote-working-days')).toHaveText('3');
  await expect(page.getByText('Documents required')).toBeVisible();
  // The quote says a document is needed: the form offers the file.
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('supporting-file').click()]);
  await chooser.setFiles({ name: 'medical-certificate.pdf', mimeType: 'application/pdf', buffer: certificate });
  await expect(page.getByTestId('supporting-file')).toContainText('medical-certificate.pdf');
  await shot(page, 'leave-apply-with-certificate');
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page).toHaveURL(/\/leave\/my$/);
  const row = page.getByTestId('leave-row').filter({ hasText: shown(dates.from) });
  await expect(row.getByTestId('leave-status')).toHaveText('Waiting for manager');
  await expect(row.getByTestId('attachment-count')).toHaveText('1 file');
  await expect(row.getByTestId('document-missing')).toHaveCount(0);
  await signOut(page);

  // The manager: the request in the inbox with its file, and the file itself.
  await signIn(page, MANAGER, DEMO_PASSWORD);
  await openApprovals(page);
  const item = page.getByTestId('approval-item').filter({ hasText: 'Sneha Kulkarni' }).filter({ hasText: shown(dates.from) });
  await expect(item.getByTestId('attachment-count')).toHaveText('1 file');
  await expect(item.getByTestId('document-missing')).toHaveCount(0);
  await item.click();
  const detail = page.getByTestId('leave-request-detail');
  const files = detail.getByTestId('supporting-documents');
  await expect(files.getByTestId('attachment')).toHaveCount(1);
  await expect(files.getByTestId('attachment')).toContainText('medical-certificate.pdf');
  await expect(files.getByTestId('attachment')).toContainText('by Sneha Kulkarni');
  await expect(files.getByTestId('document-present')).toBeVisible();
  await shot(page, 'leave-inbox-with-certificate');
  const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('link', { name: /medical-certificate\.pdf/ }).click()]);
  expect(download.suggestedFilename()).toBe('medical-certificate.pdf');
  expect(readFileSync(await download.path()).equals(certificate)).toBe(true);
  await detail.getByRole('button', { name: 'Approve' }).click();
  await expect(detail.getByTestId('leave-status')).toHaveText('Approved');
  await hrApi.dispose();
  await employeeApi.dispose();
});

test('a request without its certificate says "Document missing" until the employee attaches it; approving it warns first', async ({ page, baseURL }) => {
  const hrApi = await apiAs(baseURL, HR);
  const employeeApi = await apiAs(baseURL, EMPLOYEE);
  const me = (await (await employeeApi.get('/api/auth/me')).json()) as { user: { employeeId: string }; organisation: { today: string } };
  const sl = await typeId(employeeApi, 'SL');
  expect((await hrApi.post('/api/leave/adjustments', { data: { employeeId: me.user.employeeId, leaveTypeId: sl, days: 6, reason: 'E2E top-up' } })).status()).toBe(200);
  const first = await acceptableMonday(employeeApi, sl, addDays(me.organisation.today, 49), 2, 3);
  expect((await employeeApi.post('/api/leave/requests', { data: { leaveTypeId: sl, fromDate: first.from, toDate: first.to, reason: 'Dengue' } })).status()).toBe(200);
  const second = await acceptableMonday(employeeApi, sl, addDays(first.from, 7), 2, 3);
  expect((await employeeApi.post('/api/leave/requests', { data: { leaveTypeId: sl, fromDate: second.from, toDate: second.to, reason: 'Follow-up' } })).status()).toBe(200);

  // The manager: both flagged in the inbox; approving the first warns, and goes through.
  await signIn(page, MANAGER, DEMO_PASSWORD);
  await openApprovals(page);
  const item = page.getByTestId('approval-item').filter({ hasText: 'Sneha Kulkarni' }).filter({ hasText: shown(first.from) });
  await expect(item.getByTestId('document-missing')).toHaveText('Document missing');
  await item.click();
  const detail = page.getByTestId('leave-request-detail');
  await expect(detail.getByTestId('document-missing-alert')).toContainText('none is attached yet');
  await detail.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve without the supporting document?' });
  await expect(dialog.getByTestId('approve-document-warning')).toContainText('needs a supporting document');
  await shot(page, 'leave-approve-document-missing');
  await dialog.getByRole('button', { name: 'Approve anyway' }).click();
  await expect(dialog).toBeHidden();
  // Approving is one click with a few seconds to undo, then it is sent.
  await expect(detail.getByTestId('leave-status')).toHaveText('Approved', { timeout: 20_000 });
  await signOut(page);

  // The employee: the badge in her list, then she attaches the certificate from the request and it goes.
  await signIn(page, EMPLOYEE, DEMO_PASSWORD);
  await page.goto('/leave/my');
  const row = page.getByTestId('leave-row').filter({ hasText: shown(second.from) });
  await expect(row.getByTestId('document-missing')).toBeVisible();
  await row.click();
  const drawer = page.getByTestId('leave-request-detail');
  await expect(drawer.getByTestId('document-missing-alert')).toContainText('Attach it here');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), drawer.getByRole('button', { name: 'Attach a document' }).click()]);
  await chooser.setFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: miniPdf('Medical certificate', ['Patient: Sneha Kulkarni']) });
  await expect(drawer.getByTestId('attachment')).toContainText('certificate.pdf');
  await expect(drawer.getByTestId('document-missing-alert')).toHaveCount(0);
  await expect(row.getByTestId('document-missing')).toHaveCount(0);
  await expect(row.getByTestId('attachment-count')).toHaveText('1 file');
  await hrApi.dispose();
  await employeeApi.dispose();
});
