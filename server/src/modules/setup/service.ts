import type { Role } from '../../../../shared/permissions.ts';
import type { SetupRequest, SetupStatus } from '../../../../shared/org.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { conflict } from '../../http/problem.ts';
import { hashPassword } from '../auth/index.ts';
import { type ClientMeta, type SignedIn, login } from '../auth/index.ts';
import { createEmployee } from '../employees/index.ts';
import { findOrganisationRow, updateOrganisationRow } from '../org/index.ts';
import { countUsers } from '../users/index.ts';
import { insertLogin } from '../users/index.ts';

export async function setupStatus(ctx: Pick<Ctx, 'db'>): Promise<SetupStatus> {
  const org = await findOrganisationRow(ctx.db);
  const needsSetup = (await countUsers(ctx.db)) === 0;
  return { needsSetup, organisationName: needsSetup ? null : (org?.name ?? null) };
}

export interface FirstAdmin {
  fullName: string;
  email: string;
  password: string;
  code?: string;
  roles?: Role[];
}

/**
 * Creates the first administrator (an employee with a login). Works only on a
 * database without logins: 409 once anyone can sign in.
 */
export async function createFirstAdmin(ctx: Ctx, admin: FirstAdmin, org?: { name: string; timeZone: string }): Promise<string> {
  const passwordHash = await hashPassword(admin.password);
  return inTransaction(ctx, async (t) => {
    if ((await countUsers(t.db)) > 0) throw conflict('Setup is already complete. Sign in instead.');
    const now = ctx.clock.now().toISOString();
    if (org) await updateOrganisationRow(t.db, { name: org.name, time_zone: org.timeZone });
    await updateOrganisationRow(t.db, { setup_completed_at: now });
    const timeZone = org?.timeZone ?? t.timeZone;
    const employee = await createEmployee({ ...t, timeZone }, {
      code: admin.code ?? 'ADMIN',
      fullName: admin.fullName,
      email: admin.email,
      joinedDate: dayInZone(ctx.clock.now(), timeZone),
      employmentType: 'FullTime',
    });
    await insertLogin(t, { employeeId: employee.id, email: admin.email, roles: admin.roles ?? ['Admin'], passwordHash });
    return employee.id;
  });
}

/** First-run setup: the organisation and its first administrator, who is then signed in. */
export async function completeSetup(ctx: Ctx, input: SetupRequest, meta: ClientMeta): Promise<SignedIn> {
  await createFirstAdmin(
    ctx,
    { fullName: input.admin.fullName, email: input.admin.email, password: input.admin.password },
    { name: input.organisationName, timeZone: input.timeZone },
  );
  // The organisation's time zone may have just changed: sign in with the new one.
  return login({ ...ctx, timeZone: input.timeZone }, input.admin, meta);
}
