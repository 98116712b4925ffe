import type { TerminalTable } from '../../db/schema.ts';

/** Whether a terminal counts as reachable: pure rules over its registry row. */

/** Heard from within its threshold. */
export function isOnline(row: Pick<TerminalTable, 'last_contact_at' | 'offline_after_minutes'>, now: number): boolean {
  return row.last_contact_at !== null && now - Date.parse(row.last_contact_at) <= row.offline_after_minutes * 60_000;
}

/** The connector's word that it cannot reach the terminal (its last keep-alive). */
export function reportedUnreachable(state: string | null): boolean {
  return state === 'offline' || state === 'error';
}

/** What the console shows as "online": heard from recently, and not reported unreachable since. */
export function shownOnline(row: Pick<TerminalTable, 'last_contact_at' | 'offline_after_minutes' | 'connector_state'>, now: number): boolean {
  return isOnline(row, now) && !reportedUnreachable(row.connector_state);
}
