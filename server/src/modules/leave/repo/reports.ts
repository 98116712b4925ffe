import { sql } from 'kysely';
import type { Db } from '../../../context.ts';
import { dateShiftedToIso } from '../../../db/dialect.ts';

/**
 * Leave's side of reports and the dashboard: sums of the ledger by kind,
 * leave taken by month, leave applied for after it began (unplanned), the
 * comp-off credited, and who is away in a window. `ids` is the caller's
 * population (scope and filters applied by the directory), `'all'` everyone.
 */

export type Ids = readonly string[] | 'all';

/**
 * Per employee and leave type, the ledger over one leave year [start, end]:
 * what stood before it, carried in at its start, credited (grants and
 * accruals), used (usage and reversals, negative), adjusted, lapsed, encashed,
 * carried out at its end, and the balance at its end.
 */
export async function ledgerByKind(db: Db, ids: Ids, start: string, end: string) {
  if (ids !== 'all' && ids.length === 0) return [];
  const inYear = (kinds: readonly string[], sign?: '>' | '<') =>
    sql<number>`sum(case when ${sql.ref('l.effective_date')} >= ${start} and ${sql.ref('l.effective_date')} <= ${end} and ${sql.ref('l.kind')} in (${sql.join(kinds)})${sign ? sql` and ${sql.ref('l.days')} ${sql.raw(sign)} 0` : sql``} then ${sql.ref('l.days')} else 0 end)`;
  let q = db
    .selectFrom('leave_ledger as l')
    .innerJoin('leave_type as t', 't.id', 'l.leave_type_id')
    .select([
      'l.employee_id',
      'l.leave_type_id',
      't.code',
      't.name',
      't.sort_order',
      sql<number>`sum(case when ${sql.ref('l.effective_date')} < ${start} then ${sql.ref('l.days')} else 0 end)`.as('before'),
      inYear(['carry_forward'], '>').as('carried_in'),
      inYear(['grant', 'accrual']).as('accrued'),
      inYear(['usage', 'reversal']).as('used'),
      inYear(['adjustment']).as('adjusted'),
      inYear(['lapse']).as('lapsed'),
      inYear(['encashment']).as('encashed'),
      inYear(['carry_forward'], '<').as('carried_out'),
      sql<number>`sum(case when ${sql.ref('l.effective_date')} <= ${end} then ${sql.ref('l.days')} else 0 end)`.as('closing'),
    ])
    .where('l.effective_date', '<=', end)
    .groupBy(['l.employee_id', 'l.leave_type_id', 't.code', 't.name', 't.sort_order']);
  if (ids !== 'all') q = q.where('l.employee_id', 'in', ids);
  const rows = await q.execute();
  return rows.map((r) => ({
    employeeId: r.employee_id,
    leaveTypeId: r.leave_type_id,
    code: r.code,
    name: r.name,
    sortOrder: r.sort_order,
    before: Number(r.before ?? 0),
    carriedIn: Number(r.carried_in ?? 0),
    accrued: Number(r.accrued ?? 0),
    used: Number(r.used ?? 0),
    adjusted: Number(r.adjusted ?? 0),
    lapsed: Number(r.lapsed ?? 0),
    encashed: Number(r.encashed ?? 0),
    carriedOut: Number(r.carried_out ?? 0),
    closing: Number(r.closing ?? 0),
  }));
}

/** Approved leave days that cost leave in [from, to], by month (`YYYY-MM`) and type: days (a half day is 0.5) and people. */
export async function leaveTakenByMonth(db: Db, ids: Ids, from: string, to: string) {
  if (ids !== 'all' && ids.length === 0) return [];
  const month = sql<string>`substr(${sql.ref('d.date')}, 1, 7)`;
  let q = db
    .selectFrom('leave_day as d')
    .innerJoin('leave_request as r', 'r.id', 'd.request_id')
    .innerJoin('leave_type as t', 't.id', 'r.leave_type_id')
    .select((eb) => [
      month.as('month'),
      't.code',
      't.name',
      't.color_tone',
      't.sort_order',
      eb.fn.sum<number>(eb.case().when('d.portion', '=', 'FullDay').then(sql<number>`1.0`).else(sql<number>`0.5`).end()).as('days'),
      sql<number>`count(distinct ${sql.ref('d.employee_id')})`.as('people'),
    ])
    .where('d.approved', '=', 1)
    .where('d.counted', '=', 1)
    .where('d.date', '>=', from)
    .where('d.date', '<=', to)
    .groupBy([month, 't.code', 't.name', 't.color_tone', 't.sort_order']);
  if (ids !== 'all') q = q.where('d.employee_id', 'in', ids);
  const rows = await q.execute();
  return rows.map((r) => ({ month: r.month, code: r.code, name: r.name, tone: r.color_tone, sortOrder: r.sort_order, days: Number(r.days), people: Number(r.people) }));
}

/**
 * Per employee, approved leave in [from, to] that was applied for on or after
 * its first day (sick leave, an emergency: unplanned): the requests (each a
 * spell) and their counted days in the range. "On or after its first day" is
 * the organisation's local midnight, given as a UTC offset in minutes.
 */
export async function unplannedLeaveByEmployee(db: Db, ids: Ids, from: string, to: string, utcOffsetMinutes: number) {
  if (ids !== 'all' && ids.length === 0) return [];
  // The first day's local midnight in UTC.
  const firstDayStarts = dateShiftedToIso(db, sql.ref('r.from_date'), -utcOffsetMinutes);
  let q = db
    .selectFrom('leave_day as d')
    .innerJoin('leave_request as r', 'r.id', 'd.request_id')
    .select((eb) => [
      'd.employee_id',
      sql<number>`count(distinct ${sql.ref('r.id')})`.as('spells'),
      eb.fn.sum<number>(eb.case().when('d.portion', '=', 'FullDay').then(sql<number>`1.0`).else(sql<number>`0.5`).end()).as('days'),
    ])
    .where('d.approved', '=', 1)
    .where('d.counted', '=', 1)
    .where('d.date', '>=', from)
    .where('d.date', '<=', to)
    .where(sql.ref('r.created_at'), '>=', firstDayStarts)
    .groupBy('d.employee_id');
  if (ids !== 'all') q = q.where('d.employee_id', 'in', ids);
  const rows = await q.execute();
  return rows.map((r) => ({ employeeId: r.employee_id, spells: Number(r.spells), days: Number(r.days) }));
}

/** Comp-off (types whose credits expire) credited in [from, to]: days and people. */
export async function compOffCredited(db: Db, ids: Ids, from: string, to: string) {
  if (ids !== 'all' && ids.length === 0) return { days: 0, people: 0 };
  let q = db
    .selectFrom('leave_ledger as l')
    .innerJoin('leave_type as t', 't.id', 'l.leave_type_id')
    .select((eb) => [eb.fn.sum<number>('l.days').as('days'), sql<number>`count(distinct ${sql.ref('l.employee_id')})`.as('people')])
    .where('t.credit_expiry_days', 'is not', null)
    .where('l.kind', 'in', ['grant', 'accrual', 'adjustment'])
    .where('l.days', '>', 0)
    .where('l.effective_date', '>=', from)
    .where('l.effective_date', '<=', to);
  if (ids !== 'all') q = q.where('l.employee_id', 'in', ids);
  const row = await q.executeTakeFirst();
  return { days: Number(row?.days ?? 0), people: Number(row?.people ?? 0) };
}

/** Per day in [from, to], how many people are away (approved or pending leave). */
export async function awayPerDay(db: Db, ids: Ids, from: string, to: string) {
  if (ids !== 'all' && ids.length === 0) return [];
  let q = db
    .selectFrom('leave_day as d')
    .select(['d.date', sql<number>`count(distinct ${sql.ref('d.employee_id')})`.as('away')])
    .where('d.date', '>=', from)
    .where('d.date', '<=', to)
    .groupBy('d.date')
    .orderBy('d.date');
  if (ids !== 'all') q = q.where('d.employee_id', 'in', ids);
  return (await q.execute()).map((r) => ({ date: r.date, away: Number(r.away) }));
}

/** Live requests (approved or pending) overlapping [from, to], soonest first, with the employee's name and the type. */
export async function requestsOverlapping(db: Db, ids: Ids, from: string, to: string, limit: number) {
  if (ids !== 'all' && ids.length === 0) return [];
  let q = db
    .selectFrom('leave_request as r')
    .innerJoin('employee as e', 'e.id', 'r.employee_id')
    .innerJoin('leave_type as t', 't.id', 'r.leave_type_id')
    .select(['r.employee_id', 'e.full_name', 'r.from_date', 'r.to_date', 'r.status', 't.name as type_name'])
    .where('r.status', 'in', ['Approved', 'PendingManager', 'ManagerApprovedPendingHR'])
    .where('r.from_date', '<=', to)
    .where('r.to_date', '>=', from)
    .orderBy('r.from_date')
    .orderBy('e.full_name')
    .limit(limit);
  if (ids !== 'all') q = q.where('r.employee_id', 'in', ids);
  return q.execute();
}
