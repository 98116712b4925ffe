import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { addDays, weekdayOf } from '../../shared/dates.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';
import { ADMIN, DEMO_PASSWORD, expect, mainNav, signIn, test } from './fixtures.ts';

/**
 * Issue 17, done when (the integrator): register an endpoint in the console,
 * approve a leave request, receive a signed event verified with
 * standardwebhooks; stop the receiver, approve again, start it: the event
 * arrives, and the console's delivery log shows the failed attempt and the
 * delivery.
 */

async function apiAs(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  expect((await ctx.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  return ctx;
}

/** A pending one-day CL request of the demo employee, on a day the server accepts. */
async function pendingRequest(employee: APIRequestContext, hr: APIRequestContext, notBefore: string): Promise<string> {
  const me = (await (await employee.get('/api/auth/me')).json()) as { user: { employeeId: string } };
  const types = (await (await employee.get('/api/leave/types')).json()) as { items: { id: string; code: string }[] };
  const cl = types.items.find((t) => t.code === 'CL')?.id as string;
  await hr.post('/api/leave/adjustments', { data: { employeeId: me.user.employeeId, leaveTypeId: cl, days: 2, reason: 'E2E webhook top-up' } });
  let day = notBefore;
  for (let i = 0; i < 60; i++, day = addDays(day, 1)) {
    if (weekdayOf(day) === 0 || weekdayOf(day) === 6) continue;
    const res = await employee.post('/api/leave/requests', { data: { leaveTypeId: cl, fromDate: day, toDate: day, duration: 'FullDay', reason: 'Webhook check' } });
    if (res.status() === 200) return ((await res.json()) as { id: string }).id;
  }
  throw new Error('no day accepted');
}

test('the integrator registers an endpoint, receives signed approvals, and sees a missed one arrive after the receiver is back', async ({ page, baseURL }) => {
  // The missed event comes with the next retry: 5 s after the first failure, or 1 min later if the second try also found the receiver down.
  test.setTimeout(180_000);
  const receiver = new WebhookReceiver();
  await receiver.start();
  const employee = await apiAs(baseURL, 'employee@kaveri.example');
  const manager = await apiAs(baseURL, 'manager@kaveri.example');
  const hr = await apiAs(baseURL, 'hr@kaveri.example');
  const today = ((await (await employee.get('/api/auth/me')).json()) as { organisation: { today: string } }).organisation.today;

  await signIn(page, ADMIN.email, ADMIN.password);
  await mainNav(page).getByRole('link', { name: 'API & webhooks' }).click();
  await expect(page).toHaveURL(/\/api-keys$/);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const modal = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await modal.getByRole('textbox', { name: 'URL' }).fill('http://8.8.8.8/hooks');
  await modal.getByRole('textbox', { name: 'Description' }).fill('Payroll on the LAN');
  await modal.getByRole('checkbox', { name: /All events/ }).check();
  await modal.getByRole('switch', { name: /Allow http/ }).check();
  await modal.getByRole('button', { name: 'Add endpoint' }).click();
  // A public address over http is refused, naming the field.
  await expect(modal.getByText(/public address/)).toBeVisible();
  await modal.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
  await modal.getByRole('button', { name: 'Add endpoint' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
  const secret = (await secretDialog.getByTestId('webhook-secret').innerText()).trim();
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole('button', { name: 'I have copied the secret' }).click();
  const table = page.getByRole('table', { name: 'Webhook endpoints' });
  await expect(table).toContainText(receiver.url);
  await expect(table).toContainText('All events');
  await expect(table).not.toContainText(secret);

  // Approve a request: the signed event arrives and verifies.
  const first = await pendingRequest(employee, hr, addDays(today, 40));
  expect((await manager.post(`/api/leave/requests/${first}/approve`, { data: {} })).status()).toBe(200);
  await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).type === 'leave.request.approved'));
  const got = receiver.received.find((x) => JSON.parse(x.body).type === 'leave.request.approved');
  const event = new Webhook(secret).verify(got?.body ?? '', got?.headers ?? {}) as { data: { id: string; status: string } };
  expect(event.data).toMatchObject({ id: first, status: 'Approved' });

  // Stop the receiver, approve again: the first attempt fails, the log says so.
  await receiver.stop();
  const second = await pendingRequest(employee, hr, addDays(today, 41));
  expect((await manager.post(`/api/leave/requests/${second}/approve`, { data: {} })).status()).toBe(200);
  await table.getByRole('button', { name: 'Deliveries' }).click();
  const drawer = page.getByRole('dialog', { name: /Deliveries to/ });
  const approvals = drawer.getByRole('button', { name: /leave\.request\.approved/ });
  await expect(approvals.first()).toContainText('Retrying', { timeout: 15_000 });
  await approvals.first().click();
  await expect(drawer.getByText(/ECONNREFUSED/).first()).toBeVisible();
  await receiver.start();
  await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).data?.id === second && JSON.parse(x.body).type === 'leave.request.approved'), 90_000);
  await expect(approvals.first()).toContainText('Delivered', { timeout: 10_000 });
  await expect(drawer.getByText(/HTTP 200 ·/).first()).toBeVisible({ timeout: 10_000 });
  await page.screenshot({ path: 'test-results/webhooks-delivery-log.png', fullPage: false });

  // Send a test event from the console.
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/webhooks-section.png', fullPage: true });
  await table.getByRole('button', { name: /More for/ }).click();
  await page.getByRole('menuitem', { name: 'Send test event' }).click();
  await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).type === 'webhook.test'));
  await receiver.stop();
  await Promise.all([employee.dispose(), manager.dispose(), hr.dispose()]);
});
