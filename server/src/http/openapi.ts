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
  403: 'Authenticated but not allowed (missing permission, or a cross-site request).',
  404: 'Unknown id, or a row outside your scope.',
  409: 'Conflict with the current state (duplicate, illegal transition).',
  413: 'The request body is too large.',
  415: 'The body (or the uploaded file, judged by its bytes) is not of a type this operation accepts.',
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
  if (spec.body) statuses.add(413);
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
      description: [
        'Workforce back office: directory, attendance, leave, documents, compliance, reports.',
        '',
        '* **Public API v1** (`/api/public/v1/*`): read-only, API key, 600 requests per minute per key; the version is in the path.',
        '* **Platform routes** (the rest of `/api/*`): the console\'s own routes, authenticated by the session cookie only (an API key is not accepted there); unversioned.',
        '* **Biometric ingest** (`/api/ingest/biometric/*`): the connector, with the shared connector secret.',
        '* **Agent endpoint** (`POST /api/mcp`): the Model Context Protocol (JSON-RPC 2.0 over Streamable HTTP) for AI assistants, with an employee-bound API key or an OAuth access token; acts as that employee.',
        '',
        'Errors are RFC 9457 problem details (`application/problem+json`). Ids are UUIDs (any version 1–8, variant 8/9/a/b, plus the all-zero and all-f values). Days are `YYYY-MM-DD` in the organisation\'s time zone; instants are UTC ISO 8601.',
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'This Muster server' }],
    tags: [
      { name: 'Public API v1', description: 'For integrators: API key, read-only.' },
      { name: 'Session', description: 'Sign-in and sessions of the console.' },
    ],
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
