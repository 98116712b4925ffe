import { provideCalendarChanged, provideDaysChanged, provideFrozenDays, provideLeaveDays, provideShiftAssigner } from './links.ts';
import { attendanceInputsChangedHandler } from './modules/attendance/days.ts';
import { assignShift } from './modules/attendance/policy-service.ts';
import { frozenDates } from './modules/attendance/repo.ts';
import { leaveDaysForAttendance } from './modules/leave/attendance-link.ts';
import { recountLeave } from './modules/leave/recount.ts';

/**
 * Connects the modules' cross-module links (see links.ts). Called by
 * createApp and by start-up seeding; calling it twice is harmless.
 * Each module that provides a link adds one line here.
 */
export function wireModules(): void {
  provideLeaveDays(leaveDaysForAttendance);
  provideDaysChanged(attendanceInputsChangedHandler);
  provideFrozenDays(frozenDates);
  provideCalendarChanged(async (ctx, ids, from, to, why) => {
    await recountLeave(ctx, ids, from, to, why);
  });
  provideShiftAssigner(async (ctx, employeeId, shiftId, effectiveFrom) => {
    await assignShift(ctx, employeeId, { shiftId, effectiveFrom });
  });
}
