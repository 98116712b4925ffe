// The phone app's screens at phone size (360×800, touch): an employee checks in with her location, applies for
// leave and reads her month; her manager approves on his phone. No screen scrolls sideways. The screenshots go to
// test/test-results/phone/ (not committed) to be looked at.
import path from 'node:path';
import { type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { addDays, weekdayOf } from '../../shared/dates.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `3 Feb 2027`, as the console writes a day. */
const shown = (day: string) => `${Number(day.slice(8))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
import { DEMO_EMPLOYEE, DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';

const MANAGER = 'manager@kaveri.example';
const HR = 'hr@kaveri.example';
const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 800 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function onPhone(browser: Browser, baseURL: string, email: string, extra: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL, ...extra });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

/** Saves the screen (as the phone shows it, and the whole page) and checks nothing scrolls sideways. */
async function phoneShot(page: Page, name: string): Promise<void> {
  const dir = path.join(test.info().project.outputDir, 'phone');
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
  await page.screenshot({ path: path.join(dir, `${name}-full.png`), fullPage: true });
  const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
  expect(width, `${name}: the page is ${width}px wide on a 360px screen`).toBeLessThanOrEqual(360);
}

/** Opens a page from the phone's navigation drawer (the burger), as a phone user does. */
async function openFromMenu(page: Page, group: string, link: string): Promise<void> {
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByText(group, { exact: true }).click();
  await nav.getByRole('link', { name: link }).click();
  await expect(nav).not.toBeInViewport();
}

test('an employee checks in with her location, sees her month and applies for leave on her phone; her manager approves on his', async ({ browser, baseURL, playwright }) => {
  test.setTimeout(120_000);
  // Where her office fence is, to stand inside it; and enough earned leave for a day.
  const hr = await playwright.request.newContext({ baseURL });
  expect((await hr.post('/api/auth/login', { data: { email: HR, password: DEMO_PASSWORD } })).status()).toBe(200);
  const employee = await playwright.request.newContext({ baseURL });
  expect((await employee.post('/api/auth/login', { data: DEMO_EMPLOYEE })).status()).toBe(200);
  const me = (await (await employee.get('/api/auth/me')).json()) as { user: { employeeId: string }; organisation: { today: string } };
  const profile = (await (await employee.get(`/api/employees/${me.user.employeeId}`)).json()) as { location: { id: string } | null };
  const fences = (await (await employee.get('/api/attendance/locations')).json()) as { items: { locationId: string; geoFence: { lat: number; lng: number } | null }[] };
  const fence = fences.items.find((l) => l.locationId === profile.location?.id)?.geoFence;
  expect(fence).toBeTruthy();
  const types = (await (await employee.get('/api/leave/types')).json()) as { items: { id: string; code: string }[] };
  const el = types.items.find((t) => t.code === 'EL')!.id;
  expect((await hr.post('/api/leave/adjustments', { data: { employeeId: me.user.employeeId, leaveTypeId: el, days: 2, reason: 'E2E phone top-up' } })).status()).toBe(200);
  let day = addDays(me.organisation.today, 70);
  for (let i = 0; i < 40; i++, day = addDays(day, 1)) {
    if (weekdayOf(day) === 0 || weekdayOf(day) === 6) continue;
    const quote = (await (await employee.get(`/api/leave/quote?leaveTypeId=${el}&fromDate=${day}&toDate=${day}`)).json()) as { problems: unknown[]; workingDays: number };
    if (quote.problems.length === 0 && quote.workingDays === 1) break;
  }

  // Check in (the phone shares its position inside the fence).
  const phone = await onPhone(browser, baseURL, DEMO_EMPLOYEE.email, {
    permissions: ['geolocation'],
    geolocation: { latitude: fence!.lat, longitude: fence!.lng, accuracy: 15 },
  });
  await phoneShot(phone, 'dashboard-employee');
  await openFromMenu(phone, 'Attendance', 'My attendance');
  await expect(phone).toHaveURL(/\/attendance\/me$/);
  const checkIn = phone.getByRole('button', { name: 'Check in' });
  const checkOut = phone.getByRole('button', { name: 'Check out' });
  // An earlier test may have checked her in today already: then the phone checks her out. Either way a punch
  // from the phone, with the phone's position.
  await expect.poll(async () => (await checkIn.isEnabled()) || (await checkOut.isEnabled())).toBe(true);
  const direction = (await checkIn.isEnabled()) ? 'in' : 'out';
  await (direction === 'in' ? checkIn : checkOut).tap();
  await expect(direction === 'in' ? checkOut : checkIn).toBeEnabled();
  const todays = phone.getByLabel("Today's punches");
  await expect(todays).toContainText(new RegExp(`\\d\\d:\\d\\d ${direction}`, 'i'));
  await expect(todays).not.toContainText('OffZone');
  const punches = ((await (await phone.request.get('/api/attendance/me')).json()) as { punches: { source: string; direction: string; flags: string[]; geo: { lat: number; lng: number } | null }[] }).punches;
  expect(punches.filter((p) => p.source === 'self').at(-1)).toMatchObject({ direction, flags: [], geo: { lat: fence!.lat, lng: fence!.lng } });
  await phoneShot(phone, 'check-in');

  // Her month, under today.
  await phone.getByRole('heading', { name: 'My month' }).scrollIntoViewIfNeeded();
  await phoneShot(phone, 'my-month');

  // Apply for a day of earned leave.
  await openFromMenu(phone, 'Leave', 'My leave');
  await phone.getByRole('link', { name: 'Apply for leave' }).tap();
  await expect(phone).toHaveURL(/\/leave\/apply$/);
  await phone.getByRole('combobox', { name: 'Leave type' }).tap();
  await phone.getByRole('option', { name: /Earned/ }).tap();
  await phone.getByRole('textbox', { name: 'From' }).fill(day);
  await phone.getByRole('textbox', { name: 'To' }).fill(day);
  await phone.getByRole('textbox', { name: 'Reason' }).fill('Family function');
  await expect(phone.getByTestId('quote-working-days')).toHaveText('1');
  await phoneShot(phone, 'apply-leave');
  await phone.getByRole('button', { name: 'Submit request' }).tap();
  await expect(phone).toHaveURL(/\/leave\/my$/);
  // Another test may have left a request of another type on the same day (the server is shared): the EL one is hers.
  await expect(phone.getByTestId('leave-row').filter({ hasText: shown(day) }).filter({ has: phone.getByText('EL', { exact: true }) }).getByTestId('leave-status')).toHaveText('Waiting for manager');
  await phoneShot(phone, 'my-leave');
  await phone.context().close();

  // Her manager approves it on his phone.
  const manager = await onPhone(browser, baseURL, MANAGER);
  await openFromMenu(manager, 'Leave', 'Approvals');
  await expect(manager).toHaveURL(/\/leave\/approvals/);
  const item = manager.getByTestId('approval-item').filter({ hasText: 'Sneha Kulkarni' }).filter({ hasText: shown(day) });
  await expect(item).toHaveCount(1);
  await phoneShot(manager, 'approvals');
  await item.tap();
  const detail = manager.getByTestId('leave-request-detail');
  await expect(detail).toBeVisible();
  // One at a time on a phone: the list gives way to the request, which starts at the top.
  await expect(manager.getByTestId('approval-list')).toBeHidden();
  await phoneShot(manager, 'approval-detail');
  await detail.getByRole('button', { name: 'Approve' }).tap();
  await expect(detail.getByTestId('leave-status')).toHaveText(/Approved|Waiting for HR/);
  await phoneShot(manager, 'approved');
  await manager.getByRole('button', { name: 'All requests waiting' }).tap();
  await expect(manager.getByTestId('approval-list')).toBeVisible();
  await manager.context().close();
  await hr.dispose();
  await employee.dispose();
});
