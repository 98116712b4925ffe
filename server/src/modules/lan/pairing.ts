/**
 * One-time pairing codes: how a connector on another PC gets this PC's CA
 * certificate without trusting the network in between (docs/lan-https.md).
 * At most one code lives at a time, in memory only (a restart voids it).
 */
import { randomBytes } from 'node:crypto';
import { PAIRING_ATTEMPTS, PAIRING_CODE_TTL_SECONDS, pairingCodeFrom, type PairingCodeState, type PairingRequest } from '../../../../shared/lan.ts';
import { connectorProof, pairingKey, proofsMatch, serverProof } from '../../../../shared/node/pairing-proof.ts';
import { AppError, forbidden } from '../../http/problem.ts';

interface LiveCode {
  code: string;
  expiresAt: Date;
  wrongTries: number;
  usedAt?: Date;
  usedFrom?: string;
}

const noCodeWaiting = () =>
  new AppError(
    404,
    'no-pairing-code',
    'No pairing code is waiting',
    'Ask an administrator for a pairing code (Settings → Devices on the LAN). Each code works once, within 10 minutes of being shown.',
  );

export class PairingCodes {
  #live: LiveCode | undefined;

  /** A new code (the previous one stops working). */
  issue(now: Date): { code: string; expiresAt: Date } {
    const code = pairingCodeFrom(randomBytes(16));
    const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_SECONDS * 1000);
    this.#live = { code, expiresAt, wrongTries: 0 };
    return { code, expiresAt };
  }

  /** What became of the last code shown (never the code itself). */
  state(now: Date): PairingCodeState {
    const live = this.#live;
    if (!live) return { state: 'none', expiresAt: null, usedAt: null, usedFrom: null };
    const state = live.usedAt ? 'used' : live.wrongTries >= PAIRING_ATTEMPTS ? 'void' : live.expiresAt <= now ? 'expired' : 'waiting';
    return { state, expiresAt: live.expiresAt.toISOString(), usedAt: live.usedAt?.toISOString() ?? null, usedFrom: live.usedFrom ?? null };
  }

  /**
   * Checks the connector's proof against the live code; on success uses the
   * code up and returns the server's proof over the CA certificate. Throws 404
   * when no code can be used, 403 when the proof does not match.
   */
  async redeem(request: PairingRequest, caDer: Uint8Array, from: string, now: Date): Promise<string> {
    const live = this.#live;
    if (!live || this.state(now).state !== 'waiting') throw noCodeWaiting();
    const key = await pairingKey(live.code, request.nonce);
    // Another request may have used the code (or a new one was shown) while the key was derived.
    if (this.#live !== live || this.state(now).state !== 'waiting') throw noCodeWaiting();
    if (!proofsMatch(connectorProof(key), request.proof)) {
      live.wrongTries++;
      const left = PAIRING_ATTEMPTS - live.wrongTries;
      throw forbidden(
        left > 0
          ? `The pairing code does not match. Check it and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`
          : 'The pairing code does not match, and too many wrong codes were tried: ask for a new one.',
      );
    }
    live.usedAt = now;
    live.usedFrom = from;
    return serverProof(key, caDer);
  }
}
