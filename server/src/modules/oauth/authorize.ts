import crypto from 'node:crypto';
import {
  AUTHORIZATION_CODE_SECONDS,
  type AgentScope,
  type AuthorizeDecision,
  type AuthorizeParams,
  type AuthorizePrompt,
  type AuthorizeRedirect,
  abilitiesFor,
} from '../../../../shared/oauth.ts';
import { type Locale, type Message, renderMessageIn } from '../../../../shared/i18n/index.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { RequestBase } from '../../http/public-url.ts';
import { forbidden } from '../../http/problem.ts';
import { sha256Hex } from '../../secrets.ts';
import { recordAudit } from '../audit/index.ts';
import { findUsableClient } from './clients.ts';
import { isValidChallenge } from './pkce.ts';
import { redirectDisplay, redirectUriMatches } from './redirect-uris.ts';
import type { ClientRow } from './repo/clients.ts';
import { insertCode } from './repo/grants.ts';
import { issuerOf, resourceOf } from './metadata.ts';
import { parseScope, scopeString } from './scopes.ts';

/**
 * The authorization endpoint (RFC 6749 §4.1, OAuth 2.1, RFC 7636, RFC 8707):
 * the console's consent page asks what a request means, then sends the
 * person's decision. The person is the signed-in console user.
 */

type Checked =
  | { ok: true; client: ClientRow; redirectUri: string; scopes: AgentScope[]; challenge: string; resource: string; state: string | undefined }
  /** `message`: the English the app gets (`error_description`) and English readers read; `text`: the same for the person in their language. */
  | { ok: false; message: string; text: Message; returnTo: string | null };

/** The refusal's message: `messages:consent.<id>`. */
const consent = (id: string, values?: Message['values']): Message => ({ id: `consent.${id}`, values });

/** The redirect URI with the parameters of an answer (RFC 6749 §4.1.2, RFC 9207 `iss`). */
function withParams(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

function errorReturn(redirectUri: string, base: RequestBase, state: string | undefined, error: string, description: string): string {
  return withParams(redirectUri, { error, error_description: description, state, iss: issuerOf(base) });
}

/** Checks an authorization request in the RFC's order: errors before the redirect URI is trusted go to the person, never to the app. */
async function check(ctx: Ctx, p: AuthorizeParams, base: RequestBase | undefined): Promise<Checked> {
  if (!base) {
    return { ok: false, message: 'Muster does not recognise the address this page was opened at, so it cannot connect apps here.', text: consent('unknownAddress'), returnTo: null };
  }
  if (!base.secure) {
    return {
      ok: false,
      message: `Connecting apps needs HTTPS: ${base.url} is plain HTTP beyond this PC. Open Muster over HTTPS (or set MUSTER_PUBLIC_URL to its HTTPS address).`,
      text: consent('needsHttps', { url: base.url }),
      returnTo: null,
    };
  }
  const client = await findUsableClient(ctx, p.client_id);
  if (!client) return { ok: false, message: 'The app that sent you here is unknown to Muster or was disabled by an administrator.', text: consent('unknownApp'), returnTo: null };
  const registered = JSON.parse(client.redirect_uris) as string[];
  let redirectUri: string | undefined;
  if (p.redirect_uri === undefined) redirectUri = registered.length === 1 ? registered[0] : undefined;
  else if (registered.some((r) => redirectUriMatches(r, p.redirect_uri ?? ''))) redirectUri = p.redirect_uri;
  if (!redirectUri) {
    return {
      ok: false,
      message: `"${client.name}" asked to send you back to an address it did not register, so Muster will not send you there.`,
      text: consent('unregisteredRedirect', { app: client.name }),
      returnTo: null,
    };
  }
  // The app is told in English (error_description is for its developers); the person reads `text`.
  const fail = (error: string, message: string, text: Message): Checked => ({ ok: false, message, text, returnTo: errorReturn(redirectUri, base, p.state, error, message) });
  if (p.response_type !== 'code') return fail('unsupported_response_type', 'Only the authorization code flow (response_type=code) is supported.', consent('responseType'));
  if (!p.code_challenge || p.code_challenge_method !== 'S256' || !isValidChallenge(p.code_challenge)) {
    return fail('invalid_request', 'The app must use PKCE with S256 (code_challenge and code_challenge_method=S256).', consent('pkce'));
  }
  const { scopes, unknown } = parseScope(p.scope);
  if (unknown.length > 0 || scopes.length === 0) {
    // No scope at all is named by the sentence itself ("(none)" would be English in every language).
    const text = unknown.length > 0 ? consent('unknownScope', { scopes: unknown.join(', ') }) : consent('noScope');
    return fail('invalid_scope', `Unknown scope ${unknown.join(', ') || '(none)'}: Muster offers muster:read and muster:write.`, text);
  }
  const resource = resourceOf(base);
  if (p.resource !== undefined && p.resource.replace(/\/+$/, '') !== resource) {
    return fail('invalid_target', `This Muster grants access to ${resource} only, not ${p.resource}.`, consent('wrongResource', { resource, asked: p.resource }));
  }
  return { ok: true, client, redirectUri, scopes, challenge: p.code_challenge, resource, state: p.state };
}

function signedInPerson(ctx: Ctx): { userId: string; employeeId: string } {
  const { userId, employeeId } = ctx.caller;
  if (ctx.caller.kind !== 'session' || !userId || !employeeId) throw forbidden('Only a person signed in to the console can connect an app.').withText(consent('signedInOnly'));
  return { userId, employeeId };
}

/**
 * What the consent screen shows for an authorization request, or why it cannot be approved: the
 * refusal in `locale` (the person's language; English word for word for English readers).
 */
export async function authorizationPrompt(ctx: Ctx, params: AuthorizeParams, base: RequestBase | undefined, locale: Locale = 'en-IN'): Promise<AuthorizePrompt> {
  signedInPerson(ctx);
  const c = await check(ctx, params, base);
  if (!c.ok) return { ok: false, message: locale === 'en-IN' ? c.message : renderMessageIn(locale, c.text), returnTo: c.returnTo };
  return {
    ok: true,
    client: { id: c.client.id, name: c.client.name, clientUri: c.client.client_uri, registration: c.client.registration === 'admin' ? 'admin' : 'dynamic' },
    redirectUri: c.redirectUri,
    redirectHost: redirectDisplay(c.redirectUri),
    scopes: c.scopes,
    abilities: abilitiesFor(ctx.caller.permissions, c.scopes),
    readAbilities: abilitiesFor(ctx.caller.permissions, ['muster:read']),
    resource: c.resource,
    userName: ctx.caller.name,
  };
}

/**
 * The person's decision. Allow: a single-use code (only its hash kept, valid
 * AUTHORIZATION_CODE_SECONDS) bound to the client, redirect URI, PKCE
 * challenge, resource, scopes and person; audited. Deny: `access_denied`.
 * Either way the answer is where to send the browser.
 */
export async function decideAuthorization(ctx: Ctx, input: AuthorizeDecision, base: RequestBase | undefined): Promise<AuthorizeRedirect> {
  const person = signedInPerson(ctx);
  const c = await check(ctx, input, base);
  if (!c.ok) {
    if (c.returnTo) return { redirectTo: c.returnTo };
    throw forbidden(c.message).withText(c.text);
  }
  const issuer = issuerOf(base as RequestBase);
  if (input.decision === 'deny') {
    return { redirectTo: errorReturn(c.redirectUri, base as RequestBase, c.state, 'access_denied', `${ctx.caller.name} did not allow the connection.`) };
  }
  const scopes = input.allowWrite ? c.scopes : c.scopes.filter((s) => s === 'muster:read');
  if (scopes.length === 0) {
    return { redirectTo: errorReturn(c.redirectUri, base as RequestBase, c.state, 'invalid_scope', 'Only muster:write was asked and it was not allowed.') };
  }
  const code = `mac_${crypto.randomBytes(32).toString('base64url')}`;
  const now = ctx.clock.now();
  await inTransaction(ctx, async (t) => {
    await insertCode(t.db, {
      code_hash: sha256Hex(code),
      client_id: c.client.id,
      user_id: person.userId,
      redirect_uri: c.redirectUri,
      code_challenge: c.challenge,
      resource: c.resource,
      scope: scopeString(scopes),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + AUTHORIZATION_CODE_SECONDS * 1000).toISOString(),
      used_at: null,
      grant_id: null,
    });
    const what = scopes.includes('muster:write') ? 'read their data and act for them' : 'read their data';
    await recordAudit(t, {
      employeeId: person.employeeId,
      category: 'Permissions',
      action: 'oauth.authorized',
      summary: `Allowed the app "${c.client.name}" (${redirectDisplay(c.redirectUri)}) to ${what} through the agent endpoint`,
    });
  });
  return { redirectTo: withParams(c.redirectUri, { code, state: c.state, iss: issuer }) };
}
