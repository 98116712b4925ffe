import { BUILT_IN_REPORTS } from '../../../../../shared/reports.ts';
import { lateEarlyByEmployee, lateEarlyByWeekday } from '../../attendance/index.ts';
import { type BuiltInReport, COLOR, EMPLOYEE_COLUMNS, type Label, column, employeeCells, round2, share, sumOf } from '../definition.ts';
import { type RunChart, type RunRow, word } from '../words.ts';

type PerEmployee = Awaited<ReturnType<typeof lateEarlyByEmployee>>[number];
type PerWeekday = Awaited<ReturnType<typeof lateEarlyByWeekday>>[number];

/** Monday first, as the week reads in an office. */
const WEEKDAYS: [number, string][] = [[1, 'Mon'], [2, 'Tue'], [3, 'Wed'], [4, 'Thu'], [5, 'Fri'], [6, 'Sat'], [0, 'Sun']];

/** A weekday's name in the reader's language, through a day that fell on it (1 Jan 2024 was a Monday). */
function weekdayWord(day: number, english: string) {
  return { date: `2024-01-0${day === 0 ? 7 : day}`, as: 'weekday' as const, english };
}

const COLUMNS = [
  ...EMPLOYEE_COLUMNS,
  column('late', 'Late arrivals', 'integer'),
  column('lateMinutes', 'Late minutes', 'integer'),
  column('avgLate', 'Average late (min)', 'number'),
  column('worstLate', 'Worst late (min)', 'integer'),
  column('early', 'Early exits', 'integer'),
  column('earlyMinutes', 'Early minutes', 'integer'),
  column('worstEarly', 'Worst early (min)', 'integer'),
  column('lateRate', 'Late on', 'percent', 'Late arrivals ÷ expected working days.'),
] as const;

/** Rows (people with a late arrival or an early exit), totals and the by-weekday chart. Pure. */
export function shapeLateEarly(people: readonly PerEmployee[], weekdays: readonly PerWeekday[], labels: Map<string, Label>) {
  const rows: RunRow[] = people
    .filter((p) => p.late > 0 || p.early > 0)
    .map((p) => ({
      ...employeeCells(p.employeeId, labels),
      late: p.late,
      lateMinutes: p.lateMinutes,
      avgLate: p.late ? round2(p.lateMinutes / p.late) : null,
      worstLate: p.worstLate,
      early: p.early,
      earlyMinutes: p.earlyMinutes,
      worstEarly: p.worstEarly,
      lateRate: share(p.late, p.expected),
    }));
  const late = sumOf(rows, 'late');
  const lateMinutes = sumOf(rows, 'lateMinutes');
  const totals: RunRow = {
    code: null,
    employee: word('total.people', { count: rows.length }),
    department: null,
    late,
    lateMinutes,
    avgLate: late ? round2(lateMinutes / late) : null,
    worstLate: rows.length ? Math.max(...rows.map((r) => Number(r.worstLate ?? 0))) : null,
    early: sumOf(rows, 'early'),
    earlyMinutes: sumOf(rows, 'earlyMinutes'),
    worstEarly: rows.length ? Math.max(...rows.map((r) => Number(r.worstEarly ?? 0))) : null,
    lateRate: share(late, people.reduce((s, p) => s + p.expected, 0)),
  };
  const byDay = new Map(weekdays.map((w) => [w.weekday, w]));
  const chart: RunChart = {
    type: 'bar',
    title: word('chart.lateEarly'),
    categories: WEEKDAYS.map(([d, name]) => weekdayWord(d, name)),
    series: [
      { key: 'late', label: word('series.late'), color: COLOR.warn, values: WEEKDAYS.map(([d]) => byDay.get(d)?.late ?? 0) },
      { key: 'early', label: word('series.early'), color: COLOR.info, values: WEEKDAYS.map(([d]) => byDay.get(d)?.early ?? 0) },
    ],
    stacked: false,
    unit: 'days',
  };
  return { rows, totals, chart };
}

export const lateEarly: BuiltInReport = {
  id: BUILT_IN_REPORTS.lateEarly,
  name: 'Late arrivals and early exits',
  description: 'Who comes in late and leaves early, how often and by how much, worst offenders first, and on which weekdays it happens.',
  category: 'Attendance',
  parameter: 'period',
  filters: ['departmentId', 'locationId', 'status'],
  columns: COLUMNS,
  chart: { type: 'bar', title: 'By weekday' },
  rowsAre: 'employee',
  defaultSort: { key: 'late', order: 'desc' },
  async run({ ctx, population, period, labels }) {
    const [people, weekdays, names] = await Promise.all([
      lateEarlyByEmployee(ctx.db, population.ids, period.from, period.to),
      lateEarlyByWeekday(ctx.db, population.ids, period.from, period.to),
      labels(),
    ]);
    return {
      ...shapeLateEarly(people, weekdays, names),
      notes: [word('note.lateEarly.definition')],
    };
  },
};
