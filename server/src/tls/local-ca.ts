/**
 * The local certificate authority in `<data dir>/tls/`: created once (its key
 * readable by the owner only, never served, never copied into backups), and
 * the server certificate it signs, issued again before it expires and when
 * the PC's names or addresses change.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { X509Certificate } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { authorityOf, factsOf, firstCertificate, keyMatches, namesOf } from './certificate-facts.ts';
import { type CertificateNames, covers, type MachineFacts, namesOfThisPc, type PermittedNames, permittedNamesFor, withinConstraints } from './names.ts';
import type { AuthorityCertificate, CertificateFacts } from './types.ts';
import { createCertificateAuthority, issueServerCertificate, type PemPair, permittedNamesOf } from './x509.ts';

export const TLS_DIR = 'tls';
export const CA_CERT_FILE = 'ca.pem';
export const CA_KEY_FILE = 'ca-key.pem';
export const SERVER_CERT_FILE = 'server.pem';
export const SERVER_KEY_FILE = 'server-key.pem';

const DAY_MS = 24 * 3_600_000;

export interface CertificatePolicy {
  caValidDays: number;
  /** Short-lived: browsers cap how long they accept a server certificate, and renewal is automatic. */
  serverValidDays: number;
  /** A server certificate with less than this left is issued again. */
  renewWithinDays: number;
}

export const DEFAULT_POLICY: Readonly<CertificatePolicy> = Object.freeze({ caValidDays: 3650, serverValidDays: 90, renewWithinDays: 30 });

/**
 * Why the server certificate must be issued again, in words for the log, or
 * undefined when it is fine: missing, from another CA, about to expire, or
 * not covering a name or address the PC now has.
 */
export function reissueReason(current: X509Certificate | undefined, ca: X509Certificate, wanted: CertificateNames, now: Date, policy: CertificatePolicy): string | undefined {
  if (!current) return 'there is no server certificate yet';
  if (!current.checkIssued(ca) || !current.verify(ca.publicKey)) return 'the server certificate was not signed by this CA';
  const left = new Date(current.validTo).getTime() - now.getTime();
  if (left < policy.renewWithinDays * DAY_MS) return `the server certificate expires on ${new Date(current.validTo).toISOString()}`;
  if (new Date(current.validFrom).getTime() > now.getTime()) return 'the server certificate is not valid yet (the clock went back)';
  const have = namesOf(current);
  if (!covers(have, wanted)) {
    const missing = [...wanted.dns.filter((d) => !have.dns.includes(d)), ...wanted.ips.filter((ip) => !have.ips.includes(ip))];
    return `the PC's names or addresses changed (new: ${missing.join(', ')})`;
  }
  return undefined;
}

function writeFileAtomic(file: string, text: string, mode: number): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text, { mode });
  fs.renameSync(temporary, file);
  // writeFileSync's mode applies only to new files; a key must never stay readable by others.
  fs.chmodSync(file, mode);
}

function readPair(certFile: string, keyFile: string): PemPair | undefined {
  try {
    return { certPem: fs.readFileSync(certFile, 'utf8'), keyPem: fs.readFileSync(keyFile, 'utf8') };
  } catch {
    return undefined;
  }
}

/** The CA and the server certificate it signed, kept in a folder. */
export class LocalCertificateAuthority {
  readonly #dir: string;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #policy: CertificatePolicy;
  #ca!: PemPair;
  #caCert!: X509Certificate;
  #authority!: AuthorityCertificate;
  #permitted!: PermittedNames;
  #server: PemPair | undefined;
  #serverCert: X509Certificate | undefined;

  private constructor(dir: string, clock: Clock, logger: Logger, policy: CertificatePolicy) {
    this.#dir = dir;
    this.#clock = clock;
    this.#logger = logger;
    this.#policy = policy;
  }

  /** Loads the CA from `dir` (creating it the first time) and makes sure the server certificate suits `facts`. */
  static async open(options: { dir: string; facts: MachineFacts; clock: Clock; logger: Logger; policy?: CertificatePolicy }): Promise<LocalCertificateAuthority> {
    const authority = new LocalCertificateAuthority(options.dir, options.clock, options.logger, options.policy ?? DEFAULT_POLICY);
    fs.mkdirSync(options.dir, { recursive: true, mode: 0o700 });
    await authority.#loadOrCreateCa(options.facts);
    authority.#loadServer();
    await authority.refresh(options.facts);
    return authority;
  }

  get authority(): AuthorityCertificate {
    return this.#authority;
  }

  get permitted(): PermittedNames {
    return this.#permitted;
  }

  /** The server certificate and key (PEM) to serve. */
  get server(): PemPair {
    if (!this.#server) throw new Error('no server certificate');
    return this.#server;
  }

  get serverCertificate(): X509Certificate {
    if (!this.#serverCert) throw new Error('no server certificate');
    return this.#serverCert;
  }

  get serverFacts(): CertificateFacts {
    return factsOf(this.serverCertificate);
  }

  #file(name: string): string {
    return path.join(this.#dir, name);
  }

  async #loadOrCreateCa(facts: MachineFacts): Promise<void> {
    const stored = readPair(this.#file(CA_CERT_FILE), this.#file(CA_KEY_FILE));
    const problem = stored ? this.#caProblem(stored) : 'there is none yet';
    if (stored && !problem) {
      this.#useCa(stored);
      return;
    }
    if (stored) {
      const aside = `replaced-${this.#clock.now().toISOString().replace(/[:.]/g, '-')}`;
      for (const name of [CA_CERT_FILE, CA_KEY_FILE]) fs.renameSync(this.#file(name), this.#file(`${name}.${aside}`));
      this.#logger.warn({ reason: problem }, 'the local certificate authority was replaced: every device must install the new certificate');
    }
    const started = performance.now();
    const ca = await createCertificateAuthority({
      commonName: `Muster local CA (${facts.hostname || 'this PC'})`,
      permitted: permittedNamesFor(facts),
      now: this.#clock.now(),
      validDays: this.#policy.caValidDays,
    });
    writeFileAtomic(this.#file(CA_KEY_FILE), ca.keyPem, 0o600);
    writeFileAtomic(this.#file(CA_CERT_FILE), ca.certPem, 0o644);
    this.#useCa(ca);
    this.#logger.info({ fingerprintSha256: this.#authority.fingerprintSha256, ms: Math.round(performance.now() - started) }, 'created the local certificate authority');
  }

  /** Why a stored CA cannot be used, or undefined. */
  #caProblem(pair: PemPair): string | undefined {
    let cert: X509Certificate;
    try {
      cert = firstCertificate(pair.certPem);
    } catch {
      return `${CA_CERT_FILE} cannot be read`;
    }
    if (!cert.ca) return `${CA_CERT_FILE} is not a certificate authority`;
    if (!keyMatches(cert, pair.keyPem)) return `${CA_KEY_FILE} does not belong to ${CA_CERT_FILE}`;
    if (new Date(cert.validTo).getTime() - this.#clock.now().getTime() < this.#policy.serverValidDays * DAY_MS) return `it expires on ${new Date(cert.validTo).toISOString()}`;
    return undefined;
  }

  #useCa(pair: PemPair): void {
    this.#ca = pair;
    this.#caCert = firstCertificate(pair.certPem);
    this.#authority = authorityOf(pair.certPem);
    this.#permitted = permittedNamesOf(pair.certPem) ?? { dns: [], ips: [] };
  }

  #loadServer(): void {
    const stored = readPair(this.#file(SERVER_CERT_FILE), this.#file(SERVER_KEY_FILE));
    if (!stored) return;
    try {
      const cert = firstCertificate(stored.certPem);
      if (!keyMatches(cert, stored.keyPem)) return;
      this.#server = stored;
      this.#serverCert = cert;
    } catch {
      // damaged: refresh() issues a new one
    }
  }

  /**
   * Issues the server certificate again when `reissueReason` says so, for the
   * PC's names within the CA's constraints. Returns true when it did.
   */
  async refresh(facts: MachineFacts): Promise<boolean> {
    const { allowed, refused } = withinConstraints(namesOfThisPc(facts), this.#permitted);
    const now = this.#clock.now();
    const reason = reissueReason(this.#serverCert, this.#caCert, allowed, now, this.#policy);
    if (!reason) return false;
    const started = performance.now();
    const issued = await issueServerCertificate({ ca: this.#ca, names: allowed, now, validDays: this.#policy.serverValidDays });
    writeFileAtomic(this.#file(SERVER_KEY_FILE), issued.keyPem, 0o600);
    writeFileAtomic(this.#file(SERVER_CERT_FILE), issued.certPem, 0o644);
    this.#server = issued;
    this.#serverCert = firstCertificate(issued.certPem);
    this.#logger.info(
      { reason, names: [...allowed.dns, ...allowed.ips], validTo: this.#serverCert.validTo, ms: Math.round(performance.now() - started) },
      'issued the server certificate',
    );
    if (refused.length) {
      this.#logger.warn({ names: refused }, 'left out of the server certificate: the local CA vouches only for LAN names and addresses (use your own certificate for these)');
    }
    return true;
  }
}
