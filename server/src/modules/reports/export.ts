import { formatInstant } from '../../../../shared/labels.ts';
import type { ReportColumn, ReportExportQuery, ReportResult, ReportRow } from '../../../../shared/reports.ts';
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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `1 Nov 2026`. */
export function dayLabel(day: string): string {
  return `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1] ?? ''} ${day.slice(0, 4)}`;
}

function widthOf(c: ReportColumn): number {
  const base = { text: 16, integer: 8, number: 9, hours: 9, percent: 9, date: 11, instant: 16 }[c.type];
  return Math.max(base, Math.min(c.label.length + 2, 22));
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** The header lines every format carries: the period, the filters, the scope, when and by whom. */
export function headerLines(result: ReportResult, callerName: string, scopeName: string): string[] {
  const p = result.parameter;
  const filters = result.filters.length ? result.filters.map((f) => `${f.label}: ${f.valueLabel}`).join(' · ') : 'none';
  return [
    `Period: ${p.label} (${dayLabel(p.from)} to ${dayLabel(p.to)})`,
    `Filters: ${filters}`,
    `Scope: ${scopeName}`,
    `Generated ${formatInstant(result.generatedAt, result.timeZone)} by ${callerName} · ${result.total} row${result.total === 1 ? '' : 's'}`,
  ];
}

/** The table model of a run: the same columns, rows, totals and chart as the JSON. */
export function reportTableModel(result: ReportResult, callerName: string, scopeName: string): TableModel<ReportRow> {
  const columns: Column<ReportRow>[] = result.columns.map((c) => ({
    header: c.label,
    width: widthOf(c),
    kind: KIND[c.type],
    value: (row) => {
      const v = row[c.key] ?? null;
      return c.type === 'instant' && typeof v === 'string' ? localDateTime(v, result.timeZone) : v;
    },
  }));
  return {
    title: result.report.name,
    header: headerLines(result, callerName, scopeName),
    filename: `report-${slug(result.report.name)}-${result.parameter.value}`,
    columns,
    rows: result.items,
    ...(result.totals ? { totals: result.totals } : {}),
    charts: result.chart ? [{ ...result.chart, series: result.chart.series.map((s) => ({ label: s.label, color: s.color, values: s.values })) }] : [],
    notes: result.notes,
    landscape: result.columns.length > 7,
  };
}

/** Every row of a run (all pages) as a table. */
export async function exportReport(ctx: Ctx, id: string, query: ReportExportQuery): Promise<TableModel<ReportRow>> {
  const p = await prepareRun(ctx, id, query);
  const result = await runPrepared(ctx, p, null);
  const scopeName = result.scope === 'org' ? 'the whole organisation' : `the reporting line of ${ctx.caller.name}`;
  return reportTableModel(result, ctx.caller.name, scopeName);
}
