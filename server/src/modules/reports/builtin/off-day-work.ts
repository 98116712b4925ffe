import { BUILT_IN_REPORTS } from '../../../../../shared/reports.ts';
import { type OffDaySort, offDayWorkByMonth, offDayWorkPage, offDayWorkTotals } from '../../attendance/index.ts';
import { compOffCredited } from '../../leave/index.ts';
import { type BuiltInReport, COLOR, type Label, column, hours, round2 } from '../definition.ts';
import { monthsBetween } from '../period.ts';
import { type RunChart, type RunRow, monthWord, word } from '../words.ts';

type Day = Awaited<ReturnType<typeof offDayWorkPage>>[number];
type Totals = Awaited<ReturnType<typeof offDayWorkTotals>>;
type ByMonth = Awaited<ReturnType<typeof offDayWorkByMonth>>[number];

const COLUMNS = [
  column('date', 'Date', 'date'),
  column('code', 'Code', 'text'),
  column('employee', 'Employee', 'text'),
  column('department', 'Department', 'text'),
  column('day', 'Day off', 'text'),
  column('firstIn', 'In', 'instant'),
  column('lastOut', 'Out', 'instant'),
  column('workedHours', 'Worked hours', 'hours'),
  column('otHours', 'OT hours', 'hours', 'Paid as overtime on an overtime-eligible shift.'),
  column('compOff', 'Comp-off due', 'number', 'A day off in lieu for a full shift’s work, half a day for half a shift’s.'),
] as const;

/** The SQL sort of each sortable column. */
const SQL_SORT: Record<string, OffDaySort> = { date: 'date', employee: 'employee', workedHours: 'worked', otHours: 'ot' };

/** A page of rows, the totals and the chart (days worked off per month). Pure. */
export function shapeOffDayWork(days: readonly Day[], totals: Totals, months: readonly ByMonth[], monthKeys: readonly string[], labels: Map<string, Label>) {
  const rows: RunRow[] = days.map((d) => {
    const l = labels.get(d.employeeId);
    return {
      employeeId: d.employeeId,
      date: d.date,
      code: l?.code ?? null,
      employee: l?.name ?? word('unknownEmployee'),
      department: l?.department ?? null,
      day: d.status === 'WorkedOnHoliday' ? (d.holidayName ? word('holidayNamed', { name: d.holidayName }) : word('holiday')) : word('weeklyOff'),
      firstIn: d.firstIn,
      lastOut: d.lastOut,
      workedHours: hours(d.workedMinutes),
      otHours: hours(d.otMinutes),
      compOff: d.compOff,
    };
  });
  const total: RunRow = {
    date: null,
    code: null,
    employee: word('total.daysPeople', { days: totals.days, people: totals.people }),
    department: null,
    day: null,
    firstIn: null,
    lastOut: null,
    workedHours: hours(totals.workedMinutes),
    otHours: hours(totals.otMinutes),
    compOff: round2(totals.compOff),
  };
  const count = (month: string, status: string) => months.find((m) => m.month === month && m.status === status)?.days ?? 0;
  const chart: RunChart = {
    type: 'bar',
    title: word('chart.offDayWork'),
    categories: monthKeys.map((m) => monthWord(m)),
    series: [
      { key: 'holiday', label: word('series.holidays'), color: COLOR.accent, values: monthKeys.map((m) => count(m, 'WorkedOnHoliday')) },
      { key: 'weeklyOff', label: word('series.weeklyOffs'), color: COLOR.info, values: monthKeys.map((m) => count(m, 'WorkedOnWeeklyOff')) },
    ],
    stacked: true,
    unit: 'days',
  };
  return { rows, totals: total, chart };
}

export const offDayWork: BuiltInReport = {
  id: BUILT_IN_REPORTS.offDayWork,
  name: 'Work on holidays and weekly offs',
  description: 'Everyone who worked on a holiday or weekly off, day by day, with their hours, overtime and the comp-off it earns.',
  category: 'Attendance',
  parameter: 'period',
  filters: ['departmentId', 'locationId', 'status'],
  columns: COLUMNS,
  chart: { type: 'bar', title: 'Days worked on days off, by month' },
  rowsAre: 'employee-day',
  defaultSort: { key: 'date', order: 'desc' },
  sqlSort: Object.keys(SQL_SORT),
  async run({ ctx, population, period, labels, sort, page }) {
    const [days, totals, months, credited, names] = await Promise.all([
      offDayWorkPage(ctx.db, population.ids, period.from, period.to, SQL_SORT[sort.key] ?? 'date', sort.order, page),
      offDayWorkTotals(ctx.db, population.ids, period.from, period.to),
      offDayWorkByMonth(ctx.db, population.ids, period.from, period.to),
      compOffCredited(ctx.db, population.ids, period.from, period.to),
      labels(),
    ]);
    return {
      ...shapeOffDayWork(days, totals, months, monthsBetween(period.from, period.to), names),
      total: totals.days,
      // Figures as strings: written as they always were ("1234", "1.5"), not grouped by the message's number format.
      notes: [word('note.offDayWork.compOff', { days: String(round2(credited.days)), people: String(credited.people) }), word('note.timesIn', { zone: ctx.timeZone })],
    };
  },
};
