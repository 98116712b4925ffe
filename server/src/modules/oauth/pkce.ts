import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PKCE (RFC 7636) with S256 only, as OAuth 2.1 and MCP require. The check is
 * the RFC's one line (§4.6): BASE64URL(SHA256(verifier)) == challenge, done
 * with node:crypto and compared in constant time; no library needed.
 */

/** §4.1: 43–128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge is the base64url of 32 bytes: 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function isValidChallenge(challenge: string): boolean {
  return CHALLENGE.test(challenge);
}

/** True when the verifier is well formed and hashes to the challenge. */
export function verifyS256(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier) || !CHALLENGE.test(challenge)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
