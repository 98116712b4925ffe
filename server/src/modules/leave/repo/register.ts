import type { Db } from '../../../context.ts';

/** What the statutory leave registers read: types, ledger entries, requests and their days. */

export async function registerLeaveTypes(db: Db) {
  return db.selectFrom('leave_type').select(['id', 'code', 'name', 'paid', 'sort_order']).orderBy('sort_order').orderBy('code').execute();
}

/** Balance per (employee, type) from every entry effective before a day. */
export async function balancesBefore(db: Db, employeeIds: readonly string[], day: string) {
  if (employeeIds.length === 0) return [];
  const rows = await db
    .selectFrom('leave_ledger')
    .select(['employee_id', 'leave_type_id', (eb) => eb.fn.sum<number>('days').as('total')])
    .where('employee_id', 'in', [...employeeIds])
    .where('effective_date', '<', day)
    .groupBy(['employee_id', 'leave_type_id'])
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total ?? 0) }));
}

export async function entriesIn(db: Db, employeeIds: readonly string[], from: string, to: string) {
  if (employeeIds.length === 0) return [];
  return db
    .selectFrom('leave_ledger')
    .select(['employee_id', 'leave_type_id', 'kind', 'days', 'effective_date', 'request_id'])
    .where('employee_id', 'in', [...employeeIds])
    .where('effective_date', '>=', from)
    .where('effective_date', '<=', to)
    .orderBy('effective_date')
    .execute();
}

/** Decided requests (approved, rejected, cancelled) that touch from..to. */
export async function requestsTouching(db: Db, employeeIds: readonly string[], from: string, to: string) {
  if (employeeIds.length === 0) return [];
  return db
    .selectFrom('leave_request')
    .select(['id', 'employee_id', 'leave_type_id', 'from_date', 'to_date', 'duration', 'working_days', 'status', 'closure', 'created_at', 'manager_decided_at', 'hr_decided_at'])
    .where('employee_id', 'in', [...employeeIds])
    .where('from_date', '<=', to)
    .where('to_date', '>=', from)
    .where('status', 'in', ['Approved', 'Rejected'])
    .orderBy('from_date')
    .execute();
}

/** Approved leave days that cost balance in from..to (a half day counts 0.5). */
export async function approvedDaysIn(db: Db, employeeIds: readonly string[], from: string, to: string) {
  if (employeeIds.length === 0) return [];
  return db
    .selectFrom('leave_day as d')
    .innerJoin('leave_request as r', 'r.id', 'd.request_id')
    .select(['d.employee_id', 'r.leave_type_id', 'd.date', 'd.portion', 'd.request_id'])
    .where('d.employee_id', 'in', [...employeeIds])
    .where('d.approved', '=', 1)
    .where('d.counted', '=', 1)
    .where('d.date', '>=', from)
    .where('d.date', '<=', to)
    .execute();
}
