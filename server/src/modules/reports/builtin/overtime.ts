import { BUILT_IN_REPORTS } from '../../../../../shared/reports.ts';
import { overtimeByEmployee } from '../../attendance/index.ts';
import { type BuiltInReport, COLOR, EMPLOYEE_COLUMNS, type Label, column, employeeCells, hours, sumOf } from '../definition.ts';
import { type RunChart, type RunRow, word } from '../words.ts';

type PerEmployee = Awaited<ReturnType<typeof overtimeByEmployee>>[number];

const COLUMNS = [
  ...EMPLOYEE_COLUMNS,
  column('otHours', 'OT hours', 'hours'),
  column('otDays', 'OT days', 'integer'),
  column('longestHours', 'Longest day (h)', 'hours', 'The most overtime on one day.'),
  column('offDayOtHours', 'On days off (h)', 'hours', 'Overtime worked on holidays and weekly offs.'),
  column('daysAtCap', 'Days at the cap', 'integer', 'Days overtime reached the shift’s daily cap: time beyond it was not counted.'),
  column('capHours', 'Daily cap (h)', 'hours', 'The shift’s overtime cap per day (blank: none).'),
] as const;

/** Rows, totals, and overtime by department for the chart. Pure. */
export function shapeOvertime(people: readonly PerEmployee[], labels: Map<string, Label>) {
  const rows: RunRow[] = people.map((p) => ({
    ...employeeCells(p.employeeId, labels),
    otHours: hours(p.otMinutes),
    otDays: p.otDays,
    longestHours: hours(p.longestMinutes),
    offDayOtHours: hours(p.offDayOtMinutes),
    daysAtCap: p.daysAtCap,
    capHours: p.capMinutes === null ? null : hours(p.capMinutes),
  }));
  const totals: RunRow = {
    code: null,
    employee: word('total.people', { count: rows.length }),
    department: null,
    otHours: hours(people.reduce((s, p) => s + p.otMinutes, 0)),
    otDays: sumOf(rows, 'otDays'),
    longestHours: people.length ? hours(Math.max(...people.map((p) => p.longestMinutes))) : null,
    offDayOtHours: hours(people.reduce((s, p) => s + p.offDayOtMinutes, 0)),
    daysAtCap: sumOf(rows, 'daysAtCap'),
    capHours: null,
  };
  // null: people without a department, one bar named in the reader's language.
  const byDepartment = new Map<string | null, { minutes: number; atCap: number }>();
  for (const p of people) {
    const name = labels.get(p.employeeId)?.department ?? null;
    const d = byDepartment.get(name) ?? { minutes: 0, atCap: 0 };
    d.minutes += p.otMinutes;
    d.atCap += p.daysAtCap;
    byDepartment.set(name, d);
  }
  const departments = [...byDepartment].sort((a, b) => b[1].minutes - a[1].minutes);
  const chart: RunChart = {
    type: 'bar',
    title: word('chart.overtime'),
    categories: departments.map(([name]) => name ?? word('noDepartment')),
    series: [{ key: 'otHours', label: word('series.otHours'), color: COLOR.accent, values: departments.map(([, d]) => hours(d.minutes)) }],
    stacked: false,
    unit: 'hours',
  };
  return { rows, totals, chart };
}

export const overtime: BuiltInReport = {
  id: BUILT_IN_REPORTS.overtime,
  name: 'Overtime',
  description: 'Overtime by employee and department, on working days and days off, against the shifts’ daily caps.',
  category: 'Attendance',
  parameter: 'period',
  filters: ['departmentId', 'locationId', 'status'],
  columns: COLUMNS,
  chart: { type: 'bar', title: 'Overtime by department' },
  rowsAre: 'employee',
  defaultSort: { key: 'otHours', order: 'desc' },
  async run({ ctx, population, period, labels }) {
    const [people, names] = await Promise.all([overtimeByEmployee(ctx.db, population.ids, period.from, period.to), labels()]);
    return {
      ...shapeOvertime(people, names),
      notes: [word('note.overtime.rule'), word('note.overtime.listed')],
    };
  },
};
