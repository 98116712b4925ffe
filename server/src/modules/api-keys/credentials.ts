import crypto from 'node:crypto';
import { API_KEY_PREFIX, ApiKeyScope } from '../../../../shared/api-keys.ts';
import { type Caller, type Ctx, callerFor } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import { unauthorized } from '../../http/problem.ts';
import { sha256Hex } from '../../secrets.ts';
import * as repo from './repo.ts';

/** Presented keys: who they belong to, for the public API and the agent endpoint. */

/** Writing last use on every request would turn reads into writes; once a minute is enough. */
const MARK_USED_EVERY_MS = 60_000;
const KEY_MAX_LENGTH = 200;

export interface LiveKey {
  keyId: string;
  name: string;
  scope: ApiKeyScope;
  /** The employee the key acts as, or null for an unbound key. */
  employeeId: string | null;
  /** Made by the employee for their own assistants: agent endpoint only. */
  personal: boolean;
}

/** A live key, or why the presented one is refused (a sentence for the 401 answer). */
export type KeyLookup = { key: LiveKey } | { refused: string };

type KeyRow = NonNullable<Awaited<ReturnType<typeof repo.findLiveKeyByHash>>>;

// Keyed by the key's hash; a revoked or changed key is a write to api_key, which drops the answers
// (its last use is activity, not a change: see ACTIVITY_COLUMNS).
const keyCache = defineCache<KeyRow | null>({ name: 'api-keys.by-hash', reads: ['api_key'], maxEntries: 2000 });

/** The key behind a presented secret: live, expired (with its name), or unknown/revoked. Marks its last use about once a minute. */
export async function lookUpKey(ctx: Pick<Ctx, 'db' | 'clock'>, presented: string): Promise<KeyLookup> {
  const unknown = { refused: 'The API key is unknown or revoked.' };
  if (!presented.startsWith(API_KEY_PREFIX) || presented.length > KEY_MAX_LENGTH) return unknown;
  const hash = sha256Hex(presented);
  const row = await keyCache.get(ctx.db, hash, async () => (await repo.findLiveKeyByHash(ctx.db, hash)) ?? null);
  if (!row || !crypto.timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(hash))) return unknown;
  const now = ctx.clock.now();
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime()) {
    return { refused: `The API key "${row.name}" expired on ${row.expires_at.slice(0, 10)}. Make a new one.` };
  }
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= MARK_USED_EVERY_MS) {
    row.last_used_at = now.toISOString();
    await repo.markKeyUsed(ctx.db, row.id, row.last_used_at);
  }
  return {
    key: { keyId: row.id, name: row.name, scope: ApiKeyScope.parse(row.scope), employeeId: row.employee_id, personal: row.personal === 1 },
  };
}

/**
 * The public API's caller for a key: spec §5.1 grants every key employee:read
 * and attendance:read. Personal keys (made by an employee for their own
 * assistants) are refused here: they would otherwise read the whole directory.
 */
export async function resolveApiKey(ctx: Pick<Ctx, 'db' | 'clock'>, presented: string): Promise<Caller | undefined> {
  const found = await lookUpKey(ctx, presented);
  if ('refused' in found) throw unauthorized(found.refused);
  if (found.key.personal) {
    throw unauthorized('This is a personal key for AI assistants: it works only on the agent endpoint (/api/mcp), not on the public API.');
  }
  return callerFor({
    kind: 'apiKey',
    userId: null,
    employeeId: null,
    name: `API key "${found.key.name}"`,
    roles: [],
    permissions: ['employee:read', 'attendance:read'],
    source: 'public-api',
    apiKeyId: found.key.keyId,
  });
}
