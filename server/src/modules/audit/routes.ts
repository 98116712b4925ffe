import { OrgAuditExportQuery, OrgAuditList, OrgAuditQuery } from '../../../../shared/audit.ts';
import { AUDIT_CATEGORY_LABELS, AUDIT_SOURCE_LABELS, formatDate } from '../../../../shared/labels.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import type { ModuleDeps } from '../../context.ts';
import { CONTENT_TYPES, sendTable } from '../../exports/table.ts';
import type { Api } from '../../http/api.ts';
import { auditTable } from './exports.ts';
import { allOrgAudit, listOrgAudit } from './service.ts';

export function auditRoutes(api: Api, deps: ModuleDeps): void {
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
      tags: ['Audit'],
      auth: 'session',
      permission: 'audit:read',
      query: OrgAuditExportQuery,
      response: { contentTypes: Object.values(CONTENT_TYPES), description: 'The file, as a download.' },
      errors: [403],
    },
    async ({ query, caller, res }) => {
      const ctx = await deps.ctxFor(caller);
      const entries = await allOrgAudit(ctx, query);
      const today = dayInZone(deps.clock.now(), ctx.timeZone);
      const filter = [
        query.category ? `Category: ${AUDIT_CATEGORY_LABELS[query.category]}` : 'All categories',
        query.source ? `through ${AUDIT_SOURCE_LABELS[query.source]}` : null,
        query.employeeId ? 'one employee' : null,
        query.actorEmployeeId ? 'one actor' : null,
        query.from || query.to ? `${query.from ? formatDate(query.from) : 'the start'} to ${formatDate(query.to ?? today)}` : 'all time',
      ]
        .filter(Boolean)
        .join(' · ');
      await sendTable(
        res,
        auditTable({ title: 'Audit trail: organisation', subtitle: filter, filename: `audit-organisation-${today}` }, entries, ctx.timeZone, true, deps.clock.now()),
        query.format,
        deps.clock.now(),
      );
    },
  );
}
