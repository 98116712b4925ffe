import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import cron, { type ScheduledTask } from 'node-cron';
import { backupDatabase, newestBackupAt } from './backup.ts';
import type { AppDeps, Ctx } from '../context.ts';
import { announceFinalDays, closeDays, sweepDays } from '../modules/attendance/index.ts';
import { pruneSessions } from '../modules/auth/index.ts';
import { checkAllFilings } from '../modules/compliance/index.ts';
import { applyDocumentRetention, documentStore, remindExpiringDocuments } from '../modules/documents/index.ts';
import { completeDueExits } from '../modules/employees/index.ts';
import { sendMorningDigest } from '../modules/email/index.ts';
import { runLeaveLedger } from '../modules/leave/index.ts';
import { pruneOAuth } from '../modules/oauth/index.ts';
import { notify } from '../modules/notifications/index.ts';
import { orgSettings } from '../modules/org/index.ts';
import { notifyOfflineTerminals } from '../modules/terminals/index.ts';
import { failInterruptedJobs } from '../modules/jobs/index.ts';
import { systemCtx } from '../wiring.ts';
import * as leases from './lease-repo.ts';

export interface Job {
  name: string;
  /** Cron expression in the organisation's time zone. */
  schedule: string;
  /** Also run once at start-up, to catch up after the PC was off (before the server takes requests: their answers depend on it). */
  catchUpAtStart: boolean;
  /** That catch-up runs alongside requests instead: nothing waits for it (the backup). */
  catchUpInBackground?: boolean;
  /** `deps` is there for jobs that work on files (the backup); `slot` names the firing (its scheduled time, UTC). */
  run(ctx: Ctx, deps: Pick<AppDeps, 'config'>, run?: { slot: string }): Promise<string>;
}

/** What the backup job answers on PostgreSQL, where Muster takes no copies of its own. */
export const POSTGRES_BACKUP_NOTE = 'backup skipped: on PostgreSQL, backups are the operator’s pg_dump or point-in-time recovery (docs/deployment.md)';

export const JOBS: Job[] = [
  {
    name: 'complete-due-exits',
    schedule: '5 0 * * *',
    catchUpAtStart: true,
    run: async (ctx) => `${await completeDueExits(ctx)} notice period(s) ended`,
  },
  {
    // Grants, monthly accruals, year-end carry forward / lapse and comp-off expiry, catching up missed periods.
    name: 'leave-accrual-and-year-end',
    schedule: '10 0 * * *',
    catchUpAtStart: true,
    run: async (ctx) => {
      const r = await runLeaveLedger(ctx);
      return `${r.entries} leave ledger entr${r.entries === 1 ? 'y' : 'ies'} for ${r.employees} employee(s)`;
    },
  },
  {
    // Closes yesterday (and any day missed while the PC was off): absent where nothing came.
    name: 'attendance-close-days',
    schedule: '20 0 * * *',
    catchUpAtStart: true,
    run: async (ctx) => `${await closeDays(ctx)} attendance day(s) closed`,
  },
  {
    // Days that became final (window over, terminals reported) or were marked dirty.
    name: 'attendance-sweep',
    schedule: '*/10 * * * *',
    catchUpAtStart: false,
    run: async (ctx) => `${await sweepDays(ctx)} attendance day(s) swept`,
  },
  {
    // Location days every terminal has reported past and whose days are all final: the attendance.day.final webhook.
    name: 'attendance-final-events',
    schedule: '5-59/10 * * * *',
    catchUpAtStart: false,
    run: async (ctx) => `${await announceFinalDays(ctx)} location day(s) announced final`,
  },
  {
    name: 'terminals-offline',
    schedule: '*/5 * * * *',
    catchUpAtStart: false,
    run: async (ctx) => `${await notifyOfflineTerminals(ctx)} offline terminal(s) reported`,
  },
  {
    // Filed periods whose data changed since filing get their amendment recorded (and audited) even if nobody opens them.
    name: 'compliance-amendments',
    schedule: '45 1 * * *',
    catchUpAtStart: false,
    run: async (ctx, { config }) => {
      const r = await checkAllFilings(ctx, config.filesDir);
      return `${r.amended} filed period(s) amended after filing${r.unreadable.length ? `; stored copy unreadable: ${r.unreadable.join('; ')}` : ''}`;
    },
  },
  {
    // Employees hear once about each document expiring within its type's reminder period (or expired while the PC was off).
    name: 'documents-expiry-reminders',
    schedule: '40 0 * * *',
    catchUpAtStart: true,
    run: async (ctx) => `${await remindExpiringDocuments(ctx)} document expiry reminder(s) sent`,
  },
  {
    // Stray uploads; with MUSTER_DOCUMENT_RETENTION_DAYS set, the bytes of documents deleted longer ago than that.
    name: 'documents-retention',
    schedule: '50 3 * * *',
    catchUpAtStart: false,
    run: async (ctx, { config }) => applyDocumentRetention(ctx, documentStore(config.filesDir), config.documentRetentionDays),
  },
  {
    // A consistent copy of the database and the document files it refers to, in <data dir>/backups, the newest 14 kept;
    // at start-up only when the last is over a day old.
    name: 'database-backup',
    schedule: '30 2 * * *',
    catchUpAtStart: true,
    catchUpInBackground: true,
    run: async (ctx, { config }) => {
      // PostgreSQL is the operator's to back up (pg_dump, or base backups with WAL archiving for PITR): docs/deployment.md.
      if (config.databaseUrl !== undefined) return POSTGRES_BACKUP_NOTE;
      const last = newestBackupAt(config.dataDir);
      if (last && ctx.clock.now().getTime() - last.getTime() < 20 * 3_600_000) return `backup skipped: the last is from ${last.toISOString()}`;
      const r = await backupDatabase(config.databaseFile, config.dataDir, ctx.clock.now(), undefined, config.filesDir).catch(async (err: unknown) => {
        // Administrators hear of it (in-app, and by e-mail if they chose alerts by e-mail).
        await notify(ctx, { roles: ['Admin'] }, {
          kind: 'backup.failed',
          title: 'The nightly database backup failed',
          body: `${err instanceof Error ? err.message : String(err)}. The last good backup is ${last ? `from ${last.toISOString()}` : 'missing'}; check the disk of ${config.dataDir}/backups.`,
          link: '/settings/organisation',
        });
        throw err;
      });
      return (
        `backup ${path.basename(r.file)} (${Math.round(r.bytes / 1024)} KiB) with ${r.documents} document file(s)` +
        `${r.missingDocuments ? `, ${r.missingDocuments} document file(s) MISSING from the data dir` : ''}` +
        `${r.removed.length ? `, ${r.removed.length} old one(s) removed` : ''}`
      );
    },
  },
  {
    // Managers who chose it: what waits for them, who is on leave today (only when the digest is on in the e-mail settings).
    name: 'email-morning-digest',
    schedule: '0 8 * * *',
    catchUpAtStart: false,
    run: async (ctx) => `${await sendMorningDigest(ctx, (caller) => Promise.resolve({ ...ctx, caller }))} morning digest(s) queued`,
  },
  {
    name: 'prune-sessions',
    schedule: '15 3 * * *',
    catchUpAtStart: false,
    run: async (ctx) => `${await pruneSessions(ctx)} old session(s) removed`,
  },
  {
    name: 'prune-oauth',
    schedule: '20 3 * * *',
    catchUpAtStart: false,
    run: async (ctx) => `${await pruneOAuth(ctx)} expired OAuth code(s), token(s) and unused app registration(s) removed`,
  },
];

export interface Scheduler {
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  /** How long a claimed run is held without renewal before another instance takes it over. */
  leaseMs?: number;
  /** How often each instance looks for runs to take over (and for jobs a stopped instance left running). */
  checkEveryMs?: number;
}

const LEASE_MS = 5 * 60_000;
/** A start-up catch-up is left out when an instance claimed the job this recently: it is not behind. */
const CATCH_UP_QUIET_MS = 10 * 60_000;
const CHECK_EVERY_MS = 60_000;

/** A scheduled time as a slot name: to the second, so every instance names a firing alike (each by its own clock). */
function slotOf(at: Date): string {
  return new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString();
}

/**
 * Schedules every job with node-cron; a failing run is logged and retried at its next time.
 *
 * With several instances on one database (`config.sharedDatabase`) every
 * instance schedules every job, and each firing is claimed in `job_lease`
 * first (`lease-repo.ts`): one instance wins the slot, the others skip it. The
 * winner renews its lease while the run lasts; an instance that stops (crash,
 * power) stops renewing, and once the lease has run out the next instance to
 * look takes the unfinished run over. On one PC nothing of this runs: not one
 * statement more than before.
 */
export async function startScheduler(deps: AppDeps, jobs: Job[] = JOBS, options: SchedulerOptions = {}): Promise<Scheduler> {
  const settings = await orgSettings(deps.db);
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const holder = `${os.hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  };
  const execute = async (job: Job, slot: string) => {
    const ctx = await systemCtx(deps);
    try {
      deps.logger.info({ job: job.name, slot, result: await job.run(ctx, deps, { slot }) }, 'job finished');
    } catch (err) {
      deps.logger.error({ job: job.name, slot, err }, 'job failed');
    }
  };
  const leaseUntil = () => new Date(Date.now() + leaseMs).toISOString();
  /** Runs a slot this instance holds, renewing the lease until it ends. */
  const holding = async (job: Job, slot: string) => {
    const renew = setInterval(() => {
      void leases.renewLease(deps.db, job.name, holder, leaseUntil()).catch((err: unknown) => deps.logger.warn({ job: job.name, err }, 'job lease not renewed'));
    }, Math.max(50, Math.floor(leaseMs / 3)));
    try {
      await execute(job, slot);
    } finally {
      clearInterval(renew);
      await leases.finishLease(deps.db, job.name, holder, new Date().toISOString()).catch((err: unknown) => deps.logger.warn({ job: job.name, err }, 'job lease not released'));
    }
  };
  const shared = deps.config.sharedDatabase;
  const runJob = async (job: Job, at: Date, catchUp = false) => {
    const slot = slotOf(at);
    if (!shared) return execute(job, slot);
    let won = false;
    try {
      const claimedBefore = catchUp ? slotOf(new Date(at.getTime() - CATCH_UP_QUIET_MS)) : slot;
      won = await leases.claimSlot(deps.db, job.name, slot, holder, new Date().toISOString(), leaseUntil(), claimedBefore);
    } catch (err) {
      deps.logger.error({ job: job.name, slot, err }, 'job slot not claimed');
    }
    if (won) await holding(job, slot);
  };
  if (shared) for (const job of jobs) await leases.ensureLease(deps.db, job.name, new Date().toISOString());
  const tasks: ScheduledTask[] = jobs.map((job) =>
    cron.schedule(job.schedule, (context) => track(runJob(job, context.date)), { name: job.name, timezone: settings.timeZone, noOverlap: true }),
  );
  const checks = shared
    ? setInterval(() => {
        void track(
          (async () => {
            // Jobs started from a screen (the recompute, a bundle) whose instance stopped: failed, not "running" for ever.
            await failInterruptedJobs(deps.db, deps.clock, { staleAfterMs: leaseMs });
            for (const job of jobs) {
              const slot = await leases.takeOverStale(deps.db, job.name, holder, new Date().toISOString(), leaseUntil());
              if (slot === undefined) continue;
              deps.logger.warn({ job: job.name, slot }, 'job taken over from a stopped instance');
              await holding(job, slot);
            }
          })().catch((err: unknown) => deps.logger.error({ err }, 'job lease check failed')),
        );
      }, options.checkEveryMs ?? CHECK_EVERY_MS)
    : undefined;
  const catchUps = jobs.filter((j) => j.catchUpAtStart);
  const started = new Date();
  for (const job of catchUps.filter((j) => !j.catchUpInBackground)) await runJob(job, started, true);
  const background = Promise.all(catchUps.filter((j) => j.catchUpInBackground).map((j) => track(runJob(j, started, true))));
  return {
    async stop() {
      clearInterval(checks);
      for (const t of tasks) await t.destroy();
      await background;
      await Promise.all([...inFlight]);
    },
  };
}
