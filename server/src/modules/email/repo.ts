import type { Db } from '../../context.ts';
import type { EmailSettingsTable } from '../../db/schema.ts';

const SETTINGS_ID = 'default';

export async function findSettings(db: Db) {
  return db
    .selectFrom('email_settings')
    .select(['id', 'host', 'port', 'tls_mode', 'username', 'password_enc', 'from_address', 'enabled', 'digest_enabled', 'updated_at'])
    .where('id', '=', SETTINGS_ID)
    .executeTakeFirst();
}
export type SettingsRow = NonNullable<Awaited<ReturnType<typeof findSettings>>>;

export async function saveSettings(db: Db, row: Omit<EmailSettingsTable, 'id'>): Promise<void> {
  await db
    .insertInto('email_settings')
    .values({ id: SETTINGS_ID, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** Stored choices of some users (absent rows: the category's default). */
export async function preferencesOf(db: Db, userIds: readonly string[]) {
  if (!userIds.length) return [];
  return db.selectFrom('notification_preference').select(['user_id', 'category', 'email']).where('user_id', 'in', [...userIds]).execute();
}

export async function setPreference(db: Db, userId: string, category: string, email: boolean): Promise<void> {
  await db
    .insertInto('notification_preference')
    .values({ user_id: userId, category, email: email ? 1 : 0 })
    .onConflict((oc) => oc.columns(['user_id', 'category']).doUpdateSet({ email: email ? 1 : 0 }))
    .execute();
}

/** A login's e-mail address and name, if it is active. */
export async function recipientOf(db: Db, userId: string) {
  return db
    .selectFrom('user_account')
    .innerJoin('employee', 'employee.id', 'user_account.employee_id')
    .select(['user_account.id', 'user_account.email', 'user_account.locale', 'employee.full_name', 'employee.id as employee_id'])
    .where('user_account.id', '=', userId)
    .where('user_account.active', '=', 1)
    .executeTakeFirst();
}

/** Active logins holding one of some roles, with their employee. */
export async function usersWithRoles(db: Db, roles: readonly string[]) {
  return db
    .selectFrom('user_role')
    .innerJoin('user_account', 'user_account.id', 'user_role.user_id')
    .select(['user_account.id', 'user_account.employee_id'])
    .distinct()
    .where('user_role.role', 'in', [...roles])
    .where('user_account.active', '=', 1)
    .execute();
}
