/** The versioned, read-only public API for integrators. */
export { publicV1Routes } from './routes.ts';
export { publicEmployeeById } from './service.ts';
