import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../context.ts';

/**
 * The organisation view: every item of every employee's file that needs
 * attention, with its state worked out in SQL (one statement, indexes on the
 * version and request keys). An item is a slot (`type:<id>` or `text:<name>`)
 * that the employee's checklist requires, that holds a current document, or
 * that an open request asks for.
 */

export interface OverviewFilter {
  /** Ids the caller may see, or all. */
  visible: 'all' | readonly string[];
  departmentId?: string | undefined;
  locationId?: string | undefined;
  typeId?: string | undefined;
  employeeId?: string | undefined;
  today: string;
  /** Last day counted as "expiring soon". */
  horizon: string;
}

export interface OverviewRowData {
  employee_id: string;
  code: string;
  full_name: string;
  department: string | null;
  location: string | null;
  slot_key: string;
  type_id: string | null;
  type_name: string | null;
  type_category: string | null;
  type_sensitive: number | null;
  name: string;
  required: number;
  document_id: string | null;
  expires_on: string | null;
  uploaded_at: string | null;
  review_note: string | null;
  requested_at: string | null;
  state: string;
}

function employeeConditions(f: OverviewFilter): RawBuilder<unknown>[] {
  const and: RawBuilder<unknown>[] = [sql`e.status != 'Exited'`];
  if (f.visible !== 'all') and.push(f.visible.length ? sql`e.id in (${sql.join(f.visible)})` : sql`1 = 0`);
  if (f.departmentId) and.push(sql`e.department_id = ${f.departmentId}`);
  if (f.locationId) and.push(sql`e.location_id = ${f.locationId}`);
  if (f.employeeId) and.push(sql`e.id = ${f.employeeId}`);
  return and;
}

/** Every item of the filter that is not simply held and valid, ordered by employee name, then item name. */
export async function overviewRows(db: Db, f: OverviewFilter): Promise<OverviewRowData[]> {
  const typeCondition = f.typeId ? sql`and k.type_id = ${f.typeId}` : sql``;
  const query = sql<OverviewRowData>`
    with emp as (
      select e.id, e.code, e.full_name, e.employment_type, e.department_id, e.location_id
      from employee e
      where ${sql.join(employeeConditions(f), sql` and `)}
    ),
    required as (
      select emp.id as employee_id, 'type:' || t.id as slot_key, t.id as type_id
      from emp
      join document_checklist c on c.employment_type = emp.employment_type
      join document_type t on t.id = c.document_type_id and t.active = 1
    ),
    cur as (
      select d.employee_id, d.slot_key, d.id, d.document_type_id, d.title, d.status, d.expires_on, d.uploaded_at, d.review_note
      from employee_document d
      join emp on emp.id = d.employee_id
      where d.deleted_at is null
        and not exists (
          select 1 from employee_document n
          where n.employee_id = d.employee_id and n.slot_key = d.slot_key and n.version > d.version and n.deleted_at is null
        )
    ),
    req as (
      select r.employee_id, r.name_key as slot_key, r.document_type_id, r.name, r.requested_at
      from document_request r
      join emp on emp.id = r.employee_id
      where r.status = 'Open'
    ),
    keys as (
      select employee_id, slot_key, type_id from required
      union
      select employee_id, slot_key, document_type_id from cur
      union
      select employee_id, slot_key, document_type_id from req
    ),
    items as (
      select
        k.employee_id, k.slot_key, k.type_id,
        case when rq.slot_key is null then 0 else 1 end as required,
        c.id as document_id, c.title, c.status, c.expires_on, c.uploaded_at, c.review_note,
        q.name as request_name, q.requested_at,
        case
          when c.id is null then 'Missing'
          when c.status = 'Rejected' then 'Rejected'
          when c.expires_on is not null and c.expires_on < ${f.today} then 'Expired'
          when c.status = 'AwaitingVerification' then 'AwaitingVerification'
          when c.expires_on is not null and c.expires_on <= ${f.horizon} then 'ExpiringSoon'
          else 'Have'
        end as state
      from keys k
      left join required rq on rq.employee_id = k.employee_id and rq.slot_key = k.slot_key
      left join cur c on c.employee_id = k.employee_id and c.slot_key = k.slot_key
      left join req q on q.employee_id = k.employee_id and q.slot_key = k.slot_key
      where 1 = 1 ${typeCondition}
    )
    select
      i.employee_id, emp.code, emp.full_name,
      dep.name as department, loc.name as location,
      i.slot_key, i.type_id,
      t.name as type_name, t.category as type_category, t.sensitive as type_sensitive,
      coalesce(t.name, i.title, i.request_name, '') as name,
      i.required, i.document_id, i.expires_on, i.uploaded_at, i.review_note, i.requested_at, i.state
    from items i
    join emp on emp.id = i.employee_id
    left join department dep on dep.id = emp.department_id
    left join location loc on loc.id = emp.location_id
    left join document_type t on t.id = i.type_id
    where i.state != 'Have'
    order by emp.full_name, emp.id, coalesce(t.sort_order, 1000000), name
  `;
  return (await query.execute(db)).rows;
}
