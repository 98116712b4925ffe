/**
 * What the connector trusts when it talks HTTPS to the server, and what it
 * says when a certificate does not pass. Verification is never turned off:
 * with a CA file (paired, or given by path) only that CA is trusted; without
 * one, the system's (an office's own publicly trusted certificate).
 */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where `connector pair` keeps the server's CA certificate, in the connector's data dir. */
export const PAIRED_CA_FILE = 'server-ca.pem';

export class TrustFileError extends Error {}

/** The CA certificate (PEM) in `file`; throws TrustFileError when it cannot be read or is not a CA. */
export function readCaFile(file: string): string {
  let pem: string;
  try {
    pem = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new TrustFileError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    throw new TrustFileError(`${file} holds no PEM certificate`);
  }
  if (!cert.ca) throw new TrustFileError(`${file} is not a certificate authority's certificate`);
  return pem;
}

/** The CA file to trust: the one given, else the paired one when it exists, else none (the system's CAs). */
export function caFileFor(given: string | undefined, dataDir: string): string | undefined {
  if (given) return given;
  const paired = path.join(dataDir, PAIRED_CA_FILE);
  return fs.existsSync(paired) ? paired : undefined;
}

/** Certificate errors meaning "not signed by a CA we trust". */
const NOT_SIGNED_BY_TRUSTED_CA = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
]);

/**
 * The plain-words reason a TLS error code means the server cannot be trusted,
 * or undefined when the error is something else (refused, timed out…).
 */
export function untrustedServerReason(code: string, serverUrl: string, caFile: string | undefined): string | undefined {
  const trusted = caFile ? `the certificate authority in ${caFile}` : "this PC's trusted certificate authorities";
  if (NOT_SIGNED_BY_TRUSTED_CA.has(code)) {
    return `the server's certificate is not signed by ${trusted}: nothing is sent. If the Muster PC made a new certificate authority, pair again (connector pair); otherwise something else is answering at ${serverUrl}`;
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return `the server's certificate is not valid for ${new URL(serverUrl).hostname}: use an address listed under Settings → Devices on the LAN`;
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return "the server's certificate has expired or is not valid yet: check the date and time of this PC and of the Muster PC";
  }
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'EPROTO') {
    return `the server at ${serverUrl} does not speak HTTPS: check MUSTER_SERVER_URL`;
  }
  return undefined;
}

/** The plain-words reason for a redirect to HTTPS, or undefined for other statuses. */
export function httpsRedirectReason(status: number, location: string | undefined): string | undefined {
  if (![301, 302, 307, 308].includes(status) || !location?.startsWith('https:')) return undefined;
  return `the server answers other PCs over HTTPS only: set MUSTER_SERVER_URL to ${new URL(location).origin} and pair once (connector pair)`;
}
