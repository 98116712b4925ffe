/** The dashboard: the home page's role-aware figures and their export. */
export { dashboardRoutes } from './routes.ts';
export { getDashboard } from './read.ts';
export { exportDashboard } from './export.ts';
