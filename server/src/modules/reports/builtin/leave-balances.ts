import { BUILT_IN_REPORTS } from '../../../../../shared/reports.ts';
import { ledgerByKind, leaveTakenByMonth } from '../../leave/index.ts';
import { type BuiltInReport, EMPLOYEE_COLUMNS, type Label, PALETTE, column, employeeCells, round2, sumOf } from '../definition.ts';
import { monthsBetween } from '../period.ts';
import { type RunChart, type RunRow, labelWord, monthWord, word } from '../words.ts';

type Ledger = Awaited<ReturnType<typeof ledgerByKind>>[number];
type Taken = Awaited<ReturnType<typeof leaveTakenByMonth>>[number];

const COLUMNS = [
  ...EMPLOYEE_COLUMNS,
  column('leaveType', 'Leave type', 'text'),
  column('opening', 'Opening', 'number', 'Balance at the start of the leave year, with what was carried forward into it.'),
  column('accrued', 'Accrued', 'number', 'Annual grants and monthly accruals in the year.'),
  column('taken', 'Taken', 'number', 'Leave used (cancellations given back).'),
  column('adjusted', 'Adjusted', 'number', 'HR adjustments (credits positive, debits negative).'),
  column('lapsed', 'Lapsed', 'number', 'Lapsed at the year end or on expiry (comp-off).'),
  column('encashed', 'Encashed', 'number'),
  column('carriedOut', 'Carried forward', 'number', 'Carried into the next leave year at the year end.'),
  column('closing', 'Closing', 'number', 'Balance at the end of the leave year (or today).'),
] as const;

const NUMBERS = ['opening', 'accrued', 'taken', 'adjusted', 'lapsed', 'encashed', 'carriedOut', 'closing'] as const;

/**
 * One row per employee and type from the ledger's sums by kind (opening =
 * before the year + carried in; closing = opening + accrued − taken +
 * adjusted − lapsed − encashed − carried out), totals, and leave taken by
 * month and type for the chart. Pure.
 */
export function shapeLeaveBalances(ledger: readonly Ledger[], taken: readonly Taken[], labels: Map<string, Label>, months: readonly string[]) {
  const ordered = [...ledger].sort(
    (a, b) => (labels.get(a.employeeId)?.name ?? '').localeCompare(labels.get(b.employeeId)?.name ?? '') || a.employeeId.localeCompare(b.employeeId) || a.sortOrder - b.sortOrder,
  );
  const rows: RunRow[] = ordered
    .map((l) => ({
      ...employeeCells(l.employeeId, labels),
      // English: the organisation's name and code, as always. Elsewhere a standard type reads as the glossary
      // has it ("आकस्मिक अवकाश (CL)": the label carries the code where offices print one); the organisation's own types as named.
      leaveType: labelWord(`leaveType.${l.code}`, `${l.name} (${l.code})`),
      opening: round2(l.before + l.carriedIn),
      accrued: round2(l.accrued),
      taken: round2(-l.used),
      adjusted: round2(l.adjusted),
      lapsed: round2(-l.lapsed),
      encashed: round2(-l.encashed),
      carriedOut: round2(-l.carriedOut),
      closing: round2(l.closing),
    }))
    .filter((r) => NUMBERS.some((k) => r[k] !== 0));
  const totals: RunRow = { code: null, employee: word('total.employees', { count: new Set(rows.map((r) => r.employeeId)).size }), department: null, leaveType: null };
  for (const k of NUMBERS) totals[k] = round2(sumOf(rows, k));
  const types = [...new Map(taken.map((t) => [t.code, t])).values()].sort((a, b) => a.sortOrder - b.sortOrder);
  const chart: RunChart = {
    type: 'bar',
    title: word('chart.leaveTaken'),
    categories: months.map((m) => monthWord(m)),
    series: types.map((t, i) => ({
      key: t.code,
      label: t.code,
      color: PALETTE[i % PALETTE.length] ?? '#868e96',
      values: months.map((m) => round2(taken.find((x) => x.code === t.code && x.month === m)?.days ?? 0)),
    })),
    stacked: true,
    unit: 'days',
  };
  return { rows, totals, chart };
}

export const leaveBalances: BuiltInReport = {
  id: BUILT_IN_REPORTS.leaveBalances,
  name: 'Leave balances',
  description: 'For a leave year, per employee and leave type: opening balance, accrued, taken, adjusted, lapsed, encashed, carried forward and closing; leave taken by month.',
  category: 'Leave',
  parameter: 'leaveYear',
  filters: ['departmentId', 'locationId', 'status'],
  columns: COLUMNS,
  chart: { type: 'bar', title: 'Leave taken by month' },
  rowsAre: 'employee',
  defaultSort: { key: 'employee', order: 'asc' },
  async run({ ctx, population, period, labels }) {
    const [ledger, taken, names] = await Promise.all([
      ledgerByKind(ctx.db, population.ids, period.from, period.end),
      leaveTakenByMonth(ctx.db, population.ids, period.from, period.to),
      labels(),
    ]);
    return {
      ...shapeLeaveBalances(ledger, taken, names, monthsBetween(period.from, period.to)),
      notes: [word('note.leaveBalances.ledger'), word('note.leaveBalances.pending')],
    };
  },
};
