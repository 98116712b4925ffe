import type { Browser, Page } from '@playwright/test';
import { DEMO_EMPLOYEE, DEMO_PASSWORD, expect, lookPath, mainNav, signIn, test } from './fixtures.ts';

/**
 * Attendance in the console: HR overrides and freezes a day from the
 * calendar; an employee checks in and asks to fix a missing punch; the
 * manager approves; the calendar shows the fixed day.
 */

async function asUser(browser: Browser, baseURL: string, email: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, ...options });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

interface DayLite {
  date: string;
  status: string;
}

/** The demo employee's most recent day with a missing punch (seeded a few working days ago). */
async function missingPunchDay(page: Page, employeeId: string): Promise<string> {
  const today = new Date();
  for (const offset of [0, -1]) {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + offset, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    const res = await page.request.get(`/api/attendance/employee/${employeeId}/month/${month}`);
    const days = ((await res.json()) as { days: DayLite[] }).days.filter((x) => x.status === 'MissingPunch');
    const last = days.at(-1);
    if (last) return last.date;
  }
  throw new Error('the demo employee has no missing-punch day');
}

test('HR drills into a day from the calendar, overrides it and sees it frozen', async ({ page }) => {
  await signIn(page, 'hr@kaveri.example', DEMO_PASSWORD);
  await mainNav(page).getByText('Attendance', { exact: true }).click();
  await mainNav(page).getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/attendance\/calendar$/);
  await expect(page.getByTestId('calendar-row').first()).toBeVisible();
  await expect(page.getByTestId('calendar-legend')).toContainText('Missing punch');

  // A present day of the first employee on the page.
  const cell = page.getByTestId('calendar-row').first().getByRole('button', { name: /: Present$/ }).first();
  const label = (await cell.getAttribute('aria-label')) ?? '';
  await cell.click();
  const drawer = page.getByRole('dialog', { name: 'Attendance day' });
  await expect(drawer.getByTestId('day-reasons')).toContainText(/present: .* worked ≥ full day/);
  await expect(drawer.getByTestId('punch-row').first()).toBeVisible();

  await drawer.getByRole('button', { name: 'Override' }).click();
  const dialog = page.getByRole('dialog', { name: /^Override / });
  await dialog.getByLabel('Worked minutes').fill('480');
  await dialog.getByRole('switch', { name: /Freeze this day/ }).check();
  await dialog.getByLabel('Reason').fill('Checked against the gate register');
  await dialog.getByRole('button', { name: 'Save override' }).click();
  await expect(dialog).toBeHidden();

  await expect(drawer.getByTestId('frozen-badge')).toBeVisible();
  await expect(drawer.getByTestId('override-entry').first()).toContainText('Checked against the gate register');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `${label} (frozen)` })).toBeVisible();
});

interface SelfToday {
  live: { state: string; shiftDate: string };
  punches: { source: string; direction: string | null; flags: string[]; role: string | null; geo: { lat: number; lng: number } | null }[];
  geoFenceRequired: boolean;
}

test('an employee asks to fix a missing punch; the manager approves; the calendar updates', async ({ browser, baseURL }) => {
  const page = await asUser(browser, baseURL, DEMO_EMPLOYEE.email);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { employeeId: string } };

  // Ask to fix the day whose check-out is missing (the seed leaves one on her most recent working day).
  const day = await missingPunchDay(page, me.user.employeeId);
  await page.goto(`/attendance/me?month=${day.slice(0, 7)}&date=${day}`);
  const drawer = page.getByRole('dialog', { name: 'Attendance day' });
  await expect(drawer).toContainText('Missing punch');
  await drawer.getByRole('button', { name: 'Request a fix' }).click();
  const form = page.getByRole('dialog', { name: 'Request a regularization' });
  await form.getByLabel('Punch 1 time').fill('18:40');
  // Before sending, the form shows what the fix would make of the day.
  const effect = form.getByTestId('day-effect');
  await expect(effect).toContainText('Once approved');
  await expect(effect).toContainText('Missing punch');
  await expect(effect).toContainText('Present');
  await form.getByLabel('Reason').fill('Forgot to punch out after the review meeting');
  await form.getByRole('button', { name: 'Send request' }).click();
  await expect(form).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('my-request').first()).toContainText('Waiting for manager');
  await page.context().close();

  // The manager approves it from the inbox.
  const manager = await asUser(browser, baseURL, 'manager@kaveri.example');
  await mainNav(manager).getByText('Attendance', { exact: true }).click();
  await mainNav(manager).getByRole('link', { name: 'Regularizations' }).click();
  const row = manager.getByTestId('regularization-row').filter({ hasText: 'Sneha Kulkarni' }).filter({ hasText: 'Forgot to punch out after the review meeting' });
  // The manager sees the same effect before deciding, then approves in one click (with a few seconds to undo).
  await row.getByRole('button', { name: 'Effect on the day' }).click();
  await expect(manager.getByTestId('day-effect')).toContainText('Present');
  await row.getByRole('button', { name: 'Effect on the day' }).click();
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(manager.getByTestId('undo')).toBeVisible();
  await expect(row).toHaveCount(0, { timeout: 15_000 });

  // The calendar shows the day as worked now.
  await manager.goto(`/attendance/calendar?month=${day.slice(0, 7)}&q=Sneha`);
  await expect(manager.getByRole('button', { name: `Sneha Kulkarni ${day}: Present` })).toBeVisible();
  await manager.context().close();
});

test('rejecting a regularization from the list opens a dialog that asks why; nothing is sent before its confirm button', async ({ browser, baseURL }) => {
  const hr = await asUser(browser, baseURL, 'hr@kaveri.example');
  await hr.goto('/attendance/regularizations');
  const row = hr.getByTestId('regularization-row').filter({ hasText: 'Terminal did not read my finger' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Reject…' }).click();
  // Whose request carries this reason depends on the day the demo was seeded: any name.
  const dialog = hr.getByRole('dialog', { name: /^Reject regularization: \S/ });
  await expect(dialog).toBeVisible();
  // A refused fix says why (the employee reads it): confirming without a note asks for one and sends nothing.
  const reject = dialog.getByRole('button', { name: 'Reject', exact: true });
  await reject.click();
  await expect(dialog.getByText('Say why it is not approved')).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it open' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Waiting for manager');

  await row.getByRole('button', { name: 'Reject…' }).click();
  const note = 'The gate register shows you left at 17:10; please ask for 17:10 instead.';
  await dialog.getByRole('textbox', { name: 'Why it is not approved' }).fill(note);
  await expect(dialog.getByTestId('reject-note-counter')).toHaveText(`${note.length} / 500`);
  await dialog.screenshot({ path: lookPath('regularization-reject-dialog.png') });
  await reject.click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0, { timeout: 15_000 });
  const all = (await (await hr.request.get('/api/regularizations?status=Rejected&pageSize=100')).json()) as { items: { reason: string; decisionNote?: string | null; status: string }[] };
  expect(JSON.stringify(all.items.filter((r) => r.reason === 'Terminal did not read my finger'))).toContain(note);
  await hr.context().close();
});

test('an employee checks in from inside her office fence: the punch counts, not flagged OffZone', async ({ browser, baseURL }) => {
  // Her location's fence (the demo seeds one for each location): the browser will share a position at its centre.
  const probe = await asUser(browser, baseURL, DEMO_EMPLOYEE.email);
  const me = (await (await probe.request.get('/api/auth/me')).json()) as { user: { employeeId: string } };
  const employee = (await (await probe.request.get(`/api/employees/${me.user.employeeId}`)).json()) as { location: { id: string } | null };
  const fences = (await (await probe.request.get('/api/attendance/locations')).json()) as { items: { locationId: string; geoFence: { lat: number; lng: number } | null }[] };
  const fence = fences.items.find((l) => l.locationId === employee.location?.id)?.geoFence;
  expect(fence, 'the demo employee\'s location has a geo-fence').toBeTruthy();
  // Where she starts: the seed gives her no punch today (she checks in herself) and nobody has used the console
  // yet. Her only open shift day, the seeded missing punch, was fixed by the previous test, so even between
  // midnight and the end of yesterday's window she is not "In".
  const start = (await (await probe.request.get('/api/attendance/me')).json()) as SelfToday;
  expect(start.geoFenceRequired).toBe(true);
  expect(start.punches.filter((p) => p.source === 'self')).toEqual([]);
  expect(['NotYetIn', 'Late', 'Off', 'Out']).toContain(start.live.state);
  await probe.context().close();

  const page = await asUser(browser, baseURL, DEMO_EMPLOYEE.email, {
    permissions: ['geolocation'],
    geolocation: { latitude: fence?.lat ?? 0, longitude: fence?.lng ?? 0, accuracy: 20 },
  });
  await mainNav(page).getByText('Attendance', { exact: true }).click();
  await mainNav(page).getByRole('link', { name: 'My attendance' }).click();
  await expect(page).toHaveURL(/\/attendance\/me$/);
  const checkIn = page.getByRole('button', { name: 'Check in' });
  const checkOut = page.getByRole('button', { name: 'Check out' });
  await expect(checkIn).toBeEnabled();
  await expect(checkOut).toBeDisabled();
  await checkIn.click();
  await expect(checkOut).toBeEnabled();
  await expect(checkIn).toBeDisabled();
  const todays = page.getByLabel("Today's punches");
  await expect(todays).toContainText(/\d\d:\d\d in/i);
  await expect(todays).not.toContainText('OffZone');
  await expect(todays).not.toContainText('WrongLocation');

  // The server kept her position, found it inside the fence, and counts the punch.
  const after = (await (await page.request.get('/api/attendance/me')).json()) as SelfToday;
  const mine = after.punches.filter((p) => p.source === 'self');
  expect(mine).toHaveLength(1);
  // Counted (a lone check-in is 'unpaired' until she checks out), not 'flagged' like an off-zone one.
  expect(mine[0]).toMatchObject({ direction: 'in', flags: [], role: 'unpaired', geo: { lat: fence?.lat, lng: fence?.lng } });
  expect(after.live.state).toBe('In');
  await page.context().close();
});
