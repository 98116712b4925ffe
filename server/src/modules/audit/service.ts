import type { AuditCategory, AuditEntry, AuditList, AuditListQuery, AuditRange, FieldChange } from '../../../../shared/audit.ts';
import { AuditCategory as AuditCategorySchema, AuditCredentialKind, AuditSource } from '../../../../shared/audit.ts';
import { dayInZone, financialYearStart, startOfDayInZone, startOfIsoWeek } from '../../../../shared/dates.ts';
import type { Ctx } from '../../context.ts';
import type { AuditLogTable } from '../../db/schema.ts';
import { newId } from '../../ids.ts';
import { getOrganisationRow } from '../org/index.ts';
import { countAuditRows, insertAuditRow, listAuditRows } from './repo.ts';

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
