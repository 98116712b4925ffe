import type { Db } from '../../context.ts';
import * as repo from './repo/register.ts';

/**
 * The leave facts statutory registers print (read by the compliance module's
 * use cases, which check their own permission): leave types, balances at the
 * start of a range, ledger entries in it, decided requests touching it and
 * the approved days in it.
 */

export interface LeaveRegisterFacts {
  types: { id: string; code: string; name: string; paid: boolean }[];
  opening: { employeeId: string; leaveTypeId: string; days: number }[];
  entries: { employeeId: string; leaveTypeId: string; kind: string; days: number; effectiveDate: string; requestId: string | null }[];
  requests: {
    id: string;
    employeeId: string;
    leaveTypeId: string;
    fromDate: string;
    toDate: string;
    duration: string;
    workingDays: number;
    status: string;
    closure: string | null;
    appliedOn: string;
    decidedAt: string | null;
  }[];
  days: { employeeId: string; leaveTypeId: string; date: string; days: number; requestId: string }[];
}

export async function leaveRegisterFacts(db: Db, employeeIds: readonly string[], from: string, to: string): Promise<LeaveRegisterFacts> {
  const ids = [...employeeIds];
  const [types, opening, entries, requests, days] = await Promise.all([
    repo.registerLeaveTypes(db),
    repo.balancesBefore(db, ids, from),
    repo.entriesIn(db, ids, from, to),
    repo.requestsTouching(db, ids, from, to),
    repo.approvedDaysIn(db, ids, from, to),
  ]);
  return {
    types: types.map((t) => ({ id: t.id, code: t.code, name: t.name, paid: t.paid === 1 })),
    opening: opening.map((o) => ({ employeeId: o.employee_id, leaveTypeId: o.leave_type_id, days: o.total })),
    entries: entries.map((e) => ({ employeeId: e.employee_id, leaveTypeId: e.leave_type_id, kind: e.kind, days: e.days, effectiveDate: e.effective_date, requestId: e.request_id })),
    requests: requests.map((r) => ({
      id: r.id,
      employeeId: r.employee_id,
      leaveTypeId: r.leave_type_id,
      fromDate: r.from_date,
      toDate: r.to_date,
      duration: r.duration,
      workingDays: r.working_days,
      status: r.status,
      closure: r.closure,
      appliedOn: r.created_at.slice(0, 10),
      decidedAt: r.hr_decided_at ?? r.manager_decided_at,
    })),
    days: days.map((d) => ({ employeeId: d.employee_id, leaveTypeId: d.leave_type_id, date: d.date, days: d.portion === 'FullDay' ? 1 : 0.5, requestId: d.request_id })),
  };
}
