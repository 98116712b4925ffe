import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { KyselyPlugin } from 'kysely';
import { createApp } from '../../server/src/app.ts';
import { type Clock, systemClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { AppDeps } from '../../server/src/context.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { createLogger } from '../../server/src/logger.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';

/**
 * The real app in this process on a prepared data dir, its database wrapped so the bench can count
 * the SQL statements a request runs (every kysely query passes the plugin; the table versions and
 * caches key on the same connection, so caching behaves exactly as in the server).
 */
export interface InProcess {
  url: string;
  statements(): number;
  close(): Promise<void>;
}

export async function startInProcess(dataDir: string, clock: Clock = systemClock): Promise<InProcess> {
  const config = loadConfig({ MUSTER_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', MUSTER_LOG_LEVEL: 'silent', MUSTER_DEMO: '0', MUSTER_JOBS: '0' });
  const opened = openDatabase(config.databaseFile);
  let count = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      count++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const deps: AppDeps = { config, db: opened.db.withPlugin(counter), clock, logger: createLogger('silent'), secrets: loadOrCreateSecrets(dataDir, undefined) };
  const { app } = createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    statements: () => count,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await opened.close();
    },
  };
}
