import { z } from 'zod';
import { Ok, UuidInput } from '../../../../shared/common.ts';
import {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointList,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
  WebhookSecretRotate,
} from '../../../../shared/webhooks.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import * as service from './service.ts';

const TAGS = ['Webhooks'];
const Id = z.object({ id: UuidInput });
const DeliveryId = z.object({ id: UuidInput, deliveryId: UuidInput });

export function webhookRoutes(api: Api, deps: ModuleDeps): void {
  const base = { tags: TAGS, auth: 'session', permission: 'api:manage' } as const;

  api.op(
    { ...base, method: 'get', path: '/api/webhooks', operationId: 'listWebhookEndpoints', summary: 'Webhook endpoints, and the event types they can subscribe to', response: WebhookEndpointList, errors: [403] },
    async ({ caller }) => service.listEndpoints(await deps.ctxFor(caller)),
  );

  api.op(
    {
      ...base,
      method: 'post',
      path: '/api/webhooks',
      operationId: 'createWebhookEndpoint',
      summary: 'Register a webhook endpoint (its signing secret is shown once)',
      description:
        'Deliveries follow Standard Webhooks (https://www.standardwebhooks.com): `POST` with a JSON body (`type`, `id`, `timestamp`, `version`, `data`) and the headers `webhook-id` (the event id: dedupe on it, deliveries are at-least-once), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body" under the secret>`; two, space-separated, while a rotated secret overlaps). A 2xx answer within 15 s counts as delivered; anything else is retried after 5 s, 1 min, 5 min, 30 min, 1 h, 2 h, 4 h, 8 h and 12 h (five times): about 3 days. The event types and payloads are in this description\'s `webhooks` section.',
      body: WebhookEndpointCreate,
      response: WebhookEndpointWithSecret,
      errors: [403],
    },
    async ({ body, caller }) => service.createEndpoint(await deps.ctxFor(caller), body),
  );

  api.op(
    { ...base, method: 'get', path: '/api/webhooks/{id}', operationId: 'getWebhookEndpoint', summary: 'One webhook endpoint', params: Id, response: WebhookEndpoint, errors: [403, 404] },
    async ({ params, caller }) => service.getEndpoint(await deps.ctxFor(caller), params.id),
  );

  api.op(
    {
      ...base,
      method: 'patch',
      path: '/api/webhooks/{id}',
      operationId: 'updateWebhookEndpoint',
      summary: 'Change an endpoint: URL, description, events, enabled, http on the LAN',
      description: 'Disabling skips its waiting deliveries; enabling again clears the failure state (redeliver what it missed from its log).',
      params: Id,
      body: WebhookEndpointUpdate,
      response: WebhookEndpoint,
      errors: [403, 404],
    },
    async ({ params, body, caller }) => service.updateEndpoint(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    { ...base, method: 'delete', path: '/api/webhooks/{id}', operationId: 'deleteWebhookEndpoint', summary: 'Remove an endpoint (its waiting deliveries are skipped)', params: Id, response: Ok, errors: [403, 404] },
    async ({ params, caller }) => {
      await service.deleteEndpoint(await deps.ctxFor(caller), params.id);
      return { ok: true };
    },
  );

  api.op(
    {
      ...base,
      method: 'post',
      path: '/api/webhooks/{id}/rotate-secret',
      operationId: 'rotateWebhookSecret',
      summary: 'A new signing secret (shown once); the old one keeps signing during the overlap',
      params: Id,
      body: WebhookSecretRotate,
      response: WebhookEndpointWithSecret,
      errors: [403, 404],
    },
    async ({ params, body, caller }) => service.rotateSecret(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    { ...base, method: 'post', path: '/api/webhooks/{id}/test', operationId: 'sendWebhookTestEvent', summary: 'Queue a `webhook.test` event for this endpoint', params: Id, response: WebhookDelivery, errors: [403, 404] },
    async ({ params, caller }) => service.sendTestEvent(await deps.ctxFor(caller), params.id),
  );

  api.op(
    {
      ...base,
      method: 'get',
      path: '/api/webhooks/{id}/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: 'The delivery log of an endpoint, newest first',
      params: Id,
      query: WebhookDeliveryQuery,
      response: WebhookDeliveryList,
      errors: [403, 404],
    },
    async ({ params, query, caller }) => service.listDeliveries(await deps.ctxFor(caller), params.id, query.page, query.pageSize),
  );

  api.op(
    {
      ...base,
      method: 'get',
      path: '/api/webhooks/{id}/deliveries/{deliveryId}',
      operationId: 'getWebhookDelivery',
      summary: 'One delivery with the payload and every attempt (request and response)',
      params: DeliveryId,
      response: WebhookDeliveryDetail,
      errors: [403, 404],
    },
    async ({ params, caller }) => service.getDelivery(await deps.ctxFor(caller), params.id, params.deliveryId),
  );

  api.op(
    {
      ...base,
      method: 'post',
      path: '/api/webhooks/{id}/deliveries/{deliveryId}/redeliver',
      operationId: 'redeliverWebhook',
      summary: 'Send a delivery\'s event again now (same event id)',
      params: DeliveryId,
      response: WebhookDelivery,
      errors: [403, 404],
    },
    async ({ params, caller }) => service.redeliverDelivery(await deps.ctxFor(caller), params.id, params.deliveryId),
  );
}
