import {
  type CalendarExportQuery,
  type CalendarResponse,
  type CalendarRow,
  type DayExportQuery,
  type DayRow,
  type DayView,
  type LiveQuery,
  type LiveRow,
  type LiveView,
  ATTENDANCE_STATUSES,
  STATUS_META,
  formatMinutes,
} from '../../../../shared/attendance/index.ts';
import { type Locale, formatDayShortIn, formatInstantIn, formatMonthIn, translatorFor } from '../../../../shared/i18n/index.ts';
import { zoneName } from '../../../../shared/labels.ts';
import type { Ctx } from '../../context.ts';
import type { Column, TableModel } from '../../exports/table.ts';
import { orgSettings } from '../org/index.ts';
import { calendar, dayView, live } from './views.ts';

/**
 * The attendance exports: each use case reads its view (with the view's scope
 * and filters) and lays it out as one table model, which the route renders to
 * CSV, XLSX or PDF.
 */

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const clock = (iso: string | null, timeZone: string) =>
  iso ? new Date(iso).toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) : null;
// The day columns of the month grid: wide enough for "WO*" at the grid's font.
const DAY_COLUMN_WIDTH = 22;

/** "Legend: P Present · HD Half day · …": the status codes of the grid in the reader's words. */
function legend(locale: Locale): string {
  const t = translatorFor(locale);
  const codes = ATTENDANCE_STATUSES.filter((s) => s !== 'Pending')
    .map((s) => t('hr:exports.calendar.legendItem', { code: STATUS_META[s].code, label: t(`labels:attendanceStatus.${s}`) }))
    .join(' · ');
  return t('hr:exports.calendar.legend', { codes });
}

const TOTAL_ROW = Symbol('totals');
type CalendarLine = CalendarRow | { [TOTAL_ROW]: true; totals: CalendarResponse['kpis']; days: number[] };

/**
 * The month grid: one coloured status cell per day, the totals per employee, and a totals row,
 * in the downloader's language (title, headers, legends; the status codes stay the codes the
 * grid and the console use, explained by the legend).
 */
export function calendarTable(cal: CalendarResponse, orgName: string, timeZone?: string, locale: Locale = 'en-IN'): TableModel<CalendarLine> {
  const tr = translatorFor(locale);
  const h = (key: string, values?: Record<string, unknown>) => tr(`hr:exports.calendar.${key}`, values ?? {});
  const isTotal = (r: CalendarLine): r is Extract<CalendarLine, { [TOTAL_ROW]: true }> => TOTAL_ROW in r;
  const presentPerDay = cal.days.map((_, i) =>
    cal.items.reduce((n, row) => {
      const s = row.cells[i]?.status;
      return n + (s === 'Present' || s === 'WorkedOnHoliday' || s === 'WorkedOnWeeklyOff' ? 1 : s === 'HalfDay' || s === 'HalfDayLeave' ? 0.5 : 0);
    }, 0),
  );
  const dayColumns: Column<CalendarLine>[] = cal.days.map((d, i) => ({
    header: String(Number(d.date.slice(8, 10))),
    width: 4,
    fixedWidth: DAY_COLUMN_WIDTH,
    overflow: 'ellipsis',
    align: 'center',
    value: (r) => {
      if (isTotal(r)) return r.days[i] ?? 0;
      const cell = r.cells[i];
      if (!cell?.status) return null;
      const code = STATUS_META[cell.status].code;
      return cell.frozen ? `${code}*` : code;
    },
    fill: (r) => {
      if (isTotal(r)) return undefined;
      const s = r.cells[i]?.status;
      return s ? STATUS_META[s].fill : d.weekday === 0 ? 'F2F2F2' : undefined;
    },
  }));
  const t = (f: (x: CalendarRow['totals']) => number | string) => (r: CalendarLine) => f(isTotal(r) ? r.totals : r.totals);
  return {
    title: h('title', { month: formatMonthIn(locale, cal.month) }),
    subtitle: h('subtitle', { org: orgName, count: cal.total, rate: (cal.kpis.attendanceRate * 100).toFixed(1) }),
    filename: `attendance-${cal.month}`,
    landscape: true,
    ...(timeZone ? { timeZone } : {}),
    locale,
    rows: [...cal.items, { [TOTAL_ROW]: true, totals: cal.kpis, days: presentPerDay }],
    columns: [
      { header: h('code'), width: 9, overflow: 'keep', value: (r) => (isTotal(r) ? h('total') : r.employee.code) },
      { header: h('name'), width: 22, value: (r) => (isTotal(r) ? h('totalName', { count: cal.kpis.employees }) : r.employee.fullName) },
      ...dayColumns,
      { header: 'P', width: 4, kind: 'number', value: t((x) => x.present) },
      { header: 'HD', width: 4, kind: 'number', value: t((x) => x.halfDays) },
      { header: 'A', width: 4, kind: 'number', value: t((x) => x.absent) },
      { header: 'MP', width: 4, kind: 'number', value: t((x) => x.missingPunch) },
      { header: 'L', width: 4, kind: 'number', value: t((x) => x.leave) },
      { header: 'H', width: 4, kind: 'number', value: t((x) => x.holidays) },
      { header: 'WO', width: 4, kind: 'number', value: t((x) => x.weeklyOffs) },
      { header: h('late'), width: 5, kind: 'number', value: t((x) => x.lateCount) },
      { header: h('elsewhere'), width: 9, kind: 'number', value: t((x) => x.wrongLocation) },
      { header: h('workedHours'), width: 8, kind: 'number', value: t((x) => hours(x.workedMinutes)) },
      { header: h('otHours'), width: 6, kind: 'number', value: t((x) => hours(x.otMinutes)) },
      { header: h('lopDays'), width: 7, kind: 'number', value: t((x) => x.lopDays) },
    ],
    notes: [legend(locale), h('totalsLegend')],
  };
}

/** "Fri 20 Nov 2026": the day a day export is of, in the reader's language. */
function dayTitleDate(locale: Locale, date: string): string {
  return `${formatDayShortIn(locale, date)} ${date.slice(0, 4)}`;
}

/** One day's records in the downloader's language (headers, statuses, legend; the engine's reasons as it wrote them). */
export function dayTable(view: DayView, timeZone: string, locale: Locale = 'en-IN'): TableModel<DayRow> {
  const t = translatorFor(locale);
  const h = (key: string, values?: Record<string, unknown>) => t(`hr:exports.day.${key}`, values ?? {});
  const statusLabel = (s: string) => (s in STATUS_META ? t(`labels:attendanceStatus.${s}`) : s);
  const zone = zoneName(timeZone, view.date);
  return {
    title: h('title', { date: dayTitleDate(locale, view.date) }),
    timeZone,
    locale,
    subtitle: Object.entries(view.kpis.byStatus)
      .map(([s, n]) => h('statusCount', { status: statusLabel(s), count: n }))
      .join(' · '),
    filename: `attendance-day-${view.date}`,
    landscape: true,
    rows: view.items,
    columns: [
      { header: h('code'), width: 9, overflow: 'keep', value: (r) => r.employee.code },
      { header: h('name'), width: 22, value: (r) => r.employee.fullName },
      { header: h('department'), width: 16, value: (r) => r.department },
      { header: h('location'), width: 14, value: (r) => r.location },
      { header: h('shift'), width: 10, value: (r) => r.day?.shift?.name ?? null },
      {
        header: h('status'),
        width: 16,
        value: (r) => (r.day ? (r.day.frozen ? h('statusFrozen', { status: statusLabel(r.day.status) }) : statusLabel(r.day.status)) : h('notReconciled')),
        fill: (r) => (r.day ? STATUS_META[r.day.status].fill : undefined),
      },
      { header: h('firstIn', { zone }), width: 8, value: (r) => clock(r.day?.firstIn ?? null, timeZone) },
      { header: h('lastOut', { zone }), width: 8, value: (r) => clock(r.day?.lastOut ?? null, timeZone) },
      { header: h('worked'), width: 8, value: (r) => (r.day ? formatMinutes(r.day.workedMinutes) : null) },
      { header: h('ot'), width: 6, value: (r) => (r.day ? formatMinutes(r.day.otMinutes) : null) },
      { header: h('lateMinutes'), width: 7, kind: 'number', value: (r) => r.day?.lateMinutes ?? null },
      // The engine's reasons as it wrote them (their message ids are another change's).
      { header: h('why'), width: 40, value: (r) => r.day?.reasons.filter((x) => x.rule !== 'shift').map((x) => x.text).join('; ') ?? null },
    ],
    notes: [legend(locale)],
  };
}

const LIVE_FILL: Record<LiveRow['state'], string> = { In: 'C6EFCE', Out: 'EDEDED', NotYetIn: 'FFFFFF', Late: 'FFC7CE', OnLeave: 'BDD7EE', Off: 'E4DFEC' };

/** The live board as a table, in the downloader's language (names, codes and notes as stored). */
export function liveTable(view: LiveView, timeZone: string, locale: Locale = 'en-IN'): TableModel<LiveRow> {
  const t = translatorFor(locale);
  const h = (key: string, values?: Record<string, unknown>) => t(`hr:exports.live.${key}`, values ?? {});
  const zone = zoneName(timeZone, view.now);
  return {
    title: h('title'),
    timeZone,
    locale,
    subtitle: h('subtitle', { when: formatInstantIn(locale, view.now, timeZone), ...view.counts }),
    filename: `attendance-live-${view.now.slice(0, 10)}`,
    landscape: true,
    rows: view.items,
    columns: [
      { header: h('code'), width: 9, overflow: 'keep', value: (r) => r.employee.code },
      { header: h('name'), width: 22, value: (r) => r.employee.fullName },
      { header: h('department'), width: 16, value: (r) => r.department },
      { header: h('location'), width: 14, value: (r) => r.location },
      { header: h('shift'), width: 10, value: (r) => r.shift },
      { header: h('state'), width: 10, value: (r) => t(`labels:liveState.${r.state}`), fill: (r) => LIVE_FILL[r.state] },
      { header: h('firstIn', { zone }), width: 8, value: (r) => clock(r.firstIn, timeZone) },
      { header: h('lateMinutes'), width: 7, kind: 'number', value: (r) => r.lateMinutes || null },
      { header: h('worked'), width: 8, value: (r) => formatMinutes(r.workedMinutes) },
      { header: h('lastPunch', { zone }), width: 9, value: (r) => clock(r.lastPunch?.at ?? null, timeZone) },
      { header: h('source'), width: 18, value: (r) => (r.lastPunch ? (r.lastPunch.terminal ?? t(`labels:punchSource.${r.lastPunch.source}`)) : null) },
      { header: h('note'), width: 30, value: (r) => r.note },
    ],
    notes: view.terminals.map((term) =>
      h('terminal', {
        name: term.name,
        online: term.online ? 'yes' : 'no',
        contact: term.lastContactAt ? 'yes' : 'never',
        when: term.lastContactAt ? formatInstantIn(locale, term.lastContactAt, timeZone) : '',
      }),
    ),
  };
}

/** The live board as a table. */
export async function exportLive(ctx: Ctx, query: LiveQuery, locale: Locale = 'en-IN'): Promise<TableModel<LiveRow>> {
  return liveTable(await live(ctx, query), ctx.timeZone, locale);
}

/** Every matching employee's month (not paginated) as a grid. */
export async function exportCalendar(ctx: Ctx, month: string, query: CalendarExportQuery, locale: Locale = 'en-IN'): Promise<TableModel<CalendarLine>> {
  const [cal, org] = await Promise.all([calendar(ctx, month, query), orgSettings(ctx.db)]);
  return calendarTable(cal, org.name, ctx.timeZone, locale);
}

/** Every matching employee's record of one day. */
export async function exportDay(ctx: Ctx, date: string, query: DayExportQuery, locale: Locale = 'en-IN'): Promise<TableModel<DayRow>> {
  return dayTable(await dayView(ctx, date, query), ctx.timeZone, locale);
}
