import { dayInZone } from '../../../../shared/dates.ts';
import { type LeaveBalances, type LeaveBalancesQuery, type LeaveLedger, type LeaveLedgerQuery, LedgerKind, type LedgerEntry } from '../../../../shared/leave/index.ts';
import type { Ctx } from '../../context.ts';
import { forbidden, notFound } from '../../http/problem.ts';
import { assertCanSeeEmployee } from '../employees/index.ts';
import { orgSettings } from '../org/index.ts';
import { dueCredits, leaveYearEnd, leaveYearStart, nextLeaveYear, projectYears, type YearFigures, type YearPosition } from './accrual.ts';
import * as typeRepo from './repo/leave-types.ts';
import * as ledgerRepo from './repo/ledger.ts';
import * as peopleRepo from './repo/people.ts';
import { accrualPolicyOf, eligibleByGender, getTypeRow, isEntitled, typeRef } from './types-service.ts';

/** Where a balance stands: the leave year today, each year's position for a request's days, the balances and ledger an employee reads. */

/** Today in the organisation and the leave year it falls in. */
export async function leaveToday(ctx: Ctx): Promise<{ today: string; yearStartMonth: number; yearStart: string; yearEnd: string }> {
  // The settings cache: no statement once read (the leave list computes several records' balances per request).
  const { fyStartMonth } = await orgSettings(ctx.db);
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const yearStart = leaveYearStart(today, fyStartMonth);
  return { today, yearStartMonth: fyStartMonth, yearStart, yearEnd: leaveYearEnd(yearStart) };
}

export function toLedgerEntry(row: ledgerRepo.LedgerRow | Omit<ledgerRepo.LedgerRow, 'period_key' | 'actor_employee_id' | 'employee_id' | 'leave_type_id'>): LedgerEntry {
  return {
    id: row.id,
    kind: LedgerKind.parse(row.kind),
    days: row.days,
    effectiveDate: row.effective_date,
    reason: row.reason,
    requestId: row.request_id,
    expiresOn: row.expires_on,
    actorName: row.actor_name,
    createdAt: row.created_at,
  };
}

/** A day of leave that costs balance, and which part of the day. */
export interface CountedLeaveDay {
  date: string;
  portion: string;
}

/** What a leave day costs: a half day 0.5. */
export interface AskedDay {
  date: string;
  days: number;
}

export function askedOf(days: readonly CountedLeaveDay[]): AskedDay[] {
  return days.map((d) => ({ date: d.date, days: d.portion === 'FullDay' ? 1 : 0.5 }));
}

/** Credits of a later leave year that the ledger job will write by `upTo` (none are written ahead of their day). */
function creditsAhead(type: typeRepo.LeaveTypeRow, employee: peopleRepo.ApplicantRow, yearStart: string, upTo: string, yearStartMonth: number, written: ReadonlySet<string>): number {
  if (type.accrual === 'none' || type.active === 0 || !eligibleByGender(type, employee.gender)) return 0;
  const credits = dueCredits({ policy: accrualPolicyOf(type), joinedDate: employee.joined_date, exitDate: employee.exit_date, today: upTo, yearStartMonth });
  return credits.filter((c) => c.effectiveDate >= yearStart && !written.has(c.periodKey)).reduce((s, c) => s + c.days, 0);
}

/**
 * Where each leave year stands for a request's days (spec: "a request that
 * crosses the leave-year boundary is costed against each year's balance"):
 * the current year has every entry effective up to its end; a later year has
 * its own entries, the credits it will bring by the last day asked in it, and
 * what the year end before it will carry forward. Days in a past year count
 * as the current year's (that year end has run). Pending requests other than
 * `exceptRequestId` hold their days when `holds`. Years from the current one
 * up to the last asked; list a day with 0 days to reach its year.
 */
export async function yearPositions(
  ctx: Ctx,
  employeeId: string,
  type: typeRepo.LeaveTypeRow,
  asked: readonly AskedDay[],
  opts: { holds: boolean; exceptRequestId?: string | null },
): Promise<YearPosition[]> {
  const { yearStart: cur, yearStartMonth } = await leaveToday(ctx);
  const entitled = isEntitled(type);
  const byYear = new Map<string, { days: number; last: string }>();
  for (const a of asked) {
    const own = leaveYearStart(a.date, yearStartMonth);
    const year = entitled && own < cur ? cur : own;
    const slot = byYear.get(year) ?? { days: 0, last: a.date };
    slot.days += a.days;
    if (a.date > slot.last) slot.last = a.date;
    byYear.set(year, slot);
  }
  const totalOf = (rows: { leave_type_id: string; total: number }[]) => rows.find((r) => r.leave_type_id === type.id)?.total ?? 0;
  const figuresOf = async (year: string, range: { from?: string; to: string }, credits: (upTo: string) => number): Promise<YearFigures> => {
    const [entries, pending] = await Promise.all([
      ledgerRepo.ledgerSums(ctx.db, [employeeId], range),
      opts.holds ? ledgerRepo.pendingDays(ctx.db, [employeeId], range, opts.exceptRequestId) : Promise.resolve([]),
    ]);
    const slot = byYear.get(year);
    return { yearStart: year, entries: totalOf(entries), creditsToDate: credits(slot?.last ?? leaveYearEnd(year)), creditsInYear: credits(leaveYearEnd(year)), pending: totalOf(pending), asked: slot?.days ?? 0 };
  };
  if (!entitled) {
    // Without an entitlement (loss of pay) a year's balance is minus what it took; nothing carries over.
    const years = byYear.size ? [...byYear.keys()].sort() : [cur];
    return Promise.all(years.map(async (y) => ({ ...(await figuresOf(y, { from: y, to: leaveYearEnd(y) }, () => 0)), creditsToDate: 0 }))).then((f) =>
      f.map((y) => ({ yearStart: y.yearStart, balance: y.entries, pending: y.pending, asked: y.asked })),
    );
  }
  const last = [...byYear.keys()].reduce((m, y) => (y > m ? y : m), cur);
  const years: string[] = [];
  for (let y = cur; y <= last; y = nextLeaveYear(y)) years.push(y);
  const [employee, written] = years.length > 1 ? await Promise.all([peopleRepo.findApplicant(ctx.db, employeeId), ledgerRepo.periodKeysOfEmployee(ctx.db, employeeId, type.id)]) : [undefined, new Set<string>()];
  const figures = await Promise.all(
    years.map((y, i) =>
      figuresOf(y, i === 0 ? { to: leaveYearEnd(y) } : { from: y, to: leaveYearEnd(y) }, (upTo) => (i === 0 || !employee ? 0 : creditsAhead(type, employee, y, upTo, yearStartMonth, written))),
    ),
  );
  return projectYears(figures, type.carry_forward_cap, type.encashable === 1);
}

/** Leave years where a request asks more than is there (after pending holds). */
export function shortfalls(positions: readonly YearPosition[]): YearPosition[] {
  return positions.filter((p) => p.asked > 0 && p.balance - p.pending < p.asked);
}

/** The position of the leave year a day falls in (a past year's day: the current year, listed first). */
export function positionOn(positions: readonly YearPosition[], day: string, yearStartMonth: number): YearPosition {
  const year = leaveYearStart(day, yearStartMonth);
  const found = positions.find((p) => p.yearStart === year) ?? positions[0];
  if (!found) throw new Error('no leave year position');
  return found;
}

/** An employee's balance of a type in the leave year of `day`, less what pending requests hold there when `holds`. */
export async function balanceIn(ctx: Ctx, employeeId: string, type: typeRepo.LeaveTypeRow, day: string, opts: { holds: boolean; exceptRequestId?: string | null }): Promise<number> {
  const { yearStartMonth } = await leaveToday(ctx);
  const p = positionOn(await yearPositions(ctx, employeeId, type, [{ date: day, days: 0 }], opts), day, yearStartMonth);
  return p.balance - p.pending;
}

/** The balances of the caller or of an employee in their scope (404 outside it). */
export async function getLeaveBalances(ctx: Ctx, query: LeaveBalancesQuery): Promise<LeaveBalances> {
  const id = query.employeeId ?? ctx.caller.employeeId;
  if (!id) throw forbidden('Balances belong to employees; this login is not one.');
  await assertCanSeeEmployee(ctx, id);
  const { yearStart, yearEnd } = await leaveToday(ctx);
  // This year's balance: leave approved for a later year is that year's to pay (see yearPositions).
  const [employee, types, all, thisYear, holds] = await Promise.all([
    peopleRepo.findApplicant(ctx.db, id),
    typeRepo.listTypeRows(ctx.db, true),
    ledgerRepo.ledgerSums(ctx.db, [id], { to: yearEnd }),
    ledgerRepo.ledgerEntriesIn(ctx.db, id, yearStart, yearEnd),
    ledgerRepo.pendingDays(ctx.db, [id], { to: yearEnd }),
  ]);
  if (!employee) throw notFound('Employee');
  const items = types
    .filter((t) => eligibleByGender(t, employee.gender) || all.some((s) => s.leave_type_id === t.id))
    .map((t) => {
      const entries = thisYear.filter((e) => e.leave_type_id === t.id);
      const entitled = isEntitled(t);
      const balance = entitled
        ? (all.find((s) => s.leave_type_id === t.id)?.total ?? 0)
        : entries.reduce((s, e) => s + e.days, 0);
      const pending = holds.find((h) => h.leave_type_id === t.id)?.total ?? 0;
      const credited = entries.filter((e) => ['grant', 'accrual', 'carry_forward', 'adjustment'].includes(e.kind) && e.days > 0).reduce((s, e) => s + e.days, 0);
      const used = -entries.filter((e) => e.kind === 'usage' || e.kind === 'reversal').reduce((s, e) => s + e.days, 0);
      return { leaveType: typeRef(t), entitled, balance, pending, available: balance - pending, creditedThisYear: credited, usedThisYear: used };
    });
  return { employeeId: id, employeeName: employee.full_name, yearStart, yearEnd, items };
}

/** The ledger behind one balance for a leave year, of the caller or of an employee in their scope. */
export async function getLeaveLedger(ctx: Ctx, query: LeaveLedgerQuery): Promise<LeaveLedger> {
  const id = query.employeeId ?? ctx.caller.employeeId;
  if (!id) throw forbidden('Balances belong to employees; this login is not one.');
  await assertCanSeeEmployee(ctx, id);
  const type = await getTypeRow(ctx, query.leaveTypeId, 'query.leaveTypeId');
  const { yearStart: current, yearStartMonth } = await leaveToday(ctx);
  const yearStart = query.yearStart ? leaveYearStart(query.yearStart, yearStartMonth) : current;
  const yearEnd = leaveYearEnd(yearStart);
  const rows = await ledgerRepo.ledgerRowsOf(ctx.db, id, type.id);
  const opening = rows.filter((r) => r.effective_date < yearStart).reduce((s, r) => s + r.days, 0);
  const inYear = rows.filter((r) => r.effective_date >= yearStart && r.effective_date <= yearEnd);
  return {
    employeeId: id,
    leaveType: typeRef(type),
    yearStart,
    yearEnd,
    opening,
    entries: inYear.map(toLedgerEntry),
    closing: opening + inYear.reduce((s, r) => s + r.days, 0),
    balance: rows.reduce((s, r) => s + r.days, 0),
  };
}
