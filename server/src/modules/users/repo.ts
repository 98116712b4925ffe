import type { Db } from '../../context.ts';

export async function insertUserAccount(
  db: Db,
  row: { id: string; employee_id: string; email: string; password_hash: string; created_at: string },
  roles: readonly string[],
): Promise<void> {
  await db
    .insertInto('user_account')
    .values({ ...row, active: 1, last_login_at: null, password_changed_at: row.created_at })
    .execute();
  if (roles.length) await db.insertInto('user_role').values(roles.map((role) => ({ user_id: row.id, role }))).execute();
}

export async function replaceRoles(db: Db, userId: string, roles: readonly string[]): Promise<void> {
  await db.deleteFrom('user_role').where('user_id', '=', userId).execute();
  if (roles.length) await db.insertInto('user_role').values(roles.map((role) => ({ user_id: userId, role }))).execute();
}

export async function setUserActive(db: Db, userId: string, active: boolean): Promise<void> {
  await db.updateTable('user_account').set({ active: active ? 1 : 0 }).where('id', '=', userId).execute();
}

function selectUsers(db: Db) {
  return db
    .selectFrom('user_account')
    .innerJoin('employee', 'employee.id', 'user_account.employee_id')
    .select([
      'user_account.id',
      'user_account.employee_id',
      'employee.code',
      'employee.full_name',
      'user_account.email',
      'user_account.active',
      'user_account.last_login_at',
      'user_account.created_at',
    ]);
}

export async function listUserRows(db: Db) {
  return selectUsers(db).orderBy('employee.full_name').execute();
}

export async function findUserRow(db: Db, id: string) {
  return selectUsers(db).where('user_account.id', '=', id).executeTakeFirst();
}

export async function allUserRoles(db: Db): Promise<{ user_id: string; role: string }[]> {
  return db.selectFrom('user_role').select(['user_id', 'role']).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('user_account').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countActiveAdmins(db: Db, exceptUserId?: string): Promise<number> {
  let q = db
    .selectFrom('user_role')
    .innerJoin('user_account', 'user_account.id', 'user_role.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_role.role', '=', 'Admin')
    .where('user_account.active', '=', 1);
  if (exceptUserId) q = q.where('user_account.id', '!=', exceptUserId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findUserIdByEmail(db: Db, email: string) {
  return db.selectFrom('user_account').select('id').where('email', '=', email).executeTakeFirst();
}

export async function findUserIdByEmployee(db: Db, employeeId: string) {
  return db.selectFrom('user_account').select('id').where('employee_id', '=', employeeId).executeTakeFirst();
}

/** The language a login chose (null: the organisation's); undefined for no such login. */
export async function findUserLocale(db: Db, userId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('user_account').select('locale').where('id', '=', userId).executeTakeFirst();
  return row ? (row.locale ?? null) : undefined;
}

export async function setUserLocale(db: Db, userId: string, locale: string | null): Promise<void> {
  await db.updateTable('user_account').set({ locale }).where('id', '=', userId).execute();
}
