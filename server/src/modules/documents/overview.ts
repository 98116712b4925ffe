import { addDays, dayInZone } from '../../../../shared/dates.ts';
import { type DocumentOverview, OVERVIEW_STATUSES, type OverviewQuery, type OverviewRow, type OverviewStatus } from '../../../../shared/documents.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { visibleEmployeeIds } from '../employees/index.ts';
import { mayReadType } from './access.ts';
import { isLeaveSlot, stateOf, typeSlot } from './checklist.ts';
import { toTypeRef } from './present.ts';
import type { DocRow } from './repo/files.ts';
import { type OverviewFilter, documentDetails, overviewDocuments, overviewPeople, overviewRequests } from './repo/overview.ts';
import * as types from './repo/types.ts';

/**
 * The organisation view of HR: items missing, expiring soon, expired,
 * awaiting verification or rejected, across everyone in scope, with a count
 * per list. An item is a slot (a type, or a free-text name) that a person's
 * checklist requires, that holds a current document, or that an open request
 * asks for; its state comes from the same engine as a profile's checklist.
 * The items of a filter are kept until a table they come from is written (the
 * cache is fed by the connection), so paging and switching lists do not
 * recompute them.
 */

type Filter = Pick<OverviewQuery, 'departmentId' | 'locationId' | 'typeId' | 'employeeId' | 'withinDays'>;

const itemsCache = defineCache<OverviewRow[]>({
  name: 'documents.overview',
  reads: ['employee', 'department', 'location', 'document_type', 'document_checklist', 'employee_document', 'document_request'],
  maxEntries: 50,
});

/** Every item needing attention, ordered by person, then catalogue order, then name. */
async function computeItems(ctx: Ctx, f: OverviewFilter, typeId: string | undefined, today: string, horizon: string): Promise<OverviewRow[]> {
  const [people, docs, reqs, allTypes, checklists] = await Promise.all([
    overviewPeople(ctx.db, f),
    overviewDocuments(ctx.db, f),
    overviewRequests(ctx.db, f),
    types.listTypeRows(ctx.db),
    types.listChecklistRows(ctx.db),
  ]);
  const typeMap = new Map(allTypes.map((t) => [t.id, t]));
  const required = new Map<string, string[]>();
  for (const c of checklists) {
    if (typeMap.get(c.document_type_id)?.active !== 1) continue;
    required.set(c.employment_type, [...(required.get(c.employment_type) ?? []), typeSlot(c.document_type_id)]);
  }
  const current = new Map<string, Map<string, (typeof docs)[number]>>();
  for (const d of docs) {
    // Files supporting leave requests are looked at with their request, not in the employee's file.
    if (isLeaveSlot(d.slot_key)) continue;
    const slots = current.get(d.employee_id) ?? new Map<string, (typeof docs)[number]>();
    const held = slots.get(d.slot_key);
    if (!held || held.version < d.version) slots.set(d.slot_key, d);
    current.set(d.employee_id, slots);
  }
  const requested = new Map<string, Map<string, (typeof reqs)[number]>>();
  for (const r of reqs) {
    const slots = requested.get(r.employee_id) ?? new Map<string, (typeof reqs)[number]>();
    slots.set(r.name_key, r);
    requested.set(r.employee_id, slots);
  }
  const order = (slot: string) => typeMap.get(slot.slice(5))?.sort_order ?? Number.MAX_SAFE_INTEGER;
  const out: OverviewRow[] = [];
  for (const p of people) {
    const requiredSlots = required.get(p.employment_type) ?? [];
    const held = current.get(p.id);
    const asked = requested.get(p.id);
    const slots = new Set([...requiredSlots, ...(held?.keys() ?? []), ...(asked?.keys() ?? [])]);
    const items: OverviewRow[] = [];
    for (const slot of slots) {
      const type = slot.startsWith('type:') ? typeMap.get(slot.slice(5)) : undefined;
      if (typeId && type?.id !== typeId) continue;
      const doc = held?.get(slot);
      const request = asked?.get(slot);
      let state: string = stateOf((doc as unknown as DocRow | undefined) ?? null, today);
      if (state === 'Have' && doc?.expires_on && doc.expires_on <= horizon) state = 'ExpiringSoon';
      if (state === 'Have') continue;
      items.push({
        key: `${p.id}|${slot}`,
        employee: { id: p.id, code: p.code, fullName: p.full_name },
        department: p.department,
        location: p.location,
        name: type?.name ?? request?.name ?? slot.replace(/^text:/, ''),
        type: type ? toTypeRef(type) : null,
        status: state as OverviewStatus,
        required: requiredSlots.includes(slot),
        documentId: doc?.id ?? null,
        expiresOn: doc?.expires_on ?? null,
        uploadedAt: null,
        note: null,
        requestedAt: request?.requested_at ?? null,
      });
    }
    items.sort((a, b) => order(a.key.split('|')[1] ?? '') - order(b.key.split('|')[1] ?? '') || a.name.localeCompare(b.name));
    out.push(...items);
  }
  // The few listed documents get their title, upload time and rejection note.
  const details = new Map((await documentDetails(ctx.db, out.flatMap((r) => (r.documentId ? [r.documentId] : [])))).map((d) => [d.id, d]));
  for (const r of out) {
    const d = r.documentId ? details.get(r.documentId) : undefined;
    if (!d) continue;
    if (!r.type) r.name = d.title;
    r.uploadedAt = d.uploaded_at;
    if (r.status === 'Rejected') r.note = d.review_note;
  }
  return out;
}

/** Every item of the filter that needs attention, in every list. */
async function itemsOf(ctx: Ctx, filter: Filter): Promise<OverviewRow[]> {
  requirePermission(ctx, 'documents:manage', 'The documents overview is for HR (documents:manage).');
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const visible = await visibleEmployeeIds(ctx);
  const f: OverviewFilter = { visible, departmentId: filter.departmentId, locationId: filter.locationId, employeeId: filter.employeeId };
  const scopeKey = visible === 'all' ? 'all' : visible.join(',');
  const key = `${today}|${scopeKey}|${JSON.stringify([filter.departmentId, filter.locationId, filter.typeId, filter.employeeId, filter.withinDays])}`;
  const rows = await itemsCache.get(ctx.db, key, () => computeItems(ctx, f, filter.typeId, today, addDays(today, filter.withinDays)));
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
