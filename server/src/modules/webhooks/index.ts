/** Webhook endpoints (Standard Webhooks): management routes and the outbox channel that signs and sends. */
export { classifyAddress, refusalOf, urlProblem } from './address.ts';
export { DISABLE_AFTER_FAILING_MS, anyEnabledEndpoint, subscribersOf, webhookChannel } from './channel.ts';
export { webhookRoutes } from './routes.ts';
export { newWebhookSecret, signatureOf, webhookHeaders } from './sign.ts';
