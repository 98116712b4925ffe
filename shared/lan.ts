import { z } from 'zod';
import { Instant } from './common.ts';

/** A pairing code: ten letters and digits (Crockford's base 32, about 50 bits), shown as `ABCDE-FGHJK`. */
export const PAIRING_CODE_LENGTH = 10;
/** How long a pairing code can be used. */
export const PAIRING_CODE_TTL_SECONDS = 10 * 60;
/** Wrong codes tried against one pairing code before it is void. */
export const PAIRING_ATTEMPTS = 5;

const Base64Url32 = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 bytes in base64url');

export const CertificateFacts = z
  .object({
    fingerprintSha256: z.string().meta({ description: 'SHA-256 of the certificate, colon-separated hex: compare it on each device.' }),
    fingerprintSha1: z.string().meta({ description: 'The SHA-1 "thumbprint" Windows shows while installing.' }),
    subject: z.string(),
    issuer: z.string(),
    validFrom: Instant,
    validTo: Instant,
    names: z.array(z.string()).meta({ description: 'Host names and addresses it is valid for (empty for a certificate authority).' }),
  })
  .meta({ id: 'CertificateFacts' });
export type CertificateFacts = z.infer<typeof CertificateFacts>;

export const LanCertificateMode = z.enum(['off', 'local-ca', 'own-certificate']);
export type LanCertificateMode = z.infer<typeof LanCertificateMode>;

export const LanTrust = z
  .object({
    lanAccess: z.boolean().meta({ description: 'Other devices on the network can open Muster (over HTTPS).' }),
    mode: LanCertificateMode.meta({ description: '`local-ca`: this PC made the certificates, devices install its CA; `own-certificate`: the office\'s own; `off`: only this PC.' }),
    urls: z.array(z.string()).meta({ description: 'HTTPS addresses other devices can use.' }),
    authority: CertificateFacts.nullable().meta({ description: 'The certificate devices install (local-ca only).' }),
    serverCertificate: CertificateFacts.nullable(),
    hsts: z.boolean().meta({ description: 'Browsers are told to use only HTTPS for this server (Strict-Transport-Security).' }),
  })
  .meta({ id: 'LanTrust' });
export type LanTrust = z.infer<typeof LanTrust>;

export const LanSettingsUpdate = z.object({ hsts: z.boolean() }).meta({ id: 'LanSettingsUpdate' });
export type LanSettingsUpdate = z.infer<typeof LanSettingsUpdate>;

export const PairingCodeIssued = z
  .object({
    code: z.string().meta({ example: 'K7QPD-4M2XZ', description: 'Shown once. Type it into `connector pair` on the other PC.' }),
    expiresAt: Instant,
  })
  .meta({ id: 'PairingCodeIssued' });
export type PairingCodeIssued = z.infer<typeof PairingCodeIssued>;

export const PairingCodeState = z
  .object({
    state: z.enum(['none', 'waiting', 'used', 'expired', 'void']).meta({ description: '`void`: too many wrong codes were tried.' }),
    expiresAt: Instant.nullable(),
    usedAt: Instant.nullable(),
    usedFrom: z.string().nullable().meta({ description: 'The address of the connector that paired.' }),
  })
  .meta({ id: 'PairingCodeState' });
export type PairingCodeState = z.infer<typeof PairingCodeState>;

export const PairingRequest = z
  .object({
    nonce: Base64Url32.meta({ description: 'Fresh random bytes from the connector.' }),
    proof: Base64Url32.meta({ description: 'The connector\'s proof that it knows the code (see docs/lan-https.md).' }),
  })
  .meta({ id: 'PairingRequest' });
export type PairingRequest = z.infer<typeof PairingRequest>;

export const PairingAnswer = z
  .object({
    caCertificate: z.string().meta({ description: 'The local CA certificate, PEM.' }),
    proof: Base64Url32.meta({ description: 'The server\'s proof over the certificate, keyed by the code.' }),
  })
  .meta({ id: 'PairingAnswer' });
export type PairingAnswer = z.infer<typeof PairingAnswer>;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A code as typed (any case, spaces or dashes, O for 0, I or L for 1) in its canonical form, or undefined when it cannot be one. */
export function normalisePairingCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return code.length === PAIRING_CODE_LENGTH && [...code].every((c) => CROCKFORD.includes(c)) ? code : undefined;
}

/** `ABCDEFGHJK` → `ABCDE-FGHJK`. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Ten symbols of Crockford's base 32 from random bytes (one byte per symbol, 5 bits used). */
export function pairingCodeFrom(randomBytes: Uint8Array): string {
  if (randomBytes.length < PAIRING_CODE_LENGTH) throw new Error('need 10 random bytes');
  return [...randomBytes.slice(0, PAIRING_CODE_LENGTH)].map((b) => CROCKFORD[b & 31]).join('');
}
