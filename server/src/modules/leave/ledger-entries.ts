import type { Ctx } from '../../context.ts';
import type { LeaveLedgerTable } from '../../db/schema.ts';
import { newId } from '../../ids.ts';
import { leaveYearLabel, leaveYearStart } from './accrual.ts';
import { type CountedLeaveDay, leaveToday } from './balance.ts';
import * as ledgerRepo from './repo/ledger.ts';
import { spanOf } from './words.ts';

/**
 * Writing the ledger: a row as the caller writes it, and what a decision
 * writes (usage on approval, the reversal of an HR cancellation), one entry
 * per leave year the request's days fall in.
 */

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
