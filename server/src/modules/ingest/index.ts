/** The connector's ingest routes: punches, admin logs and keep-alives from terminals. */
export { ingestRoutes } from './routes.ts';
