import type { AuditCategory, AuditEntry, AuditList, AuditListQuery, AuditRange, FieldChange, OrgAuditEntry, OrgAuditList, OrgAuditQuery } from '../../../../shared/audit.ts';
import { AuditCategory as AuditCategorySchema, AuditCredentialKind, AuditSource } from '../../../../shared/audit.ts';
import { addDays, dayInZone, financialYearStart, startOfDayInZone, startOfIsoWeek } from '../../../../shared/dates.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import { badRequest, forbidden } from '../../http/problem.ts';
import type { AuditLogTable } from '../../db/schema.ts';
import { newId } from '../../ids.ts';
import { getOrganisationRow } from '../org/index.ts';
import {
  type OrgAuditFilter,
  auditRowsNamingFields,
  countAuditRows,
  countOrgAuditRows,
  insertAuditRow,
  listAuditRows,
  listOrgAuditRows,
  updateAuditChanges,
} from './repo.ts';

export interface AuditInput {
  employeeId: string;
  category: AuditCategory;
  action: string;
  summary: string;
  changes?: FieldChange[];
}

/** Writes one audit row as the context's caller. Call it inside the change's transaction. */
export async function recordAudit(ctx: Ctx, input: AuditInput): Promise<void> {
  await insertAuditRow(ctx.db, {
    id: newId(),
    employee_id: input.employeeId,
    category: input.category,
    action: input.action,
    summary: input.summary,
    actor_user_id: ctx.caller.userId,
    actor_employee_id: ctx.caller.employeeId,
    actor_name: ctx.caller.name,
    source: ctx.caller.source,
    changes: JSON.stringify(input.changes ?? []),
    at: ctx.clock.now().toISOString(),
    credential_kind: ctx.caller.credential?.kind ?? null,
    credential_id: ctx.caller.credential?.id ?? null,
    credential_name: ctx.caller.credential?.name ?? null,
  });
}

/** The fields whose values differ, with before and after. */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[] = Object.keys(after),
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const a = before[field] ?? null;
    const b = after[field] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes.push({ field, before: a, after: b });
  }
  return changes;
}

/** The first instant of a range in the organisation's calendar, or undefined for `all`. */
export function rangeStart(range: AuditRange, now: Date, timeZone: string, fyStartMonth: number): string | undefined {
  const today = dayInZone(now, timeZone);
  const day = (() => {
    switch (range) {
      case 'today':
        return today;
      case 'week':
        return startOfIsoWeek(today);
      case 'month':
        return `${today.slice(0, 7)}-01`;
      case 'fy':
        return financialYearStart(today, fyStartMonth);
      case 'all':
        return undefined;
    }
  })();
  return day === undefined ? undefined : startOfDayInZone(day, timeZone).toISOString();
}

export function toAuditEntry(row: AuditLogTable): AuditEntry {
  return {
    id: row.id,
    employeeId: row.employee_id,
    category: AuditCategorySchema.parse(row.category),
    action: row.action,
    summary: row.summary,
    actorName: row.actor_name,
    actorEmployeeId: row.actor_employee_id,
    source: AuditSource.parse(row.source),
    changes: JSON.parse(row.changes) as FieldChange[],
    at: row.at,
    credential:
      row.credential_kind && row.credential_id
        ? { kind: AuditCredentialKind.parse(row.credential_kind), id: row.credential_id, name: row.credential_name ?? '' }
        : null,
  };
}

/** Self, or `audit:read` within scope; anyone else gets 404 (outside scope) or 403. */
async function auditFilter(ctx: Ctx, employeeId: string, category: AuditCategory | undefined, range: AuditRange) {
  const org = await getOrganisationRow(ctx.db);
  const since = rangeStart(range, ctx.clock.now(), org.time_zone, org.fy_start_month);
  return { employeeId, category, since };
}

/**
 * A page of one employee's audit trail. Whether the caller may read it is the
 * caller's to check (the directory's `employeeAudit` does).
 */
export async function listAudit(ctx: Ctx, employeeId: string, query: AuditListQuery): Promise<AuditList> {
  const filter = await auditFilter(ctx, employeeId, query.category, query.range);
  const [total, rows] = await Promise.all([
    countAuditRows(ctx.db, filter),
    listAuditRows(ctx.db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
  ]);
  return { items: rows.map(toAuditEntry), total, page: query.page, pageSize: query.pageSize };
}

/** Every entry of the filter, newest first, for an export (the caller checks who may read it). */
export async function allAudit(
  ctx: Ctx,
  employeeId: string,
  category: AuditCategory | undefined,
  range: AuditRange,
): Promise<AuditEntry[]> {
  const filter = await auditFilter(ctx, employeeId, category, range);
  return (await listAuditRows(ctx.db, filter)).map(toAuditEntry);
}

/**
 * Rewrites the before/after values of some fields in every audit row with
 * `mask` (values that must not stay readable, such as government ids written
 * before they were sealed). The entries themselves stay.
 */
export async function maskAuditValues(ctx: Ctx, fields: readonly string[], mask: (value: unknown) => unknown): Promise<number> {
  let changed = 0;
  for (const row of await auditRowsNamingFields(ctx.db, fields)) {
    const changes = JSON.parse(row.changes) as FieldChange[];
    const masked = changes.map((c) => (fields.includes(c.field) ? { ...c, before: mask(c.before), after: mask(c.after) } : c));
    await updateAuditChanges(ctx.db, row.id, JSON.stringify(masked));
    changed++;
  }
  return changed;
}

/** The organisation-wide filter of a query: days (organisation time zone, both included) become instants. */
function orgFilter(ctx: Ctx, q: Omit<OrgAuditQuery, 'page' | 'pageSize'>): OrgAuditFilter {
  requirePermission(ctx, 'audit:read', 'The audit area needs the permission audit:read (HR, Admin).');
  if (ctx.caller.scope !== 'org') throw forbidden('The organisation-wide audit trail is for HR and Admin.');
  if (q.from && q.to && q.from > q.to) throw badRequest('The first day is after the last.', [{ path: 'query.from', message: 'must not be after `to`' }]);
  return {
    category: q.category,
    source: q.source,
    employeeId: q.employeeId,
    actorEmployeeId: q.actorEmployeeId,
    from: q.from ? startOfDayInZone(q.from, ctx.timeZone).toISOString() : undefined,
    until: q.to ? startOfDayInZone(addDays(q.to, 1), ctx.timeZone).toISOString() : undefined,
  };
}

function toOrgEntry(row: Awaited<ReturnType<typeof listOrgAuditRows>>[number]): OrgAuditEntry {
  return { ...toAuditEntry(row), employeeName: row.employee_name, employeeCode: row.employee_code };
}

/** A page of every audit entry across the organisation (spec §2.8 envelope), newest first, paged in SQL. HR and Admin only. */
export async function listOrgAudit(ctx: Ctx, query: OrgAuditQuery): Promise<OrgAuditList> {
  const filter = orgFilter(ctx, query);
  const [total, rows] = await Promise.all([
    countOrgAuditRows(ctx.db, filter),
    listOrgAuditRows(ctx.db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
  ]);
  return { items: rows.map(toOrgEntry), total, page: query.page, pageSize: query.pageSize };
}

/** Every entry of the filter, newest first, for an export. */
export async function allOrgAudit(ctx: Ctx, query: Omit<OrgAuditQuery, 'page' | 'pageSize'>): Promise<OrgAuditEntry[]> {
  return (await listOrgAuditRows(ctx.db, orgFilter(ctx, query))).map(toOrgEntry);
}
