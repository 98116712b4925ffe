/** Attendance: punches, reconciled days, policy (shifts, holidays, weekly offs), regularizations, views and exports. */
export { attendanceRoutes } from './routes.ts';
export { attendanceInputsChangedHandler as attendanceInputsChanged, dayOfInstant } from './days.ts';
export { assignShift } from './policy/roster.ts';
export { frozenDates, listDays } from './repo/days.ts';
export { directoryOf, employeeForTerminalUser, policyOf } from './policy.ts';
export { reconcileOwners, recordPunches } from './punches.ts';
export { DEMO_TERMINALS, seedDemoAttendance } from './demo.ts';
export { zonedInstant } from './shift-time.ts';
export { closeDays, sweepDays } from './jobs.ts';
