import { BUILT_IN_REPORTS, HEADCOUNT_GROUPS, type HeadcountGroup, type ReportColumn } from '../../../../../shared/reports.ts';
import { daysBetween } from '../../../../../shared/dates.ts';
import { TENURE_BANDS, catalogueNames, headcountByPeriod, headcountByTenure } from '../../employees/index.ts';
import type { Ctx } from '../../../context.ts';
import { type BuiltInReport, COLOR, PALETTE, column, round2, share } from '../definition.ts';
import { monthsBetween } from '../period.ts';
import { type RunChart, type RunRow, type Word, monthWord, word } from '../words.ts';

type ByPeriod = Awaited<ReturnType<typeof headcountByPeriod>>[number];
type Movement = { opening: number; closing: number; joiners: number; leavers: number };

const GROUP_LABEL: Record<HeadcountGroup, string> = { month: 'Month', department: 'Department', location: 'Location', tenure: 'Tenure' };

function columnsFor(group: HeadcountGroup): ReportColumn[] {
  return [
    column('group', GROUP_LABEL[group], 'text'),
    column('opening', 'Opening', 'integer', 'On the rolls the day before the period starts.'),
    column('joiners', 'Joiners', 'integer'),
    column('leavers', 'Leavers', 'integer', 'Last working day in the period (up to today).'),
    column('closing', 'Closing', 'integer', 'On the rolls at the end of the period (or today).'),
    column('average', 'Average headcount', 'number'),
    column('attritionRate', 'Attrition (annualised)', 'percent', 'Leavers ÷ average headcount, scaled to a year.'),
  ];
}

/** Leavers ÷ average headcount, scaled from the days covered to a year. */
export function annualisedAttrition(leavers: number, average: number, daysCovered: number): number | null {
  if (average <= 0 || daysCovered <= 0) return null;
  return Math.round((leavers / average) * (365 / daysCovered) * 10_000) / 10_000;
}

/** The tenure bands' words, by their English label. */
const TENURE_WORD: Record<string, string> = {
  'Under 1 year': 'tenure.under1',
  '1–3 years': 'tenure.from1to3',
  '3–5 years': 'tenure.from3to5',
  '5–10 years': 'tenure.from5to10',
  '10 years or more': 'tenure.from10',
};

function bandWord(band: string): string | Word {
  const key = TENURE_WORD[band];
  return key ? word(key) : band;
}

/** The note naming the tenure bands: one sentence, each band's word an argument in `TENURE_BANDS`' order. */
export function tenureNote(): Word {
  const values = Object.fromEntries(TENURE_BANDS.map(([band]) => [(TENURE_WORD[band] ?? band).replace(/^tenure\./, ''), bandWord(band)]));
  return word('note.headcount.tenureBands', values);
}

function row(group: string | Word, m: Movement, average: number, days: number): RunRow {
  return { group, opening: m.opening, joiners: m.joiners, leavers: m.leavers, closing: m.closing, average: round2(average), attritionRate: annualisedAttrition(m.leavers, average, days) };
}

export interface MonthSpan {
  key: string;
  from: string;
  to: string;
}

/**
 * Month rows (whole population) or group rows (department, location) over
 * the months, totals, and the chart: headcount at each month end (one line
 * per group when grouped). A month's average is the mean of its opening and
 * closing; a period's, the mean of its months'. Pure.
 */
export function shapeHeadcount(grouped: readonly ByPeriod[], months: readonly MonthSpan[], group: 'month' | 'department' | 'location', names: Map<string, string>) {
  const daysIn = (m: MonthSpan) => daysBetween(m.from, m.to).length;
  const totalDays = months.reduce((s, m) => s + daysIn(m), 0);
  const sumPeriods = (periods: readonly Movement[]): Movement => ({
    opening: periods[0]?.opening ?? 0,
    closing: periods[periods.length - 1]?.closing ?? 0,
    joiners: periods.reduce((s, p) => s + p.joiners, 0),
    leavers: periods.reduce((s, p) => s + p.leavers, 0),
  });
  const meanOf = (periods: readonly Movement[]) => (periods.length ? periods.reduce((s, p) => s + (p.opening + p.closing) / 2, 0) / periods.length : 0);
  // The whole population per month (the groups added up).
  const whole: Movement[] = months.map((_, i) => {
    const m: Movement = { opening: 0, closing: 0, joiners: 0, leavers: 0 };
    for (const g of grouped) {
      const p = g.periods[i];
      if (!p) continue;
      m.opening += p.opening;
      m.closing += p.closing;
      m.joiners += p.joiners;
      m.leavers += p.leavers;
    }
    return m;
  });
  const all = sumPeriods(whole);
  const totals = row(word(group === 'month' ? 'total.wholePeriod' : 'total.all'), all, meanOf(whole), totalDays);
  if (group === 'month') {
    const rows = months.map((m, i) => row(monthWord(m.key), whole[i] as Movement, ((whole[i]?.opening ?? 0) + (whole[i]?.closing ?? 0)) / 2, daysIn(m)));
    const chart: RunChart = {
      type: 'line',
      title: word('chart.headcount'),
      categories: months.map((m) => monthWord(m.key)),
      series: [{ key: 'closing', label: word('series.headcount'), color: COLOR.info, values: whole.map((m) => m.closing) }],
      stacked: false,
      unit: 'people',
    };
    return { rows, totals, chart };
  }
  // Groups in the order of their English names (a missing one's word sorts as "No department" always did).
  const none = group === 'department' ? { english: 'No department', name: word('noDepartment') } : { english: 'No location', name: word('noLocation') };
  const named = grouped
    .map((g) => {
      const known = g.groupId ? names.get(g.groupId) : undefined;
      const label = known !== undefined ? { english: known, name: known } : g.groupId ? { english: 'Unknown', name: word('unknown') } : none;
      return { ...label, periods: g.periods };
    })
    .sort((a, b) => a.english.localeCompare(b.english));
  const rows = named.map((g) => row(g.name, sumPeriods(g.periods), meanOf(g.periods), totalDays)).filter((r) => r.opening !== 0 || r.closing !== 0 || r.joiners !== 0 || r.leavers !== 0);
  const shown = named.filter((g) => rows.some((r) => r.group === g.name));
  const chart: RunChart = {
    type: 'line',
    title: word(group === 'department' ? 'chart.headcountByDepartment' : 'chart.headcountByLocation'),
    categories: months.map((m) => monthWord(m.key)),
    series: shown.map((g, i) => ({ key: `g${i}`, label: g.name, color: PALETTE[i % PALETTE.length] ?? '#868e96', values: g.periods.map((p) => p.closing) })),
    stacked: false,
    unit: 'people',
  };
  return { rows, totals, chart };
}

/** Rows per tenure band, totals and the chart (headcount and leavers per band). Pure. */
export function shapeTenure(bands: readonly ({ band: string } & Movement)[], days: number) {
  const rows = bands.map((b) => row(bandWord(b.band), b, (b.opening + b.closing) / 2, days));
  const all = bands.reduce<Movement>((s, b) => ({ opening: s.opening + b.opening, closing: s.closing + b.closing, joiners: s.joiners + b.joiners, leavers: s.leavers + b.leavers }), { opening: 0, closing: 0, joiners: 0, leavers: 0 });
  const totals = row(word('total.all'), all, (all.opening + all.closing) / 2, days);
  const chart: RunChart = {
    type: 'bar',
    title: word('chart.tenure'),
    categories: bands.map((b) => bandWord(b.band)),
    series: [
      { key: 'closing', label: word('series.headcountAtEnd'), color: COLOR.info, values: bands.map((b) => b.closing) },
      { key: 'leavers', label: word('series.leavers'), color: COLOR.bad, values: bands.map((b) => b.leavers) },
    ],
    stacked: false,
    unit: 'people',
  };
  return { rows, totals, chart };
}

export const headcount: BuiltInReport = {
  id: BUILT_IN_REPORTS.headcount,
  name: 'Headcount and attrition',
  description: 'For a year: headcount month by month (or by department, location or tenure band), joiners, leavers and the annualised attrition rate.',
  category: 'People',
  parameter: 'year',
  filters: ['departmentId', 'locationId', 'status', 'groupBy'],
  columns: columnsFor('month'),
  chart: { type: 'line', title: 'Headcount at month end' },
  rowsAre: 'group',
  defaultSort: { key: 'group', order: 'asc' },
  fixedOrder: true,
  async run({ ctx, population, period, filters, today }) {
    const group = filters.groupBy ?? 'month';
    const notes = [word('note.headcount.onRolls'), word('note.headcount.attrition')];
    const days = period.to >= period.from ? daysBetween(period.from, period.to).length : 0;
    if (period.from > today) return { rows: [], totals: null, chart: null, notes, columns: columnsFor(group) };
    if (group === 'tenure') {
      const bands = await headcountByTenure(ctx.db, population.ids, period.from, period.to);
      return { ...shapeTenure(bands, days), notes: [...notes, tenureNote()], columns: columnsFor(group) };
    }
    const months: MonthSpan[] = monthsBetween(period.from, period.to).map((key) => {
      const first = `${key}-01`;
      const last = lastDayOf(key);
      return { key, from: first < period.from ? period.from : first, to: last > period.to ? period.to : last };
    });
    const column = group === 'month' ? 'none' : group;
    const [grouped, names] = await Promise.all([
      headcountByPeriod(ctx.db, population.ids, { periods: months, today }, column),
      groupNames(ctx, group),
    ]);
    return { ...shapeHeadcount(grouped, months, group, names), notes, columns: columnsFor(group) };
  },
};

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

async function groupNames(ctx: Ctx, group: HeadcountGroup): Promise<Map<string, string>> {
  if (group !== 'department' && group !== 'location') return new Map();
  const names = await catalogueNames(ctx.db);
  return new Map((group === 'department' ? names.departments : names.locations).map((d) => [d.id, d.name]));
}

export const HEADCOUNT_GROUP_OPTIONS = HEADCOUNT_GROUPS.map((g) => ({ value: g, label: `By ${GROUP_LABEL[g].toLowerCase()}` }));
