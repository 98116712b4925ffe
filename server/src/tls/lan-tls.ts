/**
 * HTTPS for the LAN: which certificate the server presents (the local CA's or
 * the office's own), the TLS policy, and keeping the certificate current
 * while the server runs (renewal, new addresses, replaced files).
 */
import os from 'node:os';
import path from 'node:path';
import type { X509Certificate } from 'node:crypto';
import type { SecureContextOptions } from 'node:tls';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { certificateServes, factsOf, namesOf } from './certificate-facts.ts';
import { LocalCertificateAuthority, TLS_DIR } from './local-ca.ts';
import { dnsName, ipAddress, lanAddresses, type MachineFacts, urlHost } from './names.ts';
import { readOwnCertificate, watchOwnCertificate } from './own-certificate.ts';
import type { LanHttps } from './types.ts';
import type { PemPair } from './x509.ts';

/**
 * TLS 1.2 and 1.3 only; for 1.2, forward-secret AEAD suites (Mozilla's
 * "intermediate" list without finite-field DHE), ECDSA (the local CA's) and
 * RSA (an office's own certificate) alike.
 */
export const TLS_POLICY = Object.freeze({
  minVersion: 'TLSv1.2' as const,
  ciphers: [
    'TLS_AES_128_GCM_SHA256',
    'TLS_AES_256_GCM_SHA384',
    'TLS_CHACHA20_POLY1305_SHA256',
    'ECDHE-ECDSA-AES128-GCM-SHA256',
    'ECDHE-RSA-AES128-GCM-SHA256',
    'ECDHE-ECDSA-AES256-GCM-SHA384',
    'ECDHE-RSA-AES256-GCM-SHA384',
    'ECDHE-ECDSA-CHACHA20-POLY1305',
    'ECDHE-RSA-CHACHA20-POLY1305',
  ].join(':'),
  honorCipherOrder: true,
  ecdhCurve: 'X25519:P-256:P-384',
});

/** HTTPS on the LAN as the listener drives it. */
export interface LanTls extends LanHttps {
  /** Options for the TLS server: the current certificate and the policy. */
  secureOptions(): SecureContextOptions & typeof TLS_POLICY;
  /** `listener` runs after every certificate change (the listener swaps its secure context). */
  onChange(listener: () => void): void;
  /** Looks at the PC's names and the clock now; true when the certificate changed. */
  refresh(): Promise<boolean>;
  /** The listener tells where it listens, for `urls()`. */
  listening(host: string, port: number): void;
  stop(): void;
}

export interface LanTlsOptions {
  config: Config;
  clock: Clock;
  logger: Logger;
  /** The PC's names and addresses; `os` by default (tests hand in their own). */
  facts?: () => MachineFacts;
  /** How often names and expiry are checked (local CA). */
  checkEveryMs?: number;
  /** How often the own certificate files are polled. */
  watchEveryMs?: number;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/** Prepares the certificate (creating the local CA on first use) and keeps it current until `stop()`. */
export async function startLanTls(options: LanTlsOptions): Promise<LanTls> {
  const { config, logger } = options;
  const facts = options.facts ?? (() => ({ hostname: os.hostname(), interfaces: os.networkInterfaces(), extra: config.lanNames }));
  const listeners: (() => void)[] = [];
  const changed = () => listeners.forEach((l) => l());
  let where = { host: config.host, port: config.port };
  let current: { pair: PemPair; cert: X509Certificate };
  let stopWatching: () => void;
  let local: LocalCertificateAuthority | undefined;

  if (config.tlsCertFile && config.tlsKeyFile) {
    current = readOwnCertificate(config.tlsCertFile, config.tlsKeyFile);
    stopWatching = watchOwnCertificate(config.tlsCertFile, config.tlsKeyFile, logger, (next) => {
      current = next;
      changed();
    }, options.watchEveryMs);
  } else {
    local = await LocalCertificateAuthority.open({ dir: path.join(config.dataDir, TLS_DIR), facts: facts(), clock: options.clock, logger });
    current = { pair: local.server, cert: local.serverCertificate };
    const timer = setInterval(() => void refresh().catch((error: unknown) => logger.error({ err: error }, 'checking the server certificate failed')), options.checkEveryMs ?? 60_000);
    timer.unref();
    stopWatching = () => clearInterval(timer);
  }

  async function refresh(): Promise<boolean> {
    if (!local || !(await local.refresh(facts()))) return false;
    current = { pair: local.server, cert: local.serverCertificate };
    changed();
    return true;
  }

  const serves = (host: string) => certificateServes(current.cert, host);

  return {
    mode: local ? 'local-ca' : 'own-certificate',
    authority: () => local?.authority,
    serverCertificate: () => factsOf(current.cert),
    serves,
    urls() {
      const bound = ipAddress(where.host) ?? dnsName(where.host);
      const names = namesOf(current.cert);
      const candidates = bound && !WILDCARD_HOSTS.has(where.host) ? [bound] : [...lanAddresses(names), ...names.dns.filter((d) => d !== 'localhost' && !d.startsWith('*.'))];
      return candidates.filter(serves).map((h) => `https://${urlHost(h)}:${where.port}/`);
    },
    secureOptions: () => ({ ...TLS_POLICY, cert: current.pair.certPem, key: current.pair.keyPem }),
    onChange: (listener) => void listeners.push(listener),
    refresh,
    listening: (host, port) => {
      where = { host, port };
    },
    stop: () => stopWatching(),
  };
}
