import { z } from 'zod';
import { Ok, UuidInput } from '../../../../shared/common.ts';
import { BUILT_IN_REPORTS, ReportCatalogue, ReportDefinition, ReportExportQuery, ReportResult, ReportRunQuery, SavedReportCreate } from '../../../../shared/reports.ts';
import type { Caller, ModuleDeps } from '../../context.ts';
import { CONTENT_TYPES, sendTable } from '../../exports/table.ts';
import type { Api } from '../../http/api.ts';
import { readerLocale } from '../auth/index.ts';
import { exportReport } from './export.ts';
import { deleteReport, saveReport } from './saved.ts';
import { listReports, runReport } from './run.ts';

const EXPORT = { contentTypes: Object.values(CONTENT_TYPES), description: 'The file, as a download (`Content-Disposition: attachment`).' };
const IdParams = z.object({
  id: UuidInput.meta({ description: 'A report id: a built-in report’s fixed uuid (the same on every install) or a saved report’s.', example: BUILT_IN_REPORTS.attendanceSummary }),
});
const SCOPE =
  'Needs `report:read` (HR, Admin, managers). HR and Admin see the organisation; a manager sees their reporting line only — the scope is applied in SQL, so neither the rows, the totals nor the chart ever include anyone outside it. Organisation-wide reports (terminal health) also need `attendance:read` (403 otherwise).';
const WORDS =
  'The words the server writes into cells, the totals row and the chart (“Total (12 employees)”, a regularization’s kind, “Holiday: Diwali”, a terminal’s state, month and weekday names, the chart’s title and series, the notes) are in the reader’s language: a signed-in person’s own (else the organisation’s); API keys and other programs English unless `Accept-Language` names a language Muster ships. Names, codes, figures and column keys do not change with the language; sorting by a text column follows the words as written.';
const PARAM =
  'The one integer parameter `param` means what the catalogue’s `parameter.kind` says: `period` = a month `YYYYMM` or a year `YYYY`; `month` = `YYYYMM`; `year` = `YYYY`; `leaveYear` = the year a leave year starts in; `days` = the last N days (1..366). Left out: the catalogue’s default (this month, this year, 30 days). A bad value is a 400 naming `query.param`. Filters `departmentId`, `locationId`, `status` (current employee status) and `groupBy` (headcount only) apply where the report lists them; one it does not take, or an unknown department or location, is a 400 naming it. A saved report runs with its saved parameter and filters; the query’s override them.';

export function reportRoutes(api: Api, deps: ModuleDeps): void {
  const tags = ['Reports'];
  const ctx = (caller: Caller) => deps.ctxFor(caller);

  api.op(
    {
      method: 'get',
      path: '/api/reports',
      operationId: 'listReports',
      summary: 'The report catalogue',
      description: `Built-in reports (fixed ids) by category — Attendance, Leave, People, Devices — with the meaning and default of their integer parameter, their filters, columns with types, chart and what a row stands for; then the caller’s saved reports and those shared with HR. ${SCOPE}`,
      tags,
      auth: 'session',
      permission: 'report:read',
      response: ReportCatalogue,
    },
    async ({ caller }) => listReports(await ctx(caller)),
  );

  api.op(
    {
      method: 'post',
      path: '/api/reports',
      operationId: 'saveReport',
      summary: 'Save a report with its parameter and filters under a name',
      description:
        'Saves a built-in report (or a copy of a saved one) with `param` (null: the default at each run, e.g. this month) and `filters`, checked as a run would check them (400 naming `body.param`, `body.filters.*`). The saved report gets its own uuid in the catalogue, visible to its owner — and with `shared: true` to everyone who sees the organisation (HR, Admin). Running it applies the runner’s own scope.',
      tags,
      auth: 'session',
      permission: 'report:read',
      body: SavedReportCreate,
      response: ReportDefinition,
      errors: [403, 404],
    },
    async ({ body, caller }) => saveReport(await ctx(caller), body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/reports/{id}/export',
      operationId: 'exportReport',
      summary: 'Export a report (CSV, XLSX, PDF)',
      description: `Spec §4.7: \`id\` a uuid, one integer (\`param\`) and \`format\` (\`csv\` default, \`xlsx\`, \`pdf\`). Exactly what \`GET /api/reports/{id}\` shows for the same query, every page: the columns, rows in the same order, the totals row and the chart. Every format starts with header lines naming the period, the filters, the scope and when it was made; times are local to the organisation’s zone, which the header names. XLSX: typed cells (numbers, dates, percentages), the column header frozen and filterable, a bold totals row, the chart’s figures on a sheet of their own. PDF: the chart drawn as vectors above the table. The title, column headers, header lines and the report’s words are in the downloader’s language, chosen as for the run. ${PARAM} ${SCOPE}`,
      tags,
      auth: 'session',
      permission: 'report:read',
      params: IdParams,
      query: ReportExportQuery,
      response: EXPORT,
      errors: [403, 404],
    },
    async ({ params, query, caller, req, res }) =>
      sendTable(res, await exportReport(await ctx(caller), params.id, query, await readerLocale(deps.db, caller, req.get('accept-language'))), query.format, deps.clock.now()),
  );

  api.op(
    {
      method: 'get',
      path: '/api/reports/{id}',
      operationId: 'runReport',
      summary: 'Run a report',
      description: `The report as JSON: columns with types, one page of rows (\`page\`, \`pageSize\` ≤ 100; \`sort\` by a column key, \`order\`), the totals over every row, a chart series, notes, and the period and filters applied in words. ${WORDS} ${PARAM} ${SCOPE}`,
      tags,
      auth: 'session',
      permission: 'report:read',
      params: IdParams,
      query: ReportRunQuery,
      response: ReportResult,
      errors: [403, 404],
    },
    async ({ params, query, caller, req }) => runReport(await ctx(caller), params.id, query, await readerLocale(deps.db, caller, req.get('accept-language'))),
  );

  api.op(
    {
      method: 'delete',
      path: '/api/reports/{id}',
      operationId: 'deleteReport',
      summary: 'Delete one of my saved reports',
      description: 'Only its owner deletes a saved report (403 for a shared one saved by someone else, and for a built-in report); 404 when the caller cannot see it.',
      tags,
      auth: 'session',
      permission: 'report:read',
      params: IdParams,
      response: Ok,
      errors: [403, 404],
    },
    async ({ params, caller }) => deleteReport(await ctx(caller), params.id),
  );
}
