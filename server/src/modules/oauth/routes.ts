import { z } from 'zod';
import { UuidInput } from '../../../../shared/common.ts';
import {
  AuthorizeDecision,
  AuthorizeParams,
  AuthorizePrompt,
  AuthorizeRedirect,
  OAuthClient,
  OAuthClientCreate,
  OAuthClientIssued,
  OAuthClientList,
  OAuthGrant,
  OAuthGrantList,
  OAuthGrantQuery,
  OAuthSettings,
  OAuthSettingsUpdate,
} from '../../../../shared/oauth.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { requestBase } from '../../http/public-url.ts';
import { readerLocale } from '../auth/index.ts';
import { authorizationPrompt, decideAuthorization } from './authorize.ts';
import { createClient, disableClient, listClients } from './clients.ts';
import { listGrants, revokeGrant } from './grants.ts';
import { oauthSettings, updateOAuthSettings } from './settings.ts';

const IdParams = z.object({ id: UuidInput });
const ClientIdParams = z.object({ id: z.string().min(1).max(100) });
const TAGS = ['Connected apps'];

/** The console's side of the authorization server: the consent page, connected apps, apps an administrator registers, the settings. */
export function oauthRoutes(api: Api, deps: ModuleDeps): void {
  api.op(
    {
      method: 'get',
      path: '/api/oauth/authorize',
      operationId: 'oauthAuthorizePrompt',
      summary: 'What an app asking to connect wants (for the consent page)',
      description:
        'The consent page at `/oauth/authorize` passes the authorization request\'s query through unchanged. Answers `ok: true` with the app\'s name, where the browser goes back to, the scopes and, in words, what the app will be able to do as the signed-in person; or `ok: false` with the reason (in the signed-in person\'s language; the app\'s `error_description` stays English) and, when the redirect URI is trusted, `returnTo` (the app\'s redirect URI with the OAuth error). Checks, in order: the client (known, not disabled), the redirect URI (registered; a loopback one may differ in port), `response_type=code`, PKCE `S256`, the scopes (`muster:read`, `muster:write`), the resource (this server\'s `/api/mcp`), HTTPS (except on this PC\'s loopback address).',
      tags: TAGS,
      auth: 'session',
      permission: 'self:read',
      query: AuthorizeParams,
      response: AuthorizePrompt,
      errors: [403],
    },
    async ({ query, caller, req }) =>
      authorizationPrompt(await deps.ctxFor(caller), query, requestBase(req, deps), await readerLocale(deps.db, caller, req.get('accept-language'))),
  );

  api.op(
    {
      method: 'post',
      path: '/api/oauth/authorize',
      operationId: 'oauthAuthorizeDecide',
      summary: 'Allow or deny an app (the consent page\'s buttons)',
      description:
        'Body: the authorization request\'s parameters, `decision` (`allow` / `deny`) and `allowWrite` (false grants only `muster:read`). Answers `redirectTo`: the app\'s redirect URI with a single-use `code` (valid 5 minutes, bound to the app, the redirect URI, the PKCE challenge, the resource and the person), `state` and `iss` — or with `error=access_denied`. An allowed connection is audited (category Permissions). 403 when the request cannot be trusted at all (unknown app or redirect URI).',
      tags: TAGS,
      auth: 'session',
      permission: 'self:read',
      body: AuthorizeDecision,
      response: AuthorizeRedirect,
      errors: [403],
    },
    async ({ body, caller, req }) => decideAuthorization(await deps.ctxFor(caller), body, requestBase(req, deps)),
  );

  api.op(
    {
      method: 'get',
      path: '/api/oauth/grants',
      operationId: 'listConnectedApps',
      summary: 'Connected apps (live OAuth grants)',
      description: 'The caller\'s own; with `all=true` everyone\'s (needs `api:manage`). Each lists what the app can do for the person now.',
      tags: TAGS,
      auth: 'session',
      permission: 'self:read',
      query: OAuthGrantQuery,
      response: OAuthGrantList,
      errors: [403],
    },
    async ({ query, caller }) => ({ items: await listGrants(await deps.ctxFor(caller), query) }),
  );

  api.op(
    {
      method: 'delete',
      path: '/api/oauth/grants/{id}',
      operationId: 'revokeConnectedApp',
      summary: 'Disconnect an app at once',
      description: 'Its access and refresh tokens stop working from the next call. One\'s own, or anyone\'s with `api:manage` (404 otherwise). Audited on the person.',
      tags: TAGS,
      auth: 'session',
      permission: 'self:read',
      params: IdParams,
      response: OAuthGrant,
      errors: [403, 404],
    },
    async ({ params, caller }) => revokeGrant(await deps.ctxFor(caller), params.id),
  );

  api.op(
    {
      method: 'get',
      path: '/api/oauth/clients',
      operationId: 'listOAuthClients',
      summary: 'Apps that may connect through OAuth',
      description: 'Apps an administrator registered, and self-registered ones someone connected (registrations nobody used are cleaned up after a week).',
      tags: TAGS,
      auth: 'session',
      permission: 'api:manage',
      response: OAuthClientList,
      errors: [403],
    },
    async ({ caller }) => ({ items: await listClients(await deps.ctxFor(caller)) }),
  );

  api.op(
    {
      method: 'post',
      path: '/api/oauth/clients',
      operationId: 'registerOAuthClient',
      summary: 'Register an app for OAuth (pre-registration)',
      description: 'For assistants that cannot register themselves (RFC 7591), or when self-registration is off. Redirect URIs: HTTPS, loopback HTTP (any port), or an app scheme. A confidential app gets a `clientSecret`, shown once.',
      tags: TAGS,
      auth: 'session',
      permission: 'api:manage',
      body: OAuthClientCreate,
      response: OAuthClientIssued,
      errors: [403],
    },
    async ({ body, caller }) => createClient(await deps.ctxFor(caller), body),
  );

  api.op(
    {
      method: 'delete',
      path: '/api/oauth/clients/{id}',
      operationId: 'disableOAuthClient',
      summary: 'Disable an app',
      description: 'It cannot be authorized any more and every connection to it ends at once. Disabling twice is harmless.',
      tags: TAGS,
      auth: 'session',
      permission: 'api:manage',
      params: ClientIdParams,
      response: OAuthClient,
      errors: [403, 404],
    },
    async ({ params, caller }) => disableClient(await deps.ctxFor(caller), params.id),
  );

  api.op(
    {
      method: 'get',
      path: '/api/oauth/settings',
      operationId: 'oauthSettings',
      summary: 'The authorization server: issuer, resource, self-registration',
      tags: TAGS,
      auth: 'session',
      permission: 'api:manage',
      response: OAuthSettings,
      errors: [403],
    },
    async ({ caller, req }) => oauthSettings(await deps.ctxFor(caller), requestBase(req, deps)),
  );

  api.op(
    {
      method: 'patch',
      path: '/api/oauth/settings',
      operationId: 'updateOAuthSettings',
      summary: 'Turn self-registration of assistants on or off',
      tags: TAGS,
      auth: 'session',
      permission: 'api:manage',
      body: OAuthSettingsUpdate,
      response: OAuthSettings,
      errors: [403],
    },
    async ({ body, caller, req }) => updateOAuthSettings(await deps.ctxFor(caller), body, requestBase(req, deps)),
  );
}
