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
