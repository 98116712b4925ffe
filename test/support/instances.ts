import fs from 'node:fs';
import { type TestServer, startServer } from './server.ts';
import { freshDataDir, type TemplateName } from './templates.ts';

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
export async function startInstances(count = 2, opts: { template?: TemplateName; env?: Record<string, string> } = {}): Promise<Instances> {
  const dataDir = freshDataDir(opts.template ?? 'demo');
  const servers: TestServer[] = [];
  for (let i = 0; i < count; i++) {
    servers.push(await startServer({ dataDir, outbox: false, env: { MUSTER_INSTANCES: String(count), ...opts.env } }));
  }
  return {
    servers,
    dataDir,
    async close() {
      // Each server's close removes the shared data dir: the last one goes last.
      for (const s of servers.reverse()) await s.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits, when needed, until a fixed window of `windowMs` has at least `needMs` left (rate-limit tests counting in one window). */
export async function roomInWindow(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 50));
}
