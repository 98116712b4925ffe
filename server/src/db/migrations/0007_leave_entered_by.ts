import type { Kysely } from 'kysely';

// Who recorded a leave request for the employee (HR entering leave after the
// fact): the recorder's employee id, when they are one, and their name as it
// was. Both null when the employee applied. Frozen once shipped.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('leave_request')
    .addColumn('entered_by', 'text', (c) => c.references('employee.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('leave_request').addColumn('entered_by_name', 'text').execute();
}
