import { type Locale, formatDateIn, formatInstantIn, formatMonthIn, translatorFor } from '../../../../shared/i18n/index.ts';
import { BUILT_IN_REPORTS, type BuiltInReportKey, type ReportColumn, type ReportExportQuery, type ReportResult, type ReportRow } from '../../../../shared/reports.ts';
import type { Ctx } from '../../context.ts';
import type { Column, TableModel } from '../../exports/table.ts';
import { prepareRun, runPrepared } from './run.ts';

/**
 * A report as one table model (the route renders it to CSV, XLSX or PDF):
 * exactly the rows, totals and chart of the JSON run with the same query,
 * every page, with the period, filters and scope in the header. Instants are
 * written as local times of the organisation's zone, which the header names.
 */

const KIND: Record<ReportColumn['type'], Column<ReportRow>['kind']> = {
  text: 'text',
  integer: 'integer',
  number: 'decimal',
  hours: 'decimal',
  percent: 'percent',
  date: 'date',
  instant: 'datetime',
};

/** `2026-11-25 09:02` in the zone, from an ISO instant. */
export function localDateTime(instant: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

function widthOf(c: ReportColumn): number {
  const base = { text: 16, integer: 8, number: 9, hours: 9, percent: 9, date: 11, instant: 16 }[c.type];
  return Math.max(base, Math.min(c.label.length + 2, 22));
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

const REPORT_KEYS = new Map<string, BuiltInReportKey>(Object.entries(BUILT_IN_REPORTS).map(([key, id]) => [id, key as BuiltInReportKey]));

/**
 * A report's words in the reader's language, from `hr:exports.report.<report>.*`. A word is only
 * taken from the catalogue while the catalogue's English is the definition's own (else the
 * definition's English is kept): a renamed column never shows a stale translation, and English
 * output is the definition's, byte for byte.
 */
function reportWords(result: ReportResult, locale: Locale) {
  const t = translatorFor(locale);
  const en = translatorFor('en-IN');
  const report = REPORT_KEYS.get(result.report.baseReportId);
  const word = (key: string, english: string, values: Record<string, unknown> = {}) =>
    report && en(`hr:exports.report.${report}.${key}`, values) === english ? t(`hr:exports.report.${report}.${key}`, values) : english;
  const groupBy = result.filters.find((f) => f.key === 'groupBy')?.value ?? 'month';
  return {
    // A saved report keeps the name its owner gave it; a built-in one is named in the reader's language.
    title: result.report.id === result.report.baseReportId ? word('name', result.report.name) : result.report.name,
    header: (c: ReportColumn) => (report === 'headcount' && c.key === 'group' ? word(`groups.${groupBy}`, c.label) : word(`columns.${c.key}`, c.label)),
  };
}

/** The period in words: "November 2026" / "नवंबर 2026", "Last 30 days"; years and leave years as numbers. */
function periodLabel(p: ReportResult['parameter'], locale: Locale): string {
  if (locale === 'en-IN') return p.label;
  const t = translatorFor(locale);
  if (p.kind === 'days') return p.value === 1 ? t('hr:exports.report.today') : t('hr:exports.report.lastDays', { days: p.value });
  if (p.kind === 'month' || (p.kind === 'period' && p.value > 9999)) return formatMonthIn(locale, p.from.slice(0, 7));
  return p.label;
}

/** A filter's value in words: statuses and groupings from the catalogue, departments and locations as named. */
function filterValue(f: ReportResult['filters'][number], locale: Locale): string {
  if (locale === 'en-IN') return f.valueLabel;
  const t = translatorFor(locale);
  if (f.key === 'status') return t(`labels:employeeStatus.${f.value}`, { defaultValue: f.valueLabel });
  if (f.key === 'groupBy') return t(`hr:exports.report.groupBy.${f.value}`, { defaultValue: f.valueLabel });
  return f.valueLabel;
}

/** What a chart's values count, in the reader's language ("days" / "दिन"). The JSON keeps the code ("days"), which the console words itself. */
function unitIn(unit: string | null, locale: Locale): string | null {
  return unit === null || locale === 'en-IN' ? unit : translatorFor(locale)('hr:reportWords.unit', { unit });
}

/** The header lines every format carries: the period, the filters, the scope, when and by whom, in the reader's language. */
export function headerLines(result: ReportResult, callerName: string, scope: 'org' | 'team', locale: Locale = 'en-IN'): string[] {
  const t = translatorFor(locale);
  const h = (key: string, values: Record<string, unknown> = {}) => t(`hr:exports.report.${key}`, values);
  const p = result.parameter;
  const filters = result.filters.length
    ? result.filters.map((f) => h('filter', { label: h(`filterLabel.${f.key}`), value: filterValue(f, locale) })).join(' · ')
    : h('noFilters');
  return [
    h('period', { label: periodLabel(p, locale), from: formatDateIn(locale, p.from), to: formatDateIn(locale, p.to) }),
    h('filters', { filters }),
    h('scope', { scope: scope === 'org' ? h('scopeOrg') : h('scopeTeam', { name: callerName }) }),
    h('generated', { when: formatInstantIn(locale, result.generatedAt, result.timeZone), name: callerName, rows: result.total }),
  ];
}

/**
 * The table model of a run: the same columns, rows, totals and chart as the JSON, with the title,
 * headers and header lines in the downloader's language. The words in cells, totals and the chart
 * and its notes come rendered in that language by the run; names and figures as stored.
 */
export function reportTableModel(result: ReportResult, callerName: string, scope: 'org' | 'team', locale: Locale = 'en-IN'): TableModel<ReportRow> {
  const words = reportWords(result, locale);
  const columns: Column<ReportRow>[] = result.columns.map((c) => ({
    header: words.header(c),
    width: widthOf(c),
    kind: KIND[c.type],
    value: (row) => {
      const v = row[c.key] ?? null;
      return c.type === 'instant' && typeof v === 'string' ? localDateTime(v, result.timeZone) : v;
    },
  }));
  return {
    title: words.title,
    header: headerLines(result, callerName, scope, locale),
    filename: `report-${slug(result.report.name)}-${result.parameter.value}`,
    locale,
    columns,
    rows: result.items,
    ...(result.totals ? { totals: result.totals } : {}),
    charts: result.chart ? [{ ...result.chart, unit: unitIn(result.chart.unit, locale), series: result.chart.series.map((s) => ({ label: s.label, color: s.color, values: s.values })) }] : [],
    notes: result.notes,
    landscape: result.columns.length > 7,
  };
}

/** Every row of a run (all pages) as a table. */
export async function exportReport(ctx: Ctx, id: string, query: ReportExportQuery, locale: Locale = 'en-IN'): Promise<TableModel<ReportRow>> {
  const p = await prepareRun(ctx, id, query);
  const result = await runPrepared(ctx, p, null, locale);
  return reportTableModel(result, ctx.caller.name, result.scope, locale);
}
