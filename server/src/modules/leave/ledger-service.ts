import { addDays, dayInZone } from '../../../../shared/dates.ts';
import {
  type LeaveAdjustmentCreate,
  type LeaveAdjustmentList,
  type LeaveAdjustmentListQuery,
  type LeaveAdjustmentResult,
  type LeaveBalances,
  type LeaveLedger,
  type LeaveLedgerQuery,
  LedgerKind,
  type LedgerEntry,
  type LedgerRunResult,
  type YearEndPreview,
  type YearEndRow,
} from '../../../../shared/leave/index.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { LeaveLedgerTable } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCanSeeEmployee } from '../employees/index.ts';
import { notify } from '../notifications/index.ts';
import { getOrganisationRow } from '../org/index.ts';
import {
  type AccrualPolicy,
  dueCredits,
  dueExpiries,
  expiryKey,
  leaveYearEnd,
  leaveYearLabel,
  leaveYearStart,
  nextLeaveYear,
  projectYears,
  splitYearEnd,
  type YearFigures,
  type YearPosition,
} from './accrual.ts';
import * as ledgerRepo from './repo/ledger.ts';
import * as peopleRepo from './repo/people.ts';
import * as typeRepo from './repo/leave-types.ts';
import { getTypeRow, isEntitled, typeRef } from './types-service.ts';
import { spanOf } from './words.ts';

/** Today in the organisation and the leave year it falls in. */
export async function leaveToday(ctx: Ctx): Promise<{ today: string; yearStartMonth: number; yearStart: string; yearEnd: string }> {
  const org = await getOrganisationRow(ctx.db);
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const yearStart = leaveYearStart(today, org.fy_start_month);
  return { today, yearStartMonth: org.fy_start_month, yearStart, yearEnd: leaveYearEnd(yearStart) };
}

/** A ledger row written by the caller now. */
export function ledgerRow(ctx: Ctx, fields: Omit<LeaveLedgerTable, 'id' | 'actor_name' | 'actor_employee_id' | 'created_at'>): LeaveLedgerTable {
  return {
    id: newId(),
    ...fields,
    actor_name: ctx.caller.name,
    actor_employee_id: ctx.caller.employeeId,
    created_at: ctx.clock.now().toISOString(),
  };
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

/* ---------------------------------------------------------------- usage and reversal (called by the workflow) */

export interface CountedLeaveDay {
  date: string;
  portion: string;
}

/** What leave days cost per leave year (a half day 0.5), with the first day of each year's part. */
export function costByYear(days: readonly CountedLeaveDay[], yearStartMonth: number): Map<string, { first: string; days: number }> {
  const byYear = new Map<string, { first: string; days: number }>();
  for (const d of days) {
    const year = leaveYearStart(d.date, yearStartMonth);
    const slot = byYear.get(year) ?? { first: d.date, days: 0 };
    slot.days += d.portion === 'FullDay' ? 1 : 0.5;
    if (d.date < slot.first) slot.first = d.date;
    byYear.set(year, slot);
  }
  return byYear;
}

/**
 * Deducts an approved request: one `usage` entry per leave year its counted
 * days fall in (a request across the year boundary costs each year).
 */
export async function writeUsage(
  ctx: Ctx,
  request: { id: string; employee_id: string; leave_type_id: string; type_code: string; from_date: string; to_date: string },
  counted: readonly CountedLeaveDay[],
  yearStartMonth: number,
): Promise<void> {
  const byYear = costByYear(counted, yearStartMonth);
  const span = spanOf(request.from_date, request.to_date);
  const rows = [...byYear].map(([year, slot]) =>
    ledgerRow(ctx, {
      employee_id: request.employee_id,
      leave_type_id: request.leave_type_id,
      kind: 'usage',
      days: -slot.days,
      effective_date: slot.first,
      reason: `${request.type_code} ${span} approved${byYear.size > 1 ? ` (${leaveYearLabel(year)} part)` : ''}`,
      request_id: request.id,
      period_key: `usage:${request.id}:${year}`,
      expires_on: null,
    }),
  );
  await ledgerRepo.insertLedgerRows(ctx.db, rows);
}

/**
 * Gives back what an approved request still costs (HR cancellation): one
 * `reversal` per leave year, for its usage net of what a recount already
 * changed (see recount.ts).
 */
export async function writeReversal(ctx: Ctx, requestId: string, employeeId: string, leaveTypeId: string, why: string): Promise<number> {
  const { yearStartMonth } = await leaveToday(ctx);
  const entries = (await ledgerRepo.ledgerRowsOf(ctx.db, employeeId, leaveTypeId)).filter((r) => r.request_id === requestId && (r.kind === 'usage' || r.kind === 'reversal'));
  const byYear = new Map<string, { days: number; first: string }>();
  for (const e of entries) {
    const year = leaveYearStart(e.effective_date, yearStartMonth);
    const slot = byYear.get(year) ?? { days: 0, first: e.effective_date };
    slot.days += e.days;
    if (e.effective_date < slot.first) slot.first = e.effective_date;
    byYear.set(year, slot);
  }
  const rows = [...byYear]
    .filter(([, slot]) => slot.days !== 0)
    .map(([year, slot]) =>
      ledgerRow(ctx, {
        employee_id: employeeId,
        leave_type_id: leaveTypeId,
        kind: 'reversal',
        days: -slot.days,
        effective_date: slot.first,
        reason: why,
        request_id: requestId,
        period_key: `reversal:${requestId}:${year}`,
        expires_on: null,
      }),
    );
  await ledgerRepo.insertLedgerRows(ctx.db, rows);
  return rows.reduce((s, r) => s + r.days, 0);
}

/** What a leave day costs: a half day 0.5. */
export interface AskedDay {
  date: string;
  days: number;
}

export function askedOf(days: readonly CountedLeaveDay[]): AskedDay[] {
  return days.map((d) => ({ date: d.date, days: d.portion === 'FullDay' ? 1 : 0.5 }));
}

export function accrualPolicyOf(type: typeRepo.LeaveTypeRow): AccrualPolicy {
  return {
    accrual: type.accrual as AccrualPolicy['accrual'],
    annualDays: type.annual_days,
    monthlyDays: type.monthly_days,
    prorateJoiners: type.prorate_joiners === 1,
    accrualFrom: type.accrual_from,
  };
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

/* ---------------------------------------------------------------- balances and the ledger */

export async function getBalances(ctx: Ctx, employeeId: string | undefined): Promise<LeaveBalances> {
  const id = employeeId ?? ctx.caller.employeeId;
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

export function eligibleByGender(type: { eligible_gender: string | null }, gender: string | null): boolean {
  return type.eligible_gender === null || type.eligible_gender === gender;
}

export async function getLedger(ctx: Ctx, query: LeaveLedgerQuery): Promise<LeaveLedger> {
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

/** An HR adjustment with a reason: audited, the employee is told. Nobody adjusts their own balance. */
export async function adjustBalance(ctx: Ctx, input: LeaveAdjustmentCreate): Promise<LeaveAdjustmentResult> {
  return inTransaction(ctx, async (t) => {
    await assertCanSeeEmployee(t, input.employeeId);
    if (t.caller.employeeId === input.employeeId) throw forbidden('Nobody adjusts their own leave balance; ask another HR person.');
    const type = await getTypeRow(t, input.leaveTypeId);
    const { today, yearStartMonth } = await leaveToday(t);
    const effective = input.effectiveDate ?? today;
    const position = positionOn(await yearPositions(t, input.employeeId, type, [{ date: effective, days: 0 }], { holds: true }), effective, yearStartMonth);
    const before = position.balance;
    const pending = position.pending;
    if (input.days < 0 && type.allow_negative === 0 && before - pending + input.days < 0) {
      throw conflict(`That would leave ${before - pending + input.days} days of ${type.code}, and ${type.code} cannot go below zero.`, [
        { path: 'body.days', message: `at most ${Math.max(0, before - pending)} days can be taken off` },
      ]);
    }
    const row = ledgerRow(t, {
      employee_id: input.employeeId,
      leave_type_id: type.id,
      kind: 'adjustment',
      days: input.days,
      effective_date: effective,
      reason: input.reason,
      request_id: null,
      period_key: null,
      expires_on: input.days > 0 && type.credit_expiry_days !== null ? addDays(effective, type.credit_expiry_days) : null,
    });
    await ledgerRepo.insertLedgerRows(t.db, [row]);
    const after = before + input.days;
    const signed = `${input.days > 0 ? '+' : ''}${input.days}`;
    await recordAudit(t, {
      employeeId: input.employeeId,
      category: 'Leave',
      action: 'leave.adjusted',
      summary: `${type.code} balance adjusted by ${signed} day(s): ${input.reason}`,
      changes: [{ field: `${type.code} balance`, before, after }],
    });
    await notify(t, { employeeIds: [input.employeeId] }, {
      kind: 'leave.adjusted',
      title: `Your ${type.name} balance changed by ${signed} day(s)`,
      body: input.reason,
      link: '/leave',
    });
    return { entry: toLedgerEntry(row), balance: after };
  });
}

export async function listAdjustments(ctx: Ctx, query: LeaveAdjustmentListQuery): Promise<LeaveAdjustmentList> {
  if (query.employeeId) await assertCanSeeEmployee(ctx, query.employeeId);
  const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const [total, rows] = await Promise.all([ledgerRepo.countAdjustments(ctx.db, query.employeeId), ledgerRepo.listAdjustmentRows(ctx.db, query.employeeId, page)]);
  return {
    items: rows.map((r) => ({
      ...toLedgerEntry(r),
      employeeId: r.employee_id,
      employeeName: r.full_name,
      employeeCode: r.code,
      leaveType: typeRef({ id: r.leave_type_id, code: r.type_code, name: r.type_name, color_tone: r.color_tone, paid: r.paid }),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/* ---------------------------------------------------------------- jobs: credits, year end, expiry */

interface Written {
  rows: LeaveLedgerTable[];
}

/** Every credit due up to today that is not in the ledger yet (annual grants, monthly accruals). */
async function dueCreditRows(ctx: Ctx, type: typeRepo.LeaveTypeRow, today: string, yearStartMonth: number): Promise<LeaveLedgerTable[]> {
  if (type.accrual === 'none' || type.active === 0) return [];
  const done = await ledgerRepo.periodKeysOf(ctx.db, type.id);
  const rows: LeaveLedgerTable[] = [];
  for (const e of await peopleRepo.employeesForCredits(ctx.db, type.accrual_from)) {
    if (!eligibleByGender(type, e.gender)) continue;
    const credits = dueCredits({
      policy: accrualPolicyOf(type),
      joinedDate: e.joined_date,
      exitDate: e.exit_date,
      today,
      yearStartMonth,
    });
    for (const c of credits) {
      if (done.has(`${e.id}|${c.periodKey}`)) continue;
      rows.push(
        ledgerRow(ctx, {
          employee_id: e.id,
          leave_type_id: type.id,
          kind: c.kind,
          days: c.days,
          effective_date: c.effectiveDate,
          reason: c.reason,
          request_id: null,
          period_key: c.periodKey,
          expires_on: type.credit_expiry_days !== null ? addDays(c.effectiveDate, type.credit_expiry_days) : null,
        }),
      );
    }
  }
  return rows;
}

/** The year-end entries of one type at one boundary (first day of the new year), per employee. */
async function yearEndPlan(ctx: Ctx, type: typeRepo.LeaveTypeRow, boundary: string) {
  const closings = await ledgerRepo.closingBalances(ctx.db, type.id, boundary);
  const done = await ledgerRepo.periodKeysOf(ctx.db, type.id);
  const isDone = (employeeId: string) =>
    ['cf-out', 'cf-in', 'lapse', 'encash'].some((k) => done.has(`${employeeId}|${k}:${boundary}`));
  return closings
    .filter((c) => c.total !== 0)
    .map((c) => ({ employeeId: c.employee_id, closing: c.total, ...splitYearEnd(c.total, type.carry_forward_cap, type.encashable === 1), done: isDone(c.employee_id) }));
}

function yearEndRows(ctx: Ctx, type: typeRepo.LeaveTypeRow, boundary: string, plan: Awaited<ReturnType<typeof yearEndPlan>>): LeaveLedgerTable[] {
  const lastDay = addDays(boundary, -1);
  const closingYear = leaveYearLabel(leaveYearStart(lastDay, Number(boundary.slice(5, 7))));
  const nextYear = leaveYearLabel(boundary);
  const rows: LeaveLedgerTable[] = [];
  for (const p of plan) {
    if (p.done) continue;
    const base = { employee_id: p.employeeId, leave_type_id: type.id, request_id: null, expires_on: null };
    if (p.encash > 0) {
      rows.push(ledgerRow(ctx, { ...base, kind: 'encashment', days: -p.encash, effective_date: lastDay, reason: `Encashed at the end of ${closingYear} (above the carry-forward cap of ${type.carry_forward_cap})`, period_key: `encash:${boundary}` }));
    }
    if (p.lapse > 0) {
      const why = type.carry_forward_cap === 0 ? 'no carry forward' : `above the carry-forward cap of ${type.carry_forward_cap}`;
      rows.push(ledgerRow(ctx, { ...base, kind: 'lapse', days: -p.lapse, effective_date: lastDay, reason: `Lapsed at the end of ${closingYear} (${why})`, period_key: `lapse:${boundary}` }));
    }
    if (p.carryForward !== 0) {
      rows.push(ledgerRow(ctx, { ...base, kind: 'carry_forward', days: -p.carryForward, effective_date: lastDay, reason: `Carried forward to ${nextYear}`, period_key: `cf-out:${boundary}` }));
      rows.push(ledgerRow(ctx, { ...base, kind: 'carry_forward', days: p.carryForward, effective_date: boundary, reason: `Brought forward from ${closingYear}`, period_key: `cf-in:${boundary}` }));
    }
  }
  return rows;
}

/** Leave-year boundaries from the type's start up to today (the year ends to run, oldest first). */
function boundariesDue(type: typeRepo.LeaveTypeRow, today: string, yearStartMonth: number): string[] {
  const out: string[] = [];
  for (let b = nextLeaveYear(leaveYearStart(type.accrual_from, yearStartMonth)); b <= today; b = nextLeaveYear(b)) out.push(b);
  return out;
}

async function expiryRows(ctx: Ctx, type: typeRepo.LeaveTypeRow, today: string): Promise<LeaveLedgerTable[]> {
  if (type.credit_expiry_days === null) return [];
  const rows = await ledgerRepo.ledgerRowsWithExpiringCredits(ctx.db, type.id);
  const byEmployee = new Map<string, ledgerRepo.LedgerRow[]>();
  for (const r of rows) byEmployee.set(r.employee_id, [...(byEmployee.get(r.employee_id) ?? []), r]);
  const out: LeaveLedgerTable[] = [];
  for (const [employeeId, entries] of byEmployee) {
    const facts = entries.map((e) => ({ id: e.id, kind: e.kind, days: e.days, effectiveDate: e.effective_date, expiresOn: e.expires_on, periodKey: e.period_key }));
    for (const x of dueExpiries(facts, today)) {
      out.push(
        ledgerRow(ctx, {
          employee_id: employeeId,
          leave_type_id: type.id,
          kind: 'lapse',
          days: -x.days,
          effective_date: x.effectiveDate,
          reason: `${type.code} credit not used by ${x.expiresOn} expired`,
          request_id: null,
          period_key: expiryKey(x.creditId),
          expires_on: null,
        }),
      );
    }
  }
  return out;
}

/** One audit row per employee whose ledger a job changed, summing it up per type. */
async function auditJobRows(ctx: Ctx, rows: readonly LeaveLedgerTable[], what: string): Promise<number> {
  const types = new Map((await typeRepo.listTypeRows(ctx.db)).map((t) => [t.id, t.code]));
  const byEmployee = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const perType = byEmployee.get(r.employee_id) ?? new Map<string, number>();
    const code = types.get(r.leave_type_id) ?? '?';
    perType.set(code, (perType.get(code) ?? 0) + r.days);
    byEmployee.set(r.employee_id, perType);
  }
  for (const [employeeId, perType] of byEmployee) {
    const parts = [...perType].map(([code, days]) => `${code} ${days > 0 ? '+' : ''}${days}`);
    await recordAudit(ctx, {
      employeeId,
      category: 'Leave',
      action: 'leave.ledger',
      summary: `${what}: ${parts.join(', ')}`,
      changes: [...perType].map(([code, days]) => ({ field: `${code} balance`, before: null, after: days })),
    });
  }
  return byEmployee.size;
}

/**
 * The nightly leave job: for every type, the credits due up to today, then
 * each due year end in order (carry forward, lapse, encashment), then expired
 * comp-off credits. Catches up any missed period; a rerun writes nothing.
 */
export async function runLeaveLedger(ctx: Ctx): Promise<LedgerRunResult> {
  return inTransaction(ctx, async (t) => {
    const { today, yearStartMonth } = await leaveToday(t);
    const written: Written = { rows: [] };
    for (const type of await typeRepo.listTypeRows(t.db)) {
      const credits = await dueCreditRows(t, type, today, yearStartMonth);
      await ledgerRepo.insertLedgerRows(t.db, credits);
      written.rows.push(...credits);
      if (isEntitled(type)) {
        for (const boundary of boundariesDue(type, today, yearStartMonth)) {
          const rows = yearEndRows(t, type, boundary, await yearEndPlan(t, type, boundary));
          await ledgerRepo.insertLedgerRows(t.db, rows);
          written.rows.push(...rows);
        }
      }
      const expiries = await expiryRows(t, type, today);
      await ledgerRepo.insertLedgerRows(t.db, expiries);
      written.rows.push(...expiries);
    }
    const employees = await auditJobRows(t, written.rows, 'Leave ledger job (grants, accruals, year end, expiry)');
    return { entries: written.rows.length, employees };
  });
}

/** What the year end at `boundary` does (or did), per employee and type. */
export async function yearEndPreview(ctx: Ctx, boundary: string | undefined): Promise<YearEndPreview> {
  const { today, yearStart, yearStartMonth } = await leaveToday(ctx);
  const at = boundary ? leaveYearStart(boundary, yearStartMonth) : nextLeaveYear(yearStart);
  const rows: YearEndRow[] = [];
  const types = (await typeRepo.listTypeRows(ctx.db)).filter(isEntitled);
  for (const type of types) {
    const plan = await yearEndPlan(ctx, type, at);
    const people = new Map((await peopleRepo.findApplicants(ctx.db, plan.map((p) => p.employeeId))).map((e) => [e.id, e]));
    for (const p of plan) {
      const e = people.get(p.employeeId);
      rows.push({
        employeeId: p.employeeId,
        employeeName: e?.full_name ?? '',
        employeeCode: e?.code ?? '',
        leaveType: typeRef(type),
        closing: p.closing,
        carryForward: p.carryForward,
        lapse: p.lapse,
        encash: p.encash,
        done: p.done,
      });
    }
  }
  rows.sort((a, b) => a.employeeName.localeCompare(b.employeeName) || a.leaveType.code.localeCompare(b.leaveType.code));
  const sum = (k: 'carryForward' | 'lapse' | 'encash') => rows.filter((r) => !r.done).reduce((s, r) => s + r[k], 0);
  return {
    boundary: at,
    closingYearStart: leaveYearStart(addDays(at, -1), yearStartMonth),
    due: at <= today,
    rows: rows.filter((r) => !r.done || r.closing !== 0),
    totals: { carryForward: sum('carryForward'), lapse: sum('lapse'), encash: sum('encash') },
  };
}

/** Runs the year end at a boundary that has been reached (409 before). Idempotent. */
export async function runYearEnd(ctx: Ctx, boundary: string): Promise<LedgerRunResult> {
  return inTransaction(ctx, async (t) => {
    const { today, yearStartMonth } = await leaveToday(t);
    const at = leaveYearStart(boundary, yearStartMonth);
    if (at !== boundary) {
      throw conflict(`${boundary} is not the first day of a leave year; the year starts on ${at}.`, [{ path: 'body.boundary', message: `use ${at}` }]);
    }
    if (at > today) {
      throw conflict(`The leave year ends on ${addDays(at, -1)}; the year end can run from ${at}.`, [{ path: 'body.boundary', message: 'has not been reached yet' }]);
    }
    const rows: LeaveLedgerTable[] = [];
    for (const type of (await typeRepo.listTypeRows(t.db)).filter(isEntitled)) {
      const planned = yearEndRows(t, type, at, await yearEndPlan(t, type, at));
      await ledgerRepo.insertLedgerRows(t.db, planned);
      rows.push(...planned);
    }
    const employees = await auditJobRows(t, rows, `Year end ${leaveYearLabel(leaveYearStart(addDays(at, -1), yearStartMonth))}`);
    return { entries: rows.length, employees };
  });
}
