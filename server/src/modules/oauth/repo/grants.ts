import type { Db } from '../../../context.ts';
import type { OAuthCodeTable, OAuthGrantTable, OAuthTokenTable } from '../../../db/schema.ts';

/** Authorization codes, grants (connected apps) and their tokens: hashes only. */

export async function insertCode(db: Db, row: OAuthCodeTable): Promise<void> {
  await db.insertInto('oauth_code').values(row).execute();
}

export async function findCode(db: Db, codeHash: string) {
  return db
    .selectFrom('oauth_code')
    .select(['code_hash', 'client_id', 'user_id', 'redirect_uri', 'code_challenge', 'resource', 'scope', 'expires_at', 'used_at', 'grant_id'])
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

/** Marks a code used; false when it already was (a replay, or a race lost). */
export async function useCode(db: Db, codeHash: string, at: string): Promise<boolean> {
  const r = await db.updateTable('oauth_code').set({ used_at: at }).where('code_hash', '=', codeHash).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setCodeGrant(db: Db, codeHash: string, grantId: string): Promise<void> {
  await db.updateTable('oauth_code').set({ grant_id: grantId }).where('code_hash', '=', codeHash).execute();
}

export async function insertGrant(db: Db, row: OAuthGrantTable): Promise<void> {
  await db.insertInto('oauth_grant').values(row).execute();
}

export async function insertTokens(db: Db, rows: OAuthTokenTable[]): Promise<void> {
  await db.insertInto('oauth_token').values(rows).execute();
}

/** Revokes grants (and every token of them); answers the ids that were live. */
export async function revokeGrants(db: Db, ids: readonly string[], at: string, reason: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const live = await db.selectFrom('oauth_grant').select('id').where('id', 'in', ids).where('revoked_at', 'is', null).execute();
  const liveIds = live.map((g) => g.id);
  if (liveIds.length === 0) return [];
  await db.updateTable('oauth_grant').set({ revoked_at: at, revoked_reason: reason }).where('id', 'in', liveIds).execute();
  await db.updateTable('oauth_token').set({ revoked_at: at }).where('grant_id', 'in', liveIds).where('revoked_at', 'is', null).execute();
  return liveIds;
}

/** Live grants of one person to one client. */
export async function liveGrantIds(db: Db, clientId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('oauth_grant')
    .select('id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Live grants of a client (all people). */
export async function liveGrantIdsOfClient(db: Db, clientId: string): Promise<string[]> {
  const rows = await db.selectFrom('oauth_grant').select('id').where('client_id', '=', clientId).where('revoked_at', 'is', null).execute();
  return rows.map((r) => r.id);
}

/** A token with its grant and client, for checking it. */
export async function findToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('oauth_token')
    .innerJoin('oauth_grant', 'oauth_grant.id', 'oauth_token.grant_id')
    .innerJoin('oauth_client', 'oauth_client.id', 'oauth_grant.client_id')
    .select([
      'oauth_token.token_hash',
      'oauth_token.kind',
      'oauth_token.scope as token_scope',
      'oauth_token.expires_at',
      'oauth_token.revoked_at',
      'oauth_grant.id as grant_id',
      'oauth_grant.user_id',
      'oauth_grant.employee_id',
      'oauth_grant.scope',
      'oauth_grant.resource',
      'oauth_grant.revoked_at as grant_revoked_at',
      'oauth_grant.last_used_at as grant_last_used_at',
      'oauth_client.id as client_id',
      'oauth_client.name as client_name',
      'oauth_client.disabled_at as client_disabled_at',
    ])
    .where('oauth_token.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Revokes one token; false when it already was (a replayed refresh token, or a race lost). */
export async function revokeToken(db: Db, tokenHash: string, at: string): Promise<boolean> {
  const r = await db.updateTable('oauth_token').set({ revoked_at: at }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markGrantUsed(db: Db, grantId: string, at: string): Promise<void> {
  await db.updateTable('oauth_grant').set({ last_used_at: at }).where('id', '=', grantId).execute();
}

function selectGrants(db: Db) {
  return db
    .selectFrom('oauth_grant')
    .innerJoin('oauth_client', 'oauth_client.id', 'oauth_grant.client_id')
    .innerJoin('employee', 'employee.id', 'oauth_grant.employee_id')
    .select([
      'oauth_grant.id',
      'oauth_grant.user_id',
      'oauth_grant.employee_id',
      'employee.full_name as employee_name',
      'oauth_grant.scope',
      'oauth_grant.created_at',
      'oauth_grant.last_used_at',
      'oauth_grant.revoked_at',
      'oauth_client.id as client_id',
      'oauth_client.name as client_name',
      'oauth_client.client_uri',
      'oauth_client.registration',
    ]);
}

export type GrantRow = NonNullable<Awaited<ReturnType<typeof findGrant>>>;

export async function findGrant(db: Db, id: string) {
  return selectGrants(db).where('oauth_grant.id', '=', id).executeTakeFirst();
}

/** Live grants, of one person or everyone's, newest first. */
export async function listLiveGrants(db: Db, userId: string | 'all') {
  let q = selectGrants(db).where('oauth_grant.revoked_at', 'is', null);
  if (userId !== 'all') q = q.where('oauth_grant.user_id', '=', userId);
  return q.orderBy('oauth_grant.created_at', 'desc').orderBy('oauth_grant.id').execute();
}

/** Codes and tokens past their expiry before `before`, and grants revoked before it: the nightly clean-up. */
export async function deleteExpired(db: Db, before: string): Promise<number> {
  const codes = await db.deleteFrom('oauth_code').where('expires_at', '<', before).executeTakeFirst();
  const tokens = await db.deleteFrom('oauth_token').where('expires_at', '<', before).executeTakeFirst();
  return Number(codes.numDeletedRows) + Number(tokens.numDeletedRows);
}

/** The employee behind a login, for a new grant. */
export async function employeeOfLogin(db: Db, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('user_account').select('employee_id').where('id', '=', userId).executeTakeFirst())?.employee_id;
}
