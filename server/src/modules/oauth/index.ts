/** The agent endpoint's embedded OAuth 2.1 authorization server: discovery, registration, consent, tokens, connected apps. */
export { oauthRoutes } from './routes.ts';
export { oauthProtocolRoutes } from './protocol.ts';
export { type AccessCheck, type AccessGrant, checkAccessToken } from './tokens.ts';
export { resourceMetadataUrl, resourceOf, issuerOf, MCP_PATH } from './metadata.ts';
export { pruneOAuth } from './prune.ts';
