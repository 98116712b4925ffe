import type { Kysely } from 'kysely';

// Terminal user ids that are not plain numbers ("A12", "007"): the connector
// reports them per terminal, an administrator maps each to the integer the
// ingest contract carries. Frozen once shipped.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('terminal_raw_user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('terminal_id', 'text', (c) => c.notNull().references('terminal.id').onDelete('cascade'))
    .addColumn('raw_user_id', 'text', (c) => c.notNull())
    .addColumn('records', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_reported_at', 'text')
    .addColumn('last_reported_at', 'text')
    .addColumn('terminal_user_id', 'integer')
    .addColumn('mapped_by_name', 'text')
    .addColumn('mapped_at', 'text')
    .addUniqueConstraint('terminal_raw_user_uq', ['terminal_id', 'raw_user_id'])
    // Two raw ids of one terminal never become the same number: that would merge two people.
    .addUniqueConstraint('terminal_raw_user_number_uq', ['terminal_id', 'terminal_user_id'])
    .execute();
}

