import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/src/clock.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf } from '../support/leave.ts';
import { ERAS, HeadlessOAuth, call, connectWithOAuth, mcpUrl } from '../support/mcp.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * The embedded OAuth 2.1 authorization server: discovery (RFC 9728, RFC 8414),
 * registration (RFC 7591 and by an administrator), consent on the console
 * session, PKCE S256, single-use codes, audience-bound opaque tokens,
 * refresh rotation, revocation (RFC 7009), connected apps. The SDK's own
 * client runs the whole flow in both eras; the refusals are checked on the wire.
 */

const clock = fixedClock(new Date());
let server: TestServer;
let employee: Client;
let manager: Client;
let admin: Client;
const REDIRECT = 'http://127.0.0.1:43917/callback';
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

function pkce() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

async function register(metadata: Record<string, unknown> = {}) {
  const res = await fetch(`${server.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Raw client', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', ...metadata }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** The person's consent through the console API; answers the redirect the browser would follow. */
async function consent(session: Client, params: Record<string, string>, decision: Record<string, unknown> = { decision: 'allow' }, base = server.url): Promise<URL> {
  const res = await session.request('POST', '/api/oauth/authorize', { body: { response_type: 'code', redirect_uri: REDIRECT, code_challenge_method: 'S256', resource: `${base}/api/mcp`, ...params, ...decision } });
  expect(res.status, res.text).toBe(200);
  return new URL(res.body.redirectTo);
}

async function token(form: Record<string, string>, base = server.url) {
  const res = await fetch(`${base}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

/** A registered client, a consent and a code exchange: the tokens. */
async function connectRaw(session: Client = employee, scope = 'muster:read muster:write') {
  const client = (await register()).body.client_id as string;
  const { verifier, challenge } = pkce();
  const back = await consent(session, { client_id: client, code_challenge: challenge, scope, state: 'xyz' });
  const code = back.searchParams.get('code') as string;
  const t = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: client, resource: `${server.url}/api/mcp` });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  return { client, code, verifier, tokens: t.body as { access_token: string; refresh_token: string; expires_in: number; scope: string } };
}

async function mcpStatus(accessToken: string, url = mcpUrl(server.url).href) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${accessToken}` }, body: LIST });
  return { status: res.status, body: await res.text(), challenge: res.headers.get('www-authenticate') ?? '' };
}

beforeAll(async () => {
  server = await startServer({ clock });
  [employee, manager, admin] = await Promise.all([server.login('employee@kaveri.example'), server.login('manager@kaveri.example'), server.login('admin@kaveri.example')]);
});
afterAll(async () => server.close());

describe('discovery', () => {
  it('serves protected-resource metadata at both well-known paths, bound to the canonical /api/mcp URL', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/api/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await fetch(server.url + path, { headers: { origin: 'https://claude.ai' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.json()).toMatchObject({
        resource: `${server.url}/api/mcp`,
        authorization_servers: [server.url],
        scopes_supported: ['muster:read', 'muster:write'],
        bearer_methods_supported: ['header'],
      });
    }
  });

  it('serves authorization-server metadata listing S256 only, with the iss parameter', async () => {
    const res = await fetch(`${server.url}/.well-known/oauth-authorization-server`);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      registration_endpoint: `${server.url}/oauth/register`,
      revocation_endpoint: `${server.url}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('derives the issuer and resource from the name the client used (localhost is not 127.0.0.1)', async () => {
    const local = server.url.replace('127.0.0.1', 'localhost');
    const meta = (await (await fetch(`${local}/.well-known/oauth-protected-resource/api/mcp`)).json()) as { resource: string };
    expect(meta.resource).toBe(`${local}/api/mcp`);
  });
});

describe.each(ERAS)('the SDK client, start to finish (%s)', (era) => {
  it('discovers, registers itself, gets consent, exchanges the code and calls tools as the person', async () => {
    const provider = new HeadlessOAuth(employee, { decision: 'allow', allowWrite: true }, `Claude test (${era})`);
    const client = await connectWithOAuth(server.url, provider, era);
    expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(`${server.url}/api/mcp`);
    expect(provider.callback?.searchParams.get('iss')).toBe(server.url);
    const me = await call(client, 'whoami');
    expect(me).toMatchObject({ name: 'Sneha Kulkarni', connectedAs: `Claude test (${era}) (connected app)`, canAct: true });
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('leave_apply');
    // The connection shows among the person's connected apps.
    const apps = (await employee.get('/api/oauth/grants')).body.items as { client: { name: string }; abilities: string[] }[];
    expect(apps.map((a) => a.client.name)).toContain(`Claude test (${era})`);
    await client.close();
  });

  it('grants read-only access when the person unticks "act for me"', async () => {
    const provider = new HeadlessOAuth(manager, { decision: 'allow', allowWrite: false }, `Reader (${era})`);
    const client = await connectWithOAuth(server.url, provider, era);
    const tools = (await client.listTools()).tools;
    expect(tools.every((t) => t.annotations?.readOnlyHint)).toBe(true);
    expect(tools.map((t) => t.name)).toContain('approvals_pending');
    expect((await call(client, 'whoami')).canAct).toBe(false);
    await client.close();
  });
});

describe('refusals', () => {
  it('a bad PKCE verifier is invalid_grant (and the code is spent)', async () => {
    const client = (await register()).body.client_id as string;
    const { verifier, challenge } = pkce();
    const code = (await consent(employee, { client_id: client, code_challenge: challenge })).searchParams.get('code') as string;
    const wrong = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: pkce().verifier, client_id: client });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    expect((await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: client })).body.error).toBe('invalid_grant');
  });

  it('a reused code is refused and revokes what it issued', async () => {
    const { client, code, verifier, tokens } = await connectRaw();
    expect((await mcpStatus(tokens.access_token)).status).toBe(200);
    const again = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, client_id: client });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/already used/) });
    const after = await mcpStatus(tokens.access_token);
    expect(after.status).toBe(401);
    expect(after.challenge).toContain('error="invalid_token"');
    expect((await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client })).body.error).toBe('invalid_grant');
  });

  it('a token for another audience is refused on every call', async () => {
    const local = server.url.replace('127.0.0.1', 'localhost');
    const client = (await register()).body.client_id as string;
    const { verifier, challenge } = pkce();
    const code = (await consent(employee, { client_id: client, code_challenge: challenge, resource: `${local}/api/mcp` }, { decision: 'allow' }, local)).searchParams.get('code');
    // The session lives on 127.0.0.1, yet asked for localhost's resource: the AS refuses a resource that is not its own.
    expect(code).toBeNull();
    // Through localhost end to end (its own resource), the token works there and nowhere else.
    const viaLocal = new (employee.constructor as new (u: string) => Client)(local);
    viaLocal.setCookie('muster_session', employee.getCookie('muster_session') as string);
    const granted = await viaLocal.request('POST', '/api/oauth/authorize', {
      body: { response_type: 'code', client_id: client, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: 'S256', resource: `${local}/api/mcp`, decision: 'allow' },
    });
    const localCode = new URL(granted.body.redirectTo).searchParams.get('code') as string;
    const t = await token({ grant_type: 'authorization_code', code: localCode, redirect_uri: REDIRECT, code_verifier: verifier, client_id: client }, local);
    expect(t.status).toBe(200);
    expect((await mcpStatus(t.body.access_token, `${local}/api/mcp`)).status).toBe(200);
    const elsewhere = await mcpStatus(t.body.access_token);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).toMatch(/issued for http:\/\/localhost:\d+\/api\/mcp/);
  });

  it('an expired access token is refused; the refresh token gets a new one', async () => {
    const { client, tokens } = await connectRaw();
    expect(tokens.expires_in).toBe(3600);
    clock.advance(3601_000);
    try {
      const expired = await mcpStatus(tokens.access_token);
      expect(expired.status).toBe(401);
      expect(expired.body).toMatch(/expired/);
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client });
      expect(refreshed.status).toBe(200);
      expect((await mcpStatus(refreshed.body.access_token)).status).toBe(200);
    } finally {
      clock.advance(-3601_000);
    }
  });

  it('rotates refresh tokens: the old one stops working, and replaying it ends the connection', async () => {
    const { client, tokens } = await connectRaw();
    const next = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client });
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(tokens.refresh_token);
    const replay = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client });
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await mcpStatus(next.body.access_token)).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: next.body.refresh_token, client_id: client })).body.error).toBe('invalid_grant');
  });

  it('narrows scopes on refresh but never widens them', async () => {
    const { client, tokens } = await connectRaw(employee, 'muster:read');
    expect(tokens.scope).toBe('muster:read');
    const wider = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client, scope: 'muster:read muster:write' });
    expect(wider.body.error).toBe('invalid_scope');
  });

  it('revokes through RFC 7009: a refresh token ends the connection, unknown tokens answer 200', async () => {
    const { client, tokens } = await connectRaw();
    const revoke = (t: string) => fetch(`${server.url}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: t, client_id: client }) });
    expect((await revoke('mrt_nonsense')).status).toBe(200);
    expect((await revoke(tokens.refresh_token)).status).toBe(200);
    expect((await mcpStatus(tokens.access_token)).status).toBe(401);
  });

  it('refuses at the consent: unknown client and unregistered redirect stay with the person; the rest go back to the app', async () => {
    const unknown = await employee.get(`/api/oauth/authorize?${new URLSearchParams({ client_id: 'mcl_nope', response_type: 'code', redirect_uri: REDIRECT })}`);
    expect(unknown.body).toMatchObject({ ok: false, returnTo: null });
    const client = (await register()).body.client_id as string;
    const elsewhere = await employee.get(`/api/oauth/authorize?${new URLSearchParams({ client_id: client, response_type: 'code', redirect_uri: 'https://evil.example/cb', code_challenge: pkce().challenge, code_challenge_method: 'S256' })}`);
    expect(elsewhere.body).toMatchObject({ ok: false, returnTo: null });
    expect(elsewhere.body.message).toMatch(/did not register/);
    expect((await employee.post('/api/oauth/authorize', { client_id: client, redirect_uri: 'https://evil.example/cb', response_type: 'code', decision: 'allow' })).status).toBe(403);
    const noPkce = await employee.get(`/api/oauth/authorize?${new URLSearchParams({ client_id: client, response_type: 'code', redirect_uri: REDIRECT, state: 's1' })}`);
    expect(noPkce.body.ok).toBe(false);
    const back = new URL(noPkce.body.returnTo);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('s1');
    expect(back.searchParams.get('iss')).toBe(server.url);
    const plain = await employee.get(`/api/oauth/authorize?${new URLSearchParams({ client_id: client, response_type: 'code', redirect_uri: REDIRECT, code_challenge: pkce().challenge, code_challenge_method: 'plain' })}`);
    expect(new URL(plain.body.returnTo).searchParams.get('error')).toBe('invalid_request');
    const badScope = await employee.get(`/api/oauth/authorize?${new URLSearchParams({ client_id: client, response_type: 'code', redirect_uri: REDIRECT, code_challenge: pkce().challenge, code_challenge_method: 'S256', scope: 'admin' })}`);
    expect(new URL(badScope.body.returnTo).searchParams.get('error')).toBe('invalid_scope');
    const denied = await consent(employee, { client_id: client, code_challenge: pkce().challenge, state: 'd' }, { decision: 'deny' });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('shows the consent screen what the app will be able to do, by role', async () => {
    const client = (await register({ client_name: 'Claude' })).body.client_id as string;
    const q = new URLSearchParams({ client_id: client, response_type: 'code', redirect_uri: REDIRECT, code_challenge: pkce().challenge, code_challenge_method: 'S256' });
    const forEmployee = (await employee.get(`/api/oauth/authorize?${q}`)).body;
    expect(forEmployee).toMatchObject({ ok: true, client: { name: 'Claude', registration: 'dynamic' }, redirectHost: '127.0.0.1:43917', scopes: ['muster:read', 'muster:write'], userName: 'Sneha Kulkarni' });
    expect(forEmployee.abilities).toContain('Apply for leave and withdraw your pending requests');
    expect(forEmployee.abilities.join(' ')).not.toMatch(/Approve/);
    const forManager = (await manager.get(`/api/oauth/authorize?${q}`)).body;
    expect(forManager.abilities).toContain('Approve or reject requests waiting for your decision');
  });

  it('refuses a registration with a redirect a native app or web app should not use', async () => {
    expect((await register({ redirect_uris: ['http://evil.example/cb'] })).body.error).toBe('invalid_redirect_uri');
    expect((await register({ redirect_uris: ['javascript:alert(1)'] })).body.error).toBe('invalid_redirect_uri');
    expect((await register({ redirect_uris: ['https://claude.ai/api/mcp/auth_callback'] })).status).toBe(201);
    expect((await register({ redirect_uris: ['cursor://anysphere.cursor-retrieval/oauth/callback'] })).status).toBe(201);
    expect((await register({ grant_types: ['client_credentials'] })).body.error).toBe('invalid_client_metadata');
    const bad = await fetch(`${server.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"redirect_uris":' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('invalid_request');
  });

  it('needs POST at the protocol endpoints and refuses an unsupported grant type', async () => {
    expect((await fetch(`${server.url}/oauth/token`)).status).toBe(405);
    expect((await token({ grant_type: 'password', client_id: (await register()).body.client_id })).body.error).toBe('unsupported_grant_type');
    expect((await token({ grant_type: 'authorization_code', client_id: 'mcl_unknown' })).status).toBe(401);
  });
});

describe('administrators', () => {
  it('pre-register a confidential app whose secret the token endpoint checks (post and basic)', async () => {
    const created = await admin.post('/api/oauth/clients', { name: 'Office assistant', redirectUris: [REDIRECT], confidential: true });
    expect(created.status).toBe(200);
    const { id, clientSecret } = created.body as { id: string; clientSecret: string };
    expect(clientSecret).toMatch(/^mcs_/);
    const connect = async () => {
      const { verifier, challenge } = pkce();
      const code = (await consent(employee, { client_id: id, code_challenge: challenge })).searchParams.get('code') as string;
      return { verifier, code };
    };
    const a = await connect();
    expect((await token({ grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, code_verifier: a.verifier, client_id: id })).status).toBe(401);
    const b = await connect();
    const post = await token({ grant_type: 'authorization_code', code: b.code, redirect_uri: REDIRECT, code_verifier: b.verifier, client_id: id, client_secret: clientSecret });
    expect(post.status).toBe(200);
    const c = await connect();
    const basic = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${id}:${clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: c.code, redirect_uri: REDIRECT, code_verifier: c.verifier }),
    });
    expect(basic.status).toBe(200);
    const list = (await admin.get('/api/oauth/clients')).body.items as { id: string; registration: string; liveGrants: number }[];
    expect(list.find((x) => x.id === id)).toMatchObject({ registration: 'admin', liveGrants: 1 });
  });

  it('turn self-registration off (pre-registered apps keep working)', async () => {
    expect((await admin.patch('/api/oauth/settings', { dynamicRegistration: false })).body.dynamicRegistration).toBe(false);
    try {
      const refused = await register();
      expect(refused.status).toBe(403);
      const meta = (await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
      expect(meta.registration_endpoint).toBeUndefined();
      expect((await employee.patch('/api/oauth/settings', { dynamicRegistration: true })).status).toBe(403);
    } finally {
      await admin.patch('/api/oauth/settings', { dynamicRegistration: true });
    }
  });

  it('see and revoke everyone\'s connected apps; people see and revoke their own only', async () => {
    const { tokens } = await connectRaw(manager);
    const mine = (await manager.get('/api/oauth/grants')).body.items as { id: string; employeeName: string; client: { name: string } }[];
    const grant = mine.find((g) => g.client.name === 'Raw client');
    expect(grant?.employeeName).toBe('Rahul Deshmukh');
    expect((await employee.get('/api/oauth/grants?all=true')).status).toBe(403);
    expect((await employee.delete(`/api/oauth/grants/${grant?.id}`)).status).toBe(404);
    const all = (await admin.get('/api/oauth/grants?all=true')).body.items as { id: string }[];
    expect(all.map((g) => g.id)).toContain(grant?.id);
    expect((await admin.delete(`/api/oauth/grants/${grant?.id}`)).body.revokedAt).not.toBeNull();
    expect((await mcpStatus(tokens.access_token)).status).toBe(401);
    const audit = await server.deps.db.selectFrom('audit_log').select(['summary']).where('employee_id', '=', await employeeIdOf(server, 'manager@kaveri.example')).where('action', '=', 'oauth.revoked').executeTakeFirstOrThrow();
    expect(audit.summary).toMatch(/Disconnected the app "Raw client" by /);
  });

  it('disable an app: every connection to it ends at once', async () => {
    const { client, tokens } = await connectRaw();
    expect((await admin.delete(`/api/oauth/clients/${client}`)).body.disabledAt).not.toBeNull();
    expect((await mcpStatus(tokens.access_token)).status).toBe(401);
    const again = await employee.get(`/api/oauth/authorize?${new URLSearchParams({ client_id: client, response_type: 'code', redirect_uri: REDIRECT })}`);
    expect(again.body.ok).toBe(false);
  });

  it('audit the consent and the agent\'s changes with the app named', async () => {
    const provider = new HeadlessOAuth(employee, { decision: 'allow', allowWrite: true }, 'Audit probe');
    const client = await connectWithOAuth(server.url, provider, 'modern');
    await call(client, 'attendance_check_in', { latitude: 13.0285, longitude: 77.5197 });
    const sneha = await employeeIdOf(server, 'employee@kaveri.example');
    const rows = await server.deps.db.selectFrom('audit_log').select(['action', 'source', 'credential_kind', 'credential_name', 'summary']).where('employee_id', '=', sneha).orderBy('at', 'desc').orderBy('id', 'desc').limit(10).execute();
    expect(rows.find((r) => r.action === 'attendance.self-punch')).toMatchObject({ source: 'mcp', credential_kind: 'oauth-client', credential_name: 'Audit probe' });
    expect(rows.find((r) => r.action === 'oauth.authorized')?.summary).toMatch(/Allowed the app "Audit probe" \(127\.0\.0\.1:43917\) to read their data and act for them/);
    await client.close();
  });
});

describe('HTTPS', () => {
  it('refuses OAuth over plain HTTP beyond this PC (a proxy in front with an http:// public URL)', async () => {
    const plain = await startServer({ env: { MUSTER_PUBLIC_URL: 'http://muster.example.in' } });
    try {
      const forwarded = { 'x-forwarded-for': '203.0.113.9', 'content-type': 'application/json' };
      const reg = await fetch(`${plain.url}/oauth/register`, { method: 'POST', headers: forwarded, body: JSON.stringify({ redirect_uris: [REDIRECT] }) });
      expect(reg.status).toBe(400);
      expect(((await reg.json()) as { error_description: string }).error_description).toMatch(/OAuth needs HTTPS/);
      const meta = (await (await fetch(`${plain.url}/.well-known/oauth-authorization-server`, { headers: forwarded })).json()) as { issuer: string };
      expect(meta.issuer).toBe('http://muster.example.in');
      // The same server on its own loopback address works.
      expect((await fetch(`${plain.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: [REDIRECT] }) })).status).toBe(201);
    } finally {
      await plain.close();
    }
  });
});
