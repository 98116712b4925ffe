import { REGULARIZATION_KINDS } from '../../../../../shared/attendance/index.ts';
import { BUILT_IN_REPORTS } from '../../../../../shared/reports.ts';
import { regularizationsByKind, regularizationsByMonth } from '../../regularizations/index.ts';
import { type BuiltInReport, COLOR, column, round2, share, sumOf } from '../definition.ts';
import { monthsBetween } from '../period.ts';
import { type RunChart, type RunRow, labelWord, monthWord, word } from '../words.ts';

type ByKind = Awaited<ReturnType<typeof regularizationsByKind>>[number];
type ByMonth = Awaited<ReturnType<typeof regularizationsByMonth>>[number];

const COLUMNS = [
  column('kind', 'Kind', 'text'),
  column('total', 'Requests', 'integer'),
  column('approved', 'Approved', 'integer'),
  column('rejected', 'Rejected', 'integer'),
  column('waiting', 'Waiting', 'integer'),
  column('approvalRate', 'Approved of decided', 'percent'),
  column('avgHours', 'Average time to decide (h)', 'hours', 'From the request to its final decision (HR’s where it went to HR).'),
  column('maxHours', 'Longest (h)', 'hours'),
  column('withinDay', 'Decided within a day', 'percent'),
  column('people', 'People', 'integer'),
] as const;

/** One row per kind (every kind, in the spec's order), totals, and requests per month by outcome. Pure. */
export function shapeRegularizations(kinds: readonly ByKind[], months: readonly ByMonth[], monthKeys: readonly string[]) {
  const rows: RunRow[] = REGULARIZATION_KINDS.map((k) => {
    const r = kinds.find((x) => x.kind === k);
    const decided = (r?.approved ?? 0) + (r?.rejected ?? 0);
    return {
      // The kind as the whole product names it (`labels:regularizationKind`).
      kind: labelWord(`regularizationKind.${k}`),
      total: r?.total ?? 0,
      approved: r?.approved ?? 0,
      rejected: r?.rejected ?? 0,
      waiting: r?.waiting ?? 0,
      approvalRate: share(r?.approved ?? 0, decided),
      avgHours: r?.avgHours === null || r?.avgHours === undefined ? null : round2(r.avgHours),
      maxHours: r?.maxHours === null || r?.maxHours === undefined ? null : round2(r.maxHours),
      withinDay: share(r?.withinDay ?? 0, decided),
      people: r?.people ?? 0,
    };
  });
  const decided = sumOf(rows, 'approved') + sumOf(rows, 'rejected');
  const weighted = kinds.reduce((s, k) => s + (k.avgHours ?? 0) * (k.approved + k.rejected), 0);
  const maxes = kinds.map((k) => k.maxHours).filter((h): h is number => h !== null);
  const totals: RunRow = {
    kind: word('total.allKinds'),
    total: sumOf(rows, 'total'),
    approved: sumOf(rows, 'approved'),
    rejected: sumOf(rows, 'rejected'),
    waiting: sumOf(rows, 'waiting'),
    approvalRate: share(sumOf(rows, 'approved'), decided),
    avgHours: decided ? round2(weighted / decided) : null,
    maxHours: maxes.length ? round2(Math.max(...maxes)) : null,
    withinDay: share(kinds.reduce((s, k) => s + k.withinDay, 0), decided),
    people: null,
  };
  const count = (month: string, statuses: readonly string[]) => months.filter((m) => m.month === month && statuses.includes(m.status)).reduce((s, m) => s + m.n, 0);
  const chart: RunChart = {
    type: 'bar',
    title: word('chart.regularizations'),
    categories: monthKeys.map((m) => monthWord(m)),
    series: [
      { key: 'approved', label: labelWord('regularizationStatus.Approved'), color: COLOR.ok, values: monthKeys.map((m) => count(m, ['Approved'])) },
      { key: 'rejected', label: labelWord('regularizationStatus.Rejected'), color: COLOR.bad, values: monthKeys.map((m) => count(m, ['Rejected'])) },
      // Waiting for the manager or for HR: one bar.
      { key: 'waiting', label: word('series.waiting'), color: COLOR.warn, values: monthKeys.map((m) => count(m, ['AwaitingManager', 'ManagerApprovedAwaitingHR'])) },
    ],
    stacked: true,
    unit: 'requests',
  };
  return { rows, totals, chart };
}

export const regularizations: BuiltInReport = {
  id: BUILT_IN_REPORTS.regularizations,
  name: 'Regularizations',
  description: 'Requests to fix attendance by kind: how many, approved or rejected, how many still wait, and how long decisions take.',
  category: 'Attendance',
  parameter: 'period',
  filters: ['departmentId', 'locationId', 'status'],
  columns: COLUMNS,
  chart: { type: 'bar', title: 'Requests by month and outcome' },
  rowsAre: 'group',
  defaultSort: { key: 'kind', order: 'asc' },
  fixedOrder: true,
  async run({ ctx, population, period }) {
    const [kinds, months] = await Promise.all([
      regularizationsByKind(ctx.db, population.ids, period.from, period.to),
      regularizationsByMonth(ctx.db, population.ids, period.from, period.to),
    ]);
    return {
      ...shapeRegularizations(kinds, months, monthsBetween(period.from, period.to)),
      notes: [word('note.regularizations.counted')],
    };
  },
};
