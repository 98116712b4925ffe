import type { Dashboard } from '../../../../shared/dashboard.ts';
import { type Locale, formatDayMonthIn, formatDurationIn, formatLocalDateTimeIn, formatNumber, translatorFor } from '../../../../shared/i18n/index.ts';
import type { Ctx } from '../../context.ts';
import type { TableChart, TableModel } from '../../exports/table.ts';
import { orgSettings } from '../org/index.ts';
import { getDashboard } from './read.ts';

/**
 * The dashboard as one table (CSV, XLSX, PDF): the same numbers as the
 * screen, one line per figure, with the 30-day trend and the leave load as
 * charts (a one-page A4 summary in PDF). Every word is a `hr:dashboardExport`
 * message in the downloader's language; names (people, terminals, the
 * organisation) stay as stored, and English readers get the English the
 * export always wrote, byte for byte.
 */

export interface DashboardLine {
  section: string;
  measure: string;
  value: string | number | null;
  detail: string | null;
}

/** The words of one language: messages, numbers in running text, short days. */
function wordsOf(locale: Locale) {
  const t = translatorFor(locale);
  return {
    w: (key: string, values: Record<string, unknown> = {}) => t(`hr:dashboardExport.${key}`, values),
    // Indian grouping in other languages; English keeps the plain figures it always wrote.
    num: (n: number) => (locale === 'en-IN' ? String(n) : formatNumber(n)),
    day: (date: string) => formatDayMonthIn(locale, date),
    // A standard leave type's word in the language; English (and a type of the organisation's own) as named.
    leaveType: (code: string, name: string) => (locale === 'en-IN' ? name : t(`labels:leaveType.${code}`, { defaultValue: name })),
    duration: (minutes: number) => formatDurationIn(locale, minutes),
  };
}

/** The lines of the dashboard, in the order of the screen, in a reader's language. Pure. */
export function dashboardLines(d: Dashboard, locale: Locale = 'en-IN'): DashboardLine[] {
  const { w, num, day, leaveType, duration } = wordsOf(locale);
  const lines: DashboardLine[] = [];
  const add = (section: string, measure: string, value: DashboardLine['value'], detail: string | null = null) =>
    lines.push({ section: w(`section.${section}`), measure, value, detail });
  const a = d.attendance;
  if (a) {
    add('today', w('today.present'), a.present, w('today.presentDetail', { inNow: num(a.inNow), employees: num(a.employees) }));
    add('today', w('today.late'), a.late, w('today.lateDetail'));
    add('today', w('today.absent'), a.absentSoFar, w('today.absentDetail'));
    add('today', w('today.notYetIn'), a.notYetIn, w('today.notYetInDetail'));
    add('today', w('today.onLeave'), a.onLeave);
    add('today', w('today.off'), a.off);
  }
  if (d.approvals) {
    add('approvals', w('approvals.leave'), d.approvals.leave);
    add('approvals', w('approvals.regularizations'), d.approvals.regularizations);
    if (d.approvals.documents !== null) add('approvals', w('approvals.documents'), d.approvals.documents);
  }
  if (d.terminals) {
    const t = d.terminals;
    const offline = t.items.filter((x) => !x.online).map((x) => w('terminals.offline', { name: x.name }));
    add('terminals', w('terminals.online'), w('terminals.onlineValue', { online: num(t.online), total: num(t.total) }), offline.join(', ') || null);
    add('terminals', w('terminals.canBeFinal'), w(t.todayCanBeFinal ? 'terminals.yes' : 'terminals.no'), t.todayCanBeFinal ? null : w('terminals.notFinalWhy'));
    add('terminals', w('terminals.provisionalYesterday'), t.provisionalYesterday);
  }
  if (d.trend?.length) {
    const rated = d.trend.filter((p) => p.attendanceRate !== null);
    const mean = rated.length ? rated.reduce((s, p) => s + (p.attendanceRate ?? 0), 0) / rated.length : null;
    const rate = mean === null ? null : w('trend.percent', { rate: num(Math.round(mean * 1000) / 10) });
    add('trend', w('trend.rate'), rate, w('trend.span', { from: day(d.trend[0]?.date ?? d.today), to: day(d.trend[d.trend.length - 1]?.date ?? d.today) }));
    add('trend', w('trend.late'), d.trend.reduce((s, p) => s + p.late, 0));
  }
  if (d.leaveLoad) {
    const l = d.leaveLoad;
    const away = l.people.slice(0, 6).map((p) =>
      w('leaveLoad.awayItem', {
        name: p.name,
        dates: p.to !== p.from ? w('leaveLoad.dayRange', { from: day(p.from), to: day(p.to) }) : day(p.from),
        pending: p.pending ? 'yes' : 'no',
      }),
    );
    add('leaveLoad', w('leaveLoad.away'), l.people.length, away.join('; ') || null);
    add('leaveLoad', w('leaveLoad.busiest'), l.peak ? w('leaveLoad.busiestValue', { date: day(l.peak.date), away: num(l.peak.away) }) : w('leaveLoad.nobody'));
  }
  if (d.headcount) {
    const h = d.headcount;
    add('people', w('people.headcount'), h.headcount, h.onNotice ? w('people.onNotice', { count: num(h.onNotice) }) : null);
    add('people', w('people.joined'), h.joiners);
    add('people', w('people.left'), h.leavers);
  }
  if (d.celebrations?.length) {
    const who = d.celebrations.map((c) => w('week.celebration', { name: c.name, kind: c.kind, years: c.years ?? 0, date: day(c.date) }));
    add('week', w('week.celebrations'), d.celebrations.length, who.join('; '));
  }
  if (d.me) {
    const m = d.me;
    add('myMonth', w('me.present'), m.present, m.halfDays ? w('me.halfDays', { count: m.halfDays }) : null);
    add('myMonth', w('me.absent'), m.absent);
    add('myMonth', w('me.late'), m.late);
    add('myMonth', w('me.leave'), m.leave);
    add('myMonth', w('me.worked'), duration(m.workedMinutes), m.otMinutes ? w('me.overtime', { duration: duration(m.otMinutes) }) : null);
    add('myLeave', w('me.requests'), m.pendingRequests);
    for (const b of m.balances) add('myLeave', w('me.available', { leaveType: leaveType(b.code, b.name) }), b.available);
  }
  return lines;
}

/** The trend and the leave load as charts, in a reader's language. Pure. */
export function dashboardCharts(d: Dashboard, locale: Locale = 'en-IN'): TableChart[] {
  const { w, day } = wordsOf(locale);
  const people = w('charts.people');
  const charts: TableChart[] = [];
  if (d.trend?.length) {
    const days = d.trend.map((p) => day(p.date));
    const rates = d.trend.map((p) => (p.attendanceRate === null ? null : Math.round(p.attendanceRate * 1000) / 10));
    charts.push({ type: 'line', title: w('charts.rate'), unit: '%', categories: days, series: [{ label: w('charts.rateSeries'), color: '#2b8a3e', values: rates }] });
    charts.push({ type: 'bar', title: w('charts.late'), unit: people, categories: days, series: [{ label: w('charts.lateSeries'), color: '#f08c00', values: d.trend.map((p) => p.late) }] });
  }
  if (d.leaveLoad) {
    const days = d.leaveLoad.days.map((p) => day(p.date));
    charts.push({ type: 'bar', title: w('charts.away'), unit: people, categories: days, series: [{ label: w('charts.awaySeries'), color: '#1c7ed6', values: d.leaveLoad.days.map((p) => p.away) }] });
  }
  return charts;
}

/** "25 Nov 2026, 10:00": English keeps the form the export always wrote; other languages read it through `Intl`. */
function asOfTime(d: Dashboard, locale: Locale): string {
  if (locale !== 'en-IN') return formatLocalDateTimeIn(locale, d.generatedAt, d.timeZone);
  const options = { timeZone: d.timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  return new Intl.DateTimeFormat('en-GB', options).format(new Date(d.generatedAt));
}

export function dashboardTable(d: Dashboard, orgName: string, callerName: string, locale: Locale = 'en-IN'): TableModel<DashboardLine> {
  const { w } = wordsOf(locale);
  const scope = d.scope === 'org' ? w('scopeOrg') : d.scope === 'team' ? w('scopeTeam', { name: callerName }) : callerName;
  return {
    title: w('title', { org: orgName }),
    header: [w('asOf', { when: asOfTime(d, locale), zone: d.timeZone }), w('scope', { scope })],
    filename: `dashboard-${d.today}`,
    // The renderers' "Generated …" line in the organisation's zone, as every export's (the PDF prints the header lines instead).
    timeZone: d.timeZone,
    locale,
    columns: [
      { header: w('columns.section'), width: 18, value: (r) => r.section },
      { header: w('columns.measure'), width: 26, value: (r) => r.measure },
      { header: w('columns.value'), width: 12, value: (r) => r.value },
      { header: w('columns.detail'), width: 60, value: (r) => r.detail },
    ],
    rows: dashboardLines(d, locale),
    charts: dashboardCharts(d, locale),
    chartsPerRow: 3,
  };
}

/** The caller's dashboard as a table, in the downloader's language. */
export async function exportDashboard(ctx: Ctx, locale: Locale = 'en-IN'): Promise<TableModel<DashboardLine>> {
  const [dashboard, org] = await Promise.all([getDashboard(ctx), orgSettings(ctx.db)]);
  return dashboardTable(dashboard, org.name, ctx.caller.name, locale);
}
