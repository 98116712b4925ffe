import type { Db } from '../../context.ts';
import type { NotificationTable } from '../../db/schema.ts';

export async function insertNotifications(db: Db, rows: NotificationTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('notification').values(rows).execute();
}

function forUser(db: Db, userId: string, unreadOnly: boolean) {
  let q = db.selectFrom('notification').where('user_id', '=', userId);
  if (unreadOnly) q = q.where('read_at', 'is', null);
  return q;
}

export async function countNotifications(db: Db, userId: string, unreadOnly: boolean): Promise<number> {
  const row = await forUser(db, userId, unreadOnly)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listNotifications(db: Db, userId: string, unreadOnly: boolean, limit: number, offset: number) {
  return forUser(db, userId, unreadOnly)
    .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function markAllRead(db: Db, userId: string, at: string): Promise<number> {
  const r = await db
    .updateTable('notification')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function markOneRead(db: Db, userId: string, id: string, at: string): Promise<boolean> {
  const row = await db.selectFrom('notification').select(['id', 'read_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return false;
  if (row.read_at === null) await db.updateTable('notification').set({ read_at: at }).where('id', '=', id).execute();
  return true;
}

export async function userIdsOfEmployees(db: Db, employeeIds: string[]): Promise<string[]> {
  if (employeeIds.length === 0) return [];
  const rows = await db
    .selectFrom('user_account')
    .select('id')
    .where('employee_id', 'in', employeeIds)
    .where('active', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

export async function userIdsWithRoles(db: Db, roles: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('user_role')
    .innerJoin('user_account', 'user_account.id', 'user_role.user_id')
    .select('user_account.id')
    .distinct()
    .where('user_role.role', 'in', roles)
    .where('user_account.active', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/** The language each login chose (null: the organisation's). */
export async function localesOfUsers(db: Db, userIds: readonly string[]): Promise<Map<string, string | null>> {
  if (!userIds.length) return new Map();
  const rows = await db.selectFrom('user_account').select(['id', 'locale']).where('id', 'in', [...userIds]).execute();
  return new Map(rows.map((r) => [r.id, r.locale ?? null]));
}
