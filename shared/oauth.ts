import { z } from 'zod';
import { freeText } from './free-text.ts';
import { Instant, Uuid } from './common.ts';
import type { Permission } from './permissions.ts';

/**
 * The agent endpoint's embedded OAuth 2.1 authorization server, as the console
 * sees it: the consent screen, connected apps (grants), clients an
 * administrator registers, and the self-registration switch. The protocol
 * endpoints themselves (`/oauth/token`, `/oauth/register`, `/oauth/revoke`,
 * the `/.well-known/*` documents) speak the RFCs' own formats.
 */

/** What an assistant may be allowed: read, and act (change data) for the person. */
export const AGENT_SCOPES = ['muster:read', 'muster:write'] as const;
export const AgentScope = z.enum(AGENT_SCOPES);
export type AgentScope = z.infer<typeof AgentScope>;

export const SCOPE_LABELS: Readonly<Record<AgentScope, string>> = {
  'muster:read': 'See what you can see in Muster',
  'muster:write': 'Act for you',
};

/** Access tokens live this long (seconds); refresh tokens rotate on every use. */
export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 30;
export const AUTHORIZATION_CODE_SECONDS = 300;

/**
 * The abilities' English words by id. The API answers in English (agents read it); the console
 * shows each one in the reader's language from `employee:connectedApps.abilities.<id>`, found by these words.
 */
export const ABILITY_TEXT = {
  ownRecords: 'See your profile, your attendance (with the reasons behind each day), your leave balances and your requests',
  everyoneAttendance: "See everyone's attendance today",
  teamAttendance: "See your team's attendance today",
  seeWaiting: 'See the leave and regularization requests waiting for your decision',
  directory: 'Look people up in the directory',
  reportingLine: 'Look up people in your reporting line',
  checkIn: 'Check you in and out, and ask for attendance corrections',
  applyLeave: 'Apply for leave and withdraw your pending requests',
  decide: 'Approve or reject requests waiting for your decision',
  override: 'Override attendance days (HR)',
} as const;

/**
 * What an assistant connected as this person will be able to do, in plain
 * words, from their permissions and the scopes granted: the consent screen
 * and the connected-apps page show it.
 */
export function abilitiesFor(permissions: readonly Permission[], scopes: readonly AgentScope[]): string[] {
  const has = (p: Permission) => permissions.includes(p);
  const out: string[] = [];
  if (scopes.includes('muster:read')) {
    out.push(ABILITY_TEXT.ownRecords);
    if (has('attendance:team') || has('attendance:read')) out.push(has('attendance:read') ? ABILITY_TEXT.everyoneAttendance : ABILITY_TEXT.teamAttendance);
    if (has('leave:approve') || has('leave:hr-approve')) out.push(ABILITY_TEXT.seeWaiting);
    if (has('employee:read') || has('team:read')) out.push(has('employee:read') ? ABILITY_TEXT.directory : ABILITY_TEXT.reportingLine);
  }
  if (scopes.includes('muster:write')) {
    if (has('attendance:self')) out.push(ABILITY_TEXT.checkIn);
    if (has('leave:apply')) out.push(ABILITY_TEXT.applyLeave);
    if (has('leave:approve') || has('leave:hr-approve')) out.push(ABILITY_TEXT.decide);
    if (has('attendance:override')) out.push(ABILITY_TEXT.override);
  }
  return out;
}

const Text = (max: number) => z.string().max(max);

/** The parameters of an authorization request (RFC 6749 §4.1.1, RFC 7636, RFC 8707), as the client sent them. */
export const AuthorizeParams = z
  .object({
    response_type: Text(40).optional(),
    client_id: Text(200).optional(),
    redirect_uri: Text(2000).optional(),
    scope: Text(400).optional(),
    state: Text(2000).optional(),
    code_challenge: Text(200).optional(),
    code_challenge_method: Text(20).optional(),
    resource: Text(2000).optional(),
  })
  .meta({ id: 'OAuthAuthorizeParams', description: 'The query of `/oauth/authorize` as the assistant built it; the console passes it through unchanged.' });
export type AuthorizeParams = z.infer<typeof AuthorizeParams>;

export const OAuthClientSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    clientUri: z.string().nullable(),
    registration: z.enum(['dynamic', 'admin']).meta({ description: '`dynamic`: the app registered itself (RFC 7591); `admin`: an administrator registered it.' }),
  })
  .meta({ id: 'OAuthClientSummary' });
export type OAuthClientSummary = z.infer<typeof OAuthClientSummary>;

export const AuthorizePrompt = z
  .discriminatedUnion('ok', [
    z.object({
      ok: z.literal(true),
      client: OAuthClientSummary,
      redirectUri: z.string(),
      redirectHost: z.string().meta({ description: 'Where the browser goes back to after the decision (host, or the app scheme).' }),
      scopes: z.array(AgentScope),
      abilities: z.array(z.string()).meta({ description: 'What the app will be able to do with every scope requested, in words.' }),
      readAbilities: z.array(z.string()).meta({ description: 'What it will be able to do if only reading is allowed.' }),
      resource: z.string().meta({ description: 'The agent endpoint the access is for.' }),
      userName: z.string(),
    }),
    z.object({
      ok: z.literal(false),
      message: z.string().meta({ description: 'Why the request cannot be approved, in words.' }),
      returnTo: z.string().nullable().meta({ description: 'Where to send the browser to tell the app (its redirect URI with the error), or null when the redirect URI itself cannot be trusted.' }),
    }),
  ])
  .meta({ id: 'OAuthAuthorizePrompt' });
export type AuthorizePrompt = z.infer<typeof AuthorizePrompt>;

export const AuthorizeDecision = AuthorizeParams.extend({
  decision: z.enum(['allow', 'deny']),
  allowWrite: z.boolean().default(true).meta({ description: 'With `allow`: false grants only `muster:read` even if more was asked.' }),
})
  .strict()
  .meta({ id: 'OAuthAuthorizeDecision' });
export type AuthorizeDecision = z.output<typeof AuthorizeDecision>;

export const AuthorizeRedirect = z
  .object({ redirectTo: z.string().meta({ description: 'The app\'s redirect URI with `code`, `state` and `iss` (or `error`): the console sends the browser there.' }) })
  .meta({ id: 'OAuthAuthorizeRedirect' });
export type AuthorizeRedirect = z.infer<typeof AuthorizeRedirect>;

export const OAuthGrant = z
  .object({
    id: Uuid,
    client: OAuthClientSummary,
    employeeId: Uuid,
    employeeName: z.string(),
    scopes: z.array(AgentScope),
    abilities: z.array(z.string()),
    createdAt: Instant,
    lastUsedAt: Instant.nullable(),
    revokedAt: Instant.nullable(),
  })
  .meta({ id: 'OAuthGrant', description: 'A connected app: one person\'s consent to one assistant. Its tokens stop working when it is revoked.' });
export type OAuthGrant = z.infer<typeof OAuthGrant>;

export const OAuthGrantQuery = z.object({
  all: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .meta({ description: "`true`: every person's live grants (needs `api:manage`); otherwise the caller's own." }),
});
export type OAuthGrantQuery = z.output<typeof OAuthGrantQuery>;

export const OAuthGrantList = z.object({ items: z.array(OAuthGrant) }).meta({ id: 'OAuthGrantList' });
export type OAuthGrantList = z.infer<typeof OAuthGrantList>;

export const TOKEN_AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic'] as const;
export const TokenAuthMethod = z.enum(TOKEN_AUTH_METHODS);
export type TokenAuthMethod = z.infer<typeof TokenAuthMethod>;

export const OAuthClient = OAuthClientSummary.extend({
  redirectUris: z.array(z.string()),
  authMethod: TokenAuthMethod,
  createdAt: Instant,
  createdByName: z.string().nullable(),
  lastUsedAt: Instant.nullable(),
  disabledAt: Instant.nullable(),
  liveGrants: z.number().int(),
}).meta({ id: 'OAuthClient' });
export type OAuthClient = z.infer<typeof OAuthClient>;

export const OAuthClientList = z.object({ items: z.array(OAuthClient) }).meta({ id: 'OAuthClientList' });
export type OAuthClientList = z.infer<typeof OAuthClientList>;

export const OAuthClientCreate = z
  .object({
    name: freeText().min(1, 'is required').max(100),
    redirectUris: z
      .array(z.string().trim().min(1).max(2000))
      .min(1, 'give at least one')
      .max(10)
      .meta({ description: 'HTTPS URLs, `http://127.0.0.1…` / `http://localhost…` loopback URLs (any port matches), or an app\'s own scheme such as `com.example.app:/callback`.' }),
    confidential: z.boolean().default(false).meta({ description: 'true: the app keeps a secret (sent to the token endpoint as `client_secret_post` or `client_secret_basic`); shown once.' }),
    clientUri: z.url().max(2000).nullable().optional(),
  })
  .strict()
  .meta({ id: 'OAuthClientCreate' });
export type OAuthClientCreate = z.output<typeof OAuthClientCreate>;

export const OAuthClientIssued = OAuthClient.extend({
  clientSecret: z.string().nullable().meta({ description: 'Shown this once for a confidential client; only its hash is kept.' }),
}).meta({ id: 'OAuthClientIssued' });
export type OAuthClientIssued = z.infer<typeof OAuthClientIssued>;

export const OAuthSettings = z
  .object({
    dynamicRegistration: z.boolean().meta({ description: 'Whether assistants may register themselves (RFC 7591) before asking someone to connect them.' }),
    issuer: z.string().meta({ description: 'The authorization server\'s issuer as this request sees it.' }),
    resource: z.string().meta({ description: 'The agent endpoint\'s canonical URL as this request sees it.' }),
    secure: z.boolean().meta({ description: 'False when OAuth cannot work at this address (plain HTTP beyond this PC).' }),
  })
  .meta({ id: 'OAuthSettings' });
export type OAuthSettings = z.infer<typeof OAuthSettings>;

export const OAuthSettingsUpdate = z.object({ dynamicRegistration: z.boolean() }).strict().meta({ id: 'OAuthSettingsUpdate' });
export type OAuthSettingsUpdate = z.infer<typeof OAuthSettingsUpdate>;
