/**
 * An office's own certificate (its domain's, or one an ACME client on this PC
 * renews): read from MUSTER_TLS_CERT_FILE and MUSTER_TLS_KEY_FILE, checked,
 * and read again whenever either file changes, without a restart.
 */
import fs from 'node:fs';
import type { X509Certificate } from 'node:crypto';
import type { Logger } from '../logger.ts';
import { firstCertificate, keyMatches } from './certificate-facts.ts';
import type { PemPair } from './x509.ts';

export class OwnCertificateError extends Error {}

/** The certificate (with its chain) and key from the two files; throws OwnCertificateError saying what is wrong. */
export function readOwnCertificate(certFile: string, keyFile: string): { pair: PemPair; cert: X509Certificate } {
  let certPem: string;
  let keyPem: string;
  try {
    certPem = fs.readFileSync(certFile, 'utf8');
    keyPem = fs.readFileSync(keyFile, 'utf8');
  } catch (error) {
    throw new OwnCertificateError(`cannot read the certificate or key file: ${(error as Error).message}`);
  }
  let cert: X509Certificate;
  try {
    cert = firstCertificate(certPem);
  } catch {
    throw new OwnCertificateError(`${certFile} holds no PEM certificate`);
  }
  if (!keyMatches(cert, keyPem)) throw new OwnCertificateError(`the key in ${keyFile} does not belong to the certificate in ${certFile}`);
  return { pair: { certPem, keyPem }, cert };
}

/**
 * Polls both files (a rename by an ACME client, a copy over the old file and
 * an edited symbolic link all show) and calls `onChange` with the new pair
 * once it reads as a whole; a half-written or mismatched pair keeps the one in
 * use and is logged. Returns a function that stops watching.
 */
export function watchOwnCertificate(
  certFile: string,
  keyFile: string,
  logger: Logger,
  onChange: (next: { pair: PemPair; cert: X509Certificate }) => void,
  intervalMs = 5_000,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const reload = () => {
    clearTimeout(timer);
    // Both files usually change together: read once they have settled.
    timer = setTimeout(() => {
      try {
        const next = readOwnCertificate(certFile, keyFile);
        onChange(next);
        logger.info({ certFile, subject: next.cert.subject, validTo: next.cert.validTo }, 'reloaded the certificate');
      } catch (error) {
        logger.warn({ certFile, keyFile, reason: (error as Error).message }, 'the certificate files changed but cannot be used; keeping the current certificate');
      }
    }, Math.min(1_000, intervalMs));
    timer.unref();
  };
  const listener = (current: fs.Stats, previous: fs.Stats) => {
    if (current.mtimeMs !== previous.mtimeMs || current.ino !== previous.ino || current.size !== previous.size) reload();
  };
  fs.watchFile(certFile, { interval: intervalMs, persistent: false }, listener);
  fs.watchFile(keyFile, { interval: intervalMs, persistent: false }, listener);
  return () => {
    clearTimeout(timer);
    fs.unwatchFile(certFile, listener);
    fs.unwatchFile(keyFile, listener);
  };
}
