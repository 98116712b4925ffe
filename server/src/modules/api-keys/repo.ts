import type { Db } from '../../context.ts';
import type { ApiKeyTable } from '../../db/schema.ts';

export async function insertApiKey(db: Db, row: ApiKeyTable): Promise<void> {
  await db.insertInto('api_key').values(row).execute();
}

function selectKeys(db: Db) {
  return db
    .selectFrom('api_key')
    .leftJoin('employee as bound', 'bound.id', 'api_key.employee_id')
    .leftJoin('user_account as creator_user', 'creator_user.id', 'api_key.created_by_user_id')
    .leftJoin('employee as creator', 'creator.id', 'creator_user.employee_id')
    .select([
      'api_key.id',
      'api_key.name',
      'api_key.prefix',
      'api_key.scope',
      'api_key.employee_id',
      'bound.full_name as employee_name',
      'api_key.created_at',
      'creator.full_name as created_by_name',
      'api_key.last_used_at',
      'api_key.revoked_at',
    ]);
}

export type ApiKeyRow = Awaited<ReturnType<typeof findApiKey>> & object;

export async function findApiKey(db: Db, id: string) {
  return selectKeys(db).where('api_key.id', '=', id).executeTakeFirst();
}

export async function listApiKeys(db: Db) {
  return selectKeys(db).orderBy('api_key.created_at', 'desc').execute();
}

export async function findLiveKeyByHash(db: Db, keyHash: string) {
  return db
    .selectFrom('api_key')
    .select(['id', 'key_hash', 'scope', 'employee_id', 'last_used_at', 'name'])
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function markKeyUsed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('api_key').set({ last_used_at: at }).where('id', '=', id).execute();
}

export async function revokeApiKeyRow(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('api_key').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}
