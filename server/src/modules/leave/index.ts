/** Leave: types and policies, requests and their approval, the balance ledger, accruals and year end. */
export { leaveRoutes } from './routes.ts';
export { leaveDaysForAttendance as approvedLeaveDays } from './attendance-link.ts';
export { recountLeave } from './recount.ts';
export { runLeaveLedger } from './ledger-jobs.ts';
export { seedDemoLeave } from './demo.ts';
