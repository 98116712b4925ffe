import crypto from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyCreate, type ApiKeyIssued, ApiKeyScope } from '../../../../shared/api-keys.ts';
import { type Caller, type Ctx, callerFor, inTransaction } from '../../context.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { sha256Hex } from '../../secrets.ts';
import { recordAudit } from '../audit/index.ts';
import { employeeExists } from '../employees/index.ts';
import * as repo from './repo.ts';

const KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 8;
const MARK_USED_EVERY_MS = 60_000;

function toApiKey(row: NonNullable<Awaited<ReturnType<typeof repo.findApiKey>>>): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: ApiKeyScope.parse(row.scope),
    employeeId: row.employee_id,
    employeeName: row.employee_name,
    createdAt: row.created_at,
    createdByName: row.created_by_name,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** Issues a key. The answer carries the whole key, which is never stored or shown again. */
export async function issueApiKey(ctx: Ctx, input: ApiKeyCreate): Promise<ApiKeyIssued> {
  const key = API_KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  const id = newId();
  const boundTo = input.employeeId?.toLowerCase() ?? null;
  await inTransaction(ctx, async (t) => {
    const trx = t.db;
    if (boundTo) {
      if (!(await employeeExists(trx, boundTo))) throw badRequest('There is no such employee to bind the key to.', [{ path: 'body.employeeId', message: 'no such employee' }]);
    }
    await repo.insertApiKey(trx, {
      id,
      name: input.name,
      prefix: key.slice(0, KEY_DISPLAY_LENGTH),
      key_hash: sha256Hex(key),
      scope: input.scope,
      employee_id: boundTo,
      created_by_user_id: ctx.caller.userId,
      created_at: ctx.clock.now().toISOString(),
      last_used_at: null,
      revoked_at: null,
    });
    const subject = boundTo ?? ctx.caller.employeeId;
    if (subject) {
      await recordAudit(t, {
        employeeId: subject,
        category: 'Permissions',
        action: 'api-key.issued',
        summary: `API key "${input.name}" (${input.scope}) issued${boundTo ? ' bound to this employee' : ''}`,
      });
    }
  });
  const row = await repo.findApiKey(ctx.db, id);
  if (!row) throw new Error('issued key vanished');
  return { ...toApiKey(row), key };
}

export async function listApiKeys(ctx: Ctx): Promise<ApiKey[]> {
  return (await repo.listApiKeys(ctx.db)).map(toApiKey);
}

export async function revokeApiKey(ctx: Ctx, id: string): Promise<ApiKey> {
  const row = await repo.findApiKey(ctx.db, id);
  if (!row) throw notFound('API key');
  if (row.revoked_at === null) {
    await inTransaction(ctx, async (t) => {
    const trx = t.db;
      await repo.revokeApiKeyRow(trx, id, ctx.clock.now().toISOString());
      const subject = row.employee_id ?? ctx.caller.employeeId;
      if (subject) {
        await recordAudit(t, {
          employeeId: subject,
          category: 'Permissions',
          action: 'api-key.revoked',
          summary: `API key "${row.name}" revoked`,
        });
      }
    });
  }
  const updated = await repo.findApiKey(ctx.db, id);
  if (!updated) throw notFound('API key');
  return toApiKey(updated);
}

export interface ResolvedKey {
  keyId: string;
  employeeId: string | null;
  name: string;
}

/** The live key behind a presented secret, or undefined. */
export async function findLiveKey(ctx: Pick<Ctx, 'db' | 'clock'>, presented: string): Promise<ResolvedKey | undefined> {
  if (!presented.startsWith(API_KEY_PREFIX) || presented.length > 200) return undefined;
  const hash = sha256Hex(presented);
  const row = await repo.findLiveKeyByHash(ctx.db, hash);
  if (!row || !crypto.timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(hash))) return undefined;
  const now = ctx.clock.now();
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= MARK_USED_EVERY_MS) {
    await repo.markKeyUsed(ctx.db, row.id, now.toISOString());
  }
  return { keyId: row.id, employeeId: row.employee_id, name: row.name };
}

/** The public API's caller for a key: spec §5.1 grants every key employee:read and attendance:read. */
export async function resolveApiKey(ctx: Pick<Ctx, 'db' | 'clock'>, presented: string): Promise<Caller | undefined> {
  const key = await findLiveKey(ctx, presented);
  if (!key) return undefined;
  return callerFor({
    kind: 'apiKey',
    userId: null,
    employeeId: null,
    name: `API key "${key.name}"`,
    roles: [],
    permissions: ['employee:read', 'attendance:read'],
    source: 'public-api',
    apiKeyId: key.keyId,
  });
}
