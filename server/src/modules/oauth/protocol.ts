import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Caller, ModuleDeps } from '../../context.ts';
import { type RequestBase, requestBase } from '../../http/public-url.ts';
import { limiter } from '../../http/rate-limit.ts';
import { findOrganisationRow } from '../org/index.ts';
import { type ClientCredentials, authenticateClient, dynamicRegistrationOn, registerClient } from './clients.ts';
import { OAuthFailure, invalidRequest } from './errors.ts';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.ts';
import { exchangeCode, refreshTokens, revokeToken } from './tokens.ts';

/**
 * The authorization server's protocol endpoints, in the RFCs' own formats
 * (form-encoded requests, `{ error, error_description }` answers), so they sit
 * beside the Api collector rather than in it: the discovery documents (RFC
 * 9728, RFC 8414), client registration (RFC 7591), the token endpoint (OAuth
 * 2.1 §3.2) and revocation (RFC 7009). Each parses, calls one use case and
 * answers. The authorization endpoint is the console's consent page
 * (`/oauth/authorize`, see routes.ts for its API).
 */

// Generous: the apps of a whole office may register from one address (claude.ai registers from its own servers, twice per connection).
const REGISTRATIONS_PER_HOUR = 120;
const TOKEN_REQUESTS_PER_MINUTE = 120;

/** Who calls these endpoints: an app, never a person; nothing here checks a permission. */
const OAUTH_CLIENT_CALLER: Caller = {
  kind: 'agent',
  userId: null,
  employeeId: null,
  name: 'OAuth client',
  roles: [],
  permissions: [],
  scope: 'self',
  source: 'mcp',
};

function sendOAuthError(res: Response, e: OAuthFailure): void {
  if (e.headers) for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
  res.setHeader('Cache-Control', 'no-store');
  res.status(e.status).json({ error: e.error, error_description: e.message });
}

/** Discovery documents may be read by anyone, from anywhere (browsers included). */
const openCors: RequestHandler = (req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'MCP-Protocol-Version, Content-Type');
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next();
};

const formOrJson = [express.urlencoded({ extended: false, limit: '16kb' }), express.json({ limit: '16kb' })];

const one = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** RFC 6749 §2.3.1: `client_secret_basic` (url-encoded id and secret) or the body's `client_id` / `client_secret`. */
function clientCredentials(req: Request): ClientCredentials {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const basic = /^Basic\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthFailure(401, 'invalid_client', 'The Basic credentials are malformed.', { 'WWW-Authenticate': 'Basic realm="muster"' });
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    return { clientId: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)), basic: true };
  }
  return { clientId: one(body.client_id), secret: one(body.client_secret), basic: false };
}

async function organisationName(deps: ModuleDeps): Promise<string> {
  return (await findOrganisationRow(deps.db))?.name ?? 'Muster';
}

export function oauthProtocolRoutes(deps: ModuleDeps): Router {
  const router = Router();
  const ctx = () => deps.ctxFor(OAUTH_CLIENT_CALLER);

  /** Runs a handler for a request to one of Muster's own addresses; OAuth failures become the RFC's error answer, anything else goes to the problem handler. */
  const oauth =
    (handler: (req: Request, res: Response, base: RequestBase) => Promise<void>, opts: { requireSecure: boolean }): RequestHandler =>
    async (req, res, next) => {
      try {
        const base = requestBase(req, deps);
        if (!base) throw new OAuthFailure(403, 'invalid_request', `Muster does not answer to the host ${req.hostname || '(none)'}.`);
        if (opts.requireSecure && !base.secure) {
          throw invalidRequest(`OAuth needs HTTPS: ${base.url} is plain HTTP beyond this PC. Use Muster's HTTPS address (or set MUSTER_PUBLIC_URL).`);
        }
        await handler(req, res, base);
      } catch (e) {
        if (e instanceof OAuthFailure) sendOAuthError(res, e);
        else next(e);
      }
    };

  // RFC 9728: at the root and with the resource's path appended (clients try both).
  const prm = oauth(async (_req, res, base) => {
    res.setHeader('Cache-Control', 'max-age=300');
    res.json(protectedResourceMetadata(base, await organisationName(deps)));
  }, { requireSecure: false });
  router.all(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/{*rest}'], openCors, prm);

  // RFC 8414.
  router.all(
    ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/{*rest}'],
    openCors,
    oauth(async (_req, res, base) => {
      res.setHeader('Cache-Control', 'max-age=300');
      res.json(authorizationServerMetadata(base, await dynamicRegistrationOn(deps)));
    }, { requireSecure: false }),
  );

  router.post(
    '/oauth/register',
    limiter({
      windowMs: 3_600_000,
      limit: REGISTRATIONS_PER_HOUR,
      key: (req) => `oauth-register:${ipKeyGenerator(req.ip ?? 'unknown')}`,
      detail: `At most ${REGISTRATIONS_PER_HOUR} app registrations an hour from one address.`,
    }, deps),
    express.json({ limit: '16kb' }),
    oauth(async (req, res) => {
      const registered = await registerClient(await ctx(), req.body);
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json(registered);
    }, { requireSecure: true }),
  );

  const tokenLimit = limiter({
    windowMs: 60_000,
    limit: TOKEN_REQUESTS_PER_MINUTE,
    key: (req) => `oauth-token:${ipKeyGenerator(req.ip ?? 'unknown')}`,
    detail: `At most ${TOKEN_REQUESTS_PER_MINUTE} token requests a minute from one address.`,
  }, deps);

  router.post(
    '/oauth/token',
    tokenLimit,
    ...formOrJson,
    oauth(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const c = await ctx();
      const client = await authenticateClient(c, clientCredentials(req));
      const grantType = one(body.grant_type);
      let answer;
      if (grantType === 'authorization_code') {
        answer = await exchangeCode(c, client, {
          code: one(body.code),
          redirectUri: one(body.redirect_uri),
          codeVerifier: one(body.code_verifier),
          resource: one(body.resource),
        });
      } else if (grantType === 'refresh_token') {
        answer = await refreshTokens(c, client, { refreshToken: one(body.refresh_token), scope: one(body.scope), resource: one(body.resource) });
      } else if (grantType === undefined) {
        throw invalidRequest('grant_type is required.');
      } else {
        throw new OAuthFailure(400, 'unsupported_grant_type', `grant_type ${grantType} is not supported (authorization_code and refresh_token are).`);
      }
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
      res.json(answer);
    }, { requireSecure: true }),
  );

  router.post(
    '/oauth/revoke',
    tokenLimit,
    ...formOrJson,
    oauth(async (req, res) => {
      const c = await ctx();
      const client = await authenticateClient(c, clientCredentials(req));
      await revokeToken(c, client, one((req.body as Record<string, unknown> | undefined)?.token));
      res.setHeader('Cache-Control', 'no-store');
      res.status(200).end();
    }, { requireSecure: true }),
  );

  // A body that cannot be read is the client's mistake, answered in the RFC's format.
  router.use(['/oauth/token', '/oauth/register', '/oauth/revoke'], ((err, _req, res, next) => {
    const type = (err as { type?: unknown } | undefined)?.type;
    if (typeof type === 'string' && type.startsWith('entity.')) sendOAuthError(res, invalidRequest('The request body could not be read.'));
    else next(err);
  }) as ErrorRequestHandler);

  // The protocol endpoints take POST only (RFC 6749 §3.2).
  router.all(['/oauth/token', '/oauth/register', '/oauth/revoke'], (_req, res) => {
    res.setHeader('Allow', 'POST');
    sendOAuthError(res, new OAuthFailure(405, 'invalid_request', 'Use POST.'));
  });
  return router;
}
