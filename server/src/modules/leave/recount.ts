import { type Ctx } from '../../context.ts';
import type { LeaveDayTable } from '../../db/schema.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { leaveYearLabel } from './accrual.ts';
import { workCalendarFor } from './calendar-inputs.ts';
import { LeaveDuration, SandwichRule } from '../../../../shared/leave/index.ts';
import { countLeaveDays } from './day-count.ts';
import { leaveToday } from './balance.ts';
import { costByYear, ledgerRow } from './ledger-entries.ts';
import * as dayRepo from './repo/leave-days.ts';
import * as ledgerRepo from './repo/ledger.ts';
import * as peopleRepo from './repo/people.ts';
import * as requestRepo from './repo/requests.ts';
import { getTypeRow } from './types-service.ts';
import { fmtDays, spanOf } from './words.ts';

/**
 * Counts live leave requests (pending or approved) over from..to again after
 * the working calendar changed (a holiday added, moved or removed, weekly offs
 * changed, an optional holiday chosen): a day that became a holiday no longer
 * costs leave, one that became a working day does. An approved request's
 * ledger is corrected per leave year (`usage` for more days, `reversal` for
 * fewer); the employee is told and the change audited. Inside the caller's
 * transaction (ModuleLinks `leave.calendarChanged`).
 */
export async function recountLeave(ctx: Ctx, employeeIds: readonly string[] | 'all', from: string, to: string, why: string): Promise<number> {
  const requests = await requestRepo.liveRequestsOver(ctx.db, employeeIds, from, to);
  if (requests.length === 0) return 0;
  const { yearStartMonth } = await leaveToday(ctx);
  const now = ctx.clock.now().toISOString();
  const applicants = new Map((await peopleRepo.findApplicants(ctx.db, [...new Set(requests.map((r) => r.employee_id))])).map((a) => [a.id, a]));
  let changed = 0;
  for (const row of requests) {
    const applicant = applicants.get(row.employee_id);
    if (!applicant) continue;
    const type = await getTypeRow(ctx, row.leave_type_id);
    const calendar = await workCalendarFor(ctx.db, { id: applicant.id, locationId: applicant.location_id }, row.from_date, row.to_date);
    const duration = LeaveDuration.parse(row.duration);
    const count = countLeaveDays({ from: row.from_date, to: row.to_date, duration, sandwich: SandwichRule.parse(type.sandwich), calendar });
    const before = await dayRepo.leaveDaysOfRequest(ctx.db, row.id);
    const was = new Map(before.map((d) => [d.date, d.counted]));
    if (count.days.every((d) => was.get(d.date) === (d.counted ? 1 : 0)) && before.length === count.days.length) continue;
    changed++;

    const approved = row.status === 'Approved';
    const after: LeaveDayTable[] = count.days.map((d) => ({ request_id: row.id, employee_id: row.employee_id, date: d.date, portion: duration, counted: d.counted ? 1 : 0, approved: approved ? 1 : 0 }));
    await dayRepo.deleteLeaveDays(ctx.db, row.id);
    await dayRepo.insertLeaveDays(ctx.db, after);
    await requestRepo.updateRequestRow(ctx.db, row.id, { working_days: count.workingDays, updated_at: now });

    if (approved) {
      const old = costByYear(before.filter((d) => d.counted), yearStartMonth);
      const fresh = costByYear(after.filter((d) => d.counted), yearStartMonth);
      const years = [...new Set([...old.keys(), ...fresh.keys()])].sort();
      const rows = years.flatMap((year) => {
        const delta = (fresh.get(year)?.days ?? 0) - (old.get(year)?.days ?? 0);
        if (delta === 0) return [];
        const first = fresh.get(year)?.first ?? old.get(year)?.first ?? row.from_date;
        return [
          ledgerRow(ctx, {
            employee_id: row.employee_id,
            leave_type_id: row.leave_type_id,
            kind: delta > 0 ? 'usage' : 'reversal',
            days: -delta,
            effective_date: first,
            reason: `${row.type_code} ${spanOf(row.from_date, row.to_date)} counted again${years.length > 1 ? ` (${leaveYearLabel(year)} part)` : ''}: ${why}`,
            request_id: row.id,
            // One per recount: a request can be recounted more than once.
            period_key: `recount:${row.id}:${year}:${newId()}`,
            expires_on: null,
          }),
        ];
      });
      await ledgerRepo.insertLedgerRows(ctx.db, rows);
      await ctx.links.attendance.inputsChanged(ctx, row.employee_id, row.from_date, row.to_date);
    }
    const what = `${row.type_name} for ${spanOf(row.from_date, row.to_date)}`;
    await recordAudit(ctx, {
      employeeId: row.employee_id,
      category: 'Leave',
      action: 'leave.recounted',
      summary: `${what} now counts ${fmtDays(count.workingDays)} (was ${fmtDays(row.working_days)}): ${why}`,
      changes: [{ field: 'workingDays', before: row.working_days, after: count.workingDays }],
    });
    await notify(ctx, { employeeIds: [row.employee_id] }, {
      kind: 'leave.recounted',
      title: `Your ${what} now counts ${fmtDays(count.workingDays)} instead of ${fmtDays(row.working_days)}`,
      message: {
        id: 'leave.recounted',
        values: { type: { leaveType: { code: row.type_code, name: row.type_name } }, span: { span: { from: row.from_date, to: row.to_date } }, now: { days: count.workingDays }, before: { days: row.working_days } },
      },
      body: why,
      link: '/leave',
    });
  }
  return changed;
}
