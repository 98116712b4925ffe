import type { Db } from '../../context.ts';
import type { CalendarFeedTable } from '../../db/schema.ts';

export async function findFeedOfUser(db: Db, userId: string) {
  return db.selectFrom('calendar_feed').select(['id', 'user_id', 'created_at', 'last_used_at']).where('user_id', '=', userId).executeTakeFirst();
}

export async function findFeedByHash(db: Db, tokenHash: string) {
  return db.selectFrom('calendar_feed').select(['id', 'user_id', 'token_hash', 'last_used_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** One feed per person: a new token replaces the old one. */
export async function replaceFeed(db: Db, row: CalendarFeedTable): Promise<void> {
  await db.deleteFrom('calendar_feed').where('user_id', '=', row.user_id).execute();
  await db.insertInto('calendar_feed').values(row).execute();
}

export async function deleteFeedOfUser(db: Db, userId: string): Promise<number> {
  const r = await db.deleteFrom('calendar_feed').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function markFeedUsed(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('calendar_feed').set({ last_used_at: at }).where('id', '=', id).execute();
}
