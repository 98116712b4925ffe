/**
 * Making certificates: the local CA and the server certificates it signs,
 * with @peculiar/x509 on Node's WebCrypto (ECDSA P-256, SHA-256). The only
 * file that loads the library; everything that reads certificates uses
 * Node's own `crypto.X509Certificate`. Loaded only when LAN access is on.
 */
// @peculiar/x509 registers its algorithms through tsyringe, which needs the Reflect metadata API first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { GeneralName, GeneralSubtree, GeneralSubtrees, NameConstraints, id_ce_nameConstraints } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import type { CertificateNames, PermittedNames } from './names.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const HOUR_MS = 3_600_000;

/** A certificate and its private key, both PEM. */
export interface PemPair {
  certPem: string;
  keyPem: string;
}

/** 16 random bytes as hex, first bit clear (serial numbers are positive integers). */
function serialNumber(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return Buffer.from(bytes).toString('hex');
}

async function keyPem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return `-----BEGIN PRIVATE KEY-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END PRIVATE KEY-----\n`;
}

function keyPair(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

function nameConstraints(permitted: PermittedNames): x509.Extension {
  const subtrees = [
    ...permitted.dns.map((dNSName) => new GeneralSubtree({ base: new GeneralName({ dNSName }) })),
    ...permitted.ips.map((iPAddress) => new GeneralSubtree({ base: new GeneralName({ iPAddress }) })),
  ];
  const value = AsnConvert.serialize(new NameConstraints({ permittedSubtrees: new GeneralSubtrees(subtrees) }));
  return new x509.Extension(id_ce_nameConstraints, true, value);
}

/**
 * A new certificate authority for this PC: may sign server certificates
 * only (path length 0), only for the permitted names (critical name
 * constraints), valid `validDays` from an hour before `now`.
 */
export async function createCertificateAuthority(options: {
  commonName: string;
  permitted: PermittedNames;
  now: Date;
  validDays: number;
}): Promise<PemPair> {
  const keys = await keyPair();
  const notBefore = new Date(options.now.getTime() - HOUR_MS);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name: [{ CN: [options.commonName] }, { O: ['Muster'] }],
    notBefore,
    notAfter: new Date(notBefore.getTime() + options.validDays * 24 * HOUR_MS),
    signingAlgorithm: ALGORITHM,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      nameConstraints(options.permitted),
    ],
  });
  return { certPem: `${cert.toString('pem')}\n`, keyPem: await keyPem(keys.privateKey) };
}

/**
 * A server certificate signed by the CA for these names: key usage and
 * extended key usage as browsers (and Apple's rules for trusted certificates)
 * require, validity from an hour before `now`.
 */
export async function issueServerCertificate(options: {
  ca: PemPair;
  names: CertificateNames;
  now: Date;
  validDays: number;
}): Promise<PemPair> {
  const caCert = new x509.X509Certificate(options.ca.certPem);
  const caKey: CryptoKey = await webcrypto.subtle.importKey('pkcs8', pemBody(options.ca.keyPem), ALGORITHM, false, ['sign']);
  const keys = await keyPair();
  const notBefore = new Date(options.now.getTime() - HOUR_MS);
  const commonName = options.names.dns.find((d) => d.endsWith('.local')) ?? options.names.dns[0] ?? options.names.ips[0] ?? 'localhost';
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: [{ CN: [commonName] }, { O: ['Muster'] }],
    issuer: caCert.subject,
    notBefore,
    notAfter: new Date(notBefore.getTime() + options.validDays * 24 * HOUR_MS),
    signingAlgorithm: ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: caKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
      new x509.SubjectAlternativeNameExtension([
        ...options.names.dns.map((value) => ({ type: 'dns' as const, value })),
        ...options.names.ips.map((value) => ({ type: 'ip' as const, value })),
      ]),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caCert, false),
    ],
  });
  return { certPem: `${cert.toString('pem')}\n`, keyPem: await keyPem(keys.privateKey) };
}

/** The name constraints of a CA certificate made by `createCertificateAuthority`, or undefined when it has none. */
export function permittedNamesOf(caCertPem: string): PermittedNames | undefined {
  const extension = new x509.X509Certificate(caCertPem).getExtension(id_ce_nameConstraints);
  if (!extension) return undefined;
  const constraints = AsnConvert.parse(extension.value, NameConstraints);
  const bases = [...(constraints.permittedSubtrees ?? [])].map((s) => s.base);
  return {
    dns: bases.map((b) => b.dNSName).filter((d): d is string => d !== undefined),
    ips: bases.map((b) => b.iPAddress).filter((ip): ip is string => ip !== undefined),
  };
}

function pemBody(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}
