/**
 * The connector's local status endpoint, on 127.0.0.1 only, for the desktop
 * shell and `npm run connector:status`. Reads are open to local processes;
 * operator actions need the token written (mode 0600) to the status file.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { NotFound, type Connector } from './connector.ts';

/** `<data dir>/status.json`: where a running connector's endpoint is. */
export const STATUS_FILE = 'status.json';

export interface StatusFile {
  pid: number;
  url: string;
  token: string;
  startedAt: string;
}

export function statusFilePath(dataDir: string): string {
  return path.join(dataDir, STATUS_FILE);
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

export interface StatusServer {
  url: string;
  close(): Promise<void>;
}

export async function startStatusServer(connector: Connector, dataDir: string, port: number): Promise<StatusServer> {
  const token = randomBytes(24).toString('hex');
  const authorised = (req: http.IncomingMessage) => {
    const given = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && (url.pathname === '/' || url.pathname === '/status')) return send(res, 200, connector.status());
      if (req.method === 'GET' && url.pathname === '/dead-letters') return send(res, 200, connector.spool.deadLetters(200));
      const adms = /^\/adms\/([^/]+)\/commands$/.exec(url.pathname);
      if (req.method === 'GET' && adms) return send(res, 200, connector.spool.admsCommands(decodeURIComponent(adms[1]!)));
      if (req.method !== 'POST') return send(res, 404, { error: 'not found' });
      if (!authorised(req)) return send(res, 401, { error: `operator actions need the token in ${statusFilePath(dataDir)}` });
      const clock = /^\/terminals\/([^/]+)\/set-clock$/.exec(url.pathname);
      if (clock) return send(res, 200, await connector.setClock(decodeURIComponent(clock[1]!)));
      if (url.pathname === '/dead-letters/retry') return send(res, 200, { requeued: connector.retryDeadLetters() });
      if (adms) return send(res, 200, connector.queueAdmsCommand(decodeURIComponent(adms[1]!), url.searchParams.get('command') ?? ''));
      return send(res, 404, { error: 'not found' });
    })().catch((error: unknown) => send(res, error instanceof NotFound ? 404 : 409, { error: (error as Error).message }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const file: StatusFile = { pid: process.pid, url, token, startedAt: connector.startedAt.toISOString() };
  fs.writeFileSync(statusFilePath(dataDir), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        try {
          const current = JSON.parse(fs.readFileSync(statusFilePath(dataDir), 'utf8')) as StatusFile;
          if (current.pid === process.pid) fs.rmSync(statusFilePath(dataDir), { force: true });
        } catch {
          // already gone
        }
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
