import { type Selectable, sql } from 'kysely';
import type { Db } from '../../../context.ts';
import type { LeaveLedgerTable } from '../../../db/schema.ts';
import { reusableSelect } from '../../../db/reusable-query.ts';
import { defineKeptById } from '../../../db/cache.ts';
import { inList } from '../../../db/in-list.ts';

/** The balance ledger (table leave_ledger), and the days pending requests hold against it. */

export type LedgerRow = Selectable<LeaveLedgerTable>;

const LEDGER_COLUMNS = [
  'id',
  'employee_id',
  'leave_type_id',
  'kind',
  'days',
  'effective_date',
  'reason',
  'request_id',
  'period_key',
  'expires_on',
  'actor_name',
  'actor_employee_id',
  'created_at',
] as const;

/** Inserts entries; one whose (employee, type, period key) exists already is skipped. Returns how many were written. */
export async function insertLedgerRows(db: Db, rows: LeaveLedgerTable[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 100) {
    const r = await db
      .insertInto('leave_ledger')
      .values(rows.slice(i, i + 100))
      .onConflict((oc) => oc.columns(['employee_id', 'leave_type_id', 'period_key']).doNothing())
      .executeTakeFirst();
    written += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

export async function ledgerRowsOf(db: Db, employeeId: string, leaveTypeId: string): Promise<LedgerRow[]> {
  return db
    .selectFrom('leave_ledger')
    .select(LEDGER_COLUMNS)
    .where('employee_id', '=', employeeId)
    .where('leave_type_id', '=', leaveTypeId)
    .orderBy('effective_date')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Sum of entries per (employee, type) for these employees, optionally only those effective in [from, to]. */
export async function ledgerSums(
  db: Db,
  employeeIds: readonly string[],
  range?: { from?: string; to?: string; kinds?: readonly string[] },
): Promise<{ employee_id: string; leave_type_id: string; total: number }[]> {
  if (employeeIds.length === 0) return [];
  let q = db
    .selectFrom('leave_ledger')
    .select(['employee_id', 'leave_type_id', (eb) => eb.fn.sum<number>('days').as('total')])
    .where('employee_id', 'in', [...employeeIds]);
  if (range?.from) q = q.where('effective_date', '>=', range.from);
  if (range?.to) q = q.where('effective_date', '<=', range.to);
  if (range?.kinds) q = q.where('kind', 'in', [...range.kinds]);
  const rows = await q.groupBy(['employee_id', 'leave_type_id']).execute();
  return rows.map((r) => ({ ...r, total: Number(r.total ?? 0) }));
}

/** Usage and reversals per request of these employees effective in a range (for "taken this year"). */
export async function usageByRequest(db: Db, employeeIds: readonly string[], from: string, to: string) {
  if (employeeIds.length === 0) return [];
  const rows = await db
    .selectFrom('leave_ledger')
    .select(['employee_id', 'leave_type_id', 'request_id', (eb) => eb.fn.sum<number>('days').as('total')])
    .where('employee_id', 'in', [...employeeIds])
    .where('kind', 'in', ['usage', 'reversal'])
    .where('effective_date', '>=', from)
    .where('effective_date', '<=', to)
    .groupBy(['employee_id', 'leave_type_id', 'request_id'])
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total ?? 0) }));
}

/**
 * Days held by open requests per (employee, type), counted from their leave
 * days in a range (a half day holds 0.5), optionally leaving one request out.
 */
export async function pendingDays(
  db: Db,
  employeeIds: readonly string[],
  range: { from?: string; to?: string },
  exceptRequestId?: string | null,
): Promise<{ employee_id: string; leave_type_id: string; total: number }[]> {
  if (employeeIds.length === 0) return [];
  let q = db
    .selectFrom('leave_day as d')
    .innerJoin('leave_request as r', 'r.id', 'd.request_id')
    .select((eb) => [
      'd.employee_id',
      'r.leave_type_id',
      eb.fn.sum<number>(eb.case().when('d.portion', '=', 'FullDay').then(1).else(0.5).end()).as('total'),
    ])
    .where('d.employee_id', 'in', [...employeeIds])
    .where('d.counted', '=', 1)
    .where('r.status', 'in', ['PendingManager', 'ManagerApprovedPendingHR']);
  if (range.from) q = q.where('d.date', '>=', range.from);
  if (range.to) q = q.where('d.date', '<=', range.to);
  if (exceptRequestId) q = q.where('d.request_id', '!=', exceptRequestId);
  const rows = await q.groupBy(['d.employee_id', 'r.leave_type_id']).execute();
  return rows.map((r) => ({ ...r, total: Number(r.total ?? 0) }));
}

/** Period keys an employee's entries of a type carry (credits already written). */
export async function periodKeysOfEmployee(db: Db, employeeId: string, leaveTypeId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('leave_ledger')
    .select('period_key')
    .where('employee_id', '=', employeeId)
    .where('leave_type_id', '=', leaveTypeId)
    .where('period_key', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.period_key as string));
}

/** Every period key written for a type (to skip what is done without a round trip per employee). */
export async function periodKeysOf(db: Db, leaveTypeId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('leave_ledger')
    .select(['employee_id', 'period_key'])
    .where('leave_type_id', '=', leaveTypeId)
    .where('period_key', 'is not', null)
    .execute();
  return new Set(rows.map((r) => `${r.employee_id}|${r.period_key}`));
}

/** Closing balances before a day, per employee, for one type. */
export async function closingBalances(db: Db, leaveTypeId: string, before: string) {
  const rows = await db
    .selectFrom('leave_ledger')
    .select(['employee_id', (eb) => eb.fn.sum<number>('days').as('total')])
    .where('leave_type_id', '=', leaveTypeId)
    .where('effective_date', '<', before)
    .groupBy('employee_id')
    .execute();
  return rows.map((r) => ({ employee_id: r.employee_id, total: Number(r.total ?? 0) }));
}

/** Employees of a type with an expiring credit, and all their entries of that type. */
export async function ledgerRowsWithExpiringCredits(db: Db, leaveTypeId: string): Promise<LedgerRow[]> {
  return db
    .selectFrom('leave_ledger')
    .select(LEDGER_COLUMNS)
    .where('leave_type_id', '=', leaveTypeId)
    .where((eb) =>
      eb(
        'employee_id',
        'in',
        eb.selectFrom('leave_ledger as x').select('x.employee_id').where('x.leave_type_id', '=', leaveTypeId).where('x.expires_on', 'is not', null),
      ),
    )
    .orderBy('employee_id')
    .orderBy('effective_date')
    .execute();
}

export async function listAdjustmentRows(db: Db, employeeId: string | undefined, page: { limit: number; offset: number }) {
  let q = db
    .selectFrom('leave_ledger as l')
    .innerJoin('employee as e', 'e.id', 'l.employee_id')
    .innerJoin('leave_type as t', 't.id', 'l.leave_type_id')
    .select([
      'l.id',
      'l.employee_id',
      'l.leave_type_id',
      'l.kind',
      'l.days',
      'l.effective_date',
      'l.reason',
      'l.request_id',
      'l.expires_on',
      'l.actor_name',
      'l.created_at',
      'e.full_name',
      'e.code',
      't.code as type_code',
      't.name as type_name',
      't.color_tone',
      't.paid',
    ])
    .where('l.kind', '=', 'adjustment');
  if (employeeId) q = q.where('l.employee_id', '=', employeeId);
  return q.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countAdjustments(db: Db, employeeId: string | undefined): Promise<number> {
  let q = db.selectFrom('leave_ledger').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'adjustment');
  if (employeeId) q = q.where('employee_id', '=', employeeId);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

/** An employee's entries effective in from..to (kinds and days, for "credited" and "used" this year). */
export async function ledgerEntriesIn(db: Db, employeeId: string, from: string, to: string): Promise<{ leave_type_id: string; kind: string; days: number }[]> {
  return db
    .selectFrom('leave_ledger')
    .select(['leave_type_id', 'kind', 'days'])
    .where('employee_id', '=', employeeId)
    .where('effective_date', '>=', from)
    .where('effective_date', '<=', to)
    .execute();
}

/** A page's ledger this leave year, in one read: see `ledgerFactsAndHolds`. */
export interface LedgerFactRow {
  employee_id: string;
  leave_type_id: string;
  /** Set on the rows of usage and reversals effective in the leave year: the request they belong to (null when none). */
  usage_request_id: string | null;
  /** 1 for usage and reversals effective in the leave year, grouped per request; 0 for everything else. */
  year_usage: number;
  /** Sum of days effective up to the year's end. */
  to_end: number;
  /** Sum of days effective in the year (yearStart..yearEnd). */
  in_year: number;
}

/** Days held by open requests per (employee, type) up to the leave year's end and within the year. */
export interface HeldRow {
  employee_id: string;
  leave_type_id: string;
  to_end: number;
  in_year: number;
}

/**
 * These employees' ledger up to the leave year's end, per (employee, type), with this year's usage split out per
 * request, and beside it (`source` 'held') the days their open requests hold: the balances of open requests (to the
 * year's end and within the year) and "taken this year" of every request's context come from this one statement.
 * Compiled once per list length (see reusableQuery): a list page reads it for its 50–100 applicants.
 */
const ledgerAndHoldsOf = reusableSelect((db, a: { ids: readonly string[]; yearStart: string; yearEnd: string }) =>
  db
    .selectFrom('leave_ledger')
    .select((eb) => {
      const yearUsage = eb.and([eb('kind', 'in', ['usage', 'reversal']), eb('effective_date', '>=', a.yearStart)]);
      return [
        sql<string>`'ledger'`.as('source'),
        'employee_id',
        'leave_type_id',
        eb.case().when(yearUsage).then(eb.ref('request_id')).else(null).end().as('usage_request_id'),
        eb.case().when(yearUsage).then(1).else(0).end().as('year_usage'),
        eb.fn.sum<number>('days').as('to_end'),
        eb.fn.sum<number>(eb.case().when('effective_date', '>=', a.yearStart).then(eb.ref('days')).else(0).end()).as('in_year'),
      ];
    })
    .where('employee_id', 'in', a.ids)
    .where('effective_date', '<=', a.yearEnd)
    .groupBy(['employee_id', 'leave_type_id', 'usage_request_id', 'year_usage'])
    .unionAll(
      // From the requests (employee, status index: few are open), not the days: by status SQLite would read every open request.
      db
        .selectFrom('leave_request as r')
        .innerJoin('leave_day as d', 'd.request_id', 'r.id')
        .select((eb) => {
          const held = eb.case().when('d.portion', '=', 'FullDay').then(1).else(0.5).end();
          return [
            sql<string>`'held'`.as('source'),
            'r.employee_id',
            'r.leave_type_id',
            sql<string | null>`null`.as('usage_request_id'),
            sql<number>`0`.as('year_usage'),
            eb.fn.sum<number>(held).as('to_end'),
            eb.fn.sum<number>(eb.case().when('d.date', '>=', a.yearStart).then(held).else(0).end()).as('in_year'),
          ];
        })
        .where('r.employee_id', 'in', a.ids)
        .where('r.status', 'in', ['PendingManager', 'ManagerApprovedPendingHR'])
        .where('d.counted', '=', 1)
        .where('d.date', '<=', a.yearEnd)
        .groupBy(['r.employee_id', 'r.leave_type_id']),
    ),
);

/** One employee's share of `ledgerAndHoldsOf`. */
interface EmployeeLedger {
  facts: LedgerFactRow[];
  held: HeldRow[];
}

/**
 * Each employee's ledger facts for a leave year, for the state of the ledger, the requests and their days
 * (`defineKeptById`): a list page's new records are mostly of people another page showed, so only the people not
 * read since the last change are read. At most 20,000 people per leave year (a few rows each).
 */
const employeeLedgers = defineKeptById<EmployeeLedger>({ name: 'leave.employee-ledgers', reads: ['leave_ledger', 'leave_request', 'leave_day'], maxScopes: 4, maxPerScope: 20_000 });

export async function ledgerFactsAndHolds(db: Db, employeeIds: readonly string[], yearStart: string, yearEnd: string): Promise<{ facts: LedgerFactRow[]; held: HeldRow[] }> {
  const facts: LedgerFactRow[] = [];
  const held: HeldRow[] = [];
  if (employeeIds.length === 0) return { facts, held };
  const ledgers = await employeeLedgers.get(db, `${yearStart}|${yearEnd}`, employeeIds, async (missing) => {
    const read = new Map<string, EmployeeLedger>(missing.map((id) => [id, { facts: [], held: [] }]));
    for (const r of await ledgerAndHoldsOf(db, { ids: inList(missing), yearStart, yearEnd })) {
      const mine = read.get(r.employee_id);
      if (!mine) continue;
      const amounts = { employee_id: r.employee_id, leave_type_id: r.leave_type_id, to_end: Number(r.to_end ?? 0), in_year: Number(r.in_year ?? 0) };
      if (r.source === 'held') mine.held.push(amounts);
      else mine.facts.push({ ...amounts, usage_request_id: r.usage_request_id, year_usage: Number(r.year_usage) });
    }
    return read;
  });
  for (const id of new Set(employeeIds)) {
    const mine = ledgers.get(id);
    if (!mine) continue;
    facts.push(...mine.facts);
    held.push(...mine.held);
  }
  return { facts, held };
}
