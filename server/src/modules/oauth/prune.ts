import type { Ctx } from '../../context.ts';
import { deleteUnusedDynamicClients } from './repo/clients.ts';
import { deleteExpired } from './repo/grants.ts';

const DAY_MS = 86_400_000;

/** The nightly clean-up: codes and tokens expired over a day ago, self-registrations nobody connected within a week. Returns how many rows went. */
export async function pruneOAuth(ctx: Pick<Ctx, 'db' | 'clock'>): Promise<number> {
  const now = ctx.clock.now().getTime();
  const expired = await deleteExpired(ctx.db, new Date(now - DAY_MS).toISOString());
  const clients = await deleteUnusedDynamicClients(ctx.db, new Date(now - 7 * DAY_MS).toISOString());
  return expired + clients;
}
