import { z } from 'zod';
import { freeText } from './free-text.ts';
import { IdName, Instant, IsoDate, PageQuery, Uuid, paginated } from './common.ts';

/** Standard Webhooks: secrets are `whsec_` and base64 of 24–64 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** How long the old secret still signs after a rotation, by default and at most. */
export const ROTATION_OVERLAP_HOURS_DEFAULT = 24;
export const ROTATION_OVERLAP_HOURS_MAX = 24 * 7;

/**
 * Every event type a webhook endpoint can subscribe to, with what `data`
 * carries. The version is the envelope's `version` field (1); a changed
 * representation gets a new version, never a silent change.
 */
export const WEBHOOK_EVENTS = {
  'employee.created': 'An employee was added to the directory. `data`: the employee as `GET /api/public/v1/employees` returns them.',
  'employee.updated': 'An employee\'s record changed (profile, job, manager, rehire). `data`: the employee as the public API returns them.',
  'employee.exited': 'An exit was recorded (the last working day may be ahead: see `exitDate` and `status`). `data`: the employee as the public API returns them.',
  'leave.request.submitted': 'A leave request was submitted (by the employee, or recorded by HR). `data`: the request as `GET /api/leave/requests/{id}` returns it.',
  'leave.request.approved': 'A leave request was approved at a stage: `status` says whether it is final (`Approved`) or waits for HR (`ManagerApprovedPendingHR`). `data`: the request.',
  'leave.request.rejected': 'A leave request was rejected. `data`: the request.',
  'leave.request.withdrawn': 'The employee withdrew a pending request (`closure` `Withdrawn`). `data`: the request.',
  'leave.request.cancelled': 'HR cancelled approved leave (`closure` `Cancelled`); its days are given back. `data`: the request.',
  'regularization.submitted': 'An attendance regularization was requested. `data`: the regularization as the API returns it.',
  'regularization.decided': 'A regularization was approved (at a stage, see `status`) or rejected. `data`: the regularization.',
  'attendance.day.overridden': 'HR overrode (or froze / unfroze) an employee\'s attendance day. `data`: the day as `GET /api/attendance/days` returns it.',
  'attendance.day.final':
    'Every terminal of a location has reported past a day and every attendance day of its employees that day is final: what a payroll integration waits for. One event per location and day, in day order. `data`: `AttendanceDayFinal`.',
  'terminal.offline': 'A terminal has not been heard from within its `offlineAfterMinutes`. `data`: `TerminalStatusEvent`.',
  'terminal.online': 'A terminal reported as offline was heard from again. `data`: `TerminalStatusEvent`.',
  'document.uploaded': 'A document (or a new version) was uploaded for an employee. `data`: the document as `GET /api/documents/{id}` returns it.',
  'document.reviewed': 'HR verified or rejected a document (`status`). `data`: the document.',
  'compliance.period.filed':
    'HR filed a month\'s statutory registers (for a location or all): the bundle\'s bytes and SHA-256 are kept from now on. `data`: the filing as `GET /api/compliance/filings/{id}` returns it.',
  'compliance.period.amended':
    'The data under a filed month changed after filing (found when the filing is opened, a register of it is exported, or by the nightly check): one event per new set of differences, never for the same ones again. `data`: the filing with its `amendments` (the newest last).',
  'webhook.test': 'Sent by "Send test event" in the console: `data.message` says so. Not subscribable; every endpoint gets it when asked.',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS).filter((t) => t !== 'webhook.test') as Exclude<WebhookEventType, 'webhook.test'>[];
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES as [string, ...string[]]).meta({ id: 'WebhookEventType' });

export const WebhookEventFilter = z
  .array(z.union([WebhookEventType, z.literal('*')]))
  .min(1, 'choose at least one event type, or "*" for all')
  .max(WEBHOOK_EVENT_TYPES.length + 1)
  .meta({ description: 'Event types the endpoint receives; `["*"]` for every type (also types added later).' });

export const AttendanceDayFinal = z
  .object({
    location: IdName,
    date: IsoDate.meta({ description: 'The day, `YYYY-MM-DD` in the organisation time zone.' }),
    timeZone: z.string().meta({ description: 'The organisation\'s IANA time zone, e.g. `Asia/Kolkata`.' }),
    employees: z.number().int().meta({ description: 'Employees of the location with an attendance day that day.' }),
    statusCounts: z.record(z.string(), z.number().int()).meta({ description: 'How many days have each status (`Present`, `Absent`, `OnLeave`, …).' }),
    terminalsSyncedUntil: Instant.nullable().meta({ description: 'The slowest terminal of the location has delivered everything up to this instant; null when the location has no terminal.' }),
  })
  .meta({ id: 'AttendanceDayFinal' });
export type AttendanceDayFinal = z.infer<typeof AttendanceDayFinal>;

export const TerminalStatusEvent = z
  .object({
    id: Uuid,
    name: z.string(),
    location: IdName.nullable(),
    online: z.boolean(),
    lastContactAt: Instant.nullable(),
    offlineAfterMinutes: z.number().int(),
  })
  .meta({
    id: 'TerminalStatusEvent',
    description: 'A terminal as the terminals list shows it, without its connection settings (host, port, comm key): those stay in the console.',
  });
export type TerminalStatusEvent = z.infer<typeof TerminalStatusEvent>;

const HttpsOrHttpUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(WEBHOOK_URL_MAX)
  .meta({
    format: 'uri',
    description:
      'Where events are POSTed. `https://` to any address but link-local and cloud metadata ones (169.254.0.0/16, fe80::/10, metadata.google.internal…), which are refused here and again, after resolving the name, at every delivery. `http://` only with `allowInsecureHttp` and only to an address on this PC or the office LAN (10/8, 172.16/12, 192.168/16, 127/8, fc00::/7, ::1, or a name resolving only to those).',
    example: 'https://payroll.example.com/hooks/muster',
  });

export const WebhookEndpointCreate = z
  .object({
    url: HttpsOrHttpUrl,
    description: freeText().max(WEBHOOK_DESCRIPTION_MAX).default(''),
    eventTypes: WebhookEventFilter,
    enabled: z.boolean().default(true),
    allowInsecureHttp: z.boolean().default(false).meta({ description: 'Allow `http://` for an address on the LAN (the office\'s own integrations). Off by default.' }),
  })
  .strict()
  .meta({ id: 'WebhookEndpointCreate' });
export type WebhookEndpointCreate = z.infer<typeof WebhookEndpointCreate>;

export const WebhookEndpointUpdate = z
  .object({
    url: HttpsOrHttpUrl.optional(),
    description: freeText().max(WEBHOOK_DESCRIPTION_MAX).optional(),
    eventTypes: WebhookEventFilter.optional(),
    enabled: z.boolean().optional().meta({ description: 'Enabling an endpoint disabled for failing clears its failure state.' }),
    allowInsecureHttp: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'WebhookEndpointUpdate' });
export type WebhookEndpointUpdate = z.infer<typeof WebhookEndpointUpdate>;

export const WebhookEndpoint = z
  .object({
    id: Uuid,
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.string()),
    enabled: z.boolean(),
    allowInsecureHttp: z.boolean(),
    secretPrefix: z.string().meta({ description: 'The first characters of the signing secret, to recognise it. The whole secret is shown only when created or rotated.' }),
    previousSecretExpiresAt: Instant.nullable().meta({ description: 'After a rotation: until then the old secret signs too (two `v1,` signatures in `webhook-signature`).' }),
    failingSince: Instant.nullable().meta({ description: 'Deliveries have failed since then (null while they succeed). After 5 days of failures the endpoint is disabled and administrators are told.' }),
    disabledReason: z.string().nullable(),
    createdAt: Instant,
    updatedAt: Instant,
    stats: z.object({ delivered: z.number().int(), pending: z.number().int(), failed: z.number().int() }).meta({ description: 'Deliveries of the last 7 days.' }),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().meta({ description: 'The signing secret (`whsec_…`): shown this once. Verify deliveries with it (e.g. the `standardwebhooks` library).' }),
}).meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WebhookEndpointList = z.object({ items: z.array(WebhookEndpoint), eventTypes: z.array(z.object({ type: z.string(), description: z.string() })) }).meta({ id: 'WebhookEndpointList' });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

export const WebhookSecretRotate = z
  .object({
    overlapHours: z.number().int().min(0).max(ROTATION_OVERLAP_HOURS_MAX).default(ROTATION_OVERLAP_HOURS_DEFAULT).meta({ description: 'Hours the old secret keeps signing beside the new one (0: stop at once).' }),
  })
  .strict()
  .meta({ id: 'WebhookSecretRotate' });
export type WebhookSecretRotate = z.infer<typeof WebhookSecretRotate>;

export const DeliveryStatus = z.enum(['pending', 'delivered', 'failed', 'skipped']).meta({
  description: '`pending`: waiting for its first or next attempt; `delivered`: a 2xx answer; `failed`: gave up after about 3 days of retries; `skipped`: the endpoint was disabled or removed first.',
});

export const WebhookDelivery = z
  .object({
    id: Uuid,
    eventId: z.string().meta({ description: 'The event\'s id (`webhook-id`), the same on every retry and redelivery.' }),
    eventType: z.string(),
    status: DeliveryStatus,
    attempts: z.number().int(),
    nextAttemptAt: Instant.nullable(),
    lastAttemptAt: Instant.nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: Instant.nullable(),
    createdAt: Instant,
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = paginated(WebhookDelivery).meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
export const WebhookDeliveryQuery = PageQuery;

export const WebhookAttempt = z
  .object({
    id: Uuid,
    attemptedAt: Instant,
    durationMs: z.number().int(),
    statusCode: z.number().int().nullable(),
    error: z.string().nullable(),
    request: z.string().nullable().meta({ description: 'JSON: the URL, headers and body sent.' }),
    response: z.string().nullable().meta({ description: 'JSON: the headers and the first 2 KiB of the body received.' }),
  })
  .meta({ id: 'WebhookAttempt' });

export const WebhookDeliveryDetail = WebhookDelivery.extend({
  payload: z.string().meta({ description: 'The event as sent (JSON).' }),
  attemptLog: z.array(WebhookAttempt),
}).meta({ id: 'WebhookDeliveryDetail' });
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

/** The envelope every delivery's body is (Standard Webhooks payload, with the event id and version). */
export function webhookEnvelope<T extends z.ZodType>(type: string, data: T) {
  return z.object({
    type: z.literal(type),
    id: z.string().meta({ description: 'The event id, also in `webhook-id`: dedupe on it (deliveries are at-least-once).', example: 'msg_019ab3c2e4f07d8a9c1f3e2a4b5c6d7e' }),
    timestamp: Instant.meta({ description: 'When the event happened (UTC).' }),
    version: z.literal(1),
    data,
  });
}
