import type { Kysely } from 'kysely';

// Issue 21: the language each person reads Muster in (null: the organisation's)
// and the organisation's default language (a BCP 47 tag Muster ships: en-IN,
// hi-IN, mr-IN, kn-IN, ta-IN). Frozen once shipped.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_account').addColumn('locale', 'text').execute();
  await db.schema.alterTable('organisation').addColumn('default_locale', 'text', (c) => c.notNull().defaultTo('en-IN')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organisation').dropColumn('default_locale').execute();
  await db.schema.alterTable('user_account').dropColumn('locale').execute();
}
