import type { Db } from '../../context.ts';
import type { AttendanceDayTable } from '../../db/schema.ts';
import * as daysRepo from './repo/days.ts';

/**
 * What the statutory registers read of attendance (through the compliance
 * module's use cases, which check their own permission): the reconciled days
 * of a range, sums per employee, and days of some statuses.
 */

export type RegisterDay = Pick<
  AttendanceDayTable,
  'employee_id' | 'date' | 'shift_id' | 'status' | 'provisional' | 'frozen' | 'worked_minutes' | 'ot_minutes' | 'first_in' | 'last_out' | 'present_days' | 'lop_days' | 'holiday_name' | 'leave_code'
>;

export async function registerDays(db: Db, ids: readonly string[] | 'all', from: string, to: string): Promise<RegisterDay[]> {
  return daysRepo.listRegisterDays(db, ids, from, to);
}

export async function registerDaySums(db: Db, ids: readonly string[] | 'all', from: string, to: string) {
  return daysRepo.sumDaysByEmployee(db, ids, from, to);
}

export async function registerDaysWithStatus(db: Db, statuses: readonly string[], from: string, to: string) {
  return daysRepo.listDaysWithStatus(db, statuses, from, to);
}
