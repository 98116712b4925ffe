import type { AuditSource } from '../../shared/audit.ts';
import { type AppDeps, type Ctx, type Db, type ModuleDeps, type ModuleLinks, systemCaller } from './context.ts';
import * as attendance from './modules/attendance/index.ts';
import * as leave from './modules/leave/index.ts';
import { emailChannel, emailNotified } from './modules/email/index.ts';
import { orgSettings } from './modules/org/index.ts';
import { publicBaseUrl } from './http/public-url.ts';
import { publicEmployeeById } from './modules/public-v1/index.ts';
import * as regularizations from './modules/regularizations/index.ts';
import { type Channel, type OutboxWorker, type OutboxWorkerOptions, startOutboxWorker } from './modules/outbox/index.ts';
import * as terminals from './modules/terminals/index.ts';
import { subscribersOf, webhookChannel } from './modules/webhooks/index.ts';

/**
 * The one implementation of the links between modules (see `ModuleLinks` in
 * context.ts): each entry names the public function that answers it, so
 * go-to-definition lands on real code, and leaving one out does not compile.
 * Every Ctx carries this object; composition roots (app, main, jobs, seeds,
 * tests) take it from here.
 */
export const moduleLinks: ModuleLinks = {
  leave: {
    approvedDays: leave.approvedLeaveDays,
    calendarChanged: async (ctx, ids, from, to, why) => {
      await leave.recountLeave(ctx, ids, from, to, why);
    },
  },
  attendance: {
    inputsChanged: attendance.attendanceInputsChanged,
    frozenDays: attendance.frozenDates,
    assignShift: async (ctx, employeeId, shiftId, effectiveFrom) => {
      await attendance.assignShift(ctx, employeeId, { shiftId, effectiveFrom });
    },
  },
  regularizations: {
    ofDay: regularizations.regularizationsOfDay,
  },
  webhooks: {
    subscribers: subscribersOf,
  },
  email: {
    notified: emailNotified,
  },
  publicApi: {
    employee: publicEmployeeById,
  },
  terminals: {
    attachPunchesOfBiometricId: async (ctx, employeeId, terminalUserId) => {
      await terminals.attachPunchesOfBiometricId(ctx, employeeId, terminalUserId);
    },
  },
};

/** The app's dependencies with the module links and a Ctx factory: what routes and jobs are built from. */
export function moduleDeps(deps: AppDeps): ModuleDeps {
  return {
    ...deps,
    links: moduleLinks,
    ctxFor: async (caller) => ({ db: deps.db, clock: deps.clock, caller, timeZone: (await orgSettings(deps.db)).timeZone, links: moduleLinks }),
  };
}

/** A Ctx for work nobody asked for through a channel (jobs, seeds, start-up): the system as caller. */
export async function systemCtx(deps: Pick<AppDeps, 'db' | 'clock'>, source: AuditSource = 'system'): Promise<Ctx> {
  return { db: deps.db, clock: deps.clock, caller: systemCaller(source), timeZone: (await orgSettings(deps.db)).timeZone, links: moduleLinks };
}

/** A system Ctx on a given handle (a transaction of the outbox worker). */
async function systemCtxOn(deps: Pick<AppDeps, 'clock'>, db: Db): Promise<Ctx> {
  return { db, clock: deps.clock, caller: systemCaller(), timeZone: (await orgSettings(db)).timeZone, links: moduleLinks };
}

/** The outbox's ways out: signed webhooks and e-mail (links in e-mails start with `baseUrl()`). */
export function outboxChannels(deps: AppDeps, baseUrl: () => string = () => publicBaseUrl(deps)): Channel[] {
  return [webhookChannel(deps, (db) => systemCtxOn(deps, db)), emailChannel(deps, baseUrl)];
}

/** How long a delivery claimed by an instance waits before another may send it (longer than any send's timeout). */
const DELIVERY_CLAIM_MS = 5 * 60_000;

/**
 * The outbox delivery worker on the calling thread. The server runs it in a
 * thread of its own (`delivery.ts` `startDeliveryThread`), which calls this;
 * tests that want it beside their own clock call it directly.
 */
export function startDelivery(deps: AppDeps, options?: OutboxWorkerOptions, baseUrl?: () => string): OutboxWorker {
  // Other instances run a worker on the same deliveries: each is claimed before it is sent (docs/deployment.md).
  const shared = deps.config.sharedDatabase ? { claimLeaseMs: DELIVERY_CLAIM_MS } : {};
  return startOutboxWorker(deps, outboxChannels(deps, baseUrl), { ...shared, ...options });
}
