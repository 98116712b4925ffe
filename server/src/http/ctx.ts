import type { AppDeps, Caller, Ctx } from '../context.ts';
import { orgSettings } from '../modules/org/settings-cache.ts';

/** The service context for a request's caller. */
export async function ctxFor(deps: Pick<AppDeps, 'db' | 'clock'>, caller: Caller): Promise<Ctx> {
  const settings = await orgSettings(deps.db);
  return { db: deps.db, clock: deps.clock, caller, timeZone: settings.timeZone };
}
