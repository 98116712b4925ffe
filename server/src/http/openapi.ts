import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { Problem } from '../../../shared/common.ts';
import { API_KEY_PREFIX } from '../../../shared/api-keys.ts';
import { WEBHOOK_EVENTS, type WebhookEventType } from '../../../shared/webhooks.ts';
import { webhookEventSchema } from '../../../shared/webhook-events.ts';
import type { AuthKind, BinaryResponse, RegisteredOperation } from './api.ts';
import { SESSION_COOKIE } from './session-cookie.ts';

const STATUS_TEXT: Record<number, string> = {
  400: 'The request failed validation; `errors` names each field.',
  401: 'Missing or invalid credentials.',
  403: 'Not allowed: a missing permission, or (on unsafe cookie operations) a cross-site request, i.e. an `Origin` other than this server or `Sec-Fetch-Site` other than same-origin.',
  404: 'Unknown id, or a row outside your scope.',
  409: 'Conflict with the current state (duplicate, illegal transition).',
  413: 'The request body is too large.',
  415: 'The body is not of a type this operation accepts: JSON in a charset other than UTF-8, an unknown `Content-Encoding`, or an uploaded file (judged by its bytes) of a refused type.',
  429: 'Rate limited; wait `Retry-After` seconds.',
  503: 'The database is not available.',
};

const SECURITY: Record<AuthKind, Record<string, string[]>[]> = {
  none: [],
  // Spec §1: platform endpoints also declare the API-key bearer scheme (a key is still refused there, §5.2.3).
  session: [{ sessionCookie: [] }, { apiKeyBearer: [] }],
  apiKey: [{ apiKeyBearer: [] }, { apiKeyHeader: [] }],
  connector: [{ connectorSecret: [] }],
  agent: [{ agentBearer: [] }],
};

const DEFAULT_ERRORS: Record<AuthKind, number[]> = {
  none: [],
  session: [401],
  apiKey: [401],
  connector: [401],
  agent: [401],
};

function isBinary(r: z.ZodType | BinaryResponse): r is BinaryResponse {
  return (r as BinaryResponse).contentTypes !== undefined;
}

function problemResponse(status: number) {
  return {
    description: STATUS_TEXT[status] ?? 'Error',
    content: { 'application/problem+json': { schema: Problem } },
  };
}

function operationObject(op: RegisteredOperation): ZodOpenApiOperationObject {
  const { spec } = op;
  const statuses = new Set<number>([...DEFAULT_ERRORS[spec.auth], ...(spec.errors ?? [])]);
  if (spec.params || spec.query || spec.body) statuses.add(400);
  // The JSON parser answers 415 to a body in another charset (or compressed in an unknown way).
  if (spec.body) for (const s of [413, 415]) statuses.add(s);
  // The cross-site guard runs on every unsafe cookie (and anonymous) operation: a foreign Origin is 403.
  if ((spec.auth === 'session' || spec.auth === 'none') && spec.method !== 'get') statuses.add(403);
  if (spec.form) for (const s of [400, 413, 415]) statuses.add(s);
  if (spec.params) statuses.add(404);
  const ok = isBinary(spec.response)
    ? {
        description: spec.response.description,
        content: Object.fromEntries(
          spec.response.contentTypes.map((t) => [t, { schema: z.string().meta({ format: 'binary' }) }]),
        ),
      }
    : { description: 'OK', content: { 'application/json': { schema: spec.response } } };
  const headers = spec.responseHeaders
    ? Object.fromEntries(Object.entries(spec.responseHeaders).map(([k, v]) => [k, { description: v.description, schema: v.schema }]))
    : undefined;
  const permissionNote = spec.permission ? `\n\nRequires the permission \`${spec.permission}\`.` : '';
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description || permissionNote ? { description: (spec.description ?? '') + permissionNote } : {}),
    tags: [...spec.tags],
    security: SECURITY[spec.auth],
    ...(spec.params || spec.query
      ? {
          requestParams: {
            ...(spec.params ? { path: spec.params as z.ZodObject } : {}),
            ...(spec.query ? { query: spec.query as z.ZodObject } : {}),
          },
        }
      : {}),
    ...(spec.body || spec.form
      ? {
          requestBody: {
            required: true,
            ...(spec.form ? { description: spec.form.description } : {}),
            // JSON, a multipart form, or (both given) either.
            content: {
              ...(spec.body ? { 'application/json': { schema: spec.body } } : {}),
              ...(spec.form ? { 'multipart/form-data': { schema: spec.form.schema } } : {}),
            },
          },
        }
      : {}),
    responses: {
      '200': headers ? { ...ok, headers } : ok,
      ...Object.fromEntries(
        [...statuses].sort().map((s) => [String(s), headers && s === 429 ? { ...problemResponse(s), headers } : problemResponse(s)]),
      ),
    },
  } as ZodOpenApiOperationObject;
}

const WEBHOOK_HEADERS = z.object({
  'webhook-id': z.string().meta({ description: 'The event id (also `id` in the body): the same on every retry and redelivery; dedupe on it.' }),
  'webhook-timestamp': z.string().meta({ description: 'Unix seconds when this attempt was signed; refuse ones far from now (replays).' }),
  'webhook-signature': z.string().meta({
    description: 'Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` under the endpoint secret (base64 after `whsec_`); two during a rotation overlap. Verify with a Standard Webhooks library.',
  }),
});

/** Standard Webhooks deliveries, one per event type (OpenAPI 3.1 `webhooks`). */
function webhookItems(): ZodOpenApiPathsObject {
  const items: ZodOpenApiPathsObject = {};
  for (const type of Object.keys(WEBHOOK_EVENTS) as WebhookEventType[]) {
    items[type] = {
      post: {
        operationId: `webhook_${type.replace(/\./g, '_')}`,
        summary: `Event ${type}`,
        description: `${WEBHOOK_EVENTS[type]}\n\nSent to the endpoints subscribed to it (console: API and webhooks), signed as Standard Webhooks fixes it. Answer 2xx within 15 s; anything else is retried for about 3 days.`,
        tags: ['Webhooks'],
        requestParams: { header: WEBHOOK_HEADERS },
        requestBody: { required: true, content: { 'application/json': { schema: webhookEventSchema(type) } } },
        responses: { '200': { description: 'Received (any 2xx).' } },
      },
    } as ZodOpenApiPathsObject[string];
  }
  return items;
}

/**
 * The top-level tags, in the console's order, each with what an integrator finds under it.
 * Every tag an operation uses must be here: the Spectral test (`operation-tag-defined`) names one
 * that is not, rather than the server refusing to start over a documentation gap.
 */
export const TAGS: readonly { name: string; description: string }[] = [
  { name: 'Public API v1', description: 'For integrators: read-only, an API key (`Authorization: Bearer mst_…` or `X-Api-Key`), versioned in the path, 600 requests per minute per key.' },
  { name: 'Webhooks', description: 'Endpoints that receive signed events (Standard Webhooks) when people, attendance or leave change; their deliveries and redeliveries. Event payloads are under `webhooks`.' },
  { name: 'System', description: 'Health check and first-run setup of an empty installation.' },
  { name: 'Session', description: 'Sign-in, sign-out, the signed-in user and their sessions (console cookie).' },
  { name: 'Organisation', description: 'The organisation, its departments, locations, designations, shifts and holidays.' },
  { name: 'Employees', description: 'The employee directory: profiles, employment, government ids (masked unless permitted), photos, exports.' },
  { name: 'Documents', description: 'Employee documents: types, per-employment checklists, uploads, requests and their files.' },
  { name: 'Attendance', description: "Punches and the reconciled attendance days: live board, calendar, day and month views, the employee's own check-in." },
  { name: 'Attendance policy', description: 'Shift and location policies, holidays, weekly offs and attendance settings, and recomputing days after a change.' },
  { name: 'Regularizations', description: 'Requests to correct a day (forgotten punch, on duty elsewhere), their preview and decisions.' },
  { name: 'Leave', description: 'Leave types, balances and the ledger, requests and their multi-step approval, the leave calendar.' },
  { name: 'Reports', description: 'Saved report definitions, their results and exports.' },
  { name: 'Dashboard', description: "The home page's figures for the caller's population." },
  { name: 'Compliance', description: 'Statutory registers, the establishment details, the compliance bundle and filed periods.' },
  { name: 'Audit', description: 'Who changed what: the audit trail of a person and of the organisation, with exports.' },
  { name: 'Notifications', description: "The caller's in-app notifications and which of them also arrive by e-mail." },
  { name: 'Users and roles', description: 'Console logins, their roles and the employee each acts as.' },
  { name: 'API keys', description: 'Organisation API keys for the public API (shown once, stored hashed, revocable).' },
  { name: 'Connected apps', description: 'Personal API keys and OAuth 2.1 grants that let an AI assistant act as one employee.' },
  { name: 'Agent endpoint', description: 'The Model Context Protocol endpoint for AI assistants (JSON-RPC 2.0 over Streamable HTTP).' },
  { name: 'E-mail', description: 'Outgoing e-mail (SMTP) settings and a test message.' },
  { name: 'Calendar feeds', description: "Personal iCalendar feeds of the caller's leave and holidays, read by calendar apps with a secret link." },
  { name: 'Jobs', description: 'Long-running work (recompute, bundle, filing): progress, result and cancel.' },
  { name: 'Terminals', description: 'Biometric terminals: registration, connection test, enrolment and punches of unknown users.' },
  { name: 'LAN', description: 'Use on the office network: HTTPS trust (local CA) and pairing a connector on another PC.' },
  { name: 'Biometric ingest', description: 'For the connector only (connector secret): punch and terminal-log batches, keepalives and its configuration.' },
];

/** The OpenAPI 3.1 description of every registered operation. */
export function buildOpenApi(operations: readonly RegisteredOperation[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    const item = (paths[op.spec.path] ??= {});
    (item as Record<string, unknown>)[op.spec.method] = operationObject(op);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Muster API',
      version: '1.0.0',
      // Each office runs its own server: the people to ask are its administrators, not a vendor.
      contact: { name: 'The administrator of this Muster installation (console: Settings → Users and roles)' },
      description: [
        'Workforce back office: directory, attendance, leave, documents, compliance, reports.',
        '',
        '* **Public API v1** (`/api/public/v1/*`): read-only, API key, 600 requests per minute per key; the version is in the path.',
        '* **Platform routes** (the rest of `/api/*`): the console\'s own routes, authenticated by the session cookie only (an API key is not accepted there); unversioned.',
        '* **Biometric ingest** (`/api/ingest/biometric/*`): the connector, with the shared connector secret.',
        '* **Agent endpoint** (`POST /api/mcp`): the Model Context Protocol (JSON-RPC 2.0 over Streamable HTTP) for AI assistants, with an employee-bound API key or an OAuth access token; acts as that employee.',
        '',
        'Errors are RFC 9457 problem details (`application/problem+json`); match on `type`, `status` and the `errors[].path` fields, which never change: `title`, `detail` and `errors[].message` are written for people, in the signed-in user\'s language (a console session) or, for other callers, English unless `Accept-Language` names a language Muster ships (en-IN, hi-IN, mr-IN, kn-IN, ta-IN). Ids are UUIDs (any version 1–8, variant 8/9/a/b, plus the all-zero and all-f values). Days are `YYYY-MM-DD` in the organisation\'s time zone; instants are UTC ISO 8601. Boolean query parameters take `true` or `false` (`1` and `0` are accepted too).',
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'This Muster server' }],
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    webhooks: webhookItems(),
    components: {
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Signed, httpOnly, SameSite=Strict session cookie set by `POST /api/auth/login`; over HTTPS its name is `__Host-muster_session` (Secure).',
        },
        apiKeyBearer: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key (starts with \`${API_KEY_PREFIX}\`) as \`Authorization: Bearer <key>\`. Grants access to public v1 only: platform operations declare it beside the session cookie (as the interface spec fixes) but answer 401 to a key alone; sign in for a session.`,
        },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'The same API key in the `X-Api-Key` header.' },
        connectorSecret: {
          type: 'http',
          scheme: 'bearer',
          description: 'The shared connector secret as `Authorization: Bearer <secret>`.',
        },
        agentBearer: {
          type: 'http',
          scheme: 'bearer',
          description: `The agent endpoint's credential (spec §5.3) as \`Authorization: Bearer …\`: an employee-bound API key (starts with \`${API_KEY_PREFIX}\`; personal keys from Connected apps included) or an OAuth 2.1 access token from Muster's own authorization server (discovery: \`/.well-known/oauth-protected-resource/api/mcp\`, \`/.well-known/oauth-authorization-server\`). Either acts as one employee with their permissions and scope as they are at each call.`,
        },
      },
    },
  });
}
