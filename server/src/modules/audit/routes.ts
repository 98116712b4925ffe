import { OrgAuditExportQuery, OrgAuditList, OrgAuditQuery } from '../../../../shared/audit.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import { type Locale, translatorFor } from '../../../../shared/i18n/index.ts';
import type { Caller, ModuleDeps } from '../../context.ts';
import { CONTENT_TYPES, sendTable } from '../../exports/table.ts';
import type { Api } from '../../http/api.ts';
import { auditTable, orgAuditFilterLine } from './exports.ts';
import { allOrgAudit, listOrgAudit } from './service.ts';

/**
 * The language a caller reads a download in (auth's `readerLocale`). Audit sits below auth (auth records
 * audit entries), so it cannot import it: the edge that wires the routes hands it in.
 */
export type ReaderLocaleOf = (caller: Caller, acceptLanguage: string | undefined) => Promise<Locale>;

export function auditRoutes(api: Api, deps: ModuleDeps, readerLocale: ReaderLocaleOf): void {
  api.op(
    {
      method: 'get',
      path: '/api/audit',
      operationId: 'listOrganisationAudit',
      summary: 'Every audit entry across the organisation (paginated, newest first)',
      description:
        'The platform paginated envelope (spec §2.8). Filters: `category` (spec §2.7 set), `source`, `employeeId` (whom the entry is about), `actorEmployeeId` (who made it), `from`/`to` (days in the organisation’s time zone, both included). HR and Admin only.',
      tags: ['Audit'],
      auth: 'session',
      permission: 'audit:read',
      query: OrgAuditQuery,
      response: OrgAuditList,
      errors: [403],
    },
    async ({ query, caller }) => listOrgAudit(await deps.ctxFor(caller), query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/audit/export',
      operationId: 'exportOrganisationAudit',
      summary: 'Export the filtered organisation-wide audit trail as CSV, XLSX or PDF',
      description:
        'The same filters as `GET /api/audit`. Written in the downloader’s language (their own choice, else the organisation’s): the title, the filter line, column headers, categories, channels and the local times (the zone’s name in the header); what happened and the changes stay as recorded, and English readers get the English they always got.',
      tags: ['Audit'],
      auth: 'session',
      permission: 'audit:read',
      query: OrgAuditExportQuery,
      response: { contentTypes: Object.values(CONTENT_TYPES), description: 'The file, as a download.' },
      errors: [403],
    },
    async ({ query, caller, req, res }) => {
      const ctx = await deps.ctxFor(caller);
      const [entries, locale] = await Promise.all([allOrgAudit(ctx, query), readerLocale(caller, req.get('accept-language'))]);
      const now = deps.clock.now();
      const today = dayInZone(now, ctx.timeZone);
      const model = {
        title: translatorFor(locale)('hr:auditExport.title'),
        subtitle: orgAuditFilterLine(query, today, locale),
        filename: `audit-organisation-${today}`,
      };
      await sendTable(res, auditTable(model, entries, ctx.timeZone, true, now, locale), query.format, now);
    },
  );
}
