import type { Db } from '../../context.ts';
import type { LeaveDay, LeavePortion } from '../../context.ts';
import { approvedLeaveDayRows } from './repo/leave-days.ts';

/**
 * Leave's side of the attendance link (ModuleLinks `leave.approvedDays`): every
 * approved day that costs leave, with its portion. Days a request spans
 * without costing them (weekly offs and holidays outside a sandwich rule)
 * are left to attendance's own calendar.
 */
export async function leaveDaysForAttendance(db: Db, employeeIds: readonly string[] | 'all', from: string, to: string): Promise<LeaveDay[]> {
  const rows = await approvedLeaveDayRows(db, employeeIds, from, to);
  return rows.map((r) => ({
    employeeId: r.employee_id,
    date: r.date,
    portion: r.portion as LeavePortion,
    requestId: r.request_id,
    leaveTypeCode: r.code,
    leaveTypeName: r.name,
    paid: r.paid === 1,
  }));
}
