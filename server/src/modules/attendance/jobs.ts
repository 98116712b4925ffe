import type { RecomputeInput, RecomputeJob } from '../../../../shared/attendance/index.ts';
import { addDays } from '../../../../shared/dates.ts';
import { type Ctx, requirePermission } from '../../context.ts';
import type { Job } from '../../../../shared/jobs.ts';
import { AppError, badRequest, notFound } from '../../http/problem.ts';
import { getJobOfKind, startJob } from '../jobs/index.ts';
import { countEmployeeDays, dayOfInstant, reconcileRange } from './days.ts';
import { directoryOf, employedOn } from './policy-cache.ts';
import * as daysRepo from './repo/days.ts';
import { terminalSync } from './repo/terminals.ts';

/**
 * Scheduled and long-running reconciliation: closing yesterday, sweeping
 * days that became final or were marked dirty, and "recompute range" with
 * progress, run in small transactions so the server stays responsive.
 */

const MAX_RANGE_DAYS = 366;
/** Employee-days per transaction of a recompute. */
const CHUNK_EMPLOYEE_DAYS = 3000;

/**
 * Closes the last `days` days up to yesterday: every employee-day that has
 * no record yet, is still provisional or is dirty is reconciled (absent
 * where nothing came and the day is final). A PC that was off catches up.
 */
export async function closeDays(ctx: Ctx, days = 7): Promise<number> {
  const today = dayOfInstant(ctx.clock.now().getTime(), ctx.timeZone);
  const to = addDays(today, -1);
  const from = addDays(today, -days);
  const directory = await directoryOf(ctx.db);
  const rows = await daysRepo.listDayStates(ctx.db, from, to);
  const done = new Set(rows.filter((r) => r.frozen === 1 || (r.provisional === 0 && r.dirty === 0)).map((r) => `${r.employee_id}|${r.date}`));
  const todo = new Map<string, { from: string; to: string }>();
  for (const e of directory.list) {
    for (let d = from; d <= to; d = addDays(d, 1)) {
      if (!employedOn(e, d) || done.has(`${e.id}|${d}`)) continue;
      const span = todo.get(e.id);
      if (!span) todo.set(e.id, { from: d, to: d });
      else span.to = d;
    }
  }
  let written = 0;
  // Group employees with the same span so each group is one bulk reconciliation.
  const groups = new Map<string, string[]>();
  for (const [id, span] of todo) {
    const key = `${span.from}|${span.to}`;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  for (const [key, ids] of groups) {
    const [a, b] = key.split('|') as [string, string];
    for (let i = 0; i < ids.length; i += 200) {
      written += (await reconcileRange(ctx, ids.slice(i, i + 200), a, b)).written;
      await yieldToRequests();
    }
  }
  return written;
}

/** SQLite answers synchronously: let waiting requests in between chunks of a long job. */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Reconciles provisional days whose window has ended (and whose terminals have reported) and dirty days. */
export async function sweepDays(ctx: Ctx, limit = 5000): Promise<number> {
  const nowIso = ctx.clock.now().toISOString();
  const [candidates, directory, sync] = await Promise.all([daysRepo.daysToSweep(ctx.db, nowIso, limit), directoryOf(ctx.db), terminalSync(ctx.db)]);
  // The slowest terminal of each location (synced: reached with nothing left to deliver); '' (before any instant) for one never synced.
  const slowest = new Map<string, string>();
  for (const t of sync) {
    if (!t.location_id) continue;
    const contact = t.synced_until ?? '';
    const known = slowest.get(t.location_id);
    if (known === undefined || contact < known) slowest.set(t.location_id, contact);
  }
  const windows = await daysRepo.listOpenDayWindows(ctx.db, candidates[0]?.date ?? '9999-12-31');
  const windowEnd = new Map(windows.map((w) => [`${w.employee_id}|${w.date}`, w]));
  // One bulk reconciliation per day, in chunks, rather than one per employee-day.
  const byDate = new Map<string, string[]>();
  for (const c of candidates) {
    const w = windowEnd.get(`${c.employee_id}|${c.date}`);
    const location = directory.byId.get(c.employee_id)?.locationId;
    const synced = location ? slowest.get(location) : undefined;
    // Still waiting for a terminal: reconciling would change nothing.
    if (w && w.dirty === 0 && synced !== undefined && synced < w.window_end) continue;
    byDate.set(c.date, [...(byDate.get(c.date) ?? []), c.employee_id]);
  }
  let n = 0;
  for (const [date, ids] of byDate) {
    for (let i = 0; i < ids.length; i += 500) {
      n += (await reconcileRange(ctx, ids.slice(i, i + 500), date, date)).written;
      await yieldToRequests();
    }
  }
  return n;
}

const RECOMPUTE = 'attendance.recompute';

/** The shared job as attendance's RecomputeJob contract (a cancelled job reads as failed, its error saying so). */
function toRecomputeJob(job: Job, params: Record<string, unknown>): RecomputeJob {
  return {
    id: job.id,
    from: String(params.from),
    to: String(params.to),
    employeeId: typeof params.employeeId === 'string' ? params.employeeId : null,
    total: job.total,
    done: job.done,
    status: job.status === 'cancelled' ? 'failed' : job.status,
    error: job.error,
    createdByName: job.createdByName,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}

export async function getRecomputeJob(ctx: Ctx, id: string): Promise<RecomputeJob> {
  requirePermission(ctx, 'attendance:manage');
  try {
    const { job, params } = await getJobOfKind(ctx, id, RECOMPUTE);
    return toRecomputeJob(job, params);
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw notFound('Recompute job');
    throw err;
  }
}

/**
 * Starts reconciling a range again (all employees or one) and answers at
 * once with the job (the shared job mechanism: progress, cancel, restart);
 * the work runs in chunks, each its own transaction, and the job's `done`
 * counts employee-days as they are written.
 */
export async function startRecompute(ctx: Ctx, input: RecomputeInput): Promise<RecomputeJob> {
  requirePermission(ctx, 'attendance:manage');
  if (ctx.db.isTransaction) throw new Error('startRecompute runs its own transactions');
  const today = dayOfInstant(ctx.clock.now().getTime(), ctx.timeZone);
  if (input.from > input.to) throw badRequest('`from` is after `to`.', [{ path: 'body.from', message: 'must not be after to' }]);
  if (input.from > today) throw badRequest('Nothing to recompute in the future.', [{ path: 'body.from', message: 'must not be in the future' }]);
  const to = input.to > today ? today : input.to;
  if (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${input.from}T00:00:00Z`) > MAX_RANGE_DAYS * 86_400_000) {
    throw badRequest(`Recompute at most ${MAX_RANGE_DAYS} days at a time.`, [{ path: 'body.to', message: `range longer than ${MAX_RANGE_DAYS} days` }]);
  }
  const directory = await directoryOf(ctx.db);
  const employeeId = input.employeeId?.toLowerCase() ?? null;
  const employees = employeeId ? directory.list.filter((e) => e.id === employeeId) : directory.list;
  if (employeeId && employees.length === 0) throw badRequest('No such employee.', [{ path: 'body.employeeId', message: 'no such employee' }]);
  const total = countEmployeeDays(employees, input.from, to);
  const job = await startJob(ctx, {
    kind: RECOMPUTE,
    title: `Recompute attendance ${input.from} to ${to}`,
    permission: 'attendance:manage',
    total,
    params: { from: input.from, to, employeeId },
    run: async (run) => {
      let done = 0;
      const days = Math.max(1, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${input.from}T00:00:00Z`)) / 86_400_000) + 1);
      const perChunk = Math.max(1, Math.floor(CHUNK_EMPLOYEE_DAYS / days));
      for (let i = 0; i < employees.length; i += perChunk) {
        const chunk = employees.slice(i, i + perChunk);
        const r = await reconcileRange(ctx, chunk.map((e) => e.id), input.from, to);
        done += r.written + r.frozenKept;
        await run.progress(done, { message: `${Math.min(i + perChunk, employees.length)} of ${employees.length} employees` });
        await yieldToRequests();
      }
      return undefined;
    },
  });
  return toRecomputeJob(job, { from: input.from, to, employeeId });
}
