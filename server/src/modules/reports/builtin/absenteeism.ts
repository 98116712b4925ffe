import { BUILT_IN_REPORTS } from '../../../../../shared/reports.ts';
import { absenceByEmployee, zonedInstant } from '../../attendance/index.ts';
import { unplannedLeaveByEmployee } from '../../leave/index.ts';
import { type BuiltInReport, COLOR, EMPLOYEE_COLUMNS, type Label, column, employeeCells, round2, share, sumOf } from '../definition.ts';
import { type RunChart, type RunRow, textOf, word } from '../words.ts';

type Absence = Awaited<ReturnType<typeof absenceByEmployee>>[number];
type Unplanned = Awaited<ReturnType<typeof unplannedLeaveByEmployee>>[number];

const COLUMNS = [
  ...EMPLOYEE_COLUMNS,
  column('scheduled', 'Scheduled days', 'integer', 'Working days in the period, leave included.'),
  column('absentDays', 'Absent days', 'number', 'Absent days, plus half of each half day.'),
  column('unplannedLeave', 'Unplanned leave', 'number', 'Approved leave applied for on or after its first day.'),
  column('unplannedDays', 'Unplanned absence', 'number', 'Absent days + unplanned leave.'),
  column('spells', 'Spells', 'integer', 'Separate occasions of unplanned absence.'),
  column('rate', 'Absence rate', 'percent', 'Unplanned absence ÷ scheduled days.'),
  column('bradford', 'Bradford factor', 'integer', 'Spells² × days of unplanned absence.'),
] as const;

/** The Bradford factor: spells squared times days (many short absences weigh more than one long one). */
export function bradfordFactor(spells: number, days: number): number {
  return Math.round(spells * spells * days);
}

/** Rows, totals, and the highest Bradford factors for the chart. Pure. */
export function shapeAbsenteeism(absences: readonly Absence[], unplanned: readonly Unplanned[], labels: Map<string, Label>) {
  const leaveOf = new Map(unplanned.map((u) => [u.employeeId, u]));
  const rows: RunRow[] = absences
    .filter((a) => a.scheduled > 0)
    .map((a) => {
      const leave = leaveOf.get(a.employeeId);
      const absentDays = a.absent + a.halfDays / 2;
      const days = absentDays + (leave?.days ?? 0);
      const spells = a.spells + (leave?.spells ?? 0);
      return {
        ...employeeCells(a.employeeId, labels),
        scheduled: a.scheduled,
        absentDays: round2(absentDays),
        unplannedLeave: round2(leave?.days ?? 0),
        unplannedDays: round2(days),
        spells,
        rate: share(days, a.scheduled),
        bradford: bradfordFactor(spells, days),
      };
    });
  const scheduled = sumOf(rows, 'scheduled');
  const days = sumOf(rows, 'unplannedDays');
  const totals: RunRow = {
    code: null,
    employee: word('total.employees', { count: rows.length }),
    department: null,
    scheduled,
    absentDays: round2(sumOf(rows, 'absentDays')),
    unplannedLeave: round2(sumOf(rows, 'unplannedLeave')),
    unplannedDays: round2(days),
    spells: sumOf(rows, 'spells'),
    rate: share(days, scheduled),
    bradford: null,
  };
  const top = [...rows].filter((r) => Number(r.bradford) > 0).sort((a, b) => Number(b.bradford) - Number(a.bradford)).slice(0, 10);
  const chart: RunChart = {
    type: 'bar',
    title: word('chart.absenteeism'),
    categories: top.map((r) => textOf(r.employee ?? null)),
    series: [{ key: 'bradford', label: word('series.bradford'), color: COLOR.bad, values: top.map((r) => Number(r.bradford)) }],
    stacked: false,
    unit: null,
  };
  return { rows, totals, chart };
}

export const absenteeism: BuiltInReport = {
  id: BUILT_IN_REPORTS.absenteeism,
  name: 'Absenteeism',
  description: 'Unplanned absence per employee: absent days and leave taken without notice, the absence rate, spells and the Bradford factor.',
  category: 'Attendance',
  parameter: 'period',
  filters: ['departmentId', 'locationId', 'status'],
  columns: COLUMNS,
  chart: { type: 'bar', title: 'Highest Bradford factors' },
  rowsAre: 'employee',
  defaultSort: { key: 'bradford', order: 'desc' },
  async run({ ctx, population, period, labels }) {
    const offset = Math.round((Date.parse(`${period.from}T00:00:00Z`) - zonedInstant(period.from, 0, ctx.timeZone)) / 60_000);
    const [absences, unplanned, names] = await Promise.all([
      absenceByEmployee(ctx.db, population.ids, period.from, period.to),
      unplannedLeaveByEmployee(ctx.db, population.ids, period.from, period.to, offset),
      labels(),
    ]);
    return {
      ...shapeAbsenteeism(absences, unplanned, names),
      notes: [word('note.absenteeism.unplanned'), word('note.absenteeism.spell'), word('note.absenteeism.bradford')],
    };
  },
};
