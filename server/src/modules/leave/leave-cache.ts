import type { Ctx } from '../../context.ts';
import { cachedJson } from '../../db/read-cache.ts';
import { getOrganisationRow } from '../org/repo.ts';

/**
 * Leave lists are read far more often than leave changes. Every write to a
 * leave table (through repo.ts) bumps this version; a cached answer is keyed
 * by it, by the directory version (names, managers: see read-cache.ts), by
 * today's date and by the calendar settings the answer depends on, so a stale
 * answer is never served. The server is the only writer of its database.
 */
let version = 0;

export function bumpLeaveVersion(): void {
  version++;
}

/** What the answers depend on besides leave rows and the directory: weekly offs and the leave year. */
async function settingsKey(ctx: Ctx): Promise<string> {
  const [org, locations] = await Promise.all([
    getOrganisationRow(ctx.db),
    ctx.db.selectFrom('location_policy').select(['location_id', 'weekly_offs']).orderBy('location_id').execute(),
  ]);
  return `${org.fy_start_month}|${org.weekly_offs}|${locations.map((l) => `${l.location_id}=${l.weekly_offs ?? ''}`).join(',')}`;
}

/** The answer as JSON bytes, computed once per (caller view, query, state of the data). */
export async function cachedLeaveAnswer(ctx: Ctx, callerKey: string, query: unknown, today: string, compute: () => Promise<unknown>): Promise<Buffer> {
  const key = `leave|${version}|${today}|${await settingsKey(ctx)}|${callerKey}|${JSON.stringify(query)}`;
  return cachedJson(ctx.db, key, compute);
}
