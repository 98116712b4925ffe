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
import { systemCtx } from '../wiring.ts';

export interface Job {
  name: string;
  /** Cron expression in the organisation's time zone. */
  schedule: string;
  /** Also run once at start-up, to catch up after the PC was off (before the server takes requests: their answers depend on it). */
  catchUpAtStart: boolean;
  /** That catch-up runs alongside requests instead: nothing waits for it (the backup). */
  catchUpInBackground?: boolean;
  /** `deps` is there for jobs that work on files (the backup). */
  run(ctx: Ctx, deps: Pick<AppDeps, 'config'>): Promise<string>;
}

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
      const r = await checkAllFilings(ctx, config.dataDir);
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
    run: async (ctx, { config }) => applyDocumentRetention(ctx, documentStore(config.dataDir), config.documentRetentionDays),
  },
  {
    // A consistent copy of the database and the document files it refers to, in <data dir>/backups, the newest 14 kept;
    // at start-up only when the last is over a day old.
    name: 'database-backup',
    schedule: '30 2 * * *',
    catchUpAtStart: true,
    catchUpInBackground: true,
    run: async (ctx, { config }) => {
      // SQLite's online backup copies the file; a PostgreSQL database is backed up by its operator (pg_dump, PITR).
      if (config.databaseUrl) return 'backup skipped: on PostgreSQL the operator backs up the database (pg_dump or PITR)';
      const last = newestBackupAt(config.dataDir);
      if (last && ctx.clock.now().getTime() - last.getTime() < 20 * 3_600_000) return `backup skipped: the last is from ${last.toISOString()}`;
      const r = await backupDatabase(config.databaseFile, config.dataDir, ctx.clock.now()).catch(async (err: unknown) => {
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

/** Schedules every job with node-cron; a failing run is logged and retried at its next time. */
export async function startScheduler(deps: AppDeps, jobs: Job[] = JOBS): Promise<Scheduler> {
  const settings = await orgSettings(deps.db);
  const runJob = async (job: Job) => {
    const ctx = await systemCtx(deps);
    try {
      deps.logger.info({ job: job.name, result: await job.run(ctx, deps) }, 'job finished');
    } catch (err) {
      deps.logger.error({ job: job.name, err }, 'job failed');
    }
  };
  const tasks: ScheduledTask[] = jobs.map((job) =>
    cron.schedule(job.schedule, () => runJob(job), { name: job.name, timezone: settings.timeZone, noOverlap: true }),
  );
  const catchUps = jobs.filter((j) => j.catchUpAtStart);
  for (const job of catchUps.filter((j) => !j.catchUpInBackground)) await runJob(job);
  const background = Promise.all(catchUps.filter((j) => j.catchUpInBackground).map(runJob));
  return {
    async stop() {
      for (const t of tasks) await t.destroy();
      await background;
    },
  };
}
