import crypto from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../../../shared/webhooks.ts';

/**
 * Signing as the Standard Webhooks specification fixes it: the secret is
 * `whsec_` + base64 of random bytes; the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`; the signature is
 * `v1,` + base64(HMAC-SHA256(secret bytes, content)); several are separated by
 * spaces (during a rotation's overlap, one per secret).
 */

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + crypto.randomBytes(32).toString('base64');
}

export function signatureOf(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${crypto.createHmac('sha256', key).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery, signed with every given secret (the current one first). */
export function webhookHeaders(secrets: readonly string[], msgId: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signatureOf(s, msgId, timestampSeconds, body)).join(' '),
  };
}
