/** Reports: the catalogue of built-in reports, running them (JSON and exports), and saved reports. */
export { reportRoutes } from './routes.ts';
export { listReports, runReport } from './run.ts';
export { exportReport } from './export.ts';
export { deleteReport, saveReport } from './saved.ts';
