/**
 * When a failed delivery is tried again: the pause after each failed attempt,
 * about three days in all before giving up (the big webhook senders keep
 * trying for one to three days). Pure: the caller passes the random source.
 */

/** Pauses after attempt 1, 2, …: 5 s, 1 min, 5 min, 30 min, 1 h, 2 h, 4 h, 8 h, then 12 h five times (≈ 75.6 h in all). */
export const RETRY_PAUSES_MS: readonly number[] = [
  5_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  3_600_000,
  2 * 3_600_000,
  4 * 3_600_000,
  8 * 3_600_000,
  12 * 3_600_000,
  12 * 3_600_000,
  12 * 3_600_000,
  12 * 3_600_000,
  12 * 3_600_000,
];

/** Attempts in all (the first one and one after each pause). */
export const MAX_ATTEMPTS = RETRY_PAUSES_MS.length + 1;

/**
 * The instant of the next attempt after `attempts` failed ones (ms since the
 * epoch), or null when the delivery gives up. Up to 10% jitter spreads the
 * retries of many deliveries that failed together.
 */
export function nextAttemptAt(attempts: number, failedAt: number, random: () => number = Math.random): number | null {
  const pause = RETRY_PAUSES_MS[attempts - 1];
  if (pause === undefined) return null;
  return failedAt + Math.round(pause * (1 + 0.1 * random()));
}
