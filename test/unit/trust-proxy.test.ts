import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { TRUSTED_HOPS_MEMO, type TrustFn, memoisedTrust } from '../../server/src/http/trust-proxy.ts';

/**
 * Express's `trust proxy` function, remembered per address and hop (app.ts): every answer must be the
 * one Express's own function gives, for each kind of setting, on a first call and on a remembered one.
 */

function compiled(setting: boolean | number | string): TrustFn {
  const app = express();
  app.set('trust proxy', setting);
  return app.get('trust proxy fn') as TrustFn;
}

const addresses = ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '192.168.1.5', '192.168.1.6', '172.16.0.1', 'fe80::1', '8.8.8.8', 'not an address', ''];
const settings: (boolean | number | string)[] = ['loopback', 'loopback, 10.0.0.0/8', '192.168.1.5', 'uniquelocal', 2, 0, true, false];

describe('memoisedTrust', () => {
  it('answers as Express does for every setting, address and hop, remembered or not', () => {
    for (const setting of settings) {
      const trust = compiled(setting);
      const memo = memoisedTrust(trust);
      for (let round = 0; round < 2; round++) {
        for (const addr of addresses) {
          for (let i = 0; i < 4; i++) expect(memo(addr, i), `${String(setting)} ${addr} hop ${i} round ${round}`).toBe(trust(addr, i));
        }
      }
    }
  });

  it('asks Express again for an address it cannot remember (a closed socket) and stays bounded', () => {
    let calls = 0;
    const trust = compiled('loopback');
    const memo = memoisedTrust((addr, i) => {
      calls++;
      return trust(addr, i);
    });
    expect(memo(undefined, 0)).toBe(false);
    expect(memo(undefined, 0)).toBe(false);
    expect(calls).toBe(2);
    calls = 0;
    expect(memo('127.0.0.1', 0)).toBe(true);
    expect(memo('127.0.0.1', 0)).toBe(true);
    expect(calls).toBe(1);
    // Past the bound the oldest are forgotten, then asked again: still the right answers.
    for (let n = 0; n < TRUSTED_HOPS_MEMO + 10; n++) memo(`10.0.${n >> 8}.${n & 255}`, 0);
    calls = 0;
    expect(memo('10.0.0.0', 0)).toBe(false);
    expect(calls).toBe(1);
  });

  it('keeps req.ip, req.secure and req.protocol as Express computes them, over HTTP', async () => {
    for (const setting of ['loopback', false] as const) {
      const app = express();
      app.set('trust proxy', setting);
      app.set('trust proxy fn', memoisedTrust(app.get('trust proxy fn') as TrustFn));
      app.get('/who', (req, res) => void res.json({ ip: req.ip, secure: req.secure, protocol: req.protocol, ips: req.ips }));
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/who`;
      try {
        for (let n = 0; n < 3; n++) {
          const forwarded = await (await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' } })).json();
          const plain = await (await fetch(url)).json();
          if (setting === 'loopback') {
            expect(forwarded).toEqual({ ip: '203.0.113.9', secure: true, protocol: 'https', ips: ['203.0.113.9'] });
          } else {
            expect(forwarded).toEqual({ ip: '127.0.0.1', secure: false, protocol: 'http', ips: [] });
          }
          expect(plain).toEqual({ ip: '127.0.0.1', secure: false, protocol: 'http', ips: [] });
        }
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });
});
