/** First-run setup: the organisation and its first administrator. */
export { setupRoutes } from './routes.ts';
export { createFirstAdmin } from './service.ts';
