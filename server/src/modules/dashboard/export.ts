import { formatMinutes } from '../../../../shared/attendance/index.ts';
import type { Dashboard } from '../../../../shared/dashboard.ts';
import type { Ctx } from '../../context.ts';
import type { TableChart, TableModel } from '../../exports/table.ts';
import { orgSettings } from '../org/index.ts';
import { getDashboard } from './read.ts';

/**
 * The dashboard as one table (CSV, XLSX, PDF): the same numbers as the
 * screen, one line per figure, with the 30-day trend and the leave load as
 * charts (a one-page A4 summary in PDF).
 */

export interface DashboardLine {
  section: string;
  measure: string;
  value: string | number | null;
  detail: string | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const short = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''}`;
const percent = (n: number | null) => (n === null ? null : `${Math.round(n * 1000) / 10} %`);

/** The lines of the dashboard, in the order of the screen. Pure. */
export function dashboardLines(d: Dashboard): DashboardLine[] {
  const lines: DashboardLine[] = [];
  const add = (section: string, measure: string, value: DashboardLine['value'], detail: string | null = null) => lines.push({ section, measure, value, detail });
  const a = d.attendance;
  if (a) {
    add('Today', 'Present', a.present, `${a.inNow} in now, of ${a.employees} employed today`);
    add('Today', 'Late arrivals', a.late, 'came in after the start + grace');
    add('Today', 'Absent so far', a.absentSoFar, 'no punch, shift started');
    add('Today', 'Not yet in', a.notYetIn, 'shift not started');
    add('Today', 'On leave', a.onLeave);
    add('Today', 'Weekly off / holiday', a.off);
  }
  if (d.approvals) {
    add('Waiting for me', 'Leave requests', d.approvals.leave);
    add('Waiting for me', 'Regularizations', d.approvals.regularizations);
    if (d.approvals.documents !== null) add('Waiting for me', 'Documents to verify', d.approvals.documents);
  }
  if (d.terminals) {
    const t = d.terminals;
    add('Terminals', 'Online', `${t.online} of ${t.total}`, t.items.filter((x) => !x.online).map((x) => `${x.name} offline`).join(', ') || null);
    add('Terminals', 'Today’s days can be final', t.todayCanBeFinal ? 'Yes' : 'No', t.todayCanBeFinal ? null : 'a terminal is offline or has records left to send');
    add('Terminals', 'Yesterday not final yet', t.provisionalYesterday);
  }
  if (d.trend?.length) {
    const rated = d.trend.filter((p) => p.attendanceRate !== null);
    const mean = rated.length ? rated.reduce((s, p) => s + (p.attendanceRate ?? 0), 0) / rated.length : null;
    add('Last 30 days', 'Average attendance rate', percent(mean), `${short(d.trend[0]?.date ?? d.today)} to ${short(d.trend[d.trend.length - 1]?.date ?? d.today)}`);
    add('Last 30 days', 'Late arrivals', d.trend.reduce((s, p) => s + p.late, 0));
  }
  if (d.leaveLoad) {
    const l = d.leaveLoad;
    add('Leave (14 days)', 'People away', l.people.length, l.people.slice(0, 6).map((p) => `${p.name} ${short(p.from)}${p.to !== p.from ? `–${short(p.to)}` : ''}${p.pending ? ' (pending)' : ''}`).join('; ') || null);
    add('Leave (14 days)', 'Busiest day', l.peak ? `${short(l.peak.date)}: ${l.peak.away} away` : 'nobody away');
  }
  if (d.headcount) {
    const h = d.headcount;
    add('People', 'Headcount', h.headcount, h.onNotice ? `${h.onNotice} on notice` : null);
    add('People', 'Joined this month', h.joiners);
    add('People', 'Left this month', h.leavers);
  }
  if (d.celebrations?.length) {
    add('This week', 'Birthdays and anniversaries', d.celebrations.length, d.celebrations.map((c) => `${c.name} (${c.kind === 'birthday' ? 'birthday' : `${c.years} yr`}, ${short(c.date)})`).join('; '));
  }
  if (d.me) {
    const m = d.me;
    add('My month', 'Present days', m.present, m.halfDays ? `${m.halfDays} half day(s)` : null);
    add('My month', 'Absent', m.absent);
    add('My month', 'Late arrivals', m.late);
    add('My month', 'Leave', m.leave);
    add('My month', 'Worked', formatMinutes(m.workedMinutes), m.otMinutes ? `overtime ${formatMinutes(m.otMinutes)}` : null);
    add('My leave', 'Requests waiting', m.pendingRequests);
    for (const b of m.balances) add('My leave', `${b.name} available`, b.available);
  }
  return lines;
}

/** The trend and the leave load as charts. Pure. */
export function dashboardCharts(d: Dashboard): TableChart[] {
  const charts: TableChart[] = [];
  if (d.trend?.length) {
    charts.push({ type: 'line', title: 'Attendance rate, last 30 days', unit: '%', categories: d.trend.map((p) => short(p.date)), series: [{ label: 'Attendance', color: '#2b8a3e', values: d.trend.map((p) => (p.attendanceRate === null ? null : Math.round(p.attendanceRate * 1000) / 10)) }] });
    charts.push({ type: 'bar', title: 'Late arrivals, last 30 days', unit: 'people', categories: d.trend.map((p) => short(p.date)), series: [{ label: 'Late', color: '#f08c00', values: d.trend.map((p) => p.late) }] });
  }
  if (d.leaveLoad) {
    charts.push({ type: 'bar', title: 'Away on leave, next 14 days', unit: 'people', categories: d.leaveLoad.days.map((p) => short(p.date)), series: [{ label: 'Away', color: '#1c7ed6', values: d.leaveLoad.days.map((p) => p.away) }] });
  }
  return charts;
}

export function dashboardTable(d: Dashboard, orgName: string, callerName: string): TableModel<DashboardLine> {
  const scope = d.scope === 'org' ? 'the whole organisation' : d.scope === 'team' ? `the reporting line of ${callerName}` : callerName;
  const local = new Intl.DateTimeFormat('en-GB', { timeZone: d.timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(d.generatedAt));
  return {
    title: `Dashboard — ${orgName}`,
    header: [`As of ${local} (${d.timeZone})`, `Scope: ${scope}`],
    filename: `dashboard-${d.today}`,
    columns: [
      { header: 'Section', width: 18, value: (r) => r.section },
      { header: 'Measure', width: 26, value: (r) => r.measure },
      { header: 'Value', width: 12, value: (r) => r.value },
      { header: 'Detail', width: 60, value: (r) => r.detail },
    ],
    rows: dashboardLines(d),
    charts: dashboardCharts(d),
    chartsPerRow: 3,
  };
}

/** The caller's dashboard as a table. */
export async function exportDashboard(ctx: Ctx): Promise<TableModel<DashboardLine>> {
  const [dashboard, org] = await Promise.all([getDashboard(ctx), orgSettings(ctx.db)]);
  return dashboardTable(dashboard, org.name, ctx.caller.name);
}
