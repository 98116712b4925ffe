import type { Ctx, Db } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { unseal } from '../../db/sealed.ts';
import { notify } from '../notifications/index.ts';
import { type AttemptOutcome, type Channel, type DeliveryRow, type SettledAttempt, skipPending } from '../outbox/index.ts';
import { urlProblem } from './address.ts';
import * as repo from './repo.ts';
import { postJson } from './send.ts';
import { webhookHeaders } from './sign.ts';

/** Enabled endpoints and the types they want, read on every event: cached until an endpoint changes. */
const subscriptions = defineCache<{ id: string; types: string[] }[]>({ name: 'webhooks.subscriptions', reads: ['webhook_endpoint'], maxEntries: 1 });

/** The enabled endpoints subscribed to an event type (ModuleLinks `webhooks.subscribers`). */
export async function subscribersOf(db: Db, type: string): Promise<string[]> {
  const all = await enabledSubscriptions(db);
  return all.filter((e) => e.types.includes('*') || e.types.includes(type)).map((e) => e.id);
}

/** Whether any endpoint is enabled (the delivery thread starts only once one is: `delivery.ts`). Cached with the subscriptions. */
export async function anyEnabledEndpoint(db: Db): Promise<boolean> {
  return (await enabledSubscriptions(db)).length > 0;
}

function enabledSubscriptions(db: Db): Promise<{ id: string; types: string[] }[]> {
  return subscriptions.get(db, 'enabled', async () => (await repo.enabledEndpoints(db)).map((r) => ({ id: r.id, types: JSON.parse(r.event_types) as string[] })));
}

/** An endpoint failing this long without one success is disabled and administrators are told. */
export const DISABLE_AFTER_FAILING_MS = 5 * 86_400_000;

/**
 * The webhook channel of the outbox: which endpoints want an event, one signed
 * POST per delivery, and the endpoints' failure bookkeeping.
 */
export function webhookChannel(deps: { db: Db; clock: { now(): Date } }, systemCtxOn: (db: Db) => Promise<Ctx>): Channel {
  return {
    name: 'webhook',
    async send(delivery: DeliveryRow, payload: string): Promise<AttemptOutcome> {
      const endpoint = await repo.findEndpoint(deps.db, delivery.target);
      if (!endpoint) return { ok: false, skip: true, statusCode: null, error: 'endpoint removed', request: null, response: null };
      if (endpoint.enabled !== 1) return { ok: false, skip: true, statusCode: null, error: 'endpoint disabled', request: null, response: null };
      const problem = urlProblem(endpoint.url, endpoint.allow_insecure_http === 1);
      if (problem) return { ok: false, statusCode: null, error: `URL refused: ${problem}`, request: { url: endpoint.url }, response: null };
      const now = deps.clock.now();
      const secrets = [unseal(deps.db, endpoint.secret_enc, 'A webhook signing secret') as string];
      if (endpoint.previous_secret_enc && endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > now.toISOString()) {
        secrets.push(unseal(deps.db, endpoint.previous_secret_enc, 'A webhook signing secret') as string);
      }
      const headers = webhookHeaders(secrets, delivery.event_id, Math.floor(now.getTime() / 1000), payload);
      const r = await postJson(endpoint.url, headers, payload);
      return {
        ok: r.error === null,
        statusCode: r.statusCode,
        error: r.error,
        request: { url: endpoint.url, headers, body: payload },
        response: r.statusCode === null ? null : { headers: r.responseHeaders, body: r.responseBody },
      };
    },
    async settled(db: Db, attempts: readonly SettledAttempt[], now: Date) {
      const byEndpoint = new Map<string, SettledAttempt[]>();
      for (const a of attempts) if (a.status !== 'skipped') byEndpoint.set(a.delivery.target, [...(byEndpoint.get(a.delivery.target) ?? []), a]);
      for (const [id, list] of byEndpoint) {
        const endpoint = await repo.findEndpoint(db, id);
        if (!endpoint) continue;
        if (list.some((a) => a.outcome.ok)) {
          if (endpoint.failing_since) await repo.updateEndpoint(db, id, { failing_since: null });
          continue;
        }
        const since = endpoint.failing_since ?? list[0]?.at ?? now.toISOString();
        if (!endpoint.failing_since) await repo.updateEndpoint(db, id, { failing_since: since });
        if (endpoint.enabled === 1 && now.getTime() - Date.parse(since) >= DISABLE_AFTER_FAILING_MS) {
          const days = Math.floor((now.getTime() - Date.parse(since)) / 86_400_000);
          const reason = `Disabled automatically: every delivery failed for ${days} days (last: ${list.at(-1)?.outcome.error ?? 'error'})`;
          await repo.updateEndpoint(db, id, { enabled: 0, disabled_reason: reason, updated_at: now.toISOString() });
          await skipPending(db, id, 'endpoint disabled after failing for days');
          await notify(await systemCtxOn(db), { roles: ['Admin'] }, {
            kind: 'webhook.endpoint-disabled',
            title: `Webhook endpoint ${endpoint.url} was disabled: its deliveries failed for ${days} days`,
            body: `${reason}. Fix the receiver, then enable the endpoint again in API and webhooks; failed deliveries can be redelivered from its log.`,
            link: `/api-keys?webhook=${id}`,
          });
        }
      }
    },
  };
}
