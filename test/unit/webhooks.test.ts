import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_PAUSES_MS, nextAttemptAt } from '../../server/src/modules/outbox/backoff.ts';
import { classifyAddress, refusalOf, urlProblem } from '../../server/src/modules/webhooks/address.ts';
import { guardedLookup } from '../../server/src/modules/webhooks/send.ts';
import { newWebhookSecret, signatureOf, webhookHeaders } from '../../server/src/modules/webhooks/sign.ts';

describe('retry schedule', () => {
  it('keeps trying for about three days, then gives up', () => {
    const total = RETRY_PAUSES_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(70);
    expect(total / 3_600_000).toBeLessThan(80);
    expect(nextAttemptAt(1, 0, () => 0)).toBe(5_000);
    expect(nextAttemptAt(2, 1000, () => 0)).toBe(61_000);
    expect(nextAttemptAt(MAX_ATTEMPTS - 1, 0, () => 0)).toBe(12 * 3_600_000);
    expect(nextAttemptAt(MAX_ATTEMPTS, 0)).toBeNull();
  });
  it('spreads retries by at most 10%', () => {
    expect(nextAttemptAt(3, 0, () => 0.999)).toBeLessThanOrEqual(5 * 60_000 * 1.1);
    expect(nextAttemptAt(3, 0, () => 0.999)).toBeGreaterThan(5 * 60_000);
  });
});

describe('addresses a webhook may go to', () => {
  it.each([
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['169.254.10.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.5', 'private'],
    ['172.32.0.5', 'public'],
    ['192.168.1.9', 'private'],
    ['fd12:3456::1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (ip, kind) => expect(classifyAddress(ip)).toBe(kind));

  it('refuses link-local and metadata always, public addresses over http', () => {
    expect(refusalOf('169.254.169.254', false)).toMatch(/metadata/);
    expect(refusalOf('8.8.8.8', false)).toBeNull();
    expect(refusalOf('8.8.8.8', true)).toMatch(/public/);
    expect(refusalOf('192.168.1.9', true)).toBeNull();
  });

  it('validates endpoint URLs as written', () => {
    expect(urlProblem('https://hooks.example.com/muster', false)).toBeNull();
    expect(urlProblem('http://192.168.1.20:8080/h', true)).toBeNull();
    expect(urlProblem('http://payroll.local/h', true)).toBeNull();
    expect(urlProblem('http://192.168.1.20/h', false)).toMatch(/allow http/);
    expect(urlProblem('https://metadata.google.internal/', false)).toMatch(/metadata/);
    expect(urlProblem('https://[fe80::1]/', false)).toMatch(/link-local/);
    expect(urlProblem('https://example.com/#x', false)).toMatch(/fragment/);
  });

  it('checks every address a name resolves to at send time (DNS rebinding gains nothing)', async () => {
    const lookupWith = (addresses: { address: string; family: number }[], insecure: boolean) =>
      new Promise<{ err: Error | null; address: string }>((resolve) =>
        guardedLookup(insecure, (_h, _o, cb) => cb(null, addresses))('evil.example', {}, (err, address) => resolve({ err, address: address as string })),
      );
    expect((await lookupWith([{ address: '93.184.216.34', family: 4 }, { address: '169.254.169.254', family: 4 }], false)).err?.message).toMatch(/metadata/);
    expect((await lookupWith([{ address: '10.0.0.5', family: 4 }], true)).address).toBe('10.0.0.5');
    expect((await lookupWith([{ address: '93.184.216.34', family: 4 }], true)).err?.message).toMatch(/public/);
    expect((await lookupWith([{ address: '93.184.216.34', family: 4 }], false)).address).toBe('93.184.216.34');
  });
});

describe('Standard Webhooks signatures', () => {
  it('verify with the standardwebhooks library, one or two secrets', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^whsec_/);
    const body = JSON.stringify({ type: 'webhook.test', id: 'msg_1', timestamp: new Date().toISOString(), version: 1, data: { message: 'hi ✓' } });
    const ts = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders([a, b], 'msg_1', ts, body);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(a).verify(body, headers)).toMatchObject({ id: 'msg_1' });
    expect(new Webhook(b).verify(body, headers)).toMatchObject({ id: 'msg_1' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    // The library's own signature equals ours.
    expect(new Webhook(a).sign('msg_1', new Date(ts * 1000), body)).toBe(signatureOf(a, 'msg_1', ts, body));
  });
});
