import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitForHealthOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Aborts the wait early (the child exited, or we are stopping). */
  signal?: AbortSignal;
}

/** One GET; true when the URL answers 200 within `timeoutMs`. Never throws. */
export async function isHealthy(url: string, timeoutMs = 2_000): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * Polls `url` until it answers 200. Resolves true when healthy, false on
 * timeout or abort.
 */
export async function waitForHealth(url: string, options: WaitForHealthOptions): Promise<boolean> {
  const { timeoutMs, intervalMs = 150, signal } = options;
  const deadline = Date.now() + timeoutMs;
  while (!signal?.aborted) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    if (await isHealthy(url, Math.min(2_000, remaining))) return !signal?.aborted;
    try {
      await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())), undefined, { signal });
    } catch {
      return false; // aborted while sleeping
    }
  }
  return false;
}
