import { dayInZone } from '../../../../shared/dates.ts';
import type { Locale } from '../../../../shared/i18n/index.ts';
import type { AppliedFilter, ReportCatalogue, ReportFilters, ReportResult, ReportRow, ReportRunQuery } from '../../../../shared/reports.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { listEmployeeLabels, reportPopulation } from '../employees/index.ts';
import { orgSettings } from '../org/index.ts';
import { BUILT_IN } from './catalogue.ts';
import type { Label } from './definition.ts';
import { type Period, defaultValue, resolvePeriod } from './period.ts';
import * as repo from './repo.ts';
import { type Resolved, checkFilters, checkSort, mayRun, presentDefinition, resolveReport, savedFilters, seesOrganisation } from './resolve.ts';
import { renderWord, runRenderer } from './words.ts';

/**
 * Running reports: the catalogue the caller may run, and one run — scope
 * (the caller's population, resolved in SQL by the directory), the period,
 * the filters, the report's SQL and shaper, then the order and the page.
 * A computed run is kept while none of the tables it reads changes, so
 * paging through a report or exporting what is on screen computes it once.
 * The words a report writes (totals, kinds, the chart, its notes) are rendered in the
 * reader's language before the rows are sorted, so they sort as read.
 */

/** The reports the caller may run: the built-in ones, their own saved ones and those shared with HR. */
export async function listReports(ctx: Ctx): Promise<ReportCatalogue> {
  requirePermission(ctx, 'report:read');
  const [org, saved] = await Promise.all([orgSettings(ctx.db), repo.listSavedReports(ctx.db, ctx.caller.userId, seesOrganisation(ctx))]);
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const items = BUILT_IN.filter((d) => mayRun(ctx, d)).map((d) => presentDefinition(d, null, ctx, today, org.fyStartMonth));
  for (const s of saved) {
    const def = BUILT_IN.find((d) => d.id === s.base_report_id);
    if (def && mayRun(ctx, def)) items.push(presentDefinition(def, s, ctx, today, org.fyStartMonth));
  }
  return { items };
}

export interface Prepared {
  resolved: Resolved;
  period: Period;
  filters: ReportFilters;
  applied: AppliedFilter[];
  sort: { key: string; order: 'asc' | 'desc' };
  today: string;
  yearStartMonth: number;
}

/** Everything a run needs, checked: the report, its period, filters (saved ones overridden by the query's) and order. */
export async function prepareRun(ctx: Ctx, id: string, query: Pick<ReportRunQuery, 'param' | 'sort' | 'order'> & ReportFilters): Promise<Prepared> {
  const resolved = await resolveReport(ctx, id);
  const { def, saved } = resolved;
  const org = await orgSettings(ctx.db);
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const given: ReportFilters = {};
  for (const key of ['departmentId', 'locationId', 'status', 'groupBy'] as const) if (query[key] !== undefined) Object.assign(given, { [key]: query[key] });
  const filters: ReportFilters = { ...(saved ? savedFilters(saved) : {}), ...given };
  const applied = await checkFilters(ctx, def, filters, 'query');
  const value = query.param ?? saved?.param ?? defaultValue(def.parameter, today, org.fyStartMonth, def.defaultDays);
  const period = resolvePeriod(def.parameter, value, today, org.fyStartMonth);
  const sort = checkSort(def, def.columns, query.sort, query.order);
  return { resolved, period, filters, applied, sort, today, yearStartMonth: org.fyStartMonth };
}

/** A run with its words in one language. */
interface Rendered {
  rows: ReportRow[];
  total?: number;
  totals: ReportRow | null;
  chart: ReportResult['chart'];
  notes: string[];
  columns?: ReportResult['columns'];
}

const runCache = defineCache<{ out: Rendered; scope: 'org' | 'team' }>({
  name: 'reports.runs',
  reads: [
    'attendance_day',
    'employee',
    'department',
    'location',
    'shift',
    'leave_ledger',
    'leave_day',
    'leave_request',
    'leave_type',
    'regularization',
    'terminal',
    'terminal#activity',
    'terminal_contact_slot',
    'punch',
    'organisation',
    'user_role',
  ],
  maxEntries: 60,
});

// One collator for every sort: `localeCompare` with options builds a collator on each call (≈20 µs), which was
// most of a year's attendance summary at 15,000 people (n log n comparisons). Same order, by definition.
const TEXT_ORDER = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compare(a: ReportRow[string], b: ReportRow[string]): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return TEXT_ORDER.compare(String(a), String(b));
}

/** Rows in the asked order (nulls last either way; ties keep the report's own order). */
export function sortRows(rows: readonly ReportRow[], key: string, order: 'asc' | 'desc'): ReportRow[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => {
    const a = x[key] ?? null;
    const b = y[key] ?? null;
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return sign * compare(a, b);
  });
}

/**
 * Computes a run (every row, sorted; or one page for reports paged in SQL),
 * from the cache while nothing it reads changed. The key carries whom the
 * caller sees, the report, period, filters, order, page, today (and the
 * minute, for reports that read the clock) and the language of its words.
 */
async function compute(ctx: Ctx, p: Prepared, page: { limit: number; offset: number } | null, locale: Locale): Promise<{ out: Rendered; scope: 'org' | 'team' }> {
  const { def } = p.resolved;
  const who = ctx.caller.scope === 'org' ? 'org' : `${ctx.caller.scope}:${ctx.caller.employeeId ?? ''}`;
  const minute = def.rowsAre === 'terminal' ? Math.floor(ctx.clock.now().getTime() / 60_000) : '';
  const key = [who, def.id, p.period.value, JSON.stringify(p.filters), p.sort.key, p.sort.order, def.sqlSort ? JSON.stringify(page) : '', p.today, minute, locale].join('|');
  return runCache.get(ctx.db, key, async () => {
    const population = await reportPopulation(ctx, p.filters);
    let labels: Promise<Map<string, Label>> | undefined;
    const out = await def.run({
      ctx,
      population,
      period: p.period,
      filters: p.filters,
      today: p.today,
      yearStartMonth: p.yearStartMonth,
      labels: () => (labels ??= loadLabels(ctx, population.ids)),
      sort: p.sort,
      page,
    });
    const render = runRenderer(locale);
    const rendered = out.rows.map(render.row);
    const rows = def.sqlSort || def.fixedOrder ? rendered : sortRows(rendered, p.sort.key, p.sort.order);
    const result: Rendered = {
      rows,
      ...(out.total !== undefined ? { total: out.total } : {}),
      totals: out.totals && render.row(out.totals),
      chart: out.chart && render.chart(out.chart),
      notes: out.notes.map((n) => renderWord(locale, n)),
      ...(out.columns ? { columns: out.columns } : {}),
    };
    return { out: result, scope: population.scope === 'org' ? 'org' : 'team' };
  });
}

async function loadLabels(ctx: Ctx, ids: readonly string[] | 'all'): Promise<Map<string, Label>> {
  const rows = await listEmployeeLabels(ctx.db, ids);
  return new Map(
    rows.map((r) => [r.id, { code: r.code, name: r.full_name, department: r.department_name, departmentId: r.department_id, location: r.location_name, status: r.status }]),
  );
}

/** The result of a run for the contract: one page of rows, or every row (`page` null, an export); its words in `locale`. */
export async function runPrepared(ctx: Ctx, p: Prepared, page: { page: number; pageSize: number } | null, locale: Locale = 'en-IN'): Promise<ReportResult> {
  const { def, saved } = p.resolved;
  const limits = page ? { limit: page.pageSize, offset: (page.page - 1) * page.pageSize } : null;
  const { out, scope } = await compute(ctx, p, limits, locale);
  const total = out.total ?? out.rows.length;
  const rows = out.total !== undefined || !limits ? out.rows : out.rows.slice(limits.offset, limits.offset + limits.limit);
  return {
    items: rows,
    total,
    page: page?.page ?? 1,
    pageSize: page?.pageSize ?? Math.max(1, total),
    report: { id: saved?.id ?? def.id, name: saved?.name ?? def.name, category: def.category, baseReportId: def.id },
    parameter: { kind: p.period.kind, value: p.period.value, label: p.period.label, from: p.period.from, to: p.period.to },
    filters: p.applied,
    scope,
    columns: out.columns ?? [...def.columns],
    totals: out.totals,
    chart: out.chart,
    notes: out.notes,
    sort: p.sort,
    generatedAt: ctx.clock.now().toISOString(),
    timeZone: ctx.timeZone,
  };
}

/** Runs a report as JSON: the page asked for, with totals and the chart over every row, the report's words in the reader's language. */
export async function runReport(ctx: Ctx, id: string, query: ReportRunQuery, locale: Locale = 'en-IN'): Promise<ReportResult> {
  const p = await prepareRun(ctx, id, query);
  return runPrepared(ctx, p, { page: query.page, pageSize: query.pageSize }, locale);
}

