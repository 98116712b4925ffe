/**
 * The proofs of the connector's pairing exchange (docs/lan-https.md).
 * `shared/node/` holds what the server and the connector share that needs
 * Node: the console never imports it (its tsconfig leaves the folder out).
 *
 * Both sides derive a key from the one-time code with scrypt, salted with the
 * connector's fresh nonce: whoever sits between them sees proofs, but turning
 * a proof back into the code means trying the ~2^50 codes at ~2^14·8 memory
 * blocks each, and the code dies at first use or after ten minutes.
 */
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const VERSION = 'muster-pairing-v1';
/** 16 MiB and a few tens of milliseconds per try. */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export function newNonce(): string {
  return randomBytes(32).toString('base64url');
}

/** The key both sides derive from the (normalised) code and the connector's nonce. */
export function pairingKey(code: string, nonce: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(code, `${VERSION}:${nonce}`, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** The connector shows it knows the code (so nobody without it can use the code up). */
export function connectorProof(key: Buffer): string {
  return createHmac('sha256', key).update(`${VERSION}:connector`).digest('base64url');
}

/** The server vouches for the CA certificate it sends (its DER bytes). */
export function serverProof(key: Buffer, caDer: Uint8Array): string {
  return createHmac('sha256', key).update(`${VERSION}:server:`).update(caDer).digest('base64url');
}

/** Constant-time comparison of two proofs. */
export function proofsMatch(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
