/** Leave: types and policies, requests and their approval, the balance ledger, accruals and year end. */
export { leaveRoutes } from './routes.ts';
export { leaveDaysForAttendance as approvedLeaveDays } from './attendance-link.ts';
export { recountLeave } from './recount.ts';
export { seedDemoLeave } from './demo.ts';

// The use cases every channel calls (console routes, the agent endpoint, jobs): each checks the caller's permission and scope itself.
export { createLeaveType, listLeaveTypes, updateLeaveType } from './types-service.ts';
export { applyLeave, quoteLeave } from './apply.ts';
export { applyLeaveWithDocument, attachLeaveDocument } from './attachments.ts';
export { approveLeave, cancelLeave, rejectLeave, withdrawLeave } from './decide.ts';
export { getLeaveRequest, leaveCalendar, listLeaveColleagues, listLeaveRequests } from './read.ts';
export { getLeaveBalances, getLeaveLedger } from './balance.ts';
export { adjustLeaveBalance, listLeaveAdjustments } from './adjust.ts';
export { previewLeaveYearEnd, runLeaveLedger, runLeaveYearEnd } from './ledger-jobs.ts';
