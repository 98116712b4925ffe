import { addDays } from '../../../../shared/dates.ts';
import type { LedgerRunResult, YearEndPreview, YearEndQuery, YearEndRow, YearEndRunBody } from '../../../../shared/leave/index.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import type { LeaveLedgerTable } from '../../db/schema.ts';
import { conflict } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import { dueCredits, dueExpiries, expiryKey, leaveYearLabel, leaveYearStart, nextLeaveYear, splitYearEnd } from './accrual.ts';
import { leaveToday } from './balance.ts';
import { ledgerRow } from './ledger-entries.ts';
import * as typeRepo from './repo/leave-types.ts';
import * as ledgerRepo from './repo/ledger.ts';
import * as peopleRepo from './repo/people.ts';
import { accrualPolicyOf, eligibleByGender, isEntitled, typeRef } from './types-service.ts';

/** The ledger jobs: credits due (grants, accruals), year ends (carry forward, lapse, encashment) and expired credits. */

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

/** `target.push(...rows)` without spreading: a credit run for 15,000 people is more arguments than the stack holds. */
function append<T>(target: T[], rows: readonly T[]): void {
  for (const r of rows) target.push(r);
}

/**
 * The nightly leave job: for every type, the credits due up to today, then
 * each due year end in order (carry forward, lapse, encashment), then expired
 * comp-off credits. Catches up any missed period; a rerun writes nothing.
 * HR (`leave:manage`) runs it on demand too.
 */
export async function runLeaveLedger(ctx: Ctx): Promise<LedgerRunResult> {
  requirePermission(ctx, 'leave:manage');
  return inTransaction(ctx, async (t) => {
    const { today, yearStartMonth } = await leaveToday(t);
    const written: Written = { rows: [] };
    for (const type of await typeRepo.listTypeRows(t.db)) {
      const credits = await dueCreditRows(t, type, today, yearStartMonth);
      await ledgerRepo.insertLedgerRows(t.db, credits);
      append(written.rows, credits);
      if (isEntitled(type)) {
        for (const boundary of boundariesDue(type, today, yearStartMonth)) {
          const rows = yearEndRows(t, type, boundary, await yearEndPlan(t, type, boundary));
          await ledgerRepo.insertLedgerRows(t.db, rows);
          append(written.rows, rows);
        }
      }
      const expiries = await expiryRows(t, type, today);
      await ledgerRepo.insertLedgerRows(t.db, expiries);
      append(written.rows, expiries);
    }
    const employees = await auditJobRows(t, written.rows, 'Leave ledger job (grants, accruals, year end, expiry)');
    return { entries: written.rows.length, employees };
  });
}

/** What the year end at `boundary` does (or did), per employee and type. */
export async function previewLeaveYearEnd(ctx: Ctx, query: YearEndQuery): Promise<YearEndPreview> {
  requirePermission(ctx, 'leave:manage');
  const { boundary } = query;
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
export async function runLeaveYearEnd(ctx: Ctx, input: YearEndRunBody): Promise<LedgerRunResult> {
  requirePermission(ctx, 'leave:manage');
  const { boundary } = input;
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
      append(rows, planned);
    }
    const employees = await auditJobRows(t, rows, `Year end ${leaveYearLabel(leaveYearStart(addDays(at, -1), yearStartMonth))}`);
    return { entries: rows.length, employees };
  });
}
