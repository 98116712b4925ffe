import type { Db } from '../../context.ts';
import { reusableSelect } from '../../db/reusable-query.ts';
import type { SessionTable } from '../../db/schema.ts';

/** A login with the employee's name and status, for sign-in and password checks. */
function selectUsers(db: Db) {
  return db
    .selectFrom('user_account')
    .innerJoin('employee', 'employee.id', 'user_account.employee_id')
    .select([
      'user_account.id',
      'user_account.employee_id',
      'user_account.email',
      'user_account.password_hash',
      'user_account.active',
      'employee.full_name',
      'employee.status',
    ]);
}

export async function findUserByEmail(db: Db, email: string) {
  return selectUsers(db).where('user_account.email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Db, id: string) {
  return selectUsers(db).where('user_account.id', '=', id).executeTakeFirst();
}

function selectRoles(db: Db, userId: string) {
  return db.selectFrom('user_role').select('role').where('user_id', '=', userId);
}

/** The session with its user, for the per-request check. */
function selectSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('session')
    .innerJoin('user_account', 'user_account.id', 'session.user_id')
    .innerJoin('employee', 'employee.id', 'user_account.employee_id')
    .select([
      'session.id',
      'session.user_id',
      'session.last_seen_at',
      'session.expires_at',
      'session.revoked_at',
      'user_account.employee_id',
      'user_account.email',
      'user_account.active',
      'employee.full_name',
    ])
    .where('session.token_hash', '=', tokenHash);
}

// The session check runs on every request: its queries compile once.
const runRoles = reusableSelect(selectRoles);
const runSession = reusableSelect(selectSession);

export async function rolesOfUser(db: Db, userId: string): Promise<string[]> {
  return (await runRoles(db, userId)).map((r) => r.role);
}

export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  return (await runSession(db, tokenHash))[0];
}

export async function insertSession(db: Db, row: SessionTable): Promise<void> {
  await db.insertInto('session').values(row).execute();
}

export async function touchSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('session').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function revokeSessionRow(db: Db, id: string, at: string): Promise<number> {
  const r = await db
    .updateTable('session')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function revokeSessionsOfUser(db: Db, userId: string, at: string, exceptId?: string): Promise<void> {
  let q = db.updateTable('session').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptId) q = q.where('id', '!=', exceptId);
  await q.execute();
}

/** Live sessions (not revoked, not past absolute expiry), newest first. */
export async function listLiveSessions(db: Db, now: string, idleSince: string, userId?: string) {
  let q = db
    .selectFrom('session')
    .innerJoin('user_account', 'user_account.id', 'session.user_id')
    .innerJoin('employee', 'employee.id', 'user_account.employee_id')
    .select([
      'session.id',
      'session.user_id',
      'session.created_at',
      'session.last_seen_at',
      'session.expires_at',
      'session.ip_address',
      'session.user_agent',
      'user_account.employee_id',
      'user_account.email',
      'employee.full_name',
    ])
    .where('session.revoked_at', 'is', null)
    .where('session.expires_at', '>', now)
    .where('session.last_seen_at', '>', idleSince)
    .orderBy('session.last_seen_at', 'desc');
  if (userId) q = q.where('session.user_id', '=', userId);
  return q.execute();
}

export async function findSessionOwner(db: Db, id: string) {
  return db.selectFrom('session').select(['id', 'user_id', 'revoked_at']).where('id', '=', id).executeTakeFirst();
}

export async function updatePasswordHash(db: Db, userId: string, hash: string, at: string): Promise<void> {
  await db.updateTable('user_account').set({ password_hash: hash, password_changed_at: at }).where('id', '=', userId).execute();
}

export async function setLastLogin(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('user_account').set({ last_login_at: at }).where('id', '=', userId).execute();
}

/** Deletes sessions that ended before `before` (absolute expiry). */
export async function deleteSessionsExpiredBefore(db: Db, before: string): Promise<number> {
  const r = await db.deleteFrom('session').where('expires_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** When a login's password was last set, and its hash (the initial-credentials file is deleted once it changes). */
export async function findPasswordStamp(db: Db, email: string) {
  return db.selectFrom('user_account').select(['password_hash', 'password_changed_at']).where('email', '=', email).executeTakeFirst();
}

/** An employee's login (by employee id or login id) with the employee's name and status: who an agent acts as. */
export async function findLoginForAgent(db: Db, by: { employeeId: string } | { userId: string }) {
  const q = db
    .selectFrom('user_account')
    .innerJoin('employee', 'employee.id', 'user_account.employee_id')
    .select([
      'user_account.id',
      'user_account.employee_id',
      'user_account.email',
      'user_account.active',
      'employee.full_name',
      'employee.status',
    ]);
  return ('employeeId' in by ? q.where('user_account.employee_id', '=', by.employeeId) : q.where('user_account.id', '=', by.userId)).executeTakeFirst();
}

/** The name of an employee without a login (for a refusal that names them). */
export async function employeeName(db: Db, employeeId: string): Promise<string | undefined> {
  return (await db.selectFrom('employee').select('full_name').where('id', '=', employeeId).executeTakeFirst())?.full_name;
}

/** The language a login chose; null: the organisation's. */
export async function localeOfUser(db: Db, userId: string): Promise<string | null> {
  const row = await db.selectFrom('user_account').select('locale').where('id', '=', userId).executeTakeFirst();
  return row?.locale ?? null;
}
