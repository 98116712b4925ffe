import type { Db } from '../../context.ts';
import type { OutboxAttemptTable, OutboxDeliveryTable, OutboxEventTable } from '../../db/schema.ts';

export async function insertEvent(db: Db, row: OutboxEventTable): Promise<void> {
  await db.insertInto('outbox_event').values(row).execute();
}

export async function insertDeliveries(db: Db, rows: OutboxDeliveryTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) await db.insertInto('outbox_delivery').values(rows.slice(i, i + 100)).execute();
}

const DELIVERY_COLUMNS = [
  'outbox_delivery.id',
  'outbox_delivery.event_id',
  'outbox_delivery.channel',
  'outbox_delivery.target',
  'outbox_delivery.status',
  'outbox_delivery.attempts',
  'outbox_delivery.next_attempt_at',
  'outbox_delivery.last_attempt_at',
  'outbox_delivery.last_status_code',
  'outbox_delivery.last_error',
  'outbox_delivery.delivered_at',
  'outbox_delivery.created_at',
  'outbox_event.type',
  'outbox_event.payload',
] as const;

function deliveries(db: Db) {
  return db.selectFrom('outbox_delivery').innerJoin('outbox_event', 'outbox_event.id', 'outbox_delivery.event_id').select(DELIVERY_COLUMNS);
}

export type DeliveryRow = Awaited<ReturnType<typeof findDelivery>> & object;

/** Pending deliveries due by `now`, soonest first, leaving out those already being sent. */
export async function dueDeliveries(db: Db, now: string, limit: number, skip: readonly string[]) {
  let q = deliveries(db).where('outbox_delivery.status', '=', 'pending').where('outbox_delivery.next_attempt_at', '<=', now);
  if (skip.length) q = q.where('outbox_delivery.id', 'not in', skip);
  return q.orderBy('outbox_delivery.next_attempt_at').orderBy('outbox_delivery.id').limit(limit).execute();
}

/**
 * Claims a due delivery for this instance (several instances on one database): its next attempt
 * moves to `until` only if nobody moved it since it was read. True when this caller won it.
 */
export async function claimDelivery(db: Db, id: string, seenNextAttemptAt: string | null, until: string): Promise<boolean> {
  if (seenNextAttemptAt === null) return false;
  const r = await db
    .updateTable('outbox_delivery')
    .set({ next_attempt_at: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', seenNextAttemptAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0) === 1;
}

/** When the soonest pending delivery is due (null when none is). */
export async function soonestDue(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('outbox_delivery')
    .select('next_attempt_at')
    .where('status', '=', 'pending')
    .orderBy('next_attempt_at')
    .limit(1)
    .executeTakeFirst();
  return row?.next_attempt_at ?? null;
}

export async function findDelivery(db: Db, id: string) {
  return deliveries(db).where('outbox_delivery.id', '=', id).executeTakeFirst();
}

export async function countDeliveriesOf(db: Db, target: string): Promise<number> {
  const row = await db.selectFrom('outbox_delivery').select((eb) => eb.fn.countAll<number>().as('n')).where('target', '=', target).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listDeliveriesOf(db: Db, target: string, limit: number, offset: number) {
  return deliveries(db)
    .where('outbox_delivery.target', '=', target)
    .orderBy('outbox_delivery.created_at', 'desc')
    .orderBy('outbox_delivery.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function insertAttempt(db: Db, row: OutboxAttemptTable): Promise<void> {
  await db.insertInto('outbox_attempt').values(row).execute();
}

export async function updateDelivery(db: Db, id: string, patch: Partial<Omit<OutboxDeliveryTable, 'id' | 'event_id'>>): Promise<void> {
  await db.updateTable('outbox_delivery').set(patch).where('id', '=', id).execute();
}

/** Deliveries of a target still waiting, settled as skipped (an endpoint removed or disabled). */
export async function skipPendingOf(db: Db, target: string, reason: string): Promise<number> {
  const r = await db
    .updateTable('outbox_delivery')
    .set({ status: 'skipped', last_error: reason, next_attempt_at: null })
    .where('target', '=', target)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function attemptsOf(db: Db, deliveryId: string) {
  return db
    .selectFrom('outbox_attempt')
    .select(['id', 'attempted_at', 'duration_ms', 'status_code', 'error', 'request', 'response'])
    .where('delivery_id', '=', deliveryId)
    .orderBy('attempted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findEvent(db: Db, id: string) {
  return db.selectFrom('outbox_event').select(['id', 'type', 'channel', 'target', 'payload', 'created_at']).where('id', '=', id).executeTakeFirst();
}

/** Deliveries of a channel per target and status since an instant. */
export async function deliveryCounts(db: Db, channel: string, since: string) {
  return db
    .selectFrom('outbox_delivery')
    .select(['target', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('channel', '=', channel)
    .where('created_at', '>=', since)
    .groupBy(['target', 'status'])
    .execute();
}
