import { ROLES, type Role, permissionsOf } from '../../../../shared/permissions.ts';
import { type AgentCredential, type Caller, type Ctx, callerFor } from '../../context.ts';
import { defineCache } from '../../db/cache.ts';
import * as repo from './repo.ts';

/** Who an AI agent acts as: an employee's login with its roles as they are now. */

/** The caller an agent acts as, or why it may not act (a sentence for the 401 answer). */
export type AgentIdentity = { caller: Caller } | { refused: string };

interface Login {
  userId: string;
  employeeId: string;
  fullName: string;
  email: string;
  roles: Role[];
}

type Found = { login: Login } | { refused: string };

// Keyed by employee or login id; any change to logins, roles or employees drops the answers, so a
// role change, a disabled login or an exit applies at the next call.
const loginCache = defineCache<Found>({ name: 'auth.agent-logins', reads: ['user_account', 'user_role', 'employee'], maxEntries: 2000 });

async function findLogin(db: Ctx['db'], by: { employeeId: string } | { userId: string }): Promise<Found> {
  const row = await repo.findLoginForAgent(db, by);
  if (!row) {
    const name = 'employeeId' in by ? await repo.employeeName(db, by.employeeId) : undefined;
    return { refused: `${name ?? 'The employee this credential is bound to'} has no login in Muster, so nothing can act as them. An administrator can give them one under Settings → Users.` };
  }
  if (row.status === 'Exited') return { refused: `${row.full_name} has left the organisation, so nothing can act as them any more.` };
  if (!row.active) return { refused: `${row.full_name}'s login is disabled, so nothing can act as them until an administrator enables it.` };
  const roles = (await repo.rolesOfUser(db, row.id)).filter((r): r is Role => (ROLES as readonly string[]).includes(r));
  return { login: { userId: row.id, employeeId: row.employee_id, fullName: row.full_name, email: row.email, roles } };
}

/**
 * The caller for an agent acting as an employee (by employee id for a bound
 * API key, by login id for an OAuth grant): that person's current roles and
 * permissions, scope as in the console, source `mcp`, and the credential used
 * (which every audit row records).
 */
export async function agentCallerOf(
  ctx: Pick<Ctx, 'db'>,
  by: { employeeId: string } | { userId: string },
  credential: AgentCredential,
): Promise<AgentIdentity> {
  const key = 'employeeId' in by ? `e:${by.employeeId}` : `u:${by.userId}`;
  const found = await loginCache.get(ctx.db, key, () => findLogin(ctx.db, by));
  if ('refused' in found) return found;
  const { login } = found;
  return {
    caller: callerFor({
      kind: 'agent',
      userId: login.userId,
      employeeId: login.employeeId,
      name: login.fullName,
      roles: login.roles,
      permissions: permissionsOf(login.roles),
      source: 'mcp',
      email: login.email,
      credential,
    }),
  };
}

/** The permissions a login holds now (none for an unknown one): what a connected app could do for that person. */
export async function permissionsOfLogin(ctx: Pick<Ctx, 'db'>, userId: string) {
  const found = await loginCache.get(ctx.db, `u:${userId}`, () => findLogin(ctx.db, { userId }));
  return 'login' in found ? permissionsOf(found.login.roles) : [];
}
