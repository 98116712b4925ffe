import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import http, { type Server } from 'node:http';
import { createApp } from '../../server/src/app.ts';
import { expressBorn } from '../../server/src/http/born-express.ts';
import { type Clock, systemClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { AppDeps } from '../../server/src/context.ts';
import { migrateToLatest, openConfiguredDatabase, type OpenedDatabase } from '../../server/src/db/database.ts';
import { createLogger } from '../../server/src/logger.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';
import type { OutboxWorker } from '../../server/src/modules/outbox/index.ts';
import { startDeliveryThread } from '../../server/src/delivery.ts';
import { startDelivery } from '../../server/src/wiring.ts';
import { Client } from './client.ts';
import { onCluster, pgUrlOf, testEngine } from './engine.ts';
import { DEMO_PASSWORD, databaseOfDataDir, freshDatabase, freshDataDir, type TemplateName } from './templates.ts';

export const CONNECTOR_SECRET = 'test-connector-secret-0123456789abcdef';

export interface TestServer {
  url: string;
  deps: AppDeps;
  database: OpenedDatabase;
  dataDir: string;
  /** The outbox delivery worker (webhooks, e-mail), as the real server runs it; absent with `outbox: false`. */
  outbox?: OutboxWorker;
  /** A client without credentials. */
  client(): Client;
  /** A client signed in as this user. */
  login(email: string, password?: string): Promise<Client>;
  close(): Promise<void>;
}

/**
 * Starts the real app on a copy of a template database, listening on a free
 * loopback port. Stop it with `close()` (also removes the data dir).
 */
/**
 * The environment that points a server at a data dir's database: nothing on SQLite (the file is in
 * the data dir); on the PostgreSQL run the URL of its database, a copy of the template's made on first
 * use and named in the data dir (kept across restarts). For servers a test starts as a process too.
 */
export async function engineEnv(dataDir: string, template: TemplateName = 'demo'): Promise<Record<string, string>> {
  const pgDatabase = await pgDatabaseOf(dataDir, template);
  return pgDatabase ? { MUSTER_DATABASE_URL: pgUrlOf(pgDatabase) } : {};
}

async function pgDatabaseOf(dataDir: string, template: TemplateName): Promise<string | undefined> {
  if (testEngine() !== 'postgres') return undefined;
  return databaseOfDataDir(dataDir) ?? (await freshDatabase(dataDir, template));
}

export async function startServer(
  opts: {
    template?: TemplateName;
    clock?: Clock;
    dataDir?: string;
    env?: Record<string, string>;
    /**
     * The outbox delivery worker: on the test's thread (the default: the same worker and channels,
     * reading the test's clock, without a thread loading the whole server again for every test
     * file), in a thread of its own as the server runs it (`'thread'`: the outbox's own tests), or
     * none (`false`).
     */
    outbox?: boolean | 'thread' | 'in-process';
  } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? freshDataDir(opts.template ?? 'demo');
  // On the PostgreSQL run a data dir's database is a copy of the template's, named in the data dir (kept across restarts).
  const pgDatabase = await pgDatabaseOf(dataDir, opts.template ?? 'demo');
  const config = loadConfig({
    MUSTER_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    MUSTER_LOG_LEVEL: 'silent',
    ...(pgDatabase ? { MUSTER_DATABASE_URL: pgUrlOf(pgDatabase) } : {}),
    ...opts.env,
  });
  const database = openConfiguredDatabase(config);
  await migrateToLatest(database.db);
  const deps: AppDeps = {
    config,
    db: database.db,
    clock: opts.clock ?? systemClock,
    logger: createLogger(process.env.MUSTER_TEST_LOG ?? 'silent'),
    secrets: loadOrCreateSecrets(dataDir, CONNECTOR_SECRET, { sessionSecret: config.sessionSecret, fieldKey: config.fieldKey }),
  };
  const { app } = createApp(deps);
  const server: Server = await new Promise((resolve) => {
    // As the real server listens (tls/listen.ts): requests born with the app's Express prototypes.
    const s = http.createServer(expressBorn(app), app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The delivery thread shares the SQLite file's table versions in memory: on PostgreSQL the server delivers in-process.
  const mode = opts.outbox === false ? undefined : opts.outbox === 'thread' && !pgDatabase ? 'thread' : 'in-process';
  const outbox = mode === 'thread' ? startDeliveryThread(deps, { idleMs: 50 }) : mode === 'in-process' ? startDelivery(deps, { idleMs: 50 }) : undefined;
  return {
    url,
    deps,
    database,
    dataDir,
    ...(outbox ? { outbox } : {}),
    client: () => new Client(url),
    async login(email, password = DEMO_PASSWORD) {
      const c = new Client(url);
      const res = await c.post('/api/auth/login', { email, password });
      if (res.status !== 200) throw new Error(`login as ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return c;
    },
    async close() {
      await outbox?.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      // A database made for this server goes with its data dir; one a test handed in (a restart) is the test's.
      if (pgDatabase && !opts.dataDir) await onCluster(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
