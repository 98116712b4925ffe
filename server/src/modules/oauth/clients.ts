import crypto from 'node:crypto';
import { z } from 'zod';
import { type OAuthClient, type OAuthClientCreate, type OAuthClientIssued, TokenAuthMethod } from '../../../../shared/oauth.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { sha256Hex } from '../../secrets.ts';
import { recordAudit } from '../audit/index.ts';
import { OAuthFailure, invalidClient } from './errors.ts';
import { redirectUriProblem } from './redirect-uris.ts';
import * as repo from './repo/clients.ts';
import { revokeGrants, liveGrantIdsOfClient } from './repo/grants.ts';

/** OAuth clients: self-registration (RFC 7591), registration by an administrator, the list, disabling, and client authentication at the token endpoint. */

const MARK_USED_EVERY_MS = 60_000;

function newClientId(): string {
  return `mcl_${crypto.randomBytes(16).toString('base64url')}`;
}

function newSecret(): string {
  return `mcs_${crypto.randomBytes(32).toString('base64url')}`;
}

export function toOAuthClient(row: repo.ClientRow): OAuthClient {
  return {
    id: row.id,
    name: row.name,
    clientUri: row.client_uri,
    registration: row.registration === 'admin' ? 'admin' : 'dynamic',
    redirectUris: JSON.parse(row.redirect_uris) as string[],
    authMethod: TokenAuthMethod.parse(row.auth_method),
    createdAt: row.created_at,
    createdByName: row.created_by_name,
    lastUsedAt: row.last_used_at,
    disabledAt: row.disabled_at,
    liveGrants: Number(row.live_grants ?? 0),
  };
}

/** RFC 7591 §2 client metadata: the fields Muster reads; others are ignored (§3.2.1 lets a server do so). */
const RegistrationRequest = z.object({
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
  client_name: z.string().trim().max(100).optional(),
  client_uri: z.string().max(2000).optional(),
  token_endpoint_auth_method: z.string().max(40).optional(),
  grant_types: z.array(z.string().max(60)).max(10).optional(),
  response_types: z.array(z.string().max(20)).max(5).optional(),
  scope: z.string().max(400).optional(),
  software_id: z.string().max(200).optional(),
  software_version: z.string().max(100).optional(),
});

export interface RegisteredClient {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  client_uri?: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: string;
  client_secret?: string;
  client_secret_expires_at?: number;
}

/** Whether assistants may register themselves. */
export async function dynamicRegistrationOn(ctx: Pick<Ctx, 'db'>): Promise<boolean> {
  return (await repo.readSettings(ctx.db))?.dynamic_registration !== 0;
}

/**
 * RFC 7591 dynamic client registration: any assistant may register (unless an
 * administrator turned it off); registering grants nothing by itself — a
 * person still signs in and consents. Answers the RFC's response body.
 */
export async function registerClient(ctx: Ctx, body: unknown): Promise<RegisteredClient> {
  if (!(await dynamicRegistrationOn(ctx))) {
    throw new OAuthFailure(403, 'access_denied', 'Assistants cannot register themselves on this Muster: an administrator turned it off. Ask them to register the app under API & webhooks → Connected apps.');
  }
  const parsed = RegistrationRequest.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = first?.path.join('.') || 'body';
    throw new OAuthFailure(400, field.startsWith('redirect_uris') ? 'invalid_redirect_uri' : 'invalid_client_metadata', `${field}: ${first?.message ?? 'is not valid'}`);
  }
  const m = parsed.data;
  for (const uri of m.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthFailure(400, 'invalid_redirect_uri', `redirect_uris: ${uri} ${problem}.`);
  }
  const method = TokenAuthMethod.safeParse(m.token_endpoint_auth_method ?? 'none');
  if (!method.success) throw new OAuthFailure(400, 'invalid_client_metadata', `token_endpoint_auth_method must be one of ${TokenAuthMethod.options.join(', ')}.`);
  const grantTypes = m.grant_types ?? ['authorization_code', 'refresh_token'];
  const unsupportedGrant = grantTypes.find((g) => g !== 'authorization_code' && g !== 'refresh_token');
  if (unsupportedGrant) throw new OAuthFailure(400, 'invalid_client_metadata', `grant_types: ${unsupportedGrant} is not supported (authorization_code and refresh_token are).`);
  const responseTypes = m.response_types ?? ['code'];
  if (responseTypes.some((r) => r !== 'code')) throw new OAuthFailure(400, 'invalid_client_metadata', 'response_types: only code is supported.');
  let clientUri: string | null = null;
  if (m.client_uri) {
    try {
      const u = new URL(m.client_uri);
      if (u.protocol === 'https:' || u.protocol === 'http:') clientUri = u.href;
    } catch {
      throw new OAuthFailure(400, 'invalid_client_metadata', 'client_uri is not a URL.');
    }
  }
  const id = newClientId();
  const secret = method.data === 'none' ? null : newSecret();
  const now = ctx.clock.now();
  const name = m.client_name || 'An unnamed app';
  await repo.insertClient(ctx.db, {
    id,
    name,
    client_uri: clientUri,
    redirect_uris: JSON.stringify(m.redirect_uris),
    auth_method: method.data,
    secret_hash: secret ? sha256Hex(secret) : null,
    registration: 'dynamic',
    software_id: m.software_id ?? null,
    software_version: m.software_version ?? null,
    created_by_user_id: null,
    created_at: now.toISOString(),
    last_used_at: null,
    disabled_at: null,
  });
  return {
    client_id: id,
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: name,
    ...(clientUri ? { client_uri: clientUri } : {}),
    redirect_uris: m.redirect_uris,
    grant_types: grantTypes,
    response_types: ['code'],
    token_endpoint_auth_method: method.data,
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
  };
}

/** An administrator registers an app (`api:manage`): for assistants that cannot register themselves, or when self-registration is off. */
export async function createClient(ctx: Ctx, input: OAuthClientCreate): Promise<OAuthClientIssued> {
  requirePermission(ctx, 'api:manage');
  input.redirectUris.forEach((uri, i) => {
    const problem = redirectUriProblem(uri);
    if (problem) throw badRequest(`${uri} ${problem}.`, [{ path: `body.redirectUris.${i}`, message: problem }]);
  });
  const id = newClientId();
  const secret = input.confidential ? newSecret() : null;
  await inTransaction(ctx, async (t) => {
    await repo.insertClient(t.db, {
      id,
      name: input.name,
      client_uri: input.clientUri ?? null,
      redirect_uris: JSON.stringify(input.redirectUris),
      auth_method: secret ? 'client_secret_post' : 'none',
      secret_hash: secret ? sha256Hex(secret) : null,
      registration: 'admin',
      software_id: null,
      software_version: null,
      created_by_user_id: ctx.caller.userId,
      created_at: ctx.clock.now().toISOString(),
      last_used_at: null,
      disabled_at: null,
    });
    if (ctx.caller.employeeId) {
      await recordAudit(t, { employeeId: ctx.caller.employeeId, category: 'Permissions', action: 'oauth.client-registered', summary: `Registered the app "${input.name}" for OAuth` });
    }
  });
  const row = await repo.findClient(ctx.db, id);
  if (!row) throw new Error('registered client vanished');
  return { ...toOAuthClient(row), clientSecret: secret };
}

/** Apps registered by an administrator, and self-registered ones someone connected (`api:manage`). */
export async function listClients(ctx: Ctx): Promise<OAuthClient[]> {
  requirePermission(ctx, 'api:manage');
  return (await repo.listClients(ctx.db)).map(toOAuthClient);
}

/** Disables an app (`api:manage`): it can no longer be authorized, and every connection to it ends at once. */
export async function disableClient(ctx: Ctx, id: string): Promise<OAuthClient> {
  requirePermission(ctx, 'api:manage');
  const row = await repo.findClient(ctx.db, id);
  if (!row) throw notFound('App');
  if (row.disabled_at === null) {
    await inTransaction(ctx, async (t) => {
      const at = ctx.clock.now().toISOString();
      await repo.disableClientRow(t.db, id, at);
      const revoked = await revokeGrants(t.db, await liveGrantIdsOfClient(t.db, id), at, `the app was disabled by ${ctx.caller.name}`);
      if (ctx.caller.employeeId) {
        await recordAudit(t, {
          employeeId: ctx.caller.employeeId,
          category: 'Permissions',
          action: 'oauth.client-disabled',
          summary: `Disabled the app "${row.name}" (${revoked.length} connection${revoked.length === 1 ? '' : 's'} ended)`,
        });
      }
    });
  }
  const updated = await repo.findClient(ctx.db, id);
  if (!updated) throw notFound('App');
  return toOAuthClient(updated);
}

/** A client that may use the authorization endpoint: known and not disabled. */
export async function findUsableClient(ctx: Pick<Ctx, 'db'>, id: string | undefined): Promise<repo.ClientRow | undefined> {
  if (!id) return undefined;
  const row = await repo.findClient(ctx.db, id);
  return row && row.disabled_at === null ? row : undefined;
}

export interface ClientCredentials {
  clientId: string | undefined;
  secret: string | undefined;
  /** The secret came in an `Authorization: Basic` header. */
  basic: boolean;
}

/** Authenticates a client at the token and revocation endpoints (RFC 6749 §2.3, public clients by id alone); 401 invalid_client otherwise. */
export async function authenticateClient(ctx: Pick<Ctx, 'db' | 'clock'>, creds: ClientCredentials): Promise<repo.ClientRow> {
  const row = await findUsableClient(ctx, creds.clientId);
  if (!row) throw invalidClient('The client is unknown or disabled.', creds.basic);
  if (row.auth_method !== 'none' || creds.secret !== undefined) {
    const expected = row.secret_hash;
    const given = sha256Hex(creds.secret ?? '');
    if (!expected || creds.secret === undefined || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
      throw invalidClient('The client secret is missing or wrong.', creds.basic);
    }
  }
  const now = ctx.clock.now();
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= MARK_USED_EVERY_MS) {
    await repo.markClientUsed(ctx.db, row.id, now.toISOString());
  }
  return row;
}
