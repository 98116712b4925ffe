import cron, { type ScheduledTask } from 'node-cron';
import { type AppDeps, type Ctx, systemCaller } from '../context.ts';
import { completeDueExits } from '../modules/employees/service.ts';
import { orgSettings } from '../modules/org/settings-cache.ts';

export interface Job {
  name: string;
  /** Cron expression in the organisation's time zone. */
  schedule: string;
  /** Also run once at start-up, to catch up after the PC was off. */
  catchUpAtStart: boolean;
  run(ctx: Ctx): Promise<string>;
}

export const JOBS: Job[] = [
  {
    name: 'complete-due-exits',
    schedule: '5 0 * * *',
    catchUpAtStart: true,
    run: async (ctx) => `${await completeDueExits(ctx)} notice period(s) ended`,
  },
  {
    name: 'prune-sessions',
    schedule: '15 3 * * *',
    catchUpAtStart: false,
    run: async (ctx) => {
      const cutoff = new Date(ctx.clock.now().getTime() - 30 * 86_400_000).toISOString();
      const r = await ctx.db.deleteFrom('session').where('expires_at', '<', cutoff).executeTakeFirst();
      return `${Number(r.numDeletedRows)} old session(s) removed`;
    },
  },
];

export interface Scheduler {
  stop(): Promise<void>;
}

/** Schedules every job with node-cron; a failing run is logged and retried at its next time. */
export async function startScheduler(deps: AppDeps, jobs: Job[] = JOBS): Promise<Scheduler> {
  const settings = await orgSettings(deps.db);
  const runJob = async (job: Job) => {
    const ctx: Ctx = { db: deps.db, clock: deps.clock, caller: systemCaller(), timeZone: (await orgSettings(deps.db)).timeZone };
    try {
      deps.logger.info({ job: job.name, result: await job.run(ctx) }, 'job finished');
    } catch (err) {
      deps.logger.error({ job: job.name, err }, 'job failed');
    }
  };
  const tasks: ScheduledTask[] = jobs.map((job) =>
    cron.schedule(job.schedule, () => runJob(job), { name: job.name, timezone: settings.timeZone, noOverlap: true }),
  );
  for (const job of jobs.filter((j) => j.catchUpAtStart)) await runJob(job);
  return {
    async stop() {
      for (const t of tasks) await t.destroy();
    },
  };
}
