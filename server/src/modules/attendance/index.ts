/** Attendance: punches, reconciled days, policy (shifts, holidays, weekly offs), views and exports. */
export { attendanceRoutes } from './routes.ts';
export { attendanceInputsChangedHandler as attendanceInputsChanged, dayOfInstant } from './days.ts';
export { assignShift } from './policy/roster.ts';
export { frozenDates, listDays } from './repo/days.ts';
export { directoryOf, employeeForTerminalUser, holidayOn, policyOf } from './policy-cache.ts';
export { reconcileOwners, recordPunches } from './punches.ts';
export { DEMO_TERMINALS, seedDemoAttendance } from './demo.ts';
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
