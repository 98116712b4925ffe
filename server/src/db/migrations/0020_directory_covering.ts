import type { Kysely } from 'kysely';

// Issue 18: a directory filter nobody asked before, at 15,000 employees, took
// 128 ms, nearly all in two statements (the page and the one-pass aggregates,
// `employees/repo.ts`) that found their rows through an index and then looked
// every one of them up in the table (EXPLAIN QUERY PLAN: `SEARCH employee USING
// INDEX employee_joined_date_ix`, then a row fetch per candidate; a name search
// alone scanned `employee_department_id_ix` the same way). These indexes carry
// the columns a filter tests and the aggregates read (search text, status,
// department, location, joined and exit dates), so either statement is answered
// from an index alone: the sort-key indexes serve the page in order and stop
// after it, the department one serves the aggregates already grouped. They
// replace the narrow ones of the same names (same leading columns, so every
// lookup those served is still served, and writes maintain as many indexes).
//
// Leave list (issue 18): a filter on requests ending on or after a day
// (`to_date >= ?`) counted by reading every request; `leave_request_to_ix`
// answers the count from the index.
//
// Multi-column B-tree indexes only: PostgreSQL runs the same statements (it
// would write the trailing columns as INCLUDE; both forms answer from the
// index). Frozen once shipped.

const FILTERED = ['search_text', 'status', 'department_id', 'location_id', 'joined_date', 'exit_date'];

const WIDE: Record<string, string[]> = {
  employee_full_name_ix: ['full_name', 'id', ...FILTERED],
  employee_joined_date_ix: ['joined_date', 'full_name', 'id', ...FILTERED.filter((c) => c !== 'joined_date')],
  employee_status_ix: ['status', 'full_name', 'id', ...FILTERED.filter((c) => c !== 'status')],
  // Leading with the aggregates' GROUP BY columns: a scan of it arrives grouped (no sort); the name and
  // id let a department's page be sorted from it too.
  employee_department_id_ix: ['department_id', 'location_id', 'status', 'joined_date', 'exit_date', 'search_text', 'full_name', 'id'],
};

const NARROW: Record<string, string[]> = {
  employee_full_name_ix: ['full_name', 'id'],
  employee_joined_date_ix: ['joined_date', 'full_name', 'id'],
  employee_status_ix: ['status', 'full_name', 'id'],
  employee_department_id_ix: ['department_id'],
};

async function replace(db: Kysely<unknown>, indexes: Record<string, string[]>): Promise<void> {
  for (const [name, columns] of Object.entries(indexes)) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on('employee').columns(columns).execute();
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replace(db, WIDE);
  await db.schema.createIndex('leave_request_to_ix').on('leave_request').columns(['to_date', 'from_date']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('leave_request_to_ix').execute();
  await replace(db, NARROW);
}
