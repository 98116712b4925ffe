import crypto from 'node:crypto';
import { ACCESS_TOKEN_SECONDS, type AgentScope, REFRESH_TOKEN_DAYS } from '../../../../shared/oauth.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { newId } from '../../ids.ts';
import { sha256Hex } from '../../secrets.ts';
import { OAuthFailure, invalidGrant, invalidRequest, invalidScope, invalidTarget } from './errors.ts';
import type { ClientRow } from './repo/clients.ts';
import * as repo from './repo/grants.ts';
import { verifyS256 } from './pkce.ts';
import { parseScope, scopeString, storedScopes } from './scopes.ts';

/**
 * The token endpoint's grants (authorization code with PKCE, refresh with
 * rotation), revocation (RFC 7009), and checking an access token on the agent
 * endpoint. Tokens are opaque random strings; only their SHA-256 is stored.
 */

const ACCESS_PREFIX = 'mat_';
const REFRESH_PREFIX = 'mrt_';
const MARK_USED_EVERY_MS = 60_000;

/** RFC 6749 §5.1. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const random = (prefix: string) => prefix + crypto.randomBytes(32).toString('base64url');

/** New access and refresh tokens for a grant (inside the caller's transaction). */
async function issueTokens(db: Ctx['db'], grantId: string, scope: string, now: Date): Promise<TokenResponse> {
  const access = random(ACCESS_PREFIX);
  const refresh = random(REFRESH_PREFIX);
  await repo.insertTokens(db, [
    { token_hash: sha256Hex(access), grant_id: grantId, kind: 'access', scope, created_at: now.toISOString(), expires_at: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000).toISOString(), revoked_at: null },
    { token_hash: sha256Hex(refresh), grant_id: grantId, kind: 'refresh', scope, created_at: now.toISOString(), expires_at: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000).toISOString(), revoked_at: null },
  ]);
  return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS, refresh_token: refresh, scope };
}

export interface CodeExchange {
  code: string | undefined;
  redirectUri: string | undefined;
  codeVerifier: string | undefined;
  resource: string | undefined;
}

/**
 * authorization_code (OAuth 2.1 §4.1.3): the code must be this client's,
 * unused, unexpired, for the same redirect URI and resource, and the PKCE
 * verifier must hash to its challenge. A code used twice is a sign it leaked:
 * the grant it issued is revoked (RFC 6749 §4.1.2). A new grant replaces the
 * person's earlier grant to the same client.
 */
export async function exchangeCode(ctx: Ctx, client: ClientRow, x: CodeExchange): Promise<TokenResponse> {
  if (!x.code) throw invalidRequest('code is required.');
  if (!x.codeVerifier) throw invalidRequest('code_verifier is required (PKCE).');
  const codeHash = sha256Hex(x.code);
  const now = ctx.clock.now();
  const at = now.toISOString();
  // Refusals are answered after the transaction commits: a code is spent by any attempt, and a
  // replay's revocation must stick.
  const outcome = await inTransaction(ctx, async (t): Promise<TokenResponse | OAuthFailure> => {
    const code = await repo.findCode(t.db, codeHash);
    if (!code || code.client_id !== client.id) return invalidGrant('The authorization code is unknown.');
    if (!(await repo.useCode(t.db, codeHash, at))) {
      if (code.grant_id) await repo.revokeGrants(t.db, [code.grant_id], at, 'its authorization code was used twice');
      return invalidGrant('The authorization code was already used; the access it gave has been revoked.');
    }
    if (Date.parse(code.expires_at) <= now.getTime()) return invalidGrant('The authorization code has expired. Start the connection again.');
    if (x.redirectUri !== code.redirect_uri) return invalidGrant('redirect_uri does not match the authorization request.');
    if (!verifyS256(x.codeVerifier ?? '', code.code_challenge)) return invalidGrant('The PKCE code_verifier does not match the code_challenge.');
    if (x.resource !== undefined && x.resource.replace(/\/+$/, '') !== code.resource) return invalidTarget(`The code was issued for ${code.resource}.`);
    const employeeId = await repo.employeeOfLogin(t.db, code.user_id);
    if (!employeeId) return invalidGrant('The person who authorized this no longer has a login.');
    await repo.revokeGrants(t.db, await repo.liveGrantIds(t.db, client.id, code.user_id), at, 'replaced by a new authorization');
    const grantId = newId();
    await repo.insertGrant(t.db, {
      id: grantId,
      client_id: client.id,
      user_id: code.user_id,
      employee_id: employeeId,
      scope: code.scope,
      resource: code.resource,
      created_at: at,
      last_used_at: null,
      revoked_at: null,
      revoked_reason: null,
    });
    await repo.setCodeGrant(t.db, codeHash, grantId);
    return issueTokens(t.db, grantId, code.scope, now);
  });
  if (outcome instanceof OAuthFailure) throw outcome;
  return outcome;
}

export interface RefreshRequest {
  refreshToken: string | undefined;
  scope: string | undefined;
  resource: string | undefined;
}

/**
 * refresh_token (OAuth 2.1 §4.3) with rotation: the presented token stops
 * working and a new pair is issued. Presenting an already-rotated refresh
 * token (a replay: someone else may hold it) revokes the whole grant.
 */
export async function refreshTokens(ctx: Ctx, client: ClientRow, r: RefreshRequest): Promise<TokenResponse> {
  if (!r.refreshToken) throw invalidRequest('refresh_token is required.');
  const hash = sha256Hex(r.refreshToken);
  const now = ctx.clock.now();
  const at = now.toISOString();
  // As for codes: the refusal is answered after the commit, so a replay's revocation sticks.
  const outcome = await inTransaction(ctx, async (t): Promise<TokenResponse | OAuthFailure> => {
    const token = await repo.findToken(t.db, hash);
    if (!token || token.kind !== 'refresh' || token.client_id !== client.id) return invalidGrant('The refresh token is unknown.');
    if (token.grant_revoked_at !== null) return invalidGrant('This connection was revoked. Connect the app again.');
    if (!(await repo.revokeToken(t.db, hash, at))) {
      await repo.revokeGrants(t.db, [token.grant_id], at, 'a used refresh token was presented again');
      return invalidGrant('The refresh token was already used; the connection has been revoked for safety. Connect the app again.');
    }
    if (Date.parse(token.expires_at) <= now.getTime()) return invalidGrant('The refresh token has expired. Connect the app again.');
    if (r.resource !== undefined && r.resource.replace(/\/+$/, '') !== token.resource) return invalidTarget(`This connection is for ${token.resource}.`);
    let scope = token.token_scope;
    if (r.scope !== undefined) {
      const asked = parseScope(r.scope);
      const granted = storedScopes(token.token_scope);
      if (asked.unknown.length > 0 || asked.scopes.some((s) => !granted.includes(s))) return invalidScope('A refresh cannot widen the scopes granted.');
      scope = scopeString(asked.scopes);
    }
    return issueTokens(t.db, token.grant_id, scope, now);
  });
  if (outcome instanceof OAuthFailure) throw outcome;
  return outcome;
}

/**
 * RFC 7009: revokes a token of this client. A refresh token ends the whole
 * grant (the connection); an access token only itself. Unknown tokens and
 * other clients' tokens are ignored (the answer is 200 either way).
 */
export async function revokeToken(ctx: Ctx, client: ClientRow, presented: string | undefined): Promise<void> {
  if (!presented) throw invalidRequest('token is required.');
  const hash = sha256Hex(presented);
  const token = await repo.findToken(ctx.db, hash);
  if (!token || token.client_id !== client.id) return;
  const at = ctx.clock.now().toISOString();
  if (token.kind === 'refresh') await repo.revokeGrants(ctx.db, [token.grant_id], at, 'the app revoked it');
  else await repo.revokeToken(ctx.db, hash, at);
}

/** A live access token, as the agent endpoint sees it. */
export interface AccessGrant {
  grantId: string;
  clientId: string;
  clientName: string;
  userId: string;
  scopes: AgentScope[];
  /** Seconds since the epoch. */
  expiresAt: number;
}

export type AccessCheck = { grant: AccessGrant } | { refused: string };

type TokenRow = NonNullable<Awaited<ReturnType<typeof repo.findToken>>>;

// Keyed by the token's hash; revocations, rotations and disabled clients are writes to these tables.
const tokenCache = defineCache<TokenRow | null>({ name: 'oauth.access-tokens', reads: ['oauth_token', 'oauth_grant', 'oauth_client'], maxEntries: 5000 });

/**
 * Checks an access token on every agent call (OAuth 2.1 §5.2): known, an
 * access token, unexpired, its grant and client live, and issued for this
 * resource (RFC 8707 audience). Marks the grant used about once a minute.
 */
export async function checkAccessToken(ctx: Pick<Ctx, 'db' | 'clock'>, presented: string, resource: string): Promise<AccessCheck> {
  if (!presented.startsWith(ACCESS_PREFIX) || presented.length > 200) return { refused: 'The access token is unknown.' };
  const hash = sha256Hex(presented);
  const token = await tokenCache.get(ctx.db, hash, async () => (await repo.findToken(ctx.db, hash)) ?? null);
  if (!token || token.kind !== 'access') return { refused: 'The access token is unknown.' };
  if (token.revoked_at !== null || token.grant_revoked_at !== null) return { refused: 'The access token was revoked.' };
  if (token.client_disabled_at !== null) return { refused: `The app "${token.client_name}" was disabled by an administrator.` };
  const now = ctx.clock.now().getTime();
  if (Date.parse(token.expires_at) <= now) return { refused: 'The access token has expired. Refresh it.' };
  if (token.resource !== resource) return { refused: `The access token was issued for ${token.resource}, not for ${resource}.` };
  if (!token.grant_last_used_at || now - Date.parse(token.grant_last_used_at) >= MARK_USED_EVERY_MS) {
    token.grant_last_used_at = new Date(now).toISOString();
    await repo.markGrantUsed(ctx.db, token.grant_id, token.grant_last_used_at);
  }
  return {
    grant: {
      grantId: token.grant_id,
      clientId: token.client_id,
      clientName: token.client_name,
      userId: token.user_id,
      scopes: storedScopes(token.token_scope),
      expiresAt: Math.floor(Date.parse(token.expires_at) / 1000),
    },
  };
}

