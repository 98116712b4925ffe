import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../../context.ts';
import { reusableSelect } from '../../../db/reusable-query.ts';
import type { LeaveDayTable } from '../../../db/schema.ts';
import { inList } from '../../../db/in-list.ts';

/** The days of live (pending or approved) requests, one row per employee and date (table leave_day). */

/** A request's days as stored (counted or not), ascending. */
export async function leaveDaysOfRequest(db: Db, requestId: string): Promise<{ date: string; portion: string; counted: number }[]> {
  return db.selectFrom('leave_day').select(['date', 'portion', 'counted']).where('request_id', '=', requestId).orderBy('date').execute();
}

export async function insertLeaveDays(db: Db, rows: LeaveDayTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('leave_day').values(rows.slice(i, i + 200)).execute();
}

export async function deleteLeaveDays(db: Db, requestId: string): Promise<void> {
  await db.deleteFrom('leave_day').where('request_id', '=', requestId).execute();
}

export async function markLeaveDaysApproved(db: Db, requestId: string): Promise<void> {
  await db.updateTable('leave_day').set({ approved: 1 }).where('request_id', '=', requestId).execute();
}

/** An employee's pending or approved leave days in a range. */
export async function leaveDaysOf(db: Db, employeeId: string, from: string, to: string) {
  return db
    .selectFrom('leave_day')
    .select(['request_id', 'date', 'portion', 'approved'])
    .where('employee_id', '=', employeeId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
}

/** Everyone on pending or approved leave in a range, with their department. */
export async function awayRows(db: Db, from: string, to: string): Promise<{ employeeId: string; date: string; departmentId: string | null }[]> {
  return db
    .selectFrom('leave_day as d')
    .innerJoin('employee as e', 'e.id', 'd.employee_id')
    .select(['d.employee_id as employeeId', 'd.date', 'e.department_id as departmentId'])
    .where('d.date', '>=', from)
    .where('d.date', '<=', to)
    .execute();
}

/** Approved leave days that cost leave, for attendance. */
function approvedLeaveDaysBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('leave_day as d')
    .innerJoin('leave_request as r', 'r.id', 'd.request_id')
    .innerJoin('leave_type as t', 't.id', 'r.leave_type_id')
    .select(['d.employee_id', 'd.date', 'd.portion', 'd.request_id', 't.code', 't.name', 't.paid'])
    .where('d.approved', '=', 1)
    .where('d.counted', '=', 1)
    .where('d.date', '>=', from)
    .where('d.date', '<=', to);
}

// Each punch's reconcile reads this for one employee: compiled once (see reusableQuery).
const approvedLeaveDaysOf = reusableSelect((db, a: { ids: readonly string[]; from: string; to: string }) =>
  approvedLeaveDaysBetween(db, a.from, a.to).where('d.employee_id', 'in', a.ids).orderBy('d.employee_id').orderBy('d.date'),
);

export async function approvedLeaveDayRows(db: Db, employeeIds: readonly string[] | 'all', from: string, to: string) {
  if (employeeIds === 'all') return approvedLeaveDaysBetween(db, from, to).orderBy('d.employee_id').orderBy('d.date').execute();
  return employeeIds.length === 0 ? [] : approvedLeaveDaysOf(db, { ids: employeeIds, from, to });
}

/** The days of a request that cost balance. */
export async function countedDaysOfRequest(db: Db, requestId: string): Promise<{ date: string; portion: string }[]> {
  return db.selectFrom('leave_day').select(['date', 'portion']).where('request_id', '=', requestId).where('counted', '=', 1).execute();
}

type Range = { from: string; to: string };

/**
 * People away per date and department over some ranges (table leave_day_load,
 * kept by triggers on leave_day and employee: migration 0014). A few rows per
 * date whatever the organisation's size. department_id '' = none.
 */
export async function awayCounts(db: Db, ranges: readonly Range[]): Promise<{ date: string; department_id: string; people: number }[]> {
  if (ranges.length === 0) return [];
  return db
    .selectFrom('leave_day_load')
    .select(['date', 'department_id', 'people'])
    .where((eb) => eb.or(ranges.map((r) => eb.between('date', r.from, r.to))))
    .where('people', '>', 0)
    .execute();
}

/**
 * The members of some teams (not exited, reporting to one of `managerIds`) and
 * some applicants, each with their days away in the ranges (one row per day;
 * a member with none comes once with `date` null): team sizes and who in the
 * team is away, from the members' own index ranges.
 */
export async function teamDays(
  db: Db,
  managerIds: readonly string[],
  applicantIds: readonly string[],
  ranges: readonly Range[],
): Promise<{ id: string; manager_id: string | null; status: string; date: string | null }[]> {
  if (managerIds.length === 0 && applicantIds.length === 0) return [];
  return db
    .selectFrom('employee as e')
    .leftJoin('leave_day as d', (j) =>
      j.onRef('d.employee_id', '=', 'e.id').on((eb) => (ranges.length ? eb.or(ranges.map((r) => eb.between('d.date', r.from, r.to))) : sql<SqlBool>`1 = 0`)),
    )
    .select(['e.id', 'e.manager_id', 'e.status', 'd.date'])
    .where((eb) =>
      eb.or([
        ...(managerIds.length ? [eb.and([eb('e.manager_id', 'in', inList(managerIds)), eb('e.status', '!=', 'Exited')])] : []),
        ...(applicantIds.length ? [eb('e.id', 'in', inList(applicantIds))] : []),
      ]),
    )
    .execute();
}
