// The local CA and its server certificates: names, constraints, renewal and re-issue with a fake clock.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import https from 'node:https';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/src/clock.ts';
import { createLogger } from '../../server/src/logger.ts';
import { namesOf } from '../../server/src/tls/certificate-facts.ts';
import { LocalCertificateAuthority } from '../../server/src/tls/local-ca.ts';
import { ipAddress, isLoopbackHost, isThisPcOnly, type MachineFacts, namesOfThisPc, permittedNamesFor, withinConstraints } from '../../server/src/tls/names.ts';
import { issueServerCertificate } from '../../server/src/tls/x509.ts';
import { formatPairingCode, normalisePairingCode, pairingCodeFrom } from '../../shared/lan.ts';

const DAY = 24 * 3_600_000;
const logger = createLogger('silent');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-tls-'));
  dirs.push(d);
  return d;
}

const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({ address, family, internal, netmask: '', mac: '', cidr: null, ...(family === 'IPv6' ? { scopeid: 0 } : {}) }) as os.NetworkInterfaceInfo;

function office(addresses: string[] = ['192.168.1.23']): MachineFacts {
  return {
    hostname: 'Office-PC',
    interfaces: {
      lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
      eth0: [...addresses.map((a) => nic(a, a.includes(':') ? 'IPv6' : 'IPv4')), nic('fe80::1', 'IPv6')],
    },
    extra: [],
  };
}

describe('names', () => {
  it('lists the host name, <host>.local, loopback and each LAN address, without link-local IPv6', () => {
    expect(namesOfThisPc(office(['192.168.1.23', 'fd12::5']))).toEqual({
      dns: ['localhost', 'office-pc', 'office-pc.local'],
      ips: ['127.0.0.1', '::1', '192.168.1.23', 'fd12::5'],
    });
    expect(namesOfThisPc({ hostname: 'pc1.corp.example.com', interfaces: {}, extra: ['muster.lan', '::FFFF:10.0.0.9'] })).toEqual({
      dns: ['localhost', 'pc1.corp.example.com', 'pc1.local', 'muster.lan'],
      ips: ['127.0.0.1', '::1', '10.0.0.9'],
    });
  });

  it('keeps what the CA may vouch for and leaves out public names and addresses', () => {
    const permitted = permittedNamesFor(office());
    const { allowed, refused } = withinConstraints({ dns: ['localhost', 'office-pc', 'office-pc.local', 'x.home.arpa', 'example.com'], ips: ['192.168.1.23', '100.101.102.103', '8.8.8.8', '2001:db8::1', 'fd00::1'] }, permitted);
    expect(allowed).toEqual({ dns: ['localhost', 'office-pc', 'office-pc.local', 'x.home.arpa'], ips: ['192.168.1.23', '100.101.102.103', 'fd00::1'] });
    expect(refused).toEqual(['example.com', '8.8.8.8', '2001:db8::1']);
  });

  it('tells loopback hosts and this-PC-only addresses apart from LAN ones', () => {
    expect(['127.0.0.1', '::1', 'localhost', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '192.168.1.23', '127.0.0.2'].some(isLoopbackHost)).toBe(false);
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].every((a) => isThisPcOnly(a))).toBe(true);
    expect(isThisPcOnly('127.0.0.2')).toBe(false);
    expect(ipAddress('[0:0:0:0:0:0:0:1]')).toBe('::1');
    expect(ipAddress('office-pc')).toBeUndefined();
  });

  it('makes pairing codes of ten unambiguous symbols and reads them back however typed', () => {
    const code = pairingCodeFrom(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 31]));
    expect(code).toBe('012345678Z');
    expect(formatPairingCode(code)).toBe('01234-5678Z');
    expect(normalisePairingCode(' o1234-5678z ')).toBe('012345678Z');
    expect(normalisePairingCode('IL234 5678Z')).toBe('112345678Z');
    expect(normalisePairingCode('01234-5678U')).toBeUndefined();
    expect(normalisePairingCode('0123')).toBeUndefined();
  });
});

describe('the local certificate authority', () => {
  it('is made once, with a key only the owner reads, and signs a certificate for every name of the PC', async () => {
    const dir = tempDir();
    const clock = fixedClock('2031-03-12T12:00:00Z');
    const ca = await LocalCertificateAuthority.open({ dir, facts: office(), clock, logger });
    expect(fs.statSync(path.join(dir, 'ca-key.pem')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dir, 'server-key.pem')).mode & 0o777).toBe(0o600);
    const authority = new X509Certificate(fs.readFileSync(path.join(dir, 'ca.pem')));
    expect(authority.ca).toBe(true);
    expect(ca.serverCertificate.checkIssued(authority)).toBe(true);
    expect(namesOf(ca.serverCertificate)).toEqual({ dns: ['localhost', 'office-pc', 'office-pc.local'], ips: ['127.0.0.1', '::1', '192.168.1.23'] });
    expect(new Date(ca.serverCertificate.validTo).getTime() - clock.now().getTime()).toBe(90 * DAY - 3_600_000);

    const again = await LocalCertificateAuthority.open({ dir, facts: office(), clock, logger });
    expect(again.authority.fingerprintSha256).toBe(ca.authority.fingerprintSha256);
    expect(again.serverCertificate.serialNumber).toBe(ca.serverCertificate.serialNumber);
  });

  it('issues the server certificate again 30 days before it expires, under the same CA', async () => {
    const clock = fixedClock('2031-03-12T12:00:00Z');
    const ca = await LocalCertificateAuthority.open({ dir: tempDir(), facts: office(), clock, logger });
    const first = ca.serverCertificate;
    clock.advance(59 * DAY);
    expect(await ca.refresh(office())).toBe(false);
    clock.advance(2 * DAY);
    expect(await ca.refresh(office())).toBe(true);
    expect(ca.serverCertificate.serialNumber).not.toBe(first.serialNumber);
    expect(new Date(ca.serverCertificate.validFrom).getTime()).toBe(clock.now().getTime() - 3_600_000);
    expect(ca.serverCertificate.checkIssued(new X509Certificate(ca.authority.pem))).toBe(true);
  });

  it('issues it again when the PC gets a new address (DHCP), not when one goes away', async () => {
    const clock = fixedClock('2031-03-12T12:00:00Z');
    const ca = await LocalCertificateAuthority.open({ dir: tempDir(), facts: office(['192.168.1.23', '10.0.0.5']), clock, logger });
    const first = ca.serverCertificate.serialNumber;
    expect(await ca.refresh(office(['192.168.1.23']))).toBe(false);
    expect(await ca.refresh(office(['192.168.1.57']))).toBe(true);
    expect(ca.serverCertificate.serialNumber).not.toBe(first);
    expect(namesOf(ca.serverCertificate).ips).toEqual(['127.0.0.1', '::1', '192.168.1.57']);
  });

  it('replaces a damaged CA (keeping the old files aside) rather than refusing to start', async () => {
    const dir = tempDir();
    const clock = fixedClock('2031-03-12T12:00:00Z');
    const first = await LocalCertificateAuthority.open({ dir, facts: office(), clock, logger });
    fs.writeFileSync(path.join(dir, 'ca-key.pem'), '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n');
    const second = await LocalCertificateAuthority.open({ dir, facts: office(), clock, logger });
    expect(second.authority.fingerprintSha256).not.toBe(first.authority.fingerprintSha256);
    expect(fs.readdirSync(dir).filter((f) => f.includes('.replaced-'))).toHaveLength(2);
    expect(second.serverCertificate.checkIssued(new X509Certificate(second.authority.pem))).toBe(true);
  });

  it('cannot vouch for a public name: a certificate it signed for one fails verification', async () => {
    const caDir = tempDir();
    const ca = await LocalCertificateAuthority.open({ dir: caDir, facts: office(), clock: fixedClock(new Date()), logger });
    const forged = await issueServerCertificate({
      ca: { certPem: ca.authority.pem, keyPem: fs.readFileSync(path.join(caDir, 'ca-key.pem'), 'utf8') },
      names: { dns: ['localhost', 'www.example.com'], ips: ['127.0.0.1'] },
      now: new Date(),
      validDays: 1,
    });
    const server = https.createServer({ cert: forged.certPem, key: forged.keyPem }, (_req, res) => res.end('x'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const error = await new Promise<Error>((resolve) => {
        const socket = tls.connect({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, servername: 'localhost', ca: ca.authority.pem }, () => resolve(new Error('connected')));
        socket.on('error', resolve);
      });
      expect(error.message).toMatch(/permitted subtree violation/);
    } finally {
      server.close();
    }
  });
});
