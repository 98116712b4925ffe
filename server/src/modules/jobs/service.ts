import fs from 'node:fs';
import path from 'node:path';
import type { AuditCategory } from '../../../../shared/audit.ts';
import type { Job, JobFile, JobStatus } from '../../../../shared/jobs.ts';
import type { Permission } from '../../../../shared/permissions.ts';
import type { Clock } from '../../clock.ts';
import { type Ctx, type Db, requirePermission } from '../../context.ts';
import { conflict, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './repo.ts';

/**
 * One small job mechanism: start (answers at once), progress (polled),
 * result (a summary and/or a file under `<data dir>/jobs/`), cancel. Rows
 * are persisted, so a restart shows "failed: server restarted" instead of
 * "running" for ever. Each job names the permission needed to read, cancel
 * or download it; anyone without it is told it does not exist (404).
 */

export const RESTARTED = 'failed: server restarted';
/** Finished jobs' files are kept this long. */
const FILE_TTL_MS = 24 * 3600_000;
/** Progress is written at most this often (the last value always). */
const PROGRESS_EVERY_MS = 200;
/**
 * A running job's row is touched this often (its `updated_at`), progress or not: with several
 * instances, a row not touched for much longer belongs to an instance that stopped, and another
 * instance marks it failed (`failInterruptedJobs` with `staleAfterMs`). It also carries a cancel
 * asked for on another instance to the one running the job.
 */
export const HEARTBEAT_EVERY_MS = 20_000;

export class JobCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** What a job's work gets: progress, cancellation, and where to put its file. */
export interface JobRun {
  id: string;
  signal: AbortSignal;
  /** Records progress (throttled); throws `JobCancelled` once the job was cancelled. */
  progress(done: number, opts?: { total?: number; message?: string }): Promise<void>;
  /** A path for the job's file, `<data dir>/jobs/<id>.<ext>`. */
  filePath(ext: string): string;
}

export interface JobOutcome {
  file?: { path: string; filename: string; contentType: string };
  /** Anything else to keep with the job (JSON). */
  summary?: unknown;
}

export interface JobSpec {
  kind: string;
  title: string;
  /** Needed to start it, and to read, cancel or download it. */
  permission: Permission;
  total: number;
  params?: Record<string, unknown>;
  /** The data dir, for jobs that write a file. */
  dataDir?: string;
  /** A download of its file is audited under this category, on the downloader's record. */
  auditDownloadAs?: AuditCategory;
  run(job: JobRun): Promise<JobOutcome | undefined>;
}

interface StoredResult {
  file?: JobFile & { path: string };
  summary?: unknown;
}

/** Abort controllers of the jobs running in this process. */
const running = new Map<string, AbortController>();

function parseResult(row: repo.JobRow): StoredResult {
  return row.result ? (JSON.parse(row.result) as StoredResult) : {};
}

export function toJob(row: repo.JobRow): Job {
  const file = parseResult(row).file;
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    status: row.status as JobStatus,
    total: row.total,
    done: row.done,
    message: row.message,
    error: row.error,
    file: file ? { filename: file.filename, contentType: file.contentType, sizeBytes: file.sizeBytes, sha256: file.sha256 } : null,
    createdByName: row.created_by_name,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

function jobsDir(dataDir: string): string {
  return path.join(dataDir, 'jobs');
}

/** Removes the files of jobs that finished more than a day ago. */
async function pruneFiles(db: Db, clock: Clock, dataDir: string): Promise<void> {
  const dir = jobsDir(dataDir);
  if (!fs.existsSync(dir)) return;
  const old = new Set(await repo.finishedJobIdsBefore(db, new Date(clock.now().getTime() - FILE_TTL_MS).toISOString()));
  for (const name of fs.readdirSync(dir)) {
    if (old.has(name.split('.')[0] ?? '')) fs.rmSync(path.join(dir, name), { force: true });
  }
}

async function sha256File(file: string): Promise<{ sha256: string; size: number }> {
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Starts a job and answers at once with it; the work runs after this call
 * returns, outside any transaction (each of its steps opens its own).
 */
export async function startJob(ctx: Ctx, spec: JobSpec): Promise<Job> {
  requirePermission(ctx, spec.permission);
  if (ctx.db.isTransaction) throw new Error('startJob runs the work outside the caller transaction');
  const id = newId();
  const now = ctx.clock.now().toISOString();
  await repo.insertJobRow(ctx.db, {
    id,
    kind: spec.kind,
    title: spec.title,
    status: 'running',
    total: spec.total,
    done: 0,
    message: null,
    params: JSON.stringify({ ...(spec.params ?? {}), ...(spec.auditDownloadAs ? { auditDownloadAs: spec.auditDownloadAs } : {}) }),
    result: null,
    error: null,
    permission: spec.permission,
    cancel_requested: 0,
    created_by_user_id: ctx.caller.userId,
    created_by_name: ctx.caller.name,
    started_at: now,
    updated_at: now,
    finished_at: null,
  });
  if (spec.dataDir) await pruneFiles(ctx.db, ctx.clock, spec.dataDir);
  const controller = new AbortController();
  running.set(id, controller);
  let lastWrite = 0;
  let pending: { done: number; total?: number; message?: string } | null = null;
  const flush = async () => {
    if (!pending) return;
    const p = pending;
    pending = null;
    lastWrite = Date.now();
    await repo.updateJobRow(ctx.db, id, {
      done: p.done,
      ...(p.total !== undefined ? { total: p.total } : {}),
      ...(p.message !== undefined ? { message: p.message } : {}),
      updated_at: ctx.clock.now().toISOString(),
    });
  };
  const handle: JobRun = {
    id,
    signal: controller.signal,
    async progress(done, opts = {}) {
      if (controller.signal.aborted) throw new JobCancelled();
      pending = { done, ...(pending?.total !== undefined ? { total: pending.total } : {}), ...opts };
      if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) await flush();
    },
    filePath(ext) {
      if (!spec.dataDir) throw new Error(`job ${spec.kind} writes a file but was started without a data dir`);
      fs.mkdirSync(jobsDir(spec.dataDir), { recursive: true });
      return path.join(jobsDir(spec.dataDir), `${id}.${ext}`);
    },
  };
  const finish = async (status: JobStatus, patch: { error?: string | null; result?: string | null }) => {
    await flush();
    const at = ctx.clock.now().toISOString();
    await repo.updateJobRow(ctx.db, id, { status, ...patch, finished_at: at, updated_at: at });
  };
  const heartbeat = setInterval(() => {
    void (async () => {
      await repo.updateJobRow(ctx.db, id, { updated_at: ctx.clock.now().toISOString() });
      if ((await repo.findJobRow(ctx.db, id))?.cancel_requested) controller.abort();
    })().catch(() => undefined);
  }, HEARTBEAT_EVERY_MS);
  heartbeat.unref();
  const work = async () => {
    try {
      const outcome = await spec.run(handle);
      if (controller.signal.aborted) throw new JobCancelled();
      let stored: StoredResult = {};
      if (outcome?.file) {
        const { sha256, size } = await sha256File(outcome.file.path);
        stored = { file: { ...outcome.file, sizeBytes: size, sha256 } };
      }
      if (outcome?.summary !== undefined) stored.summary = outcome.summary;
      // A job that finished has done all of its work.
      const row = await repo.findJobRow(ctx.db, id);
      if (row && (pending?.done ?? row.done) < row.total) pending = { done: row.total };
      await finish('done', { result: JSON.stringify(stored), error: null });
    } catch (err) {
      if (err instanceof JobCancelled || controller.signal.aborted) {
        const row = await repo.findJobRow(ctx.db, id).catch(() => undefined);
        await finish('cancelled', { error: row?.message?.startsWith('Cancelled') ? row.message : 'Cancelled' }).catch(() => undefined);
      } else {
        await finish('failed', { error: err instanceof Error ? err.message : String(err) }).catch(() => undefined);
      }
    } finally {
      clearInterval(heartbeat);
      running.delete(id);
    }
  };
  setImmediate(() => void work());
  return toJob((await repo.findJobRow(ctx.db, id)) as repo.JobRow);
}

/** The job if the caller may see it (its permission), else 404; `kind` narrows it to one kind. */
async function visibleJob(ctx: Ctx, id: string, kind?: string): Promise<repo.JobRow> {
  const row = await repo.findJobRow(ctx.db, id);
  const allowed = row && (ctx.caller.kind === 'system' || ctx.caller.permissions.includes(row.permission as Permission));
  if (!row || !allowed || (kind !== undefined && row.kind !== kind)) throw notFound('Job');
  return row;
}

export async function getJob(ctx: Ctx, id: string): Promise<Job> {
  return toJob(await visibleJob(ctx, id));
}

/** A job's row and parameters, for the module that started it (its own contract, e.g. attendance's RecomputeJob). */
export async function getJobOfKind(ctx: Ctx, id: string, kind: string): Promise<{ job: Job; params: Record<string, unknown> }> {
  const row = await visibleJob(ctx, id, kind);
  return { job: toJob(row), params: JSON.parse(row.params) as Record<string, unknown> };
}

/** Asks a running job to stop; it ends `cancelled` at its next step. 409 when it is not running. */
export async function cancelJob(ctx: Ctx, id: string): Promise<Job> {
  const row = await visibleJob(ctx, id);
  if (row.status !== 'running') throw conflict(`The job has already ended (${row.status}).`);
  await repo.updateJobRow(ctx.db, id, { cancel_requested: 1, message: `Cancelled by ${ctx.caller.name}`, updated_at: ctx.clock.now().toISOString() });
  const controller = running.get(id);
  if (controller) controller.abort();
  else if (Date.parse(row.updated_at) > ctx.clock.now().getTime() - 3 * HEARTBEAT_EVERY_MS) {
    // Running on another instance sharing the database: its heartbeat reads the request and stops it.
  } else {
    // Nobody runs it any more (its instance stopped): ended here.
    const at = ctx.clock.now().toISOString();
    await repo.updateJobRow(ctx.db, id, { status: 'cancelled', error: `Cancelled by ${ctx.caller.name}`, finished_at: at, updated_at: at });
  }
  return toJob((await repo.findJobRow(ctx.db, id)) as repo.JobRow);
}

export interface JobDownload {
  path: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

/** The file of a finished job (404 while it has none; 409 while it runs); a download is audited when the job says so. */
export async function jobFile(ctx: Ctx, id: string): Promise<JobDownload> {
  const row = await visibleJob(ctx, id);
  if (row.status === 'running') throw conflict('The job is still running.');
  const file = parseResult(row).file;
  if (row.status !== 'done' || !file || !fs.existsSync(file.path)) throw notFound('The job’s file');
  const params = JSON.parse(row.params) as { auditDownloadAs?: AuditCategory };
  if (params.auditDownloadAs && ctx.caller.employeeId) {
    await recordAudit(ctx, {
      employeeId: ctx.caller.employeeId,
      category: params.auditDownloadAs,
      action: 'job.downloaded',
      summary: `Downloaded ${file.filename} (${row.title}; SHA-256 ${file.sha256.slice(0, 12)}…)`,
    });
  }
  return { path: file.path, filename: file.filename, contentType: file.contentType, sizeBytes: file.sizeBytes, sha256: file.sha256 };
}

/**
 * A job that was running when its server stopped will never finish. At the start of the only
 * instance, that is every running job; with several instances (`staleAfterMs`), only those whose
 * heartbeat stopped that long ago: the others run on a live instance.
 */
export async function failInterruptedJobs(db: Db, clock: Clock, options: { staleAfterMs?: number } = {}): Promise<number> {
  const now = clock.now();
  const touchedBefore = options.staleAfterMs === undefined ? undefined : new Date(now.getTime() - Math.max(options.staleAfterMs, 3 * HEARTBEAT_EVERY_MS)).toISOString();
  return repo.failRunningJobs(db, RESTARTED, now.toISOString(), touchedBefore);
}
