import { addDays, dayInZone } from '../../../../shared/dates.ts';
import {
  type DocumentOverview,
  DocumentCategory,
  OVERVIEW_STATUSES,
  type OverviewQuery,
  type OverviewRow,
  OverviewStatus,
} from '../../../../shared/documents.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { visibleEmployeeIds } from '../employees/index.ts';
import { mayReadType } from './access.ts';
import { type OverviewFilter, type OverviewRowData, overviewRows } from './repo/overview.ts';

/**
 * The organisation view of HR: items missing, expiring soon, expired,
 * awaiting verification or rejected, across everyone in scope, with a count
 * per list. The items of a filter are computed in one SQL statement and kept
 * until a table they come from is written (the cache is fed by the
 * connection), so paging and switching lists do not recompute them.
 */

type Filter = Pick<OverviewQuery, 'departmentId' | 'locationId' | 'typeId' | 'employeeId' | 'withinDays'>;

const itemsCache = defineCache<OverviewRow[]>({
  name: 'documents.overview',
  reads: ['employee', 'department', 'location', 'document_type', 'document_checklist', 'employee_document', 'document_request'],
  maxEntries: 50,
});

function toRow(r: OverviewRowData): OverviewRow {
  return {
    key: `${r.employee_id}|${r.slot_key}`,
    employee: { id: r.employee_id, code: r.code, fullName: r.full_name },
    department: r.department,
    location: r.location,
    name: r.name,
    type:
      r.type_id && r.type_name && r.type_category
        ? { id: r.type_id, name: r.type_name, category: DocumentCategory.parse(r.type_category), sensitive: r.type_sensitive === 1 }
        : null,
    status: OverviewStatus.parse(r.state),
    required: r.required === 1,
    documentId: r.document_id,
    expiresOn: r.expires_on,
    uploadedAt: r.uploaded_at,
    note: r.state === 'Rejected' ? r.review_note : null,
    requestedAt: r.requested_at,
  };
}

/** Every item of the filter that needs attention, in every list. */
async function itemsOf(ctx: Ctx, filter: Filter): Promise<OverviewRow[]> {
  requirePermission(ctx, 'documents:manage', 'The documents overview is for HR (documents:manage).');
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const visible = await visibleEmployeeIds(ctx);
  const f: OverviewFilter = {
    visible,
    departmentId: filter.departmentId,
    locationId: filter.locationId,
    typeId: filter.typeId,
    employeeId: filter.employeeId,
    today,
    horizon: addDays(today, filter.withinDays),
  };
  const scopeKey = visible === 'all' ? 'all' : visible.join(',');
  const sensitive = ctx.caller.permissions.includes('employee:sensitive');
  const key = `${today}|${sensitive}|${scopeKey}|${JSON.stringify([filter.departmentId, filter.locationId, filter.typeId, filter.employeeId, filter.withinDays])}`;
  const rows = await itemsCache.get(ctx.db, key, async () => (await overviewRows(ctx.db, f)).map(toRow));
  return rows.filter((r) => mayReadType(ctx, r.employee.id, r.type ? { sensitive: r.type.sensitive ? 1 : 0 } : null));
}

/** A page of one list (spec §2.8 envelope) with the count of every list as `facets.status`. */
export async function documentOverview(ctx: Ctx, query: OverviewQuery): Promise<DocumentOverview> {
  const items = await itemsOf(ctx, query);
  const counts = new Map<string, number>();
  for (const r of items) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const list = items.filter((r) => r.status === query.status);
  const start = (query.page - 1) * query.pageSize;
  return {
    items: list.slice(start, start + query.pageSize),
    total: list.length,
    page: query.page,
    pageSize: query.pageSize,
    facets: { status: OVERVIEW_STATUSES.map((value) => ({ value, count: counts.get(value) ?? 0 })) },
  };
}

/** Every row of one list, for an export. */
export async function documentOverviewForExport(ctx: Ctx, query: Filter & { status: OverviewStatus }): Promise<OverviewRow[]> {
  return (await itemsOf(ctx, query)).filter((r) => r.status === query.status);
}
