import { type Role, ROLES } from '../../../../shared/permissions.ts';
import type { UserAccount, UserCreate, UserUpdate } from '../../../../shared/users.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { revokeSessionsOfUser, updatePasswordHash } from '../auth/index.ts';
import { hashPassword } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';
import { findEmployeeForLogin } from '../employees/index.ts';
import * as repo from './repo.ts';

function rolesOf(all: { user_id: string; role: string }[], userId: string): Role[] {
  const mine = all.filter((r) => r.user_id === userId).map((r) => r.role);
  return ROLES.filter((r) => mine.includes(r));
}

function toUser(row: NonNullable<Awaited<ReturnType<typeof repo.findUserRow>>>, roles: Role[]): UserAccount {
  return {
    id: row.id,
    employeeId: row.employee_id,
    employeeCode: row.code,
    fullName: row.full_name,
    email: row.email,
    roles,
    active: row.active === 1,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
  };
}

export async function listUsers(ctx: Ctx): Promise<UserAccount[]> {
  const [rows, roles] = await Promise.all([repo.listUserRows(ctx.db), repo.allUserRoles(ctx.db)]);
  return rows.map((r) => toUser(r, rolesOf(roles, r.id)));
}

async function getUser(ctx: Ctx, id: string): Promise<UserAccount> {
  const row = await repo.findUserRow(ctx.db, id);
  if (!row) throw notFound('User');
  return toUser(row, rolesOf(await repo.allUserRoles(ctx.db), id));
}

/**
 * Gives an employee a login. The caller must already be inside a transaction
 * or accept a single-statement write; used by setup, first-run and the console.
 */
export async function insertLogin(
  ctx: Ctx,
  input: { employeeId: string; email: string; roles: readonly Role[]; passwordHash: string },
): Promise<string> {
  const id = newId();
  await repo.insertUserAccount(
    ctx.db,
    {
      id,
      employee_id: input.employeeId,
      email: input.email,
      password_hash: input.passwordHash,
      created_at: ctx.clock.now().toISOString(),
    },
    input.roles,
  );
  await recordAudit(ctx, {
    employeeId: input.employeeId,
    category: 'Permissions',
    action: 'login.granted',
    summary: `Login created (${input.email}) with roles ${input.roles.join(', ')}`,
    changes: [{ field: 'roles', before: [], after: [...input.roles] }],
  });
  return id;
}

export async function createUser(ctx: Ctx, input: UserCreate): Promise<UserAccount> {
  const employeeId = input.employeeId.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const id = await inTransaction(ctx, async (t) => {
    const trx = t.db;
    const employee = await findEmployeeForLogin(trx, employeeId);
    if (!employee) throw badRequest('There is no such employee.', [{ path: 'body.employeeId', message: 'no such employee' }]);
    if (employee.status === 'Exited') throw conflict('An exited employee cannot get a login.');
    if (await repo.findUserIdByEmployee(trx, employeeId)) throw conflict('This employee already has a login.');
    const email = input.email ?? employee.email;
    if (!email) {
      throw conflict('This employee has no email address: give the login one.', [
        { path: 'body.email', message: 'is required because the employee has no email' },
      ]);
    }
    if (await repo.findUserIdByEmail(trx, email)) {
      throw conflict('Another login already uses this email.', [{ path: 'body.email', message: 'is already used by another login' }]);
    }
    const roles = ROLES.filter((r) => input.roles.includes(r));
    const userId = await insertLogin(t, { employeeId, email, roles, passwordHash });
    await notify(t, { userIds: [userId] }, {
      kind: 'login.granted',
      title: 'Welcome to Muster',
      body: `Your roles: ${roles.join(', ')}.`,
      link: '/',
    });
    return userId;
  });
  return getUser(ctx, id);
}

/** Roles, active flag and password. Nobody removes their own admin access or the last admin (409). */
export async function updateUser(ctx: Ctx, id: string, input: UserUpdate): Promise<UserAccount> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await inTransaction(ctx, async (t) => {
    const trx = t.db;
    const before = await repo.findUserRow(trx, id);
    if (!before) throw notFound('User');
    const beforeRoles = rolesOf(await repo.allUserRoles(trx), id);
    const now = ctx.clock.now().toISOString();
    const losesAdmin =
      beforeRoles.includes('Admin') &&
      ((input.roles !== undefined && !input.roles.includes('Admin')) || input.active === false);
    if (losesAdmin) {
      if (id === ctx.caller.userId) throw conflict('You cannot remove your own admin access.');
      if ((await repo.countActiveAdmins(trx, id)) === 0) throw conflict('Muster needs at least one active admin.');
    }
    if (input.roles) {
      const roles = ROLES.filter((r) => input.roles?.includes(r));
      await repo.replaceRoles(trx, id, roles);
      if (roles.join() !== beforeRoles.join()) {
        await recordAudit(t, {
          employeeId: before.employee_id,
          category: 'Permissions',
          action: 'roles.changed',
          summary: `Roles changed to ${roles.join(', ')}`,
          changes: [{ field: 'roles', before: beforeRoles, after: roles }],
        });
      }
    }
    if (input.active !== undefined && input.active !== (before.active === 1)) {
      await repo.setUserActive(trx, id, input.active);
      if (!input.active) await revokeSessionsOfUser(trx, id, now);
      await recordAudit(t, {
        employeeId: before.employee_id,
        category: 'Permissions',
        action: input.active ? 'login.enabled' : 'login.disabled',
        summary: input.active ? 'Login enabled' : 'Login disabled; sessions ended',
        changes: [{ field: 'active', before: before.active === 1, after: input.active }],
      });
    }
    if (passwordHash) {
      await updatePasswordHash(trx, id, passwordHash, now);
      await revokeSessionsOfUser(trx, id, now);
      await recordAudit(t, {
        employeeId: before.employee_id,
        category: 'Login',
        action: 'password.reset',
        summary: `Password reset by ${ctx.caller.name}; sessions ended`,
      });
    }
  });
  return getUser(ctx, id);
}
