import { z } from 'zod';
import { freeText } from './free-text.ts';
import { ExportFormat, Instant, IsoDate, PAGE_SIZE_MAX, SortOrder, Uuid, UuidInput, paginated, queryInt } from './common.ts';
import { EmployeeStatus } from './employees.ts';

/**
 * Reports (spec §1 "reports and a dashboard", §4.7 `/api/reports/{id}/export`):
 * a catalogue of built-in reports and the ones users saved, each run as a
 * table with totals and a chart, with one integer parameter and filters.
 */

/** The built-in reports: fixed ids, the same on every install (links and saved reports rely on them). */
export const BUILT_IN_REPORTS = {
  attendanceSummary: 'ae7a0b2c-c09e-43aa-a6f2-6851e69afe39',
  lateEarly: 'b7b84d99-37f7-4d8b-96a9-5adc2cd91039',
  overtime: '513cdef9-586f-48c0-93ee-8ac0e55c59c7',
  absenteeism: '37573327-d7ff-41d5-9e94-5bfb24c81958',
  leaveBalances: '131ca30c-74b4-4f2c-aa65-dc24090a8ce2',
  headcount: 'dde80a31-a858-466e-b702-16a379410517',
  regularizations: 'f0e4b5e1-5c70-4a22-9826-9c3c3770e5e1',
  terminalHealth: '70588822-e838-4be4-9c0a-dac437d3cdf2',
  offDayWork: 'bcd16135-3566-420a-90bb-e2173da1f2a9',
} as const;
export type BuiltInReportKey = keyof typeof BUILT_IN_REPORTS;

export const REPORT_CATEGORIES = ['Attendance', 'Leave', 'People', 'Devices'] as const;
export const ReportCategory = z.enum(REPORT_CATEGORIES);
export type ReportCategory = z.infer<typeof ReportCategory>;

/**
 * What the one integer parameter means:
 * `period` a month as `YYYYMM` or a calendar year as `YYYY`; `month` `YYYYMM`;
 * `year` a calendar year `YYYY`; `leaveYear` the leave year starting in `YYYY`
 * (`2026` = FY 2026-27 when the year starts in April); `days` the last N days up to today.
 */
export const REPORT_PARAMETER_KINDS = ['period', 'month', 'year', 'leaveYear', 'days'] as const;
export const ReportParameterKind = z.enum(REPORT_PARAMETER_KINDS);
export type ReportParameterKind = z.infer<typeof ReportParameterKind>;

export const ReportParameterSpec = z
  .object({
    kind: ReportParameterKind,
    label: z.string().meta({ description: 'What the parameter is, in words ("Month or year").' }),
    description: z.string().meta({ description: 'How to write it ("YYYYMM for a month, YYYY for a year").' }),
    default: z.number().int().meta({ description: 'The value used when the query leaves `param` out (today’s month, year, …).' }),
    min: z.number().int(),
    max: z.number().int(),
  })
  .meta({ id: 'ReportParameterSpec' });
export type ReportParameterSpec = z.infer<typeof ReportParameterSpec>;

export const REPORT_COLUMN_TYPES = ['text', 'integer', 'number', 'hours', 'percent', 'date', 'instant'] as const;
export const ReportColumnType = z.enum(REPORT_COLUMN_TYPES);
export type ReportColumnType = z.infer<typeof ReportColumnType>;

export const ReportColumn = z
  .object({
    key: z.string(),
    label: z.string(),
    type: ReportColumnType.meta({
      description:
        '`integer` and `number` are plain numbers; `hours` a number of hours (decimal); `percent` a fraction 0..1 (0.25 = 25 %); `date` `YYYY-MM-DD`; `instant` an ISO UTC instant; `text` a string. Any cell may be null.',
    }),
    description: z.string().optional(),
  })
  .meta({ id: 'ReportColumn' });
export type ReportColumn = z.infer<typeof ReportColumn>;

/** Filters a report may take beyond its parameter. */
export const REPORT_FILTER_KEYS = ['departmentId', 'locationId', 'status', 'groupBy'] as const;
export const ReportFilterKey = z.enum(REPORT_FILTER_KEYS);
export type ReportFilterKey = z.infer<typeof ReportFilterKey>;

export const ReportFilterSpec = z
  .object({
    key: ReportFilterKey,
    label: z.string(),
    kind: z.enum(['department', 'location', 'employeeStatus', 'choice']).meta({
      description: '`department` / `location` take a uuid from the organisation’s catalogue; `employeeStatus` one of Active, OnNotice, Exited; `choice` one of `options`.',
    }),
    options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
    default: z.string().optional(),
  })
  .meta({ id: 'ReportFilterSpec' });
export type ReportFilterSpec = z.infer<typeof ReportFilterSpec>;

export const HEADCOUNT_GROUPS = ['month', 'department', 'location', 'tenure'] as const;
export const HeadcountGroup = z.enum(HEADCOUNT_GROUPS);
export type HeadcountGroup = z.infer<typeof HeadcountGroup>;

/** The filters of one run, as the query carries them. */
export const ReportFilters = z
  .object({
    departmentId: UuidInput.optional().meta({ description: 'Employees of this department.' }),
    locationId: UuidInput.optional().meta({ description: 'Employees of this location (terminals of this location for Devices reports).' }),
    status: EmployeeStatus.optional().meta({ description: 'Employees whose current status is this.' }),
    groupBy: HeadcountGroup.optional().meta({ description: 'Headcount and attrition only: rows per month (default), department, location or tenure band.' }),
  })
  .meta({ id: 'ReportFilters' });
export type ReportFilters = z.infer<typeof ReportFilters>;

/** The same filters in an answer (ids as stored). */
export const ReportFiltersOut = z
  .object({
    departmentId: Uuid.optional(),
    locationId: Uuid.optional(),
    status: EmployeeStatus.optional(),
    groupBy: HeadcountGroup.optional(),
  })
  .meta({ id: 'ReportFiltersOut' });

export const SavedReportInfo = z
  .object({
    baseReportId: Uuid.meta({ description: 'The built-in report it runs.' }),
    param: z.number().int().nullable().meta({ description: 'The saved parameter; null = the report’s default at each run (e.g. this month).' }),
    filters: ReportFiltersOut,
    shared: z.boolean().meta({ description: 'Visible to everyone who sees the organisation (HR, Admin) besides its owner.' }),
    ownerName: z.string(),
    mine: z.boolean().meta({ description: 'Saved by the caller (only the owner may delete it).' }),
    createdAt: Instant,
  })
  .meta({ id: 'SavedReportInfo' });
export type SavedReportInfo = z.infer<typeof SavedReportInfo>;

export const REPORT_CHART_TYPES = ['bar', 'line'] as const;

export const ReportChart = z
  .object({
    type: z.enum(REPORT_CHART_TYPES),
    title: z.string(),
    categories: z.array(z.string()).meta({ description: 'Labels along the x axis, one per value of each series.' }),
    series: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        color: z.string().meta({ description: 'Hex `#RRGGBB`.' }),
        values: z.array(z.number()),
      }),
    ),
    stacked: z.boolean(),
    unit: z.string().nullable().meta({ description: 'What the values count ("days", "hours", "%").' }),
  })
  .meta({ id: 'ReportChart' });
export type ReportChart = z.infer<typeof ReportChart>;

export const ReportDefinition = z
  .object({
    id: Uuid,
    name: z.string(),
    description: z.string(),
    category: ReportCategory,
    builtIn: z.boolean(),
    parameter: ReportParameterSpec,
    filters: z.array(ReportFilterSpec),
    columns: z.array(ReportColumn).meta({ description: 'The columns of the table (Headcount by tenure or group uses the same columns).' }),
    chart: z.object({ type: z.enum(REPORT_CHART_TYPES), title: z.string() }),
    rowsAre: z.enum(['employee', 'employee-day', 'group', 'terminal']).meta({ description: 'What one row stands for.' }),
    defaultSort: z.object({ key: z.string(), order: SortOrder }),
    sortable: z.array(z.string()).meta({ description: 'Column keys `sort` accepts (empty: the rows keep their own order).' }),
    saved: SavedReportInfo.nullable().meta({ description: 'Set for a saved report: what it was saved from, with which parameter and filters.' }),
  })
  .meta({ id: 'ReportDefinition' });
export type ReportDefinition = z.infer<typeof ReportDefinition>;

export const ReportCatalogue = z.object({ items: z.array(ReportDefinition) }).meta({ id: 'ReportCatalogue' });
export type ReportCatalogue = z.infer<typeof ReportCatalogue>;

export const ReportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCell>;

export const ReportRow = z
  .record(z.string(), ReportCell)
  .meta({
    id: 'ReportRow',
    description:
      'One row: a cell per column key. Rows about one employee also carry `employeeId` (and per-day rows `date`) for links; they are not columns.',
  });
export type ReportRow = z.infer<typeof ReportRow>;

/** The query of a run: the integer parameter, the filters, the page and the order. */
export const ReportRunQuery = ReportFilters.extend({
  param: queryInt()
    .optional()
    .meta({ description: 'The report’s one integer parameter; its meaning is the catalogue’s `parameter` (e.g. `202611` for a month, `2026` for a year, `30` days). Default: the catalogue’s `default`.' }),
  page: queryInt({ min: 1, default: 1 }).meta({ description: '1-indexed page of rows.' }),
  pageSize: queryInt({ min: 1, max: PAGE_SIZE_MAX, default: 50 }).meta({ description: `Rows per page, 1..${PAGE_SIZE_MAX}.` }),
  sort: z.string().trim().max(40).optional().meta({ description: 'A column key to order by (default: the report’s `defaultSort`).' }),
  order: SortOrder.optional(),
});
export type ReportRunQuery = z.output<typeof ReportRunQuery>;

export const ReportExportQuery = ReportFilters.extend({
  param: ReportRunQuery.shape.param,
  sort: ReportRunQuery.shape.sort,
  order: ReportRunQuery.shape.order,
  format: ExportFormat.default('csv'),
});
export type ReportExportQuery = z.output<typeof ReportExportQuery>;

export const AppliedFilter = z.object({ key: ReportFilterKey, label: z.string(), value: z.string(), valueLabel: z.string() });
export type AppliedFilter = z.infer<typeof AppliedFilter>;

export const ReportResult = paginated(ReportRow)
  .extend({
    report: z.object({ id: Uuid, name: z.string(), category: ReportCategory, baseReportId: Uuid }),
    parameter: z.object({
      kind: ReportParameterKind,
      value: z.number().int(),
      label: z.string().meta({ description: 'The period in words: "November 2026", "FY 2026-27", "Last 30 days".' }),
      from: IsoDate,
      to: IsoDate.meta({ description: 'Last day covered (never after today).' }),
    }),
    filters: z.array(AppliedFilter).meta({ description: 'The filters applied, with their values in words (the export header shows the same).' }),
    scope: z.enum(['org', 'team']).meta({ description: '`team`: a manager’s reporting line only.' }),
    columns: z.array(ReportColumn),
    totals: ReportRow.nullable().meta({ description: 'Totals over every row (all pages), or null when totals would mean nothing.' }),
    chart: ReportChart.nullable(),
    notes: z.array(z.string()).meta({ description: 'Lines explaining the figures (definitions, caveats).' }),
    sort: z.object({ key: z.string(), order: SortOrder }),
    generatedAt: Instant,
    timeZone: z.string(),
  })
  .meta({ id: 'ReportResult' });
export type ReportResult = z.infer<typeof ReportResult>;

export const SAVED_REPORT_NAME_MAX = 80;

export const SavedReportCreate = z
  .object({
    name: freeText().min(1).max(SAVED_REPORT_NAME_MAX),
    reportId: UuidInput.meta({ description: 'A built-in report (or a saved one: its base is used).' }),
    param: z.number().int().min(-9_007_199_254_740_991).max(9_007_199_254_740_991).nullable().default(null),
    filters: ReportFilters.strict().default({}),
    shared: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'SavedReportCreate' });
export type SavedReportCreate = z.infer<typeof SavedReportCreate>;
export type SavedReportCreateInput = z.input<typeof SavedReportCreate>;
