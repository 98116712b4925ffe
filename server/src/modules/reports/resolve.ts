import { EMPLOYEE_STATUSES } from '../../../../shared/employees.ts';
import {
  type AppliedFilter,
  type ReportDefinition,
  type ReportFilterKey,
  type ReportFilterSpec,
  type ReportFilters,
  REPORT_FILTER_KEYS,
  ReportFilters as ReportFiltersSchema,
} from '../../../../shared/reports.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import type { SavedReportTable } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { catalogueNames } from '../employees/index.ts';
import { builtInReport } from './catalogue.ts';
import type { BuiltInReport } from './definition.ts';
import { HEADCOUNT_GROUP_OPTIONS } from './builtin/headcount.ts';
import { parameterSpec } from './period.ts';
import * as repo from './repo.ts';

/**
 * Which report an id names (built-in or saved, as the caller may see it),
 * whether the caller may run it, and its filters checked against what it
 * takes. Unknown or unseen ids are 404; a filter the report does not take,
 * an unknown department or location, a bad sort: 400 naming the parameter.
 */

export interface Resolved {
  def: BuiltInReport;
  saved: SavedReportTable | null;
}

/** Whether the caller sees the organisation (and so the reports shared with HR). */
export function seesOrganisation(ctx: Ctx): boolean {
  return ctx.caller.scope === 'org';
}

/** A saved report is visible to its owner, and to everyone who sees the organisation when shared. */
export function mayView(ctx: Ctx, saved: SavedReportTable): boolean {
  return saved.owner_user_id === ctx.caller.userId || (saved.shared === 1 && seesOrganisation(ctx));
}

/** The report behind an id; 404 when there is none the caller may see, 403 when the caller may not run it. */
export async function resolveReport(ctx: Ctx, id: string): Promise<Resolved> {
  requirePermission(ctx, 'report:read');
  const builtIn = builtInReport(id);
  let resolved: Resolved | undefined;
  if (builtIn) resolved = { def: builtIn, saved: null };
  else {
    const saved = await repo.findSavedReport(ctx.db, id);
    const def = saved && mayView(ctx, saved) ? builtInReport(saved.base_report_id) : undefined;
    if (saved && def) resolved = { def, saved };
  }
  if (!resolved) throw notFound('Report');
  if (resolved.def.permission) requirePermission(ctx, resolved.def.permission, `${resolved.def.name} covers the whole organisation: it needs the permission ${resolved.def.permission}.`);
  return resolved;
}

/** May the caller run this report at all (the catalogue lists only those)? */
export function mayRun(ctx: Ctx, def: BuiltInReport): boolean {
  return ctx.caller.kind === 'system' || !def.permission || ctx.caller.permissions.includes(def.permission);
}

const FILTER_LABEL: Record<ReportFilterKey, string> = { departmentId: 'Department', locationId: 'Location', status: 'Employee status', groupBy: 'Rows' };

export function filterSpecs(def: BuiltInReport): ReportFilterSpec[] {
  return def.filters.map((key): ReportFilterSpec => {
    switch (key) {
      case 'departmentId':
        return { key, label: FILTER_LABEL[key], kind: 'department' };
      case 'locationId':
        return { key, label: FILTER_LABEL[key], kind: 'location' };
      case 'status':
        return { key, label: FILTER_LABEL[key], kind: 'employeeStatus', options: EMPLOYEE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })) };
      case 'groupBy':
        return { key, label: FILTER_LABEL[key], kind: 'choice', options: HEADCOUNT_GROUP_OPTIONS, default: 'month' };
    }
  });
}

function statusLabel(status: string): string {
  return status === 'OnNotice' ? 'On notice' : status;
}

/** The catalogue entry of a built-in report, or of a saved one. */
export function presentDefinition(def: BuiltInReport, saved: SavedReportTable | null, ctx: Ctx, today: string, yearStartMonth: number): ReportDefinition {
  return {
    id: saved?.id ?? def.id,
    name: saved?.name ?? def.name,
    description: def.description,
    category: def.category,
    builtIn: saved === null,
    parameter: parameterSpec(def.parameter, today, yearStartMonth, def.defaultDays),
    filters: filterSpecs(def),
    columns: [...def.columns],
    chart: def.chart,
    rowsAre: def.rowsAre,
    defaultSort: def.defaultSort,
    sortable: def.fixedOrder ? [] : [...(def.sqlSort ?? def.columns.map((c) => c.key))],
    saved: saved
      ? {
          baseReportId: def.id,
          param: saved.param,
          filters: savedFilters(saved),
          shared: saved.shared === 1,
          ownerName: saved.owner_name,
          mine: saved.owner_user_id === ctx.caller.userId,
          createdAt: saved.created_at,
        }
      : null,
  };
}

/** A saved report's filters as stored (anything unreadable is dropped). */
export function savedFilters(saved: SavedReportTable): ReportFilters {
  try {
    const parsed = ReportFiltersSchema.safeParse(JSON.parse(saved.filters));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * The filters of a run: the saved report's, overridden by the query's, each
 * checked against the report and the catalogue. `where` prefixes the 400's
 * path (`query`, `body.filters`). Returns them with their values in words.
 */
export async function checkFilters(ctx: Ctx, def: BuiltInReport, filters: ReportFilters, where: string): Promise<AppliedFilter[]> {
  const applied: AppliedFilter[] = [];
  const names = filters.departmentId || filters.locationId ? await catalogueNames(ctx.db) : null;
  for (const key of REPORT_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined) continue;
    if (!def.filters.includes(key)) {
      throw badRequest(`${def.name} has no filter ${key}.`, [{ path: `${where}.${key}`, message: `this report has no such filter (it takes ${def.filters.join(', ') || 'none'})` }]);
    }
    let valueLabel = String(value);
    if (key === 'departmentId' || key === 'locationId') {
      const found = (key === 'departmentId' ? names?.departments : names?.locations)?.find((d) => d.id === value);
      if (!found) throw badRequest(`No such ${key === 'departmentId' ? 'department' : 'location'}.`, [{ path: `${where}.${key}`, message: `no such ${key === 'departmentId' ? 'department' : 'location'}` }]);
      valueLabel = found.name;
    } else if (key === 'status') valueLabel = statusLabel(String(value));
    else if (key === 'groupBy') valueLabel = HEADCOUNT_GROUP_OPTIONS.find((o) => o.value === value)?.label ?? String(value);
    applied.push({ key, label: FILTER_LABEL[key], value: String(value), valueLabel });
  }
  return applied;
}

/** The order of a run: a column of the report (one SQL can order by, for reports paged in SQL). */
export function checkSort(def: BuiltInReport, columns: readonly { key: string }[], key: string | undefined, order: 'asc' | 'desc' | undefined): { key: string; order: 'asc' | 'desc' } {
  const sort = { key: key ?? def.defaultSort.key, order: order ?? (key === undefined ? def.defaultSort.order : 'asc') };
  const allowed = def.fixedOrder ? [def.defaultSort.key] : (def.sqlSort ?? columns.map((c) => c.key));
  if (!allowed.includes(sort.key)) {
    const message = def.fixedOrder ? 'this report’s rows keep their own order' : `must be one of ${allowed.join(', ')}`;
    throw badRequest(`query.sort: ${message}`, [{ path: 'query.sort', message }]);
  }
  return sort;
}
