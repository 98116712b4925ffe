/** Reading certificates with Node's own X509Certificate: what people compare, and which names one covers. */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { type CertificateNames, ipAddress } from './names.ts';
import type { AuthorityCertificate, CertificateFacts } from './types.ts';

/** The first certificate of a PEM file (a chain file starts with the server's own). */
export function firstCertificate(pem: string | Buffer): X509Certificate {
  const first = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/.exec(pem.toString());
  return new X509Certificate(first ? first[0] : pem);
}

/** The DNS names and IP addresses of a certificate's subjectAltName, normalised. */
export function namesOf(cert: X509Certificate): CertificateNames {
  const entries = (cert.subjectAltName ?? '').split(/,\s*/).filter(Boolean);
  const dns: string[] = [];
  const ips: string[] = [];
  for (const entry of entries) {
    const dnsMatch = /^DNS:(.+)$/.exec(entry);
    const ipMatch = /^IP Address:(.+)$/.exec(entry);
    if (dnsMatch?.[1]) dns.push(dnsMatch[1].trim().toLowerCase());
    const ip = ipMatch?.[1] ? ipAddress(ipMatch[1]) : undefined;
    if (ip) ips.push(ip);
  }
  return { dns, ips };
}

function colonHex(fingerprint: string): string {
  return fingerprint.toUpperCase();
}

export function factsOf(cert: X509Certificate): CertificateFacts {
  const names = namesOf(cert);
  return {
    fingerprintSha256: colonHex(cert.fingerprint256),
    fingerprintSha1: colonHex(cert.fingerprint),
    subject: cert.subject.replace(/\n/g, ', '),
    issuer: cert.issuer.replace(/\n/g, ', '),
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
    names: [...names.dns, ...names.ips],
  };
}

export function authorityOf(pem: string): AuthorityCertificate {
  const cert = firstCertificate(pem);
  return { ...factsOf(cert), pem: cert.toString(), der: Buffer.from(cert.raw) };
}

/** True when the private key (PEM) belongs to the certificate. */
export function keyMatches(cert: X509Certificate, keyPem: string | Buffer): boolean {
  try {
    return cert.checkPrivateKey(createPrivateKey(keyPem));
  } catch {
    return false;
  }
}

/** True when a browser asking for `host` would accept the certificate's names (wildcards as browsers read them). */
export function certificateServes(cert: X509Certificate, host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const ip = ipAddress(bare);
  if (ip) return cert.checkIP(ip) !== undefined;
  return cert.checkHost(bare.toLowerCase(), { subject: 'never' }) !== undefined;
}
