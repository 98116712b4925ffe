/**
 * The durable outbox (issue 17 §1): events written in the transaction of the
 * change that causes them, and the worker that delivers them through the
 * channels (webhooks, e-mail) with retries, recording every attempt.
 */
export { MAX_ATTEMPTS, RETRY_PAUSES_MS, nextAttemptAt } from './backoff.ts';
export { type EventEnvelope, emitEvent, enqueueMessage, newEventId } from './emit.ts';
export { type AttemptView, type DeliveryView, deliveriesOf, deliveryCountsSince, deliveryOf, findEventPayload, redeliver, skipPending } from './log.ts';
export type { DeliveryRow } from './repo.ts';
export { type AttemptOutcome, type Channel, type OutboxWorker, type OutboxWorkerOptions, type SettledAttempt, startOutboxWorker } from './worker.ts';
