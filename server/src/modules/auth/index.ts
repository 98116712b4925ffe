/** Sign-in, sessions and passwords. */
export { authRoutes } from './routes.ts';
export { type ClientMeta, type SignedIn, callerOfUser, callerOfUserId, downloaderLocale, login, passwordChangedAt, passwordStillSet, pruneSessions, resolveSession, resolveSessionCaller } from './service.ts';
export { hashPassword } from './passwords.ts';
export { type AgentIdentity, agentCallerOf, permissionsOfLogin } from './agent.ts';
/** Ends a user's sessions (all, or all but one): a password or role change, a disabled login. */
export { revokeSessionsOfUser, updatePasswordHash } from './repo.ts';
