import { AUDIT_SOURCE_LABELS, type AuditEntry, OrgAuditExportQuery, OrgAuditList, OrgAuditQuery } from '../../../../shared/audit.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import type { ModuleDeps } from '../../context.ts';
import { CONTENT_TYPES, type TableModel, sendTable } from '../../exports/table.ts';
import type { Api } from '../../http/api.ts';
import { allOrgAudit, listOrgAudit } from './service.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** `19 Dec 26, 14:05` in a time zone. */
function localTime(instant: string, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, f);
  }
  return f.format(new Date(instant));
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  return JSON.stringify(value);
}

/** `status: AwaitingVerification to Rejected; …` (words the PDF's standard fonts can draw). */
function changesText(e: AuditEntry): string {
  return e.changes.map((c) => `${c.field}: ${valueText(c.before)} to ${valueText(c.after)}`).join('; ');
}

/** Audit entries as a table (CSV, XLSX, PDF), times local to the organisation with the zone named in the header. */
export function auditTable<E extends AuditEntry & { employeeName?: string; employeeCode?: string }>(
  model: { title: string; subtitle: string; filename: string },
  entries: readonly E[],
  timeZone: string,
  withEmployee: boolean,
): TableModel<E> {
  return {
    ...model,
    subtitle: `${model.subtitle} · times in ${timeZone}`,
    landscape: true,
    rows: entries,
    columns: [
      { header: `When (${timeZone})`, width: 18, value: (e) => localTime(e.at, timeZone) },
      ...(withEmployee ? [{ header: 'Employee', width: 24, value: (e: E) => (e.employeeName ? `${e.employeeName} (${e.employeeCode ?? ''})` : null) }] : []),
      { header: 'Category', width: 11, value: (e) => e.category },
      { header: 'Summary', width: 40, value: (e) => e.summary },
      { header: 'By', width: 16, value: (e) => (e.credential ? `${e.actorName} via ${e.credential.name}` : e.actorName) },
      { header: 'Source', width: 14, value: (e) => AUDIT_SOURCE_LABELS[e.source] },
      { header: 'Changes (before to after)', width: 40, value: changesText },
    ],
  };
}

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
        query.category ? `category ${query.category}` : 'all categories',
        query.source ? `source ${AUDIT_SOURCE_LABELS[query.source]}` : null,
        query.employeeId ? 'one employee' : null,
        query.actorEmployeeId ? 'one actor' : null,
        query.from || query.to ? `${query.from ?? 'start'} to ${query.to ?? today}` : 'all time',
      ]
        .filter(Boolean)
        .join(' · ');
      await sendTable(
        res,
        auditTable({ title: 'Audit trail: organisation', subtitle: filter, filename: `audit-organisation-${today}` }, entries, ctx.timeZone, true),
        query.format,
        deps.clock.now(),
      );
    },
  );
}
