import type { Permission } from '../../../../shared/permissions.ts';
import type {
  ReportCategory,
  ReportColumn,
  ReportColumnType,
  ReportFilterKey,
  ReportFilters,
  ReportParameterKind,
} from '../../../../shared/reports.ts';
import type { Ctx } from '../../context.ts';
import type { Population } from '../employees/index.ts';
import type { Period } from './period.ts';
import { type RunChart, type RunRow, type Word, word } from './words.ts';

/**
 * What a built-in report is: its definition (what the catalogue shows) and
 * how it runs — one or more SQL aggregates through the owning modules'
 * public read functions, then a pure shaper that makes rows, totals and the
 * chart. The runner applies scope, sorting and paging around it.
 */

/** Who an employee row is, as the directory labels them. */
export interface Label {
  code: string;
  name: string;
  department: string | null;
  departmentId: string | null;
  location: string | null;
  status: string;
}

export interface RunInput {
  ctx: Ctx;
  population: Population;
  period: Period;
  filters: ReportFilters;
  today: string;
  /** The organisation's leave year start month (1 = January). */
  yearStartMonth: number;
  /** Code, name, department of the population's employees (loaded on first use). */
  labels: () => Promise<Map<string, Label>>;
  /** For reports that page in SQL: the order and page wanted (null: every row, for an export). */
  sort: { key: string; order: 'asc' | 'desc' };
  page: { limit: number; offset: number } | null;
}

/**
 * What a report's shaper returns. Words the server writes into cells, totals and the chart are
 * `Word`s (a catalogue key with its values), rendered in the reader's language by the runner.
 */
export interface RunOutput {
  /** Every row (the runner sorts and pages them), or one page when `total` is given. */
  rows: RunRow[];
  /** Set by reports that page in SQL: rows across all pages. */
  total?: number;
  totals: RunRow | null;
  chart: RunChart | null;
  /** Lines explaining the figures, as words: rendered in the reader's language like the cells. */
  notes: Word[];
  /** Column labels that depend on the run (e.g. the grouping of headcount). */
  columns?: ReportColumn[];
}

export interface BuiltInReport {
  id: string;
  name: string;
  description: string;
  category: ReportCategory;
  parameter: ReportParameterKind;
  /** Default of a `days` parameter. */
  defaultDays?: number;
  filters: readonly ReportFilterKey[];
  columns: readonly ReportColumn[];
  chart: { type: 'bar' | 'line'; title: string };
  rowsAre: 'employee' | 'employee-day' | 'group' | 'terminal';
  defaultSort: { key: string; order: 'asc' | 'desc' };
  /** Rows in a fixed order (months, bands): no sorting by column. */
  fixedOrder?: boolean;
  /** Sorting and paging happen in SQL (rows per employee-day): these keys only. */
  sqlSort?: readonly string[];
  /** Needed beyond `report:read` (e.g. organisation-wide reports). */
  permission?: Permission;
  run(input: RunInput): Promise<RunOutput>;
}

export function column(key: string, label: string, type: ReportColumnType, description?: string): ReportColumn {
  return description ? { key, label, type, description } : { key, label, type };
}

/** The label columns every per-employee report starts with. */
export const EMPLOYEE_COLUMNS: readonly ReportColumn[] = [
  column('code', 'Code', 'text'),
  column('employee', 'Employee', 'text'),
  column('department', 'Department', 'text'),
];

/** An employee's label cells (and `employeeId` for links). */
export function employeeCells(id: string, labels: Map<string, Label>): RunRow {
  const l = labels.get(id);
  return { employeeId: id, code: l?.code ?? null, employee: l?.name ?? word('unknownEmployee'), department: l?.department ?? null };
}

/** Hours from minutes, to two decimals. */
export function hours(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100 || 0;
}

/** A share 0..1 to four decimals, or null when there is nothing to divide by. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;
}

export function round2(n: number): number {
  // `|| 0`: no "-0" in a table.
  return Math.round(n * 100) / 100 || 0;
}

/** Colours of chart series, in order (readable on white, distinct in grey print). */
export const PALETTE = ['#2f6fd0', '#e8590c', '#2b8a3e', '#ae3ec9', '#f59f00', '#0c8599', '#c2255c', '#5c7cfa', '#868e96', '#74b816'];

export const COLOR = { ok: '#2b8a3e', bad: '#e03131', warn: '#f08c00', info: '#1c7ed6', neutral: '#868e96', accent: '#7048e8' };

/** The sum of a numeric cell over rows. */
export function sumOf(rows: readonly RunRow[], key: string): number {
  return rows.reduce((s, r) => s + (typeof r[key] === 'number' ? (r[key] as number) : 0), 0);
}
