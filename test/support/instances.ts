import fs from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../../server/src/app.ts';
import { expressBorn } from '../../server/src/http/born-express.ts';
import { initialiseDatabase } from '../../server/src/bootstrap.ts';
import { systemClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { AppDeps } from '../../server/src/context.ts';
import { migrateToLatest, openConfiguredDatabase } from '../../server/src/db/database.ts';
import { createLogger } from '../../server/src/logger.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';
import { Client } from './client.ts';
import { startCluster } from './postgres-cluster.ts';
import { CONNECTOR_SECRET, type TestServer, startServer } from './server.ts';
import { PG_URL_ENV, freshDatabaseName, onCluster, pgUrlOf } from './engine.ts';
import { databaseOfDataDir, freshDataDir, type TemplateName } from './templates.ts';

export interface Instances {
  /** The instances, each its own app, connection and caches, all on one database. */
  servers: TestServer[];
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Starts `count` server instances on ONE database, each told it shares it
 * (MUSTER_INSTANCES), as two hosts behind a load balancer would run: on the
 * SQLite default two processes' worth of apps, connections and caches on one
 * file and one data dir (the shared files directory too).
 */
export async function startInstances(count = 2, opts: { template?: TemplateName; env?: Record<string, string>; outbox?: boolean } = {}): Promise<Instances> {
  const dataDir = freshDataDir(opts.template ?? 'demo');
  const servers: TestServer[] = [];
  for (let i = 0; i < count; i++) {
    servers.push(await startServer({ dataDir, outbox: opts.outbox ?? false, env: { MUSTER_INSTANCES: String(count), ...opts.env } }));
  }
  return {
    servers,
    dataDir,
    async close() {
      // On the PostgreSQL run the data dir names the one database all of them opened: the test's to drop.
      const database = databaseOfDataDir(dataDir);
      // Each server's close removes the shared data dir: the last one goes last.
      for (const s of servers.reverse()) await s.close();
      if (database) await onCluster(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits, when needed, until a fixed window of `windowMs` has at least `needMs` left (rate-limit tests counting in one window). */
export async function roomInWindow(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}

export interface PgInstance {
  url: string;
  deps: AppDeps;
  client(): Client;
  login(email: string, password: string): Promise<Client>;
}

export interface PgInstances {
  servers: PgInstance[];
  close(): Promise<void>;
}

/**
 * Starts `count` instances on a fresh database of a throwaway PostgreSQL cluster (Debian's
 * initdb/pg_ctl, `postgres-cluster.ts`), as `main.ts` opens it (MUSTER_DATABASE_URL), with only a
 * first administrator in it (`admin` below): what the instance tests need on the second engine.
 */
export async function startPostgresInstances(count = 2, opts: { env?: Record<string, string> } = {}): Promise<PgInstances> {
  // On `npm run test:postgres` the run's cluster; otherwise one of its own.
  const cluster = process.env[PG_URL_ENV]
    ? { url: process.env[PG_URL_ENV], urlOf: pgUrlOf, stop: () => undefined }
    : await startCluster();
  const name = freshDatabaseName('muster_instances');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-pg-instances-'));
  const opened: { close(): Promise<void> }[] = [];
  const listening: Server[] = [];
  try {
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const env = {
      MUSTER_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      MUSTER_LOG_LEVEL: 'silent',
      MUSTER_DATABASE_URL: cluster.urlOf(name),
      MUSTER_ADMIN_EMAIL: PG_ADMIN.email,
      MUSTER_ADMIN_PASSWORD: PG_ADMIN.password,
      ...opts.env,
    };
    const servers: PgInstance[] = [];
    for (let i = 0; i < count; i++) {
      const config = loadConfig(env);
      const database = openConfiguredDatabase(config);
      opened.push(database);
      if (i === 0) await migrateToLatest(database.db);
      const secrets = loadOrCreateSecrets(dataDir, CONNECTOR_SECRET, { sessionSecret: config.sessionSecret, fieldKey: config.fieldKey });
      const deps: AppDeps = { config, db: database.db, clock: systemClock, logger: createLogger('silent'), secrets };
      if (i === 0) await initialiseDatabase(database.db, config, systemClock, secrets);
      const { app } = createApp(deps);
      const server: Server = await new Promise((resolve) => {
        const s = http.createServer(expressBorn(app), app).listen(0, '127.0.0.1', () => resolve(s));
      });
      listening.push(server);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      servers.push({
        url,
        deps,
        client: () => new Client(url),
        async login(email, password) {
          const c = new Client(url);
          const res = await c.post('/api/auth/login', { email, password });
          if (res.status !== 200) throw new Error(`login as ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
          return c;
        },
      });
    }
    const stop = async () => {
      for (const s of listening) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
      for (const d of opened) await d.close();
      if (process.env[PG_URL_ENV]) await onCluster(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      cluster.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    return { servers, close: stop };
  } catch (err) {
    for (const s of listening) s.close();
    for (const d of opened) await d.close().catch(() => undefined);
    cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** The first administrator of the PostgreSQL instances' database. */
export const PG_ADMIN = { email: 'admin@instances.example', password: 'instances-pass-123' };
