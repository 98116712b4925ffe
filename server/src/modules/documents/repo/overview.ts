import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../context.ts';
import type { DB } from '../../../db/schema.ts';

/**
 * What the organisation view is computed from, in four plain indexed reads
 * (the people of the filter, the checklists, their current documents, their
 * open requests); the states are worked out by the pure checklist engine.
 */

export interface OverviewFilter {
  /** Ids the caller may see, or all. */
  visible: 'all' | readonly string[];
  departmentId?: string | undefined;
  locationId?: string | undefined;
  employeeId?: string | undefined;
}

function people(eb: ExpressionBuilder<DB, 'employee'>, f: OverviewFilter): Expression<SqlBool> {
  const and: Expression<SqlBool>[] = [eb('employee.status', '!=', 'Exited')];
  if (f.visible !== 'all') and.push(f.visible.length ? eb('employee.id', 'in', f.visible) : eb.val(false));
  if (f.departmentId) and.push(eb('employee.department_id', '=', f.departmentId));
  if (f.locationId) and.push(eb('employee.location_id', '=', f.locationId));
  if (f.employeeId) and.push(eb('employee.id', '=', f.employeeId));
  return eb.and(and);
}

/** The people of the filter (not exited), by name, with their department and location names. */
export async function overviewPeople(db: Db, f: OverviewFilter) {
  return db
    .selectFrom('employee')
    .leftJoin('department', 'department.id', 'employee.department_id')
    .leftJoin('location', 'location.id', 'employee.location_id')
    .select(['employee.id', 'employee.code', 'employee.full_name', 'employee.employment_type', 'department.name as department', 'location.name as location'])
    .where((eb) => people(eb, f))
    .orderBy('employee.full_name')
    .orderBy('employee.id')
    .execute();
}

/**
 * The documents of the filter's people that are not deleted: every version,
 * the caller keeps the newest per slot. Only what decides an item's state is
 * read here (thousands of rows); `documentDetails` adds the rest for the few
 * that end up listed.
 */
export async function overviewDocuments(db: Db, f: OverviewFilter) {
  return db
    .selectFrom('employee_document as d')
    .innerJoin('employee', 'employee.id', 'd.employee_id')
    .select(['d.id', 'd.employee_id', 'd.slot_key', 'd.version', 'd.status', 'd.expires_on'])
    .where('d.deleted_at', 'is', null)
    .where((eb) => people(eb, f))
    .execute();
}

/** Title, upload time and review note of some documents. */
export async function documentDetails(db: Db, ids: readonly string[]) {
  const out: { id: string; title: string; uploaded_at: string; review_note: string | null }[] = [];
  // In slices: a statement takes a bounded number of parameters.
  for (let i = 0; i < ids.length; i += 500) {
    out.push(...(await db.selectFrom('employee_document').select(['id', 'title', 'uploaded_at', 'review_note']).where('id', 'in', ids.slice(i, i + 500)).execute()));
  }
  return out;
}

/** The open requests of the filter's people. */
export async function overviewRequests(db: Db, f: OverviewFilter) {
  return db
    .selectFrom('document_request as r')
    .innerJoin('employee', 'employee.id', 'r.employee_id')
    .select(['r.employee_id', 'r.name_key', 'r.name', 'r.document_type_id', 'r.requested_at'])
    .where('r.status', '=', 'Open')
    .where((eb) => people(eb, f))
    .execute();
}
