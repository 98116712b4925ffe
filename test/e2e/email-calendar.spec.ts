import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import ICAL from 'ical.js';
import { addDays, weekdayOf } from '../../shared/dates.ts';
import { TestSmtp } from '../support/smtp.ts';
import { ADMIN, DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';

/**
 * Issue 17, done when (the manager): the administrator sets up SMTP in the
 * console and a test e-mail goes out; an employee applies and the approval
 * e-mail arrives at the local SMTP server with the right words, the time in
 * IST with the zone named, and a link into the console; the manager turns on
 * their calendar feed on their profile and it opens in a calendar parser.
 */

async function apiAs(baseURL: string, email: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  expect((await ctx.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } })).status()).toBe(200);
  return ctx;
}

function istClock(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

test('SMTP set up in the console; the approval e-mail reaches the manager; the manager subscribes to the team calendar', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const smtp = new TestSmtp();
  await smtp.start();
  try {
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/settings/email');
    await page.getByRole('textbox', { name: 'SMTP server' }).fill('127.0.0.1');
    await page.getByText('None (LAN)').click();
    await page.getByRole('textbox', { name: 'Port' }).fill(String(smtp.port));
    await page.getByRole('textbox', { name: 'User name' }).fill('muster');
    await page.getByRole('textbox', { name: 'Password' }).fill('smtp-secret-1');
    await page.getByRole('textbox', { name: 'From' }).fill('Muster at Kaveri <muster@kaveri.example>');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('E-mail settings saved.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Password' })).toHaveValue('');
    await page.getByRole('textbox', { name: 'To' }).fill('it@kaveri.example');
    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    await expect(page.getByTestId('email-test-result')).toContainText(/250|OK|accepted/i);
    await smtp.waitFor((m) => m.envelopeTo.includes('it@kaveri.example'));
    await page.screenshot({ path: 'test-results/email-settings.png', fullPage: true });

    // The employee applies: the manager's e-mail.
    const employee = await apiAs(baseURL, 'employee@kaveri.example');
    const hr = await apiAs(baseURL, 'hr@kaveri.example');
    const me = (await (await employee.get('/api/auth/me')).json()) as { user: { employeeId: string }; organisation: { today: string } };
    const types = (await (await employee.get('/api/leave/types')).json()) as { items: { id: string; code: string }[] };
    const cl = types.items.find((t) => t.code === 'CL')?.id as string;
    await hr.post('/api/leave/adjustments', { data: { employeeId: me.user.employeeId, leaveTypeId: cl, days: 2, reason: 'E2E e-mail top-up' } });
    let requestId = '';
    let day = addDays(me.organisation.today, 50);
    for (let i = 0; i < 60 && !requestId; i++, day = addDays(day, 1)) {
      if (weekdayOf(day) === 0 || weekdayOf(day) === 6) continue;
      const res = await employee.post('/api/leave/requests', { data: { leaveTypeId: cl, fromDate: day, toDate: day, duration: 'FirstHalf', reason: 'Parent-teacher meeting' } });
      if (res.status() === 200) requestId = ((await res.json()) as { id: string }).id;
    }
    const sentAt = new Date();
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes('manager@kaveri.example') && (m.text ?? '').includes(requestId));
    expect(mail.subject).toMatch(/^Sneha Kulkarni applied for 0\.5 days of Casual leave \(.*first half\) · Kaveri/);
    expect(mail.text).toContain('Hello Rahul');
    expect(mail.text).toContain('Parent-teacher meeting');
    const when = /When: (.*)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(when).toMatch(/ IST \(Asia\/Kolkata\)$/);
    const clock = /, (\d{2}:\d{2}) IST/.exec(when)?.[1];
    expect([istClock(new Date(sentAt.getTime() - 60_000)), istClock(sentAt), istClock(new Date(sentAt.getTime() + 60_000))]).toContain(clock);
    expect(mail.text).toContain(`${baseURL}/leave/approvals?request=${requestId}`);
    expect(mail.html).toContain('Parent-teacher meeting');
    expect(mail.messageId).toMatch(/^<msg_/);
    expect(mail.date).toBeInstanceOf(Date);

    // The manager follows the link in the e-mail, then subscribes to the team calendar on their profile.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await signIn(page, 'manager@kaveri.example', DEMO_PASSWORD);
    await page.goto(`/leave/approvals?request=${requestId}`);
    await expect(page.getByTestId('leave-request-detail')).toContainText('Sneha Kulkarni');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await page.getByRole('tab', { name: 'Notifications & calendar' }).click();
    await expect(page.getByRole('switch', { name: 'Requests waiting for me' })).toBeChecked();
    await page.getByRole('button', { name: 'Create calendar address' }).click();
    const url = (await page.getByTestId('calendar-feed-url').innerText()).trim();
    expect(url).toMatch(/\/api\/calendar\/cal_.+\.ics$/);
    await page.screenshot({ path: 'test-results/profile-notifications.png', fullPage: true });
    const ics = await (await playwrightRequest.newContext()).get(url);
    expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
    const cal = new ICAL.Component(ICAL.parse(await ics.text()));
    expect(cal.getFirstPropertyValue('x-wr-timezone')).toBe('Asia/Kolkata');
    const summaries = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary);
    expect(summaries.some((s) => /^[A-Z][\w.]* [\w. ]+: /.test(s))).toBe(true);
    await Promise.all([employee.dispose(), hr.dispose()]);
  } finally {
    await smtp.stop();
  }
});
