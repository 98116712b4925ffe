import type { Ctx } from '../../context.ts';
import { newId } from '../../ids.ts';
import * as repo from './repo.ts';

/**
 * Writing events. Use cases call these inside the transaction of the change
 * the event announces: a rolled-back change emits nothing, a committed one is
 * never lost (the delivery worker sends it afterwards, out of the request).
 */

type EmitCtx = Pick<Ctx, 'db' | 'clock'>;

function pendingDelivery(eventId: string, channel: string, target: string, now: string) {
  return { id: newId(), event_id: eventId, channel, target, status: 'pending', attempts: 0, next_attempt_at: now, last_attempt_at: null, last_status_code: null, last_error: null, delivered_at: null, created_at: now };
}

/** The envelope every receiver gets (Standard Webhooks payload with the event's id and version). */
export interface EventEnvelope<T = unknown> {
  type: string;
  /** Stable across retries and redeliveries: receivers dedupe on it (also the `webhook-id` header). */
  id: string;
  timestamp: string;
  version: 1;
  data: T;
}

/** A new event id: `msg_` and 32 hex digits, time-ordered. */
export function newEventId(): string {
  return `msg_${newId().replace(/-/g, '')}`;
}

/**
 * An organisation event for the webhook endpoints subscribed to its type
 * when it happens: the event and one delivery per endpoint, in the caller's
 * transaction (a few small inserts; nothing is sent here). Returns the
 * envelope written.
 */
export async function emitEvent<T>(ctx: Pick<Ctx, 'db' | 'clock' | 'links'>, type: string, data: T): Promise<EventEnvelope<T>> {
  const envelope: EventEnvelope<T> = { type, id: newEventId(), timestamp: ctx.clock.now().toISOString(), version: 1, data };
  await repo.insertEvent(ctx.db, { id: envelope.id, type, channel: 'webhook', target: null, payload: JSON.stringify(envelope), created_at: envelope.timestamp });
  const targets = await ctx.links.webhooks.subscribers(ctx.db, type);
  if (targets.length) await repo.insertDeliveries(ctx.db, targets.map((t) => pendingDelivery(envelope.id, 'webhook', t, envelope.timestamp)));
  return envelope;
}

/**
 * A message for one target of one channel (an e-mail to one user): the
 * delivery is written at once, due now.
 */
export async function enqueueMessage<T>(ctx: EmitCtx, channel: string, target: string, type: string, data: T): Promise<string> {
  const now = ctx.clock.now().toISOString();
  const id = newEventId();
  const envelope: EventEnvelope<T> = { type, id, timestamp: now, version: 1, data };
  await repo.insertEvent(ctx.db, { id, type, channel, target, payload: JSON.stringify(envelope), created_at: now });
  await repo.insertDeliveries(ctx.db, [pendingDelivery(id, channel, target, now)]);
  return id;
}
