import crypto from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyIssued,
  ApiKeyScope,
  KEY_EXPIRY_MAX_DAYS,
  PERSONAL_KEYS_MAX,
  type PersonalKeyCreate,
} from '../../../../shared/api-keys.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { sha256Hex } from '../../secrets.ts';
import { recordAudit } from '../audit/index.ts';
import { employeeExists } from '../employees/index.ts';
import * as repo from './repo.ts';

/** Issuing, listing and revoking keys: the administrators' keys (API & webhooks) and everyone's personal keys (Connected apps). */

const KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 8;

function toApiKey(row: repo.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: ApiKeyScope.parse(row.scope),
    employeeId: row.employee_id,
    employeeName: row.employee_name,
    personal: row.personal === 1,
    createdAt: row.created_at,
    createdByName: row.created_by_name,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

/** The expiry as stored, or a 400 naming the field when it is past or too far ahead. */
function checkedExpiry(ctx: Ctx, expiresAt: string | null | undefined): string | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  const now = ctx.clock.now().getTime();
  if (at <= now) throw badRequest('The expiry must be in the future.', [{ path: 'body.expiresAt', message: 'must be in the future' }]);
  if (at > now + KEY_EXPIRY_MAX_DAYS * 86_400_000) {
    throw badRequest(`A key can last at most ${KEY_EXPIRY_MAX_DAYS} days.`, [{ path: 'body.expiresAt', message: `must be within ${KEY_EXPIRY_MAX_DAYS} days` }]);
  }
  return new Date(at).toISOString();
}

interface NewKey {
  name: string;
  scope: ApiKeyScope;
  employeeId: string | null;
  personal: boolean;
  expiresAt: string | null;
}

/** Stores a new key (only its hash) and audits it on the bound employee (or the issuer); answers it with the whole key, once. */
async function storeKey(ctx: Ctx, input: NewKey, check?: (t: Ctx) => Promise<void>): Promise<ApiKeyIssued> {
  const key = API_KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  const id = newId();
  await inTransaction(ctx, async (t) => {
    await check?.(t);
    await repo.insertApiKey(t.db, {
      id,
      name: input.name,
      prefix: key.slice(0, KEY_DISPLAY_LENGTH),
      key_hash: sha256Hex(key),
      scope: input.scope,
      employee_id: input.employeeId,
      personal: input.personal ? 1 : 0,
      created_by_user_id: ctx.caller.userId,
      created_at: ctx.clock.now().toISOString(),
      last_used_at: null,
      expires_at: input.expiresAt,
      revoked_at: null,
    });
    const subject = input.employeeId ?? ctx.caller.employeeId;
    if (subject) {
      const what = input.personal ? 'Personal API key' : 'API key';
      const bound = input.employeeId && !input.personal ? ' bound to this employee' : '';
      const expiry = input.expiresAt ? `, expires ${input.expiresAt.slice(0, 10)}` : '';
      await recordAudit(t, {
        employeeId: subject,
        category: 'Permissions',
        action: 'api-key.issued',
        summary: `${what} "${input.name}" (${input.scope}) issued${bound}${expiry}`,
      });
    }
  });
  const row = await repo.findApiKey(ctx.db, id);
  if (!row) throw new Error('issued key vanished');
  return { ...toApiKey(row), key };
}

/** Issues a key (administrators, `api:manage`), optionally bound to an employee. The answer carries the whole key, never stored or shown again. */
export async function issueApiKey(ctx: Ctx, input: ApiKeyCreate): Promise<ApiKeyIssued> {
  requirePermission(ctx, 'api:manage');
  const boundTo = input.employeeId?.toLowerCase() ?? null;
  const expiresAt = checkedExpiry(ctx, input.expiresAt);
  return storeKey(ctx, { name: input.name, scope: input.scope, employeeId: boundTo, personal: false, expiresAt }, async (t) => {
    if (boundTo && !(await employeeExists(t.db, boundTo))) {
      throw badRequest('There is no such employee to bind the key to.', [{ path: 'body.employeeId', message: 'no such employee' }]);
    }
  });
}

/** Every key of the organisation, personal ones included (`api:manage`). */
export async function listApiKeys(ctx: Ctx): Promise<ApiKey[]> {
  requirePermission(ctx, 'api:manage');
  return (await repo.listApiKeys(ctx.db)).map(toApiKey);
}

async function revokeRow(ctx: Ctx, row: repo.ApiKeyRow): Promise<ApiKey> {
  if (row.revoked_at === null) {
    await inTransaction(ctx, async (t) => {
      await repo.revokeApiKeyRow(t.db, row.id, ctx.clock.now().toISOString());
      const subject = row.employee_id ?? ctx.caller.employeeId;
      if (subject) {
        const by = row.employee_id && row.employee_id !== ctx.caller.employeeId ? ` by ${ctx.caller.name}` : '';
        await recordAudit(t, {
          employeeId: subject,
          category: 'Permissions',
          action: 'api-key.revoked',
          summary: `${row.personal ? 'Personal API key' : 'API key'} "${row.name}" revoked${by}`,
        });
      }
    });
  }
  const updated = await repo.findApiKey(ctx.db, row.id);
  if (!updated) throw notFound('API key');
  return toApiKey(updated);
}

/** Revokes any key at once (`api:manage`). Revoking twice is harmless. */
export async function revokeApiKey(ctx: Ctx, id: string): Promise<ApiKey> {
  requirePermission(ctx, 'api:manage');
  const row = await repo.findApiKey(ctx.db, id);
  if (!row) throw notFound('API key');
  return revokeRow(ctx, row);
}

/** The signed-in person behind a personal-key operation: made in the console by a person, never by an agent. */
function personalOwner(ctx: Ctx): string {
  requirePermission(ctx, 'self:read');
  if (ctx.caller.kind !== 'session' || !ctx.caller.employeeId) throw forbidden('Personal keys are made and revoked by a signed-in person in the console.');
  return ctx.caller.employeeId;
}

/** The caller's personal keys (Connected apps), newest first. */
export async function listPersonalKeys(ctx: Ctx): Promise<ApiKey[]> {
  const owner = personalOwner(ctx);
  return (await repo.listPersonalKeys(ctx.db, owner)).map(toApiKey);
}

/** A key for the caller's own assistants: bound to them, only for the agent endpoint; at most PERSONAL_KEYS_MAX live at once. */
export async function issuePersonalKey(ctx: Ctx, input: PersonalKeyCreate): Promise<ApiKeyIssued> {
  const owner = personalOwner(ctx);
  const expiresAt = checkedExpiry(ctx, input.expiresAt);
  return storeKey(ctx, { name: input.name, scope: input.scope, employeeId: owner, personal: true, expiresAt }, async (t) => {
    if ((await repo.countLivePersonalKeys(t.db, owner, ctx.clock.now().toISOString())) >= PERSONAL_KEYS_MAX) {
      throw conflict(`You already have ${PERSONAL_KEYS_MAX} personal keys. Revoke one you no longer use first.`);
    }
  });
}

/** Revokes one of the caller's personal keys (404 for anyone else's). */
export async function revokePersonalKey(ctx: Ctx, id: string): Promise<ApiKey> {
  const owner = personalOwner(ctx);
  const row = await repo.findApiKey(ctx.db, id);
  if (!row || row.personal !== 1 || row.employee_id !== owner) throw notFound('API key');
  return revokeRow(ctx, row);
}
