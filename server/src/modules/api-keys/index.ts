/** API keys for the public API (issued once, hashed at rest). */
export { apiKeyRoutes } from './routes.ts';
export { resolveApiKey } from './service.ts';
