import type { Message } from '../../shared/i18n/messages.ts';
import type { Transaction } from 'kysely';
import type { Regularization } from '../../shared/attendance/index.ts';
import type { AuditSource } from '../../shared/audit.ts';
import type { PublicEmployee } from '../../shared/public-v1.ts';
import { type Permission, type Role, type Scope, scopeOf } from '../../shared/permissions.ts';
import type { Clock } from './clock.ts';
import { forbidden } from './http/problem.ts';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import { whileLive } from './db/reusable-query.ts';
import { runTransaction } from './db/transaction.ts';
import type { DB } from './db/schema.ts';
import type { Logger } from './logger.ts';
import type { Secrets } from './secrets.ts';
import type { LanHttps } from './tls/types.ts';

/** Everything the app is built from; `main.ts` and tests make one. */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  secrets: Secrets;
  /** HTTPS on the LAN; absent while only this PC may connect. */
  lan?: LanHttps;
}

/** The credential an AI agent acts with on the agent endpoint: an employee-bound API key or an OAuth client's grant. */
export interface AgentCredential {
  kind: 'api-key' | 'oauth-client';
  /** The API key's id, or the OAuth client id. */
  id: string;
  /** The key's or the client's name, as people know it. */
  name: string;
  /** The OAuth grant (one person's consent to the client); absent for keys. */
  grantId?: string;
  /** False for read-only credentials (`muster:read` tokens, `ReadOnly` keys): only tools that read. */
  canAct: boolean;
}

/** Who is asking: a signed-in user, an API key, an AI agent acting as an employee, the connector, or the system itself. */
export interface Caller {
  kind: 'session' | 'apiKey' | 'agent' | 'connector' | 'system';
  userId: string | null;
  employeeId: string | null;
  name: string;
  roles: readonly Role[];
  permissions: readonly Permission[];
  scope: Scope;
  source: AuditSource;
  sessionId?: string;
  apiKeyId?: string;
  /** The login email of a signed-in user. */
  email?: string;
  /** For `agent` callers: the credential used (recorded on every audit row). */
  credential?: AgentCredential;
}

/** What routes are built from: the app's dependencies, the module links and a way to make a caller's Ctx. */
export interface ModuleDeps extends AppDeps {
  links: ModuleLinks;
  /** The use-case context for a caller (the organisation's time zone read from its settings). */
  ctxFor(caller: Caller): Promise<Ctx>;
}

export type Db = Database | Transaction<DB>;

/**
 * What a use case needs: the database (or transaction), the clock, the caller
 * (whose `source` says which channel the call came through, for the audit
 * trail), the organisation's time zone, and the other modules it reacts with.
 */
export interface Ctx {
  db: Db;
  clock: Clock;
  caller: Caller;
  timeZone: string;
  links: ModuleLinks;
}

export type LeavePortion = 'FullDay' | 'FirstHalf' | 'SecondHalf';

/** One day of approved leave of one employee. */
export interface LeaveDay {
  employeeId: string;
  /** `YYYY-MM-DD`. */
  date: string;
  portion: LeavePortion;
  requestId: string;
  leaveTypeCode: string;
  leaveTypeName: string;
  /** False for loss-of-pay leave. */
  paid: boolean;
}

/**
 * Where two modules need each other and a direct import would close a circle
 * (leave ↔ attendance; the directory ↔ attendance and terminals; attendance's
 * day detail ↔ regularizations, which build on attendance's day engine), the lower
 * one calls the other through these typed links. `wiring.ts` builds the one
 * implementation from the modules' public surfaces: a missing member is a type
 * error, and a Ctx cannot be made without them.
 */
export interface ModuleLinks {
  leave: {
    /** Approved leave in a day range (both ends included), for some employees or all. */
    approvedDays(db: Db, employeeIds: readonly string[] | 'all', from: string, to: string): Promise<LeaveDay[]>;
    /**
     * The working calendar (holidays, weekly offs) of some employees changed for
     * days from..to: live requests over those days are counted again, inside the
     * caller's transaction. `why` says what changed, in words, for the ledger and
     * the audit trail.
     */
    calendarChanged(ctx: Ctx, employeeIds: readonly string[] | 'all', from: string, to: string, why: string): Promise<void>;
  };
  attendance: {
    /** An employee's days from..to (inclusive) must be reconciled again (inside the caller's transaction). */
    inputsChanged(ctx: Ctx, employeeId: string, from: string, to: string): Promise<void>;
    /** The days (`YYYY-MM-DD`, ascending) from..to on which an employee's attendance is frozen (closed by HR). */
    frozenDays(db: Db, employeeId: string, from: string, to: string): Promise<string[]>;
    /** Puts an employee on a shift from a day on, through the roster (the past is never rewritten). */
    assignShift(ctx: Ctx, employeeId: string, shiftId: string, effectiveFrom: string): Promise<void>;
  };
  regularizations: {
    /** An employee's regularization requests of one day, newest first, as the caller sees them (with whether they may decide each). */
    ofDay(ctx: Ctx, employeeId: string, date: string): Promise<Regularization[]>;
  };
  webhooks: {
    /** The enabled webhook endpoints subscribed to an event type now (the outbox writes their deliveries with the event). */
    subscribers(db: Db, type: string): Promise<string[]>;
  };
  email: {
    /** In-app notifications were written for these logins: queue the e-mails they chose (in the same transaction). Returns how many. */
    notified(ctx: Ctx, userIds: readonly string[], notice: { kind: string; title: string; message?: Message; body?: string | null; link?: string | null }): Promise<number>;
  };
  publicApi: {
    /** An employee as the public API returns them (webhook payloads of employee events); undefined when unknown. */
    employee(db: Db, id: string): Promise<PublicEmployee | undefined>;
  };
  terminals: {
    /** An employee was given a biometric (terminal user) id: punches already received under it become theirs. */
    attachPunchesOfBiometricId(ctx: Ctx, employeeId: string, terminalUserId: number): Promise<void>;
  };
}

/**
 * Refuses (403) a caller without the permission. Use cases call it themselves:
 * the agent endpoint reaches them without the route's edge check. The system
 * itself (scheduled jobs, start-up, the demo seed: `systemCaller`) acts for the
 * organisation and passes; no channel turns outside input into a system caller.
 */
export function requirePermission(ctx: Pick<Ctx, 'caller'>, permission: Permission, message?: string): void {
  if (ctx.caller.kind === 'system') return;
  if (!ctx.caller.permissions.includes(permission)) throw forbidden(message ?? `This needs the permission ${permission}.`);
}

export function systemCaller(source: AuditSource = 'system'): Caller {
  return {
    kind: 'system',
    userId: null,
    employeeId: null,
    name: 'System',
    roles: [],
    permissions: [],
    scope: 'org',
    source,
  };
}

export function callerFor(
  base: Omit<Caller, 'scope'>,
): Caller {
  return { ...base, scope: scopeOf(base.permissions) };
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      caller?: Caller;
    }
  }
}

/**
 * Runs `fn` in the context's transaction, opening one when there is none yet.
 * On PostgreSQL that one is SERIALIZABLE and `fn` may run again after a
 * conflict (`db/transaction.ts`): what it does outside the database (files,
 * in-memory state, messages) must come after the commit or bear repeating.
 */
export async function inTransaction<T>(ctx: Ctx, fn: (t: Ctx) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return runTransaction(ctx.db as Database, (trx) => whileLive(trx, () => fn({ ...ctx, db: trx })));
}
