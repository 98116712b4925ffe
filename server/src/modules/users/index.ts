/** Logins of employees: roles, activation, passwords set by an administrator. */
export { userRoutes } from './routes.ts';
export { insertLogin } from './service.ts';
export { countUsers, insertUserAccount } from './repo.ts';
