/** API keys: the public API's (issued once, hashed at rest) and employee-bound ones for the agent endpoint, personal ones included. */
export { apiKeyRoutes } from './routes.ts';
export { type KeyLookup, type LiveKey, lookUpKey, resolveApiKey } from './credentials.ts';
export { issueApiKey, issuePersonalKey, listApiKeys, listPersonalKeys, revokeApiKey, revokePersonalKey } from './service.ts';
