import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointList,
  type WebhookEndpointUpdate,
  type WebhookEndpointWithSecret,
  type WebhookSecretRotate,
} from '../../../../shared/webhooks.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { seal, unseal } from '../../db/sealed.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { type DeliveryView, deliveriesOf, deliveryCountsSince, deliveryOf, enqueueMessage, redeliver, skipPending } from '../outbox/index.ts';
import { urlProblem } from './address.ts';
import * as repo from './repo.ts';
import { newWebhookSecret } from './sign.ts';

/**
 * Webhook endpoints (issue 17 §2): only `api:manage` manages them (a webhook
 * carries organisation data), every change is audited (category
 * Permissions, on the acting administrator's record), the signing secret is
 * sealed under the data dir's key and shown only when created or rotated.
 */

const SECRET_SHOWN_CHARS = 12;
const STATS_DAYS = 7;

function toEndpoint(row: repo.EndpointRow, stats?: Map<string, number>): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: JSON.parse(row.event_types) as string[],
    enabled: row.enabled === 1,
    allowInsecureHttp: row.allow_insecure_http === 1,
    secretPrefix: '',
    previousSecretExpiresAt: row.previous_secret_expires_at,
    failingSince: row.failing_since,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stats: { delivered: stats?.get('delivered') ?? 0, pending: stats?.get('pending') ?? 0, failed: stats?.get('failed') ?? 0 },
  };
}

function withPrefix(ctx: Ctx, row: repo.EndpointRow, stats?: Map<string, number>): WebhookEndpoint {
  const secret = unseal(ctx.db, row.secret_enc, 'A webhook signing secret') ?? '';
  return { ...toEndpoint(row, stats), secretPrefix: `${secret.slice(0, SECRET_SHOWN_CHARS)}…` };
}

function assertUrl(url: string, allowInsecureHttp: boolean): void {
  const problem = urlProblem(url, allowInsecureHttp);
  if (problem) throw badRequest(`url: ${problem}`, [{ path: 'body.url', message: problem }]);
}

/** `["*"]` stays as it is; otherwise the types in catalogue order without repeats. */
function normaliseTypes(types: readonly string[]): string[] {
  if (types.includes('*')) return ['*'];
  return WEBHOOK_EVENT_TYPES.filter((t) => types.includes(t));
}

async function audit(ctx: Ctx, action: string, summary: string): Promise<void> {
  if (!ctx.caller.employeeId) return;
  await recordAudit(ctx, { employeeId: ctx.caller.employeeId, category: 'Permissions', action, summary });
}

async function endpointOr404(ctx: Ctx, id: string): Promise<repo.EndpointRow> {
  const row = await repo.findEndpoint(ctx.db, id);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function listEndpoints(ctx: Ctx): Promise<WebhookEndpointList> {
  requirePermission(ctx, 'api:manage');
  const since = new Date(ctx.clock.now().getTime() - STATS_DAYS * 86_400_000).toISOString();
  const [rows, counts] = await Promise.all([repo.listEndpoints(ctx.db), deliveryCountsSince(ctx.db, 'webhook', since)]);
  return {
    items: rows.map((r) => withPrefix(ctx, r, counts.get(r.id))),
    eventTypes: WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: WEBHOOK_EVENTS[type] })),
  };
}

export async function getEndpoint(ctx: Ctx, id: string): Promise<WebhookEndpoint> {
  requirePermission(ctx, 'api:manage');
  return withPrefix(ctx, await endpointOr404(ctx, id));
}

export async function createEndpoint(ctx: Ctx, input: WebhookEndpointCreate): Promise<WebhookEndpointWithSecret> {
  requirePermission(ctx, 'api:manage');
  assertUrl(input.url, input.allowInsecureHttp);
  const secret = newWebhookSecret();
  const id = newId();
  const now = ctx.clock.now().toISOString();
  const types = normaliseTypes(input.eventTypes);
  await inTransaction(ctx, async (t) => {
    await repo.insertEndpoint(t.db, {
      id,
      url: input.url,
      description: input.description,
      event_types: JSON.stringify(types),
      enabled: input.enabled ? 1 : 0,
      allow_insecure_http: input.allowInsecureHttp ? 1 : 0,
      secret_enc: seal(t.db, secret).enc as string,
      previous_secret_enc: null,
      previous_secret_expires_at: null,
      failing_since: null,
      disabled_reason: null,
      created_by_user_id: ctx.caller.userId,
      created_at: now,
      updated_at: now,
    });
    await audit(t, 'webhook.created', `Webhook endpoint ${input.url} added for ${types.join(', ')}${input.enabled ? '' : ' (disabled)'}`);
  });
  return { ...(await getEndpoint(ctx, id)), secret };
}

export async function updateEndpoint(ctx: Ctx, id: string, input: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
  requirePermission(ctx, 'api:manage');
  await inTransaction(ctx, async (t) => {
    const row = await endpointOr404(t, id);
    const url = input.url ?? row.url;
    const insecure = input.allowInsecureHttp ?? row.allow_insecure_http === 1;
    if (input.url !== undefined || input.allowInsecureHttp !== undefined) assertUrl(url, insecure);
    const changes: string[] = [];
    const patch: Parameters<typeof repo.updateEndpoint>[2] = { updated_at: ctx.clock.now().toISOString() };
    if (input.url !== undefined && input.url !== row.url) {
      patch.url = input.url;
      changes.push(`URL ${row.url} → ${input.url}`);
    }
    if (input.description !== undefined && input.description !== row.description) {
      patch.description = input.description;
      changes.push('description');
    }
    if (input.eventTypes !== undefined) {
      const types = JSON.stringify(normaliseTypes(input.eventTypes));
      if (types !== row.event_types) {
        patch.event_types = types;
        changes.push(`events ${normaliseTypes(input.eventTypes).join(', ')}`);
      }
    }
    if (input.allowInsecureHttp !== undefined && (input.allowInsecureHttp ? 1 : 0) !== row.allow_insecure_http) {
      patch.allow_insecure_http = input.allowInsecureHttp ? 1 : 0;
      changes.push(input.allowInsecureHttp ? 'http on the LAN allowed' : 'https only');
    }
    if (input.enabled !== undefined && (input.enabled ? 1 : 0) !== row.enabled) {
      patch.enabled = input.enabled ? 1 : 0;
      changes.push(input.enabled ? 'enabled' : 'disabled');
      if (input.enabled) {
        patch.failing_since = null;
        patch.disabled_reason = null;
      } else {
        patch.disabled_reason = `Disabled by ${ctx.caller.name}`;
        await skipPending(t.db, id, 'endpoint disabled');
      }
    }
    if (!changes.length) return;
    await repo.updateEndpoint(t.db, id, patch);
    await audit(t, 'webhook.updated', `Webhook endpoint ${url}: ${changes.join('; ')}`);
  });
  return getEndpoint(ctx, id);
}

export async function deleteEndpoint(ctx: Ctx, id: string): Promise<void> {
  requirePermission(ctx, 'api:manage');
  await inTransaction(ctx, async (t) => {
    const row = await endpointOr404(t, id);
    await skipPending(t.db, id, 'endpoint removed');
    await repo.deleteEndpoint(t.db, id);
    await audit(t, 'webhook.deleted', `Webhook endpoint ${row.url} removed`);
  });
}

/**
 * A new signing secret. During the overlap the old one signs too: each
 * delivery carries two `v1,` signatures, so receivers can switch at their pace.
 */
export async function rotateSecret(ctx: Ctx, id: string, input: WebhookSecretRotate): Promise<WebhookEndpointWithSecret> {
  requirePermission(ctx, 'api:manage');
  const secret = newWebhookSecret();
  await inTransaction(ctx, async (t) => {
    const row = await endpointOr404(t, id);
    const now = ctx.clock.now();
    const until = input.overlapHours > 0 ? new Date(now.getTime() + input.overlapHours * 3_600_000).toISOString() : null;
    await repo.updateEndpoint(t.db, id, {
      secret_enc: seal(t.db, secret).enc as string,
      previous_secret_enc: until ? row.secret_enc : null,
      previous_secret_expires_at: until,
      updated_at: now.toISOString(),
    });
    await audit(t, 'webhook.secret-rotated', `Signing secret of webhook endpoint ${row.url} rotated${until ? `; the old one signs too until ${until}` : '; the old one stopped at once'}`);
  });
  return { ...(await getEndpoint(ctx, id)), secret };
}

function toDelivery(v: DeliveryView): WebhookDelivery {
  return { ...v, status: v.status as WebhookDelivery['status'] };
}

/** Queues a `webhook.test` event for one endpoint (a disabled endpoint skips it, as it skips every event). */
export async function sendTestEvent(ctx: Ctx, id: string): Promise<WebhookDelivery> {
  requirePermission(ctx, 'api:manage');
  return inTransaction(ctx, async (t) => {
    const row = await endpointOr404(t, id);
    const eventId = await enqueueMessage(t, 'webhook', id, 'webhook.test', { message: `Test event from Muster, sent by ${ctx.caller.name}`, endpointId: id });
    await audit(t, 'webhook.test-sent', `Test event sent to webhook endpoint ${row.url}`);
    const list = await deliveriesOf(t.db, id, 1, 1);
    const mine = list.items.find((d) => d.eventId === eventId);
    if (!mine) throw new Error('test delivery vanished');
    return toDelivery(mine);
  });
}

export async function listDeliveries(ctx: Ctx, id: string, page: number, pageSize: number): Promise<WebhookDeliveryList> {
  requirePermission(ctx, 'api:manage');
  await endpointOr404(ctx, id);
  const r = await deliveriesOf(ctx.db, id, page, pageSize);
  return { items: r.items.map(toDelivery), total: r.total, page, pageSize };
}

export async function getDelivery(ctx: Ctx, id: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
  requirePermission(ctx, 'api:manage');
  await endpointOr404(ctx, id);
  const d = await deliveryOf(ctx.db, id, deliveryId);
  if (!d) throw notFound('Delivery');
  return { ...toDelivery(d), payload: d.payload, attemptLog: d.attemptLog };
}

/** Sends a delivery's event again (same event id), now. */
export async function redeliverDelivery(ctx: Ctx, id: string, deliveryId: string): Promise<WebhookDelivery> {
  requirePermission(ctx, 'api:manage');
  return inTransaction(ctx, async (t) => {
    const row = await endpointOr404(t, id);
    const d = await redeliver(t, id, deliveryId);
    if (!d) throw notFound('Delivery');
    await audit(t, 'webhook.redelivered', `Event ${d.eventId} (${d.eventType}) redelivered to webhook endpoint ${row.url}`);
    return toDelivery(d);
  });
}
