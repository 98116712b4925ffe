/** Attendance: punches, reconciled days, policy (shifts, holidays, weekly offs), views and exports. */
export { attendanceRoutes } from './routes.ts';
export { attendanceInputsChangedHandler as attendanceInputsChanged, dayOfInstant } from './days.ts';
export { assignShift } from './policy/roster.ts';
export { frozenDates, listDays } from './repo/days.ts';
export { directoryOf, employeeForTerminalUser, policyOf } from './policy-cache.ts';
export { reconcileOwners, recordPunches } from './punches.ts';
export { DEMO_TERMINALS, seedDemoAttendance } from './demo.ts';
export { demoSchedule } from './demo-schedule.ts';
export { zonedInstant } from './shift-time.ts';
export { closeDays, sweepDays } from './jobs.ts';
export { announceFinalDays, isLocationDayFinal } from './final-days.ts';

// The day engine, for modules built on it (regularizations): load a day's
// inputs, find its shift window, see it with punches added or set aside.
export { type Inputs, frozenIn, loadInputs, windowOf } from './days.ts';
export { dayWithPunchesChanged, punchesAround } from './employee-days.ts';
export { type EmployeeInfo, employedOn } from './policy-cache.ts';
export { localParts } from './punches.ts';
export { todayOf } from './scope.ts';
export { type RegisterDay, registerDaySums, registerDays, registerDaysWithStatus } from './register-facts.ts';
export { holidayOn, publicHolidayOn, weeklyOffOn, type Policy, type ShiftInfo, type HolidayInfo } from './policy-cache.ts';

// Reports and the dashboard: aggregates over the stored days, and today's live picture.
export { liveSummary } from './views.ts';
export {
  EXPECTED_STATUSES,
  type OffDaySort,
  absenceByEmployee,
  attendanceSummaryByEmployee,
  countPendingDays,
  dailyAttendance,
  lateEarlyByEmployee,
  lateEarlyByWeekday,
  offDayWorkByMonth,
  offDayWorkPage,
  offDayWorkTotals,
  overtimeByEmployee,
} from './repo/reports.ts';

// The use cases of the console's attendance screens, for the other channels (the agent endpoint).
export { dayDetail, monthOf } from './employee-days.ts';
export { selfPunch } from './self.ts';
export { live, selfToday } from './views.ts';
export { overrideDay } from './override.ts';
