/** Regularizations: an employee asks to fix a day of attendance; the manager, then HR where the policy says so, decide. Built on attendance's day engine. */
export { regularizationRoutes } from './routes.ts';
export { approveRegularization, rejectRegularization } from './decide.ts';
export { getRegularization, listRegularizations, regularizationsAwaitingMe, regularizationsOfDay } from './read.ts';
export { createRegularization, previewOfRequest, previewRegularization } from './request.ts';

// Reports: requests by kind and outcome, by month.
export { regularizationsByKind, regularizationsByMonth } from './report-repo.ts';
