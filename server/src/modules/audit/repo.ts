import type { Db } from '../../context.ts';
import type { AuditLogTable } from '../../db/schema.ts';

export async function insertAuditRow(db: Db, row: AuditLogTable): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  employeeId: string;
  category?: string | undefined;
  since?: string | undefined;
}

function filtered(db: Db, f: AuditFilter) {
  let q = db.selectFrom('audit_log').where('employee_id', '=', f.employeeId);
  if (f.category) q = q.where('category', '=', f.category);
  if (f.since) q = q.where('at', '>=', f.since);
  return q;
}

export async function countAuditRows(db: Db, f: AuditFilter): Promise<number> {
  const row = await filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first; without a page, every row of the filter. */
export async function listAuditRows(
  db: Db,
  f: AuditFilter,
  page?: { limit: number; offset: number },
): Promise<AuditLogTable[]> {
  let q = filtered(db, f)
    .select([
      'id',
      'employee_id',
      'category',
      'action',
      'summary',
      'actor_user_id',
      'actor_employee_id',
      'actor_name',
      'source',
      'changes',
      'at',
      'credential_kind',
      'credential_id',
      'credential_name',
    ])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q.execute();
}

/** Audit rows whose changes name one of these fields (for masking values after the fact). */
export async function auditRowsNamingFields(db: Db, fields: readonly string[]) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'changes'])
    .where((eb) => eb.or(fields.map((f) => eb('changes', 'like', `%"field":"${f}"%`))))
    .execute();
}

export async function updateAuditChanges(db: Db, id: string, changes: string): Promise<void> {
  await db.updateTable('audit_log').set({ changes }).where('id', '=', id).execute();
}

export interface OrgAuditFilter {
  category?: string | undefined;
  source?: string | undefined;
  employeeId?: string | undefined;
  actorEmployeeId?: string | undefined;
  /** Instants, `from` included, `until` excluded. */
  from?: string | undefined;
  until?: string | undefined;
}

function orgFiltered(db: Db, f: OrgAuditFilter) {
  let q = db.selectFrom('audit_log');
  if (f.category) q = q.where('audit_log.category', '=', f.category);
  if (f.source) q = q.where('audit_log.source', '=', f.source);
  if (f.employeeId) q = q.where('audit_log.employee_id', '=', f.employeeId);
  if (f.actorEmployeeId) q = q.where('audit_log.actor_employee_id', '=', f.actorEmployeeId);
  if (f.from) q = q.where('audit_log.at', '>=', f.from);
  if (f.until) q = q.where('audit_log.at', '<', f.until);
  return q;
}

export async function countOrgAuditRows(db: Db, f: OrgAuditFilter): Promise<number> {
  const row = await orgFiltered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first, with the name and code of the employee each entry is about; without a page, every row of the filter. */
export async function listOrgAuditRows(db: Db, f: OrgAuditFilter, page?: { limit: number; offset: number }) {
  let q = orgFiltered(db, f)
    .innerJoin('employee', 'employee.id', 'audit_log.employee_id')
    .select([
      'audit_log.id',
      'audit_log.employee_id',
      'audit_log.category',
      'audit_log.action',
      'audit_log.summary',
      'audit_log.actor_user_id',
      'audit_log.actor_employee_id',
      'audit_log.actor_name',
      'audit_log.source',
      'audit_log.changes',
      'audit_log.at',
      'audit_log.credential_kind',
      'audit_log.credential_id',
      'audit_log.credential_name',
      'employee.full_name as employee_name',
      'employee.code as employee_code',
    ])
    .orderBy('audit_log.at', 'desc')
    .orderBy('audit_log.id', 'desc');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q.execute();
}
