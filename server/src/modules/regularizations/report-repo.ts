import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../context.ts';
import { hoursBetween } from '../../db/dialect.ts';

/**
 * Regularizations for reports: per kind, how many were asked for, approved,
 * rejected or still waiting, and how long a decision took; per month and
 * outcome for the chart. Days in [from, to] (the regularized day), employees
 * of the caller's population (`'all'`: everyone).
 */

export type Ids = readonly string[] | 'all';

const NOTHING = sql<SqlBool>`1 = 0`;

function inRange(db: Db, ids: Ids, from: string, to: string) {
  return db
    .selectFrom('regularization')
    .where('regularization.date', '>=', from)
    .where('regularization.date', '<=', to)
    .where((eb) => (ids === 'all' ? eb.and([]) : ids.length ? eb('regularization.employee_id', 'in', ids) : NOTHING));
}

/** When a settled request was decided: the HR decision when it went to HR, else the manager's. */
const decidedAt = sql<string | null>`coalesce(${sql.ref('regularization.hr_decided_at')}, ${sql.ref('regularization.manager_decided_at')})`;

export async function regularizationsByKind(db: Db, ids: Ids, from: string, to: string) {
  const hours = hoursBetween(db, sql.ref('regularization.created_at'), decidedAt);
  const settled = sql<SqlBool>`${sql.ref('regularization.status')} in ('Approved', 'Rejected') and ${decidedAt} is not null`;
  const rows = await inRange(db, ids, from, to)
    .select((eb) => [
      'regularization.kind',
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('regularization.status', '=', 'Approved').then(1).else(0).end()).as('approved'),
      eb.fn.sum<number>(eb.case().when('regularization.status', '=', 'Rejected').then(1).else(0).end()).as('rejected'),
      eb.fn.sum<number>(eb.case().when('regularization.status', 'in', ['AwaitingManager', 'ManagerApprovedAwaitingHR']).then(1).else(0).end()).as('waiting'),
      sql<number | null>`avg(case when ${settled} then ${hours} end)`.as('avg_hours'),
      sql<number | null>`max(case when ${settled} then ${hours} end)`.as('max_hours'),
      sql<number>`sum(case when ${settled} and ${hours} <= 24 then 1 else 0 end)`.as('within_day'),
      sql<number>`count(distinct ${sql.ref('regularization.employee_id')})`.as('people'),
    ])
    .groupBy('regularization.kind')
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    total: Number(r.total),
    approved: Number(r.approved),
    rejected: Number(r.rejected),
    waiting: Number(r.waiting),
    avgHours: r.avg_hours === null ? null : Number(r.avg_hours),
    maxHours: r.max_hours === null ? null : Number(r.max_hours),
    withinDay: Number(r.within_day),
    people: Number(r.people),
  }));
}

/** Requests per month of the regularized day (`YYYY-MM`) and status. */
export async function regularizationsByMonth(db: Db, ids: Ids, from: string, to: string) {
  const month = sql<string>`substr(${sql.ref('regularization.date')}, 1, 7)`;
  const rows = await inRange(db, ids, from, to)
    .select((eb) => [month.as('month'), 'regularization.status', eb.fn.countAll<number>().as('n')])
    .groupBy([month, 'regularization.status'])
    .execute();
  return rows.map((r) => ({ month: r.month, status: r.status, n: Number(r.n) }));
}
