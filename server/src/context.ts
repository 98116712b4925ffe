import type { Transaction } from 'kysely';
import type { AuditSource } from '../../shared/audit.ts';
import { type Permission, type Role, type Scope, scopeOf } from '../../shared/permissions.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { whileLive } from './db/reusable-query.ts';
import type { DB } from './db/schema.ts';
import type { Logger } from './logger.ts';
import type { Secrets } from './secrets.ts';

/** Everything the app is built from; `main.ts` and tests make one. */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  secrets: Secrets;
}

/** Who is asking: a signed-in user, an API key, the connector, or the system itself. */
export interface Caller {
  kind: 'session' | 'apiKey' | 'connector' | 'system';
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
}

export type Db = Database | Transaction<DB>;

/** What a service function needs: the database (or transaction), the clock and the caller. */
export interface Ctx {
  db: Db;
  clock: Clock;
  caller: Caller;
  timeZone: string;
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

/** Runs `fn` in the context's transaction, opening one when there is none yet. */
export async function inTransaction<T>(ctx: Ctx, fn: (t: Ctx) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return ctx.db.transaction().execute((trx) => whileLive(trx, () => fn({ ...ctx, db: trx })));
}
