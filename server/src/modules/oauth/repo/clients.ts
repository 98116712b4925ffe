import type { Db } from '../../../context.ts';
import type { OAuthClientTable } from '../../../db/schema.ts';

/** OAuth clients and the registration switch. */

export async function insertClient(db: Db, row: OAuthClientTable): Promise<void> {
  await db.insertInto('oauth_client').values(row).execute();
}

function selectClients(db: Db) {
  return db
    .selectFrom('oauth_client')
    .leftJoin('user_account as creator_user', 'creator_user.id', 'oauth_client.created_by_user_id')
    .leftJoin('employee as creator', 'creator.id', 'creator_user.employee_id')
    .select((eb) => [
      'oauth_client.id',
      'oauth_client.name',
      'oauth_client.client_uri',
      'oauth_client.redirect_uris',
      'oauth_client.auth_method',
      'oauth_client.secret_hash',
      'oauth_client.registration',
      'oauth_client.created_at',
      'oauth_client.last_used_at',
      'oauth_client.disabled_at',
      'creator.full_name as created_by_name',
      eb
        .selectFrom('oauth_grant')
        .select((g) => g.fn.countAll<number>().as('n'))
        .whereRef('oauth_grant.client_id', '=', 'oauth_client.id')
        .where('oauth_grant.revoked_at', 'is', null)
        .as('live_grants'),
    ]);
}

export type ClientRow = NonNullable<Awaited<ReturnType<typeof findClient>>>;

export async function findClient(db: Db, id: string) {
  return selectClients(db).where('oauth_client.id', '=', id).executeTakeFirst();
}

/**
 * Clients an administrator registered, and self-registered ones that someone
 * connected (a self-registration nobody used is noise), newest first.
 */
export async function listClients(db: Db) {
  return selectClients(db)
    .where((eb) =>
      eb.or([
        eb('oauth_client.registration', '=', 'admin'),
        eb.exists(eb.selectFrom('oauth_grant').select('oauth_grant.id').whereRef('oauth_grant.client_id', '=', 'oauth_client.id')),
      ]),
    )
    .orderBy('oauth_client.created_at', 'desc')
    .orderBy('oauth_client.id')
    .execute();
}

export async function disableClientRow(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('oauth_client').set({ disabled_at: at }).where('id', '=', id).where('disabled_at', 'is', null).execute();
}

export async function markClientUsed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('oauth_client').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** Self-registered clients nobody ever connected, registered before `before`: removed by the nightly clean-up. */
export async function deleteUnusedDynamicClients(db: Db, before: string): Promise<number> {
  const r = await db
    .deleteFrom('oauth_client')
    .where('registration', '=', 'dynamic')
    .where('created_at', '<', before)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('oauth_grant').select('oauth_grant.id').whereRef('oauth_grant.client_id', '=', 'oauth_client.id'))))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function readSettings(db: Db) {
  return db.selectFrom('oauth_settings').select(['dynamic_registration', 'updated_at']).where('id', '=', 1).executeTakeFirst();
}

export async function writeSettings(db: Db, dynamicRegistration: boolean, at: string): Promise<void> {
  await db.updateTable('oauth_settings').set({ dynamic_registration: dynamicRegistration ? 1 : 0, updated_at: at }).where('id', '=', 1).execute();
}
