import { Dashboard, DashboardExportQuery } from '../../../../shared/dashboard.ts';
import type { Caller, ModuleDeps } from '../../context.ts';
import { CONTENT_TYPES, sendTable } from '../../exports/table.ts';
import type { Api } from '../../http/api.ts';
import { readerLocale } from '../auth/index.ts';
import { exportDashboard } from './export.ts';
import { getDashboard } from './read.ts';

const EXPORT = { contentTypes: Object.values(CONTENT_TYPES), description: 'The file, as a download (`Content-Disposition: attachment`).' };
const ROLES =
  'Role-aware: HR and Admin see the organisation, a manager their reporting line, an employee only their own month (`me`); sections a caller has no business with are null. Recomputed at most once a minute unless something it reads changes.';

export function dashboardRoutes(api: Api, deps: ModuleDeps): void {
  const tags = ['Dashboard'];
  const ctx = (caller: Caller) => deps.ctxFor(caller);

  api.op(
    {
      method: 'get',
      path: '/api/dashboard',
      operationId: 'getDashboard',
      summary: 'The home page’s figures',
      description: `Today (present, late, absent so far, not yet in, on leave, off — by the live board’s rules), approvals waiting for the caller, the terminals and whether today’s days can become final, the 30-day trend of attendance and late arrivals, who is away over the next 14 days and the busiest day, birthdays and work anniversaries this week, headcount with this month’s joiners and leavers, and the caller’s own month. ${ROLES}`,
      tags,
      auth: 'session',
      permission: 'self:read',
      response: Dashboard,
    },
    async ({ caller }) => getDashboard(await ctx(caller)),
  );

  api.op(
    {
      method: 'get',
      path: '/api/dashboard/export',
      operationId: 'exportDashboard',
      summary: 'Export the dashboard (CSV, XLSX, PDF)',
      description: `Spec §4.7: the same numbers as \`GET /api/dashboard\`, one line per figure (section, measure, value, detail). \`format\`: \`pdf\` (default; a one-page A4 summary with the trend and leave-load charts drawn as vectors), \`xlsx\` (typed cells, the charts’ figures on sheets of their own) or \`csv\`. Written in the downloader’s language (their own choice, else the organisation’s): sections, measures, details, chart titles and dates, figures in the details with Indian grouping; names as stored, and English readers get the English they always got. ${ROLES}`,
      tags,
      auth: 'session',
      permission: 'self:read',
      query: DashboardExportQuery,
      response: EXPORT,
    },
    async ({ query, caller, req, res }) =>
      sendTable(res, await exportDashboard(await ctx(caller), await readerLocale(deps.db, caller, req.get('accept-language'))), query.format, deps.clock.now()),
  );
}
