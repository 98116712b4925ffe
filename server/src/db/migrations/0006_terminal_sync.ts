import { type Kysely, sql } from 'kysely';

// What the connector says about a terminal, kept apart from "heard from it":
// - synced_until: the last moment the terminal was reachable with nothing left
//   to deliver (a keep-alive, online, backlog 0). Attendance treats a
//   location's days as complete up to the slowest terminal's synced_until;
//   last_contact_at only says the terminal was reachable.
// - connector_state_since: when the reported state last changed, so a terminal
//   the connector has never reached still gets an offline notice.
// Existing rows start synced where they were last heard from (the old rule).
// Frozen once shipped.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('terminal').addColumn('synced_until', 'text').execute();
  await db.schema.alterTable('terminal').addColumn('connector_state_since', 'text').execute();
  await sql`UPDATE terminal SET synced_until = last_contact_at`.execute(db);
}
