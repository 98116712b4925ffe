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
      'api_key.personal',
      'bound.full_name as employee_name',
      'api_key.created_at',
      'creator.full_name as created_by_name',
      'api_key.last_used_at',
      'api_key.expires_at',
      'api_key.revoked_at',
    ]);
}

export type ApiKeyRow = NonNullable<Awaited<ReturnType<typeof findApiKey>>>;

export async function findApiKey(db: Db, id: string) {
  return selectKeys(db).where('api_key.id', '=', id).executeTakeFirst();
}

export async function listApiKeys(db: Db) {
  return selectKeys(db).orderBy('api_key.created_at', 'desc').orderBy('api_key.id').execute();
}

/** One person's personal keys, newest first (revoked ones too, for the history). */
export async function listPersonalKeys(db: Db, employeeId: string) {
  return selectKeys(db)
    .where('api_key.employee_id', '=', employeeId)
    .where('api_key.personal', '=', 1)
    .orderBy('api_key.created_at', 'desc')
    .orderBy('api_key.id')
    .execute();
}

/** Personal keys of a person that still work at `now`. */
export async function countLivePersonalKeys(db: Db, employeeId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('api_key')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('employee_id', '=', employeeId)
    .where('personal', '=', 1)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findLiveKeyByHash(db: Db, keyHash: string) {
  return db
    .selectFrom('api_key')
    .select(['id', 'key_hash', 'scope', 'employee_id', 'personal', 'expires_at', 'last_used_at', 'name'])
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
