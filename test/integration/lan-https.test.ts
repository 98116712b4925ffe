// HTTPS on the LAN against the real app listening as main.ts does; 127.0.0.2 stands in for the LAN address.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/client.ts';
import { httpsRequest, LAN_ADDRESS, startLanServer, type LanTestServer } from '../support/lan-server.ts';
import { DEMO_PASSWORD } from '../support/templates.ts';

let server: LanTestServer;
let ca: string;
beforeAll(async () => {
  server = await startLanServer();
  ca = server.caPem();
});
afterAll(async () => server.close());

function connect(options: tls.ConnectionOptions): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: LAN_ADDRESS, port: server.port, ...options }, () => resolve(socket));
    socket.once('error', reject);
  });
}

async function signInOverHttps(email = 'hr@kaveri.example') {
  const res = await httpsRequest(`${server.httpsUrl}/api/auth/login`, { ca, method: 'POST', body: { email, password: DEMO_PASSWORD } });
  const setCookie = res.headers['set-cookie'] ?? [];
  return { res, setCookie, cookie: setCookie[0]?.split(';')[0] ?? '' };
}

describe('the certificate', () => {
  it('chains to the generated CA for localhost and for the LAN address, and for no other name', async () => {
    const socket = await connect({ ca, servername: 'localhost' });
    expect(socket.authorized).toBe(true);
    const peer = socket.getPeerCertificate();
    socket.end();
    expect(tls.checkServerIdentity('localhost', peer)).toBeUndefined();
    expect(tls.checkServerIdentity(LAN_ADDRESS, peer)).toBeUndefined();
    expect(tls.checkServerIdentity('office-pc.local', peer)).toBeUndefined();
    expect(tls.checkServerIdentity('example.com', peer)).toBeInstanceOf(Error);
    // Node checks the address itself when connecting by IP without a server name.
    const byAddress = await connect({ ca });
    expect(byAddress.authorized).toBe(true);
    byAddress.end();
    const leaf = new X509Certificate(peer.raw);
    const authority = new X509Certificate(ca);
    expect(leaf.checkIssued(authority) && leaf.verify(authority.publicKey)).toBe(true);
    expect(authority.ca).toBe(true);
  });

  it('is refused by a client that does not trust the CA', async () => {
    await expect(connect({ servername: 'localhost' })).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
  });

  it('keeps both private keys owner-only in the data dir and never serves them', async () => {
    for (const file of ['ca-key.pem', 'server-key.pem']) {
      expect(fs.statSync(path.join(server.dataDir, 'tls', file)).mode & 0o777).toBe(0o600);
    }
    const der = await httpsRequest(`${server.httpsUrl}/api/lan/ca.crt`, { ca });
    expect(der.status).toBe(200);
    expect(der.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(der.headers['content-disposition']).toBe('attachment; filename=muster-ca.crt');
    expect(new X509Certificate(der.raw).fingerprint256).toBe(new X509Certificate(ca).fingerprint256);
    const pem = await httpsRequest(`${server.httpsUrl}/api/lan/ca.pem`, { ca });
    expect(pem.text.trim()).toBe(new X509Certificate(ca).toString().trim());
    const trust = await httpsRequest(`${server.httpsUrl}/api/lan/trust`, { ca });
    expect(trust.body).toMatchObject({
      lanAccess: true,
      mode: 'local-ca',
      urls: [`${server.httpsUrl}/`],
      hsts: false,
      authority: { fingerprintSha256: new X509Certificate(ca).fingerprint256, names: [] },
    });
    for (const answer of [der, pem, trust]) expect(answer.text).not.toMatch(/PRIVATE KEY/);
  });
});

describe('plain HTTP', () => {
  it('only redirects to HTTPS on the LAN address, whatever is asked', async () => {
    const lan = new Client(server.lanHttpUrl);
    const page = await lan.get('/employees?status=active');
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe(`${server.httpsUrl}/employees?status=active`);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const health = await lan.get('/api/health');
    expect(health.status).toBe(301);
    expect(health.text).not.toMatch(/database/);
    const login = await lan.post('/api/auth/login', { email: 'hr@kaveri.example', password: DEMO_PASSWORD });
    expect(login.status).toBe(308);
    expect(login.headers.get('location')).toBe(`${server.httpsUrl}/api/auth/login`);
    expect(login.headers.getSetCookie()).toEqual([]);
    const ingest = await lan.post('/api/ingest/biometric/timelog', {}, { authorization: 'Bearer x' });
    expect(ingest.status).toBe(308);
  });

  it('keeps the name the browser used when the certificate covers it, and never redirects to one it does not', async () => {
    const locationFor = (host: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        http.get({ host: LAN_ADDRESS, port: server.port, path: '/login', headers: { host } }, (res) => {
          res.resume();
          resolve(res.headers.location);
        }).on('error', reject);
      });
    expect(await locationFor(`office-pc.local:${server.port}`)).toBe(`https://office-pc.local:${server.port}/login`);
    expect(await locationFor('evil.example')).toBe(`${server.httpsUrl}/login`);
    expect(await locationFor('')).toBe(`${server.httpsUrl}/login`);
  });

  it('serves the app on 127.0.0.1 (the desktop window, the connector on this PC)', async () => {
    const local = new Client(server.localUrl);
    expect((await local.get('/api/health')).status).toBe(200);
    const login = await local.post('/api/auth/login', { email: 'hr@kaveri.example', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^muster_session=s%3A/);
    expect(cookie).not.toMatch(/Secure/);
    expect((await local.get('/api/auth/me')).status).toBe(200);
  });
});

describe('over HTTPS', () => {
  it('sets a __Host- prefixed, Secure, httpOnly, SameSite=Strict session cookie for the whole host', async () => {
    const { res, setCookie, cookie } = await signInOverHttps();
    expect(res.status).toBe(200);
    // The session cookie, and beside it the readable sign-in hint (`1`, no session in it) the console reads
    // to skip /api/auth/me on the sign-in page; it grants nothing.
    expect(setCookie).toHaveLength(2);
    expect(setCookie[1]).toMatch(/^muster_signed_in=1; /);
    expect(setCookie[1]).toMatch(/; Secure/);
    expect(setCookie[1]).not.toMatch(/HttpOnly/);
    expect(setCookie[0]).toMatch(/^__Host-muster_session=s%3A/);
    expect(setCookie[0]).toMatch(/; Secure/);
    expect(setCookie[0]).toMatch(/; HttpOnly/);
    expect(setCookie[0]).toMatch(/; SameSite=Strict/);
    expect(setCookie[0]).toMatch(/; Path=\//);
    expect(setCookie[0]).not.toMatch(/Domain=/i);
    const me = await httpsRequest(`${server.httpsUrl}/api/auth/me`, { ca, headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('hr@kaveri.example');
  });

  it('takes only the __Host- cookie: the same value under the plain name is refused', async () => {
    const { cookie } = await signInOverHttps();
    const plainName = cookie.replace(/^__Host-/, '');
    expect((await httpsRequest(`${server.httpsUrl}/api/auth/me`, { ca, headers: { cookie: plainName } })).status).toBe(401);
  });

  it('signs out by expiring the __Host- cookie with the Secure attribute it needs', async () => {
    const { cookie } = await signInOverHttps();
    const out = await httpsRequest(`${server.httpsUrl}/api/auth/logout`, { ca, method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    const cleared = out.headers['set-cookie']?.[0] ?? '';
    expect(cleared).toMatch(/^__Host-muster_session=;/);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared).toMatch(/; Secure/);
    expect((await httpsRequest(`${server.httpsUrl}/api/auth/me`, { ca, headers: { cookie } })).status).toBe(401);
  });

  it('refuses TLS 1.0 and 1.1 and suites without forward secrecy or AEAD; speaks TLS 1.2 and 1.3', async () => {
    // The client offers the old protocols (security level 0): the refusal is the server's.
    for (const version of ['TLSv1', 'TLSv1.1'] as const) {
      await expect(connect({ ca, servername: 'localhost', minVersion: version, maxVersion: version, ciphers: 'DEFAULT@SECLEVEL=0' })).rejects.toMatchObject({
        code: 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION',
      });
    }
    await expect(connect({ ca, servername: 'localhost', maxVersion: 'TLSv1.2', ciphers: 'ECDHE-ECDSA-AES128-SHA:AES128-SHA' })).rejects.toThrow(/handshake failure/);
    const tls12 = await connect({ ca, servername: 'localhost', maxVersion: 'TLSv1.2' });
    expect(tls12.getProtocol()).toBe('TLSv1.2');
    expect(tls12.getCipher().name).toMatch(/^ECDHE-ECDSA-(AES\d+-GCM|CHACHA20-POLY1305)/);
    tls12.end();
    const tls13 = await connect({ ca, servername: 'localhost' });
    expect(tls13.getProtocol()).toBe('TLSv1.3');
    tls13.end();
  });

  it('sends HSTS only once an administrator turns it on, and only over HTTPS', async () => {
    const before = await httpsRequest(`${server.httpsUrl}/api/lan/trust`, { ca });
    expect(before.headers['strict-transport-security']).toBeUndefined();
    const local = new Client(server.localUrl);
    await local.post('/api/auth/login', { email: 'manager@kaveri.example', password: DEMO_PASSWORD });
    expect((await local.put('/api/lan/settings', { hsts: true })).status).toBe(403);
    const admin = new Client(server.localUrl);
    await admin.post('/api/auth/login', { email: 'admin@kaveri.example', password: DEMO_PASSWORD });
    const on = await admin.put('/api/lan/settings', { hsts: true });
    expect(on.status).toBe(200);
    expect(on.body.hsts).toBe(true);
    expect(on.headers.get('strict-transport-security')).toBeNull();
    const after = await httpsRequest(`${server.httpsUrl}/`, { ca, headers: { accept: 'text/html' } });
    expect(after.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(JSON.parse(fs.readFileSync(path.join(server.dataDir, 'lan-settings.json'), 'utf8'))).toEqual({ hsts: true });
    await admin.put('/api/lan/settings', { hsts: false });
    expect((await httpsRequest(`${server.httpsUrl}/`, { ca })).headers['strict-transport-security']).toBeUndefined();
  });
});
