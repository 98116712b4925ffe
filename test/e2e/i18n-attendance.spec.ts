// Issue 21: an employee's own attendance in her language. In Marathi and in Tamil (and Hindi and Kannada for the
// screenshots) she opens My attendance on her phone and a day of her month: the grid's totals and weekdays, the day
// drawer, the engine's reasons and the durations read in her language. A date picker names the month in Hindi and
// follows the language switch without a reload. The expected words come from the catalogues and the shared renderer,
// never typed here. Her language is put back afterwards: the other specs share this server and read English.
import dayjs from 'dayjs';
import 'dayjs/locale/hi.js';
import { type Page } from '@playwright/test';
import type { DayDetail } from '../../shared/attendance/index.ts';
import { renderDayReasonIn } from '../../shared/i18n/day-reasons.ts';
import { type Locale, formatDurationIn } from '../../shared/i18n/index.ts';
import { DEMO_EMPLOYEE, PHONE, catalogueText, expect, fontsReady, i18nShotPath, setLanguage, signIn, test } from './fixtures.ts';

/** A message of the employee catalogue as it stands (for a name or a whole sentence without values). */
const words = (locale: Locale, key: string) => catalogueText(locale, 'employee', key);

/** A message with `{value}` holes as a pattern matching any value: "हजर {count}" → /हजर \S+/. */
function pattern(locale: Locale, key: string): RegExp {
  const escaped = words(locale, key).replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\{\w+\}/g, '\\S+'));
}

interface Me {
  user: { employeeId: string };
  organisation: { today: string };
}

interface MonthDay {
  date: string;
  status: string;
  workedMinutes: number;
}

/** The employee's most recent final day with work on it (this month or the last), and its detail. */
async function recentWorkedDay(page: Page, me: Me): Promise<DayDetail> {
  const [y, m] = me.organisation.today.split('-').map(Number) as [number, number];
  for (const offset of [0, -1]) {
    const d = new Date(Date.UTC(y, m - 1 + offset, 1));
    const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    const res = await page.request.get(`/api/attendance/employee/${me.user.employeeId}/month/${month}`);
    const days = ((await res.json()) as { days: MonthDay[] }).days.filter((x) => x.date < me.organisation.today && x.workedMinutes > 0 && x.status !== 'Pending');
    const last = days.at(-1);
    if (last) return (await (await page.request.get(`/api/attendance/employee/${me.user.employeeId}/day/${last.date}`)).json()) as DayDetail;
  }
  throw new Error('the demo employee has no worked day in the last two months');
}

test('an employee reads her month and a day in Marathi and Tamil on her phone (screenshots for hi, mr, kn, ta)', async ({ browser, baseURL, inLanguage }) => {
  test.setTimeout(180_000);
  const api = await inLanguage(DEMO_EMPLOYEE);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  try {
    await signIn(page, DEMO_EMPLOYEE.email, DEMO_EMPLOYEE.password);
    const me = (await (await page.request.get('/api/auth/me')).json()) as Me;
    const detail = await recentWorkedDay(page, me);
    const day = detail.day;
    expect(day).toBeTruthy();
    if (!day) return;
    // Every reason the server sends for the day carries its message (issue 21 §2).
    expect(day.reasons.every((r) => r.messageId)).toBe(true);

    for (const locale of ['mr-IN', 'ta-IN', 'hi-IN', 'kn-IN'] as const) {
      await setLanguage(api, locale);
      await page.goto(`/attendance/me?month=${detail.date.slice(0, 7)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      // The month grid: totals and the weekdays' names.
      const totals = page.getByTestId('month-totals');
      await expect(totals).toContainText(pattern(locale, 'monthGrid.present'));
      await expect(totals).toContainText(pattern(locale, 'monthGrid.worked'));
      await expect(page.getByRole('button', { name: new RegExp(`^${detail.date}: `) })).toBeVisible();
      if (locale === 'mr-IN' || locale === 'ta-IN') {
        await fontsReady(page);
        await page.screenshot({ path: i18nShotPath(`attendance-month-${locale}.png`), fullPage: true });
      }

      // The day drawer: its title, the stats and every reason in the language, durations included.
      await page.getByTestId(`month-day-${detail.date}`).tap();
      const drawer = page.getByRole('dialog', { name: words(locale, 'dayDrawer.title') });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByText(words(locale, 'dayDrawer.why'), { exact: true })).toBeVisible();
      await expect(drawer.getByText(words(locale, 'dayDrawer.worked'), { exact: true })).toBeVisible();
      await expect(drawer.getByText(formatDurationIn(locale, day.workedMinutes), { exact: true }).first()).toBeVisible();
      const reasons = drawer.getByTestId('day-reasons');
      for (const reason of day.reasons) {
        const text = renderDayReasonIn(locale, reason);
        if (reason.rule !== 'shift') expect(text).not.toBe(reason.text);
        await expect(reasons).toContainText(text);
      }
      await expect(reasons).not.toContainText(day.reasons.find((r) => r.rule !== 'shift')?.text ?? '—');
      await fontsReady(page);
      await page.screenshot({ path: i18nShotPath(`attendance-${locale}.png`) });
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
  } finally {
    await context.close();
  }
});

test('a date picker names the month in Hindi and follows the language switch', async ({ page, inLanguage }) => {
  // She switches in the console; her language is put back afterwards all the same.
  await inLanguage(DEMO_EMPLOYEE);
  await signIn(page, DEMO_EMPLOYEE.email, DEMO_EMPLOYEE.password);
  const me = (await (await page.request.get('/api/auth/me')).json()) as Me;
  const month = `${me.organisation.today.slice(0, 7)}-01`;
  await page.goto('/attendance/me');
  const picker = page.getByRole('button', { name: words('en-IN', 'attendance.month') });
  await expect(picker).toHaveText(dayjs(month).locale('en').format('MMMM YYYY'));
  // The language picker in the user menu: the month's name changes at once, no reload.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  const hindi = page.getByRole('button', { name: words('hi-IN', 'attendance.month') });
  await expect(hindi).toHaveText(dayjs(month).locale('hi').format('MMMM YYYY'));
  // The picker's own calendar: months by their Hindi names.
  await hindi.click();
  await expect(page.getByRole('button', { name: new RegExp(dayjs(month).locale('hi').format('MMM')) }).first()).toBeVisible();
});
