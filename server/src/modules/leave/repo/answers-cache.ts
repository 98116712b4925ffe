import type { Db } from '../../../context.ts';
import { defineJsonCache } from '../../../db/cache.ts';

/**
 * Leave lists are read far more often than leave changes: a whole answer is
 * kept until a table it is read from changes (leave rows, people and their
 * catalogues, the calendar that counts working days, the leave year). The
 * connection tracks every write to those tables, so nothing here is cleared.
 */
const answers = defineJsonCache({
  name: 'leave.answers',
  reads: [
    'leave_type',
    'leave_request',
    'leave_day',
    'leave_ledger',
    'employee',
    // The closure is written by triggers on employee and bumped with it (its foreign keys cascade); the per-date
    // away counts (leave_day_load) change only with leave_day and employee, both listed.
    'reporting_line',
    'department',
    'location',
    'designation',
    'user_account',
    'organisation',
    'location_policy',
    'holiday',
    'holiday_opt_in',
    // Each request lists its supporting files (documents module).
    'employee_document',
    'document_type',
  ],
});

/** The answer as JSON bytes, computed once per (caller view, query, day, state of the data). */
export async function cachedLeaveAnswer(db: Db, callerKey: string, query: unknown, today: string, compute: () => Promise<unknown>): Promise<Buffer> {
  return answers.get(db, `${today}|${callerKey}|${JSON.stringify(query)}`, compute);
}
