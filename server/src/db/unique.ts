/**
 * A unique constraint refusing a write, on either engine. The application checks a "one" rule
 * with a read first and answers a detailed 409; when two connections pass that read at once, the
 * constraint (migration 0017 and older ones) refuses the second write. The caller turns that into
 * the same 409 the check gives, instead of a 500: the transaction is rolled back as a whole (the
 * error propagates), so nothing is half written. On PostgreSQL the failed statement has aborted
 * the transaction anyway, so nothing more may be read in it.
 */

interface DriverError {
  code?: unknown;
  message?: unknown;
  table?: unknown;
}

/**
 * True when `error` is a unique (or primary key) violation on `table`: SQLite's
 * SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY (better-sqlite3 names the table in the message:
 * "UNIQUE constraint failed: leave_day.employee_id, …") or PostgreSQL's 23505 (`pg` gives the table).
 */
export function isUniqueViolation(error: unknown, table: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, table: pgTable } = error as DriverError;
  if (code === '23505') return pgTable === table;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return typeof message === 'string' && message.includes(` ${table}.`);
  }
  return false;
}

/** Runs a write; a unique violation on `table` becomes `refusal()` (the rule's own 409), anything else propagates as it is. */
export async function refuseDuplicate<T>(table: string, write: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, table)) throw refusal();
    throw error;
  }
}
