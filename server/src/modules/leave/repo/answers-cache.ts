import type { Db } from '../../../context.ts';
import { type TableSource, defineCache, defineKeptById } from '../../../db/cache.ts';

/**
 * Leave lists are read far more often than leave changes: a whole answer is
 * kept until a table it is read from changes (leave rows, people and their
 * catalogues, the calendar that counts working days, the leave year). The
 * connection tracks every write to those tables, so nothing here is cleared.
 */
const READS: readonly TableSource[] = [
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
];

/**
 * Room for whole lists: a page of 50 records with their timelines and context is ≈ 84 KB, so the
 * 16 MiB default held fewer than 200 pages — and someone walking a list longer than the cache
 * (10,000 requests, 200 pages) found every page evicted just before they came back to it (least
 * recently used goes first), so "pages seen before" ran their statements every time.
 */
const ANSWER_BYTES = 64 * 1024 * 1024;

const answers = defineCache<Buffer>({ name: 'leave.answers', reads: READS, maxBytes: ANSWER_BYTES });

/**
 * Each request's record as JSON bytes, per (day, caller view): a list asked with a new filter, page or page size is
 * mostly records someone was shown before, so only the ones never presented since the last change are computed.
 * A record's context and balance read only the tables above, so the same writes clear both caches. At most 16 MiB
 * per view (an HR admin, each manager) and 4 views (64 MiB in all, as the answers).
 */
const records = defineKeptById<Buffer>({ name: 'leave.records', reads: READS, maxScopes: 4, maxBytesPerScope: 16 * 1024 * 1024, sizeOf: (json) => json.length });

/**
 * A list's total and pending counts do not depend on the page: people paging
 * through one list (or the console asking for a new page size) count once per
 * state of the data. The total is keyed by the caller's view and the filter
 * without paging; the pending counts, which no filter changes, by the view alone.
 */
const counts = defineCache<unknown>({ name: 'leave.counts', reads: READS, maxEntries: 500 });

/** The answer as JSON bytes, computed once per (caller view, query, day, state of the data). */
export async function cachedLeaveCounts<T>(db: Db, callerKey: string, filter: unknown, compute: () => Promise<T>): Promise<T> {
  return (await counts.get(db, `${callerKey}|${JSON.stringify(filter)}`, compute)) as T;
}

export async function cachedLeaveAnswer(db: Db, callerKey: string, query: unknown, today: string, compute: () => Promise<Buffer>): Promise<Buffer> {
  return answers.get(db, `${today}|${callerKey}|${JSON.stringify(query)}`, compute);
}

/** The JSON records of these requests (as `callerKey` sees them today), the missing ones presented together by `present`. */
export async function cachedLeaveRecords(
  db: Db,
  callerKey: string,
  today: string,
  ids: readonly string[],
  present: (ids: string[]) => Promise<ReadonlyMap<string, Buffer>>,
): Promise<Buffer[]> {
  const kept = await records.get(db, `${today}|${callerKey}`, ids, present);
  return ids.flatMap((id) => kept.get(id) ?? []);
}
