import { systemCaller, type Ctx } from './context.ts';
import { moduleLinks } from './wiring.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { failInterruptedJobs } from './modules/jobs/index.ts';
import { ensureOrganisation, findOrganisationRow } from './modules/org/index.ts';
import { countUsers } from './modules/users/index.ts';
import { createFirstAdmin } from './modules/setup/index.ts';
import type { DemoResult } from './seed/demo.ts';
import { attachFieldKey } from './db/sealed.ts';
import { sealGovernmentIds } from './modules/employees/index.ts';
import type { Secrets } from './secrets.ts';

export interface FirstRun {
  /** What was created, for the start-up banner. */
  kind: 'demo' | 'admin' | 'setup-pending' | 'existing';
  admin?: { email: string; password: string; generated: boolean };
  demo?: DemoResult;
}

/**
 * Makes a migrated database ready: the data dir's field key attached (sealed
 * government ids), ids still in clear sealed, the organisation row and
 * default shift, then on a database without logins the demo organisation or
 * the first admin.
 */
export async function initialiseDatabase(db: Database, config: Config, clock: Clock, secrets: Pick<Secrets, 'fieldKey'>): Promise<FirstRun> {
  attachFieldKey(db, secrets.fieldKey);
  await ensureOrganisation(db, { timeZone: config.timeZone, now: clock.now().toISOString() });
  // A job that was running when the server stopped will never finish: say so instead of "running" for ever.
  // Alone on the database every running job was this server's; shared, only those whose heartbeat stopped.
  await failInterruptedJobs(db, clock, config.sharedDatabase ? { staleAfterMs: 0 } : {});
  const org = await findOrganisationRow(db);
  const ctx: Ctx = { db, clock, caller: systemCaller(), timeZone: org?.time_zone ?? config.timeZone, links: moduleLinks };
  await sealGovernmentIds(ctx);
  if ((await countUsers(db)) > 0) return { kind: 'existing' };
  if (config.demo) {
    // The demo seed pulls in faker (~1 s to load); only a first demo start needs it.
    const { seedDemo } = await import('./seed/demo.ts');
    const demo = await seedDemo(ctx, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demoPassword: config.demoPassword,
      dataDir: config.filesDir,
    });
    return {
      kind: 'demo',
      demo,
      admin: { ...demo.admin, generated: config.adminPassword === undefined && config.demoPassword === undefined },
    };
  }
  if (config.adminEmail && config.adminPassword) {
    await createFirstAdmin(ctx, { fullName: 'Administrator', email: config.adminEmail, password: config.adminPassword });
    return { kind: 'admin', admin: { email: config.adminEmail, password: config.adminPassword, generated: false } };
  }
  return { kind: 'setup-pending' };
}
