// The running server keeps its certificate current: renewal and new addresses (fake clock), an office's own files reloaded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../server/src/clock.ts';
import { namesOf } from '../../server/src/tls/certificate-facts.ts';
import { createCertificateAuthority, issueServerCertificate, type PemPair } from '../../server/src/tls/x509.ts';
import { Client } from '../support/client.ts';
import { factsWith, httpsRequest, LAN_ADDRESS, presentedCertificate, startLanServer, type LanTestServer } from '../support/lan-server.ts';
import { DEMO_PASSWORD } from '../support/templates.ts';

const DAY = 24 * 3_600_000;

describe('with the local CA', () => {
  const clock = fixedClock(new Date());
  let extra = [LAN_ADDRESS];
  let server: LanTestServer;
  beforeAll(async () => {
    server = await startLanServer({ clock, facts: () => factsWith(extra) });
  });
  afterAll(async () => server.close());

  it('presents a renewed certificate, from the same CA, once 30 days are left (no restart)', async () => {
    const before = await presentedCertificate(LAN_ADDRESS, server.port);
    expect(await server.lan.refresh()).toBe(false);
    clock.advance(61 * DAY);
    expect(await server.lan.refresh()).toBe(true);
    const after = await presentedCertificate(LAN_ADDRESS, server.port);
    expect(after.cert.serialNumber).not.toBe(before.cert.serialNumber);
    const leaf = new X509Certificate(after.cert.raw);
    expect(leaf.checkIssued(new X509Certificate(server.caPem()))).toBe(true);
    expect(new Date(leaf.validTo).getTime()).toBeGreaterThan(clock.now().getTime() + 85 * DAY);
  });

  it('presents a certificate for a new address as soon as the PC has it (DHCP)', async () => {
    extra = [LAN_ADDRESS, '10.20.30.40'];
    expect(await server.lan.refresh()).toBe(true);
    const { cert } = await presentedCertificate(LAN_ADDRESS, server.port);
    expect(namesOf(new X509Certificate(cert.raw)).ips).toContain('10.20.30.40');
    expect(server.lan.urls()).toEqual([`https://${LAN_ADDRESS}:${server.port}/`]);
  });
});

describe('with the office\'s own certificate', () => {
  let dir: string;
  let server: LanTestServer;
  let office: PemPair;
  const files = () => ({ cert: path.join(dir, 'fullchain.pem'), key: path.join(dir, 'privkey.pem') });
  const write = (pair: PemPair) => {
    fs.writeFileSync(files().key, pair.keyPem);
    fs.writeFileSync(files().cert, pair.certPem + office.certPem);
  };
  const issue = () => issueServerCertificate({ ca: office, names: { dns: ['localhost', 'muster.office.lan'], ips: [LAN_ADDRESS] }, now: new Date(), validDays: 30 });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-own-cert-'));
    office = await createCertificateAuthority({ commonName: 'Office CA', permitted: { dns: ['localhost', 'lan'], ips: ['127.0.0.0/8'] }, now: new Date(), validDays: 30 });
    write(await issue());
    server = await startLanServer({ env: { MUSTER_TLS_CERT_FILE: files().cert, MUSTER_TLS_KEY_FILE: files().key } });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves it (with its chain), makes no CA, and has nothing to install or pair', async () => {
    const answer = await httpsRequest(`${server.httpsUrl}/api/lan/trust`, { ca: office.certPem, servername: 'muster.office.lan' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ mode: 'own-certificate', authority: null, serverCertificate: { names: ['localhost', 'muster.office.lan', LAN_ADDRESS] } });
    expect(fs.existsSync(path.join(server.dataDir, 'tls'))).toBe(false);
    expect((await httpsRequest(`${server.httpsUrl}/api/lan/ca.crt`, { ca: office.certPem })).status).toBe(404);
    const admin = new Client(server.localUrl);
    await admin.post('/api/auth/login', { email: 'admin@kaveri.example', password: DEMO_PASSWORD });
    const code = await admin.post('/api/lan/pairing-codes');
    expect(code.status).toBe(409);
    expect(code.body.detail).toMatch(/office's own certificate/);
  });

  it('reloads the files when they change, and keeps the current pair when the new one does not match', async () => {
    const before = (await presentedCertificate(LAN_ADDRESS, server.port)).cert.serialNumber;
    const renewed = await issue();
    write(renewed);
    const expected = new X509Certificate(renewed.certPem).serialNumber;
    await vi.waitFor(async () => expect((await presentedCertificate(LAN_ADDRESS, server.port)).cert.serialNumber).toBe(expected), { timeout: 5_000, interval: 100 });
    expect(expected).not.toBe(before);

    const other = await issue();
    fs.writeFileSync(files().key, other.keyPem); // the key alone: does not match the certificate
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await presentedCertificate(LAN_ADDRESS, server.port)).cert.serialNumber).toBe(expected);
    const ok = await httpsRequest(`${server.httpsUrl}/api/health`, { ca: office.certPem, servername: 'muster.office.lan' });
    expect(ok.status).toBe(200);
  });
});
