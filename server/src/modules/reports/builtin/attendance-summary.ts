import { BUILT_IN_REPORTS } from '../../../../../shared/reports.ts';
import { attendanceSummaryByEmployee, dailyAttendance } from '../../attendance/index.ts';
import { type BuiltInReport, COLOR, EMPLOYEE_COLUMNS, type Label, column, employeeCells, hours, round2, share, sumOf } from '../definition.ts';
import { daysBetween } from '../../../../../shared/dates.ts';
import { monthsBetween, type Period } from '../period.ts';
import { type RunChart, type RunRow, monthWord, word } from '../words.ts';

type Summary = Awaited<ReturnType<typeof attendanceSummaryByEmployee>>[number];
type Bucket = { key: string; expected: number; present: number; absent: number; late: number };

const COLUMNS = [
  ...EMPLOYEE_COLUMNS,
  column('present', 'Present', 'integer'),
  column('halfDays', 'Half days', 'integer'),
  column('absent', 'Absent', 'integer'),
  column('missingPunch', 'Missing punch', 'integer', 'Days waiting for a regularization.'),
  column('leave', 'Leave', 'number', 'Leave days (a half-day leave counts 0.5).'),
  column('holidays', 'Holidays', 'integer'),
  column('weeklyOffs', 'Weekly offs', 'integer'),
  column('workedOff', 'Worked on off days', 'integer'),
  column('late', 'Late', 'integer', 'Days with a late arrival.'),
  column('workedHours', 'Worked hours', 'hours'),
  column('otHours', 'OT hours', 'hours'),
  column('lopDays', 'LOP days', 'number', 'Loss of pay: absent + half of half days + unpaid leave.'),
  column('pending', 'Not final', 'integer', 'Days not final yet (a terminal has not reported past them): counted nowhere else.'),
  column('attendanceRate', 'Attendance', 'percent', 'Present days (half days count half) ÷ expected working days.'),
] as const;

/** Rows, totals and the chart of the summary, from the per-employee sums and the per-day (or per-month) buckets. Pure. */
export function shapeAttendanceSummary(sums: readonly Summary[], labels: Map<string, Label>, stored: readonly Bucket[], keys: readonly string[], grain: Period['grain']) {
  // A bar group for every day (or month) of the period, those without stored days at zero.
  const byKey = new Map(stored.map((b) => [b.key, b]));
  const buckets = keys.map((key) => byKey.get(key) ?? { key, expected: 0, present: 0, absent: 0, late: 0 });
  const rows: RunRow[] = sums.map((s) => ({
    ...employeeCells(s.employeeId, labels),
    present: s.present,
    halfDays: s.halfDays,
    absent: s.absent,
    missingPunch: s.missingPunch,
    leave: round2(s.leave),
    holidays: s.holidays,
    weeklyOffs: s.weeklyOffs,
    workedOff: s.workedOff,
    late: s.late,
    workedHours: hours(s.workedMinutes),
    otHours: hours(s.otMinutes),
    lopDays: round2(s.lopDays),
    pending: s.pending,
    attendanceRate: share(s.presentDays, s.expected),
  }));
  const presentDays = sums.reduce((t, s) => t + s.presentDays, 0);
  const expected = sums.reduce((t, s) => t + s.expected, 0);
  const totals: RunRow = { code: null, employee: word('total.employees', { count: rows.length }), department: null };
  for (const key of ['present', 'halfDays', 'absent', 'missingPunch', 'holidays', 'weeklyOffs', 'workedOff', 'late', 'pending']) totals[key] = sumOf(rows, key);
  totals.leave = round2(sumOf(rows, 'leave'));
  totals.lopDays = round2(sumOf(rows, 'lopDays'));
  totals.workedHours = hours(sums.reduce((t, s) => t + s.workedMinutes, 0));
  totals.otHours = hours(sums.reduce((t, s) => t + s.otMinutes, 0));
  totals.attendanceRate = share(presentDays, expected);
  const chart: RunChart = {
    type: 'bar',
    title: word(grain === 'month' ? 'chart.attendanceByDay' : 'chart.attendanceByMonth'),
    categories: buckets.map((b) => (grain === 'month' ? b.key.slice(8, 10) : monthWord(b.key, false))),
    series: [
      { key: 'present', label: word('series.presentDays'), color: COLOR.ok, values: buckets.map((b) => round2(b.present)) },
      { key: 'absent', label: word('series.absent'), color: COLOR.bad, values: buckets.map((b) => b.absent) },
      { key: 'late', label: word('series.late'), color: COLOR.warn, values: buckets.map((b) => b.late) },
    ],
    stacked: false,
    unit: 'days',
  };
  return { rows, totals, chart };
}

export const attendanceSummary: BuiltInReport = {
  id: BUILT_IN_REPORTS.attendanceSummary,
  name: 'Attendance summary',
  description: 'Per employee for a month or a year: present, absent and half days, leave, holidays, late arrivals, hours worked, overtime and loss of pay.',
  category: 'Attendance',
  parameter: 'period',
  filters: ['departmentId', 'locationId', 'status'],
  columns: COLUMNS,
  chart: { type: 'bar', title: 'Present, absent and late over the period' },
  rowsAre: 'employee',
  defaultSort: { key: 'employee', order: 'asc' },
  async run({ ctx, population, period, labels }) {
    const [sums, names, days] = await Promise.all([
      attendanceSummaryByEmployee(ctx.db, population.ids, period.from, period.to),
      labels(),
      dailyAttendance(ctx.db, population.ids, period.from, period.to),
    ]);
    // Day by day from SQL; a year's chart adds the days up by month.
    const buckets = period.grain === 'month' ? days.map((d) => ({ key: d.date, ...d })) : byMonth(days);
    return {
      ...shapeAttendanceSummary(sums, names, buckets, period.grain === 'month' ? daysBetween(period.from, period.to) : monthsBetween(period.from, period.to), period.grain),
      notes: [word('note.attendanceSummary.rate'), word('note.attendanceSummary.notFinal')],
    };
  },
};

/** Days summed into their months (`YYYY-MM`). */
function byMonth(days: readonly { date: string; expected: number; present: number; absent: number; late: number }[]): Bucket[] {
  const months = new Map<string, Bucket>();
  for (const d of days) {
    const key = d.date.slice(0, 7);
    const m = months.get(key) ?? { key, expected: 0, present: 0, absent: 0, late: 0 };
    m.expected += d.expected;
    m.present += d.present;
    m.absent += d.absent;
    m.late += d.late;
    months.set(key, m);
  }
  return [...months.values()];
}
