// The connector on another PC: pairing with a one-time code (and refusing a substituted CA), then punches over HTTPS
// to the real server with the CA pinned, and a clear refusal of a server whose certificate that CA did not sign.
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStatus } from '../../connector/src/cli.ts';
import { pairWithServer } from '../../connector/src/pairing.ts';
import type { TerminalIdentity } from '../../connector/src/records.ts';
import { fixedClock } from '../../server/src/clock.ts';
import { createCertificateAuthority, issueServerCertificate } from '../../server/src/tls/x509.ts';
import { Client } from '../support/client.ts';
import { LAN_ADDRESS, startLanServer, type LanTestServer } from '../support/lan-server.ts';
import { DEMO_PASSWORD } from '../support/templates.ts';
import { serverPunchKeys, databaseFile, startConnector } from './e2e-support.ts';
import { tempDir } from './support.ts';

const clock = fixedClock(new Date());
let server: LanTestServer;
let admin: Client;
beforeAll(async () => {
  server = await startLanServer({ clock });
  admin = new Client(server.localUrl);
  await admin.post('/api/auth/login', { email: 'admin@kaveri.example', password: DEMO_PASSWORD });
});
afterAll(async () => server.close());

async function showCode(): Promise<string> {
  const res = await admin.post('/api/lan/pairing-codes');
  expect(res.status).toBe(200);
  expect(res.body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  return res.body.code as string;
}

const caFingerprint = () => new X509Certificate(server.caPem()).fingerprint256;

describe('pairing', () => {
  it('fetches the CA with the code, keeps it, and the code works only once', async () => {
    const dataDir = tempDir();
    const code = await showCode();
    expect((await admin.get('/api/lan/pairing-codes/current')).body).toMatchObject({ state: 'waiting', usedAt: null });
    const paired = await pairWithServer({ serverUrl: server.httpsUrl, code: code.toLowerCase(), dataDir });
    expect(paired.fingerprintSha256).toBe(caFingerprint());
    expect(new X509Certificate(fs.readFileSync(path.join(dataDir, 'server-ca.pem'))).fingerprint256).toBe(caFingerprint());
    expect((await admin.get('/api/lan/pairing-codes/current')).body).toMatchObject({ state: 'used', usedFrom: expect.any(String) });
    await expect(pairWithServer({ serverUrl: server.httpsUrl, code, dataDir: tempDir() })).rejects.toThrow(/No pairing code is waiting|Each code works once/);
  });

  it('says a wrong code does not match, and the right one still works after a typo', async () => {
    const code = await showCode();
    const wrong = code.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    await expect(pairWithServer({ serverUrl: server.httpsUrl, code: wrong, dataDir: tempDir() })).rejects.toThrow(/does not match.*4 tries left/);
    await expect(pairWithServer({ serverUrl: server.httpsUrl, code, dataDir: tempDir() })).resolves.toMatchObject({ fingerprintSha256: caFingerprint() });
  });

  it('refuses a CA that something in between substituted, and saves nothing', async () => {
    const code = await showCode();
    // A machine in the middle with its own CA: it relays the request and swaps the certificate in the answer.
    const evilCa = await createCertificateAuthority({ commonName: 'Evil CA', permitted: { dns: ['localhost'], ips: ['127.0.0.0/8'] }, now: new Date(), validDays: 2 });
    const evilLeaf = await issueServerCertificate({ ca: evilCa, names: { dns: ['localhost'], ips: [LAN_ADDRESS] }, now: new Date(), validDays: 1 });
    const mitm = https.createServer({ cert: evilLeaf.certPem, key: evilLeaf.keyPem }, (req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const upstream = https.request(`${server.httpsUrl}${req.url}`, { method: req.method, ca: server.caPem(), headers: { 'content-type': 'application/json' } }, (answer) => {
          let text = '';
          answer.on('data', (c: Buffer) => (text += c.toString()));
          answer.on('end', () => {
            const parsed = JSON.parse(text) as { caCertificate?: string };
            if (parsed.caCertificate) parsed.caCertificate = evilCa.certPem;
            res.writeHead(answer.statusCode ?? 500, { 'content-type': 'application/json' });
            res.end(JSON.stringify(parsed));
          });
        });
        upstream.end(body);
      });
    });
    await new Promise<void>((resolve) => mitm.listen(0, LAN_ADDRESS, resolve));
    const dataDir = tempDir();
    try {
      await expect(pairWithServer({ serverUrl: `https://${LAN_ADDRESS}:${(mitm.address() as AddressInfo).port}`, code, dataDir })).rejects.toThrow(
        /does not match the pairing code: something between this PC and the server may be intercepting/,
      );
      expect(fs.existsSync(path.join(dataDir, 'server-ca.pem'))).toBe(false);
    } finally {
      mitm.close();
    }
  });

  it('lets a code expire after ten minutes, and only a device manager shows codes', async () => {
    const code = await showCode();
    clock.advance(10 * 60_000 + 1);
    await expect(pairWithServer({ serverUrl: server.httpsUrl, code, dataDir: tempDir() })).rejects.toThrow(/No pairing code is waiting/);
    expect((await admin.get('/api/lan/pairing-codes/current')).body.state).toBe('expired');
    const hr = new Client(server.localUrl);
    await hr.post('/api/auth/login', { email: 'hr@kaveri.example', password: DEMO_PASSWORD });
    expect((await hr.post('/api/lan/pairing-codes')).status).toBe(403);
  });

  it('will not pair over plain HTTP', async () => {
    await expect(pairWithServer({ serverUrl: server.lanHttpUrl, code: 'ABCDE-FGHJK', dataDir: tempDir() })).rejects.toThrow(/needs the server's HTTPS address/);
  });
});

const identity: TerminalIdentity = { serial: 'HTTPS-ZK-1', terminalType: 'zk', terminalId: 1, timeZone: 'Asia/Kolkata' };
const punches = Array.from({ length: 5 }, (_, i) => ({ userId: String(4001 + i), local: { year: 2026, month: 11, day: 21, hour: 9, minute: i, second: 0 }, state: '0', verify: 'fingerprint' }));

describe('the connector over HTTPS', () => {
  it('delivers punches with the paired CA pinned', async () => {
    const caFile = path.join(tempDir(), 'server-ca.pem');
    fs.writeFileSync(caFile, server.caPem());
    const run = await startConnector(server.httpsUrl, { serverTrust: { ca: server.caPem(), caFile } });
    try {
      expect(run.connector.configState).toMatchObject({ source: 'server', lastError: null });
      run.connector.spool.addPunches('https-test', identity, punches);
      run.connector.sender.wake();
      await expect.poll(() => run.connector.spool.count('sent'), { timeout: 10_000 }).toBe(5);
      expect(serverPunchKeys(databaseFile(server.dataDir), identity.serial)).toHaveLength(5);
    } finally {
      await run.stop();
    }
  });

  it('refuses a server whose certificate its CA did not sign, and says so in its status', async () => {
    const other = await startLanServer();
    const caFile = path.join(tempDir(), 'server-ca.pem');
    fs.writeFileSync(caFile, server.caPem());
    const run = await startConnector(other.httpsUrl, { serverTrust: { ca: server.caPem(), caFile } });
    try {
      expect(run.connector.configState.lastError).toMatch(new RegExp(`not signed by the certificate authority in ${caFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: nothing is sent`));
      run.connector.spool.addPunches('https-test', { ...identity, serial: 'HTTPS-ZK-2' }, punches);
      run.connector.sender.wake();
      await expect.poll(() => run.connector.sender.state.status, { timeout: 10_000 }).toBe('server-not-trusted');
      expect(run.connector.spool.count('sent')).toBe(0);
      expect(run.connector.spool.alerts()[0]).toMatchObject({ kind: 'server-not-trusted' });
      const status = formatStatus(run.connector.status());
      expect(status).toMatch(/Sending: server-not-trusted; backlog 5.*last error: the server's certificate is not signed by the certificate authority in/);
      expect(serverPunchKeys(databaseFile(other.dataDir), 'HTTPS-ZK-2')).toEqual([]);
    } finally {
      await run.stop();
      await other.close();
    }
  });
});
