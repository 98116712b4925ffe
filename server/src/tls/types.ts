/**
 * What the rest of the server sees of HTTPS on the LAN (routes, the public
 * base URL): plain data about the certificates, never a private key.
 */

/** A certificate as people compare it: fingerprints, names, validity (ISO instants). */
export interface CertificateFacts {
  /** SHA-256 of the DER, colon-separated upper-case hex (as browsers and phones show it). */
  fingerprintSha256: string;
  /** SHA-1 of the DER: the "thumbprint" Windows shows when installing. */
  fingerprintSha1: string;
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  /** DNS names and IP addresses the certificate is valid for (empty for a CA). */
  names: string[];
}

/** The local certificate authority's certificate, which devices install. */
export interface AuthorityCertificate extends CertificateFacts {
  pem: string;
  der: Buffer;
}

export type LanCertificateMode = 'local-ca' | 'own-certificate';

/** HTTPS on the LAN as routes and channels see it. */
export interface LanHttps {
  /** `local-ca`: certificates made on this PC; `own-certificate`: MUSTER_TLS_CERT_FILE / MUSTER_TLS_KEY_FILE. */
  readonly mode: LanCertificateMode;
  /** The CA devices install (local-ca mode only). */
  authority(): AuthorityCertificate | undefined;
  /** The certificate the server presents right now. */
  serverCertificate(): CertificateFacts;
  /** `https://…/` addresses other devices can use, the most reliable (an IPv4 address) first. */
  urls(): string[];
  /** True when a browser asking for this host name or address gets a certificate valid for it. */
  serves(host: string): boolean;
}
