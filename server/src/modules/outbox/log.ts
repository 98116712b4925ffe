import type { Ctx, Db } from '../../context.ts';
import { newId } from '../../ids.ts';
import * as repo from './repo.ts';

/** The delivery log of a target (an endpoint): deliveries newest first, each with its attempts on request. */

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

export interface AttemptView {
  id: string;
  attemptedAt: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  request: string | null;
  response: string | null;
}

function view(r: repo.DeliveryRow): DeliveryView {
  return {
    id: r.id,
    eventId: r.event_id,
    eventType: r.type,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    lastAttemptAt: r.last_attempt_at,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    deliveredAt: r.delivered_at,
    createdAt: r.created_at,
  };
}

export async function deliveriesOf(db: Db, target: string, page: number, pageSize: number): Promise<{ items: DeliveryView[]; total: number }> {
  const [total, rows] = await Promise.all([repo.countDeliveriesOf(db, target), repo.listDeliveriesOf(db, target, pageSize, (page - 1) * pageSize)]);
  return { items: rows.map(view), total };
}

/** One delivery of a target with its attempts and the payload sent; undefined when it is not the target's. */
export async function deliveryOf(db: Db, target: string, id: string): Promise<(DeliveryView & { payload: string; attemptLog: AttemptView[] }) | undefined> {
  const row = await repo.findDelivery(db, id);
  if (!row || row.target !== target) return undefined;
  const attempts = await repo.attemptsOf(db, id);
  return {
    ...view(row),
    payload: row.payload,
    attemptLog: attempts.map((a) => ({ id: a.id, attemptedAt: a.attempted_at, durationMs: a.duration_ms, statusCode: a.status_code, error: a.error, request: a.request, response: a.response })),
  };
}

/**
 * Sends a delivery again (same event, same id): a settled one is copied into a
 * new pending delivery due now, so its history stays as it was; a pending one
 * is made due now. Call inside the caller's transaction. Undefined when the
 * delivery is not the target's.
 */
export async function redeliver(ctx: Pick<Ctx, 'db' | 'clock'>, target: string, id: string): Promise<DeliveryView | undefined> {
  const row = await repo.findDelivery(ctx.db, id);
  if (!row || row.target !== target) return undefined;
  const now = ctx.clock.now().toISOString();
  if (row.status === 'pending') {
    await repo.updateDelivery(ctx.db, id, { next_attempt_at: now });
    return view({ ...row, next_attempt_at: now });
  }
  const copy = { id: newId(), event_id: row.event_id, channel: row.channel, target, status: 'pending', attempts: 0, next_attempt_at: now, last_attempt_at: null, last_status_code: null, last_error: null, delivered_at: null, created_at: now };
  await repo.insertDeliveries(ctx.db, [copy]);
  const fresh = await repo.findDelivery(ctx.db, copy.id);
  return fresh ? view(fresh) : undefined;
}

/** Settles a target's waiting deliveries as skipped (its endpoint was disabled or removed). */
export async function skipPending(db: Db, target: string, reason: string): Promise<number> {
  return repo.skipPendingOf(db, target, reason);
}

/** Deliveries of a target (any status), for tests and the bench: whether one event reached it. */
export async function findEventPayload(db: Db, eventId: string): Promise<string | undefined> {
  return (await repo.findEvent(db, eventId))?.payload;
}

/** Deliveries of a channel per target and status since an instant: `counts.get(target)?.get(status)`. */
export async function deliveryCountsSince(db: Db, channel: string, since: string): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  for (const r of await repo.deliveryCounts(db, channel, since)) {
    let m = out.get(r.target);
    if (!m) out.set(r.target, (m = new Map()));
    m.set(r.status, Number(r.n));
  }
  return out;
}
