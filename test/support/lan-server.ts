/**
 * The real app with LAN access on, listening as `main.ts` does: 127.0.0.2
 * stands in for the PC's LAN address (tests talk to loopback addresses only),
 * 127.0.0.1 is "this PC". Plus a small HTTPS client that trusts a given CA.
 */
import fs from 'node:fs';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import tls from 'node:tls';
import { createApp } from '../../server/src/app.ts';
import { type Clock, systemClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import type { AppDeps } from '../../server/src/context.ts';
import { migrateToLatest, openDatabase } from '../../server/src/db/database.ts';
import { createLogger } from '../../server/src/logger.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';
import { startLanTls, type LanTls } from '../../server/src/tls/lan-tls.ts';
import { listen } from '../../server/src/tls/listen.ts';
import type { MachineFacts } from '../../server/src/tls/names.ts';
import { CONNECTOR_SECRET } from './server.ts';
import { freshDataDir, type TemplateName } from './templates.ts';

/** The stand-in for this PC's LAN address. */
export const LAN_ADDRESS = '127.0.0.2';

export interface LanTestServer {
  port: number;
  /** `https://127.0.0.2:port` */
  httpsUrl: string;
  /** `http://127.0.0.2:port`: plain HTTP from the LAN. */
  lanHttpUrl: string;
  /** `http://127.0.0.1:port`: this PC (the desktop window, the local connector). */
  localUrl: string;
  dataDir: string;
  lan: LanTls;
  deps: AppDeps;
  /** The local CA certificate (PEM), undefined with an own certificate. */
  caPem(): string;
  close(): Promise<void>;
}

/** A machine with no LAN interfaces: only what `extra` names (127.0.0.2 by default). */
export function factsWith(extra: string[] = [LAN_ADDRESS], hostname = 'office-pc'): MachineFacts {
  return { hostname, interfaces: {}, extra };
}

export async function startLanServer(
  opts: { template?: TemplateName; clock?: Clock; env?: Record<string, string>; facts?: () => MachineFacts; dataDir?: string } = {},
): Promise<LanTestServer> {
  const dataDir = opts.dataDir ?? freshDataDir(opts.template ?? 'demo');
  const config = loadConfig({ MUSTER_DATA_DIR: dataDir, HOST: LAN_ADDRESS, PORT: '0', MUSTER_LOG_LEVEL: 'silent', MUSTER_LAN_NAMES: LAN_ADDRESS, ...opts.env });
  const logger = createLogger(process.env.MUSTER_TEST_LOG ?? 'silent');
  const clock = opts.clock ?? systemClock;
  const database = openDatabase(config.databaseFile);
  await migrateToLatest(database.db);
  const lan = await startLanTls({ config, clock, logger, facts: opts.facts ?? (() => factsWith()), watchEveryMs: 100 });
  const deps: AppDeps = { config, db: database.db, clock, logger, secrets: loadOrCreateSecrets(dataDir, CONNECTOR_SECRET), lan };
  const { app } = createApp(deps);
  const server = await listen(app, { host: config.host, port: 0, lan, logger });
  const port = server.port;
  return {
    port,
    httpsUrl: `https://${LAN_ADDRESS}:${port}`,
    lanHttpUrl: `http://${LAN_ADDRESS}:${port}`,
    localUrl: `http://127.0.0.1:${port}`,
    dataDir,
    lan,
    deps,
    caPem: () => fs.readFileSync(`${dataDir}/tls/ca.pem`, 'utf8'),
    async close() {
      lan.stop();
      await server.close();
      await database.close();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface HttpsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  raw: Buffer;
  body: any;
  /** The server's certificate as it was presented. */
  peer: tls.PeerCertificate;
}

/** One HTTPS request that trusts only `ca` (verification on, as a device that installed the CA). */
export function httpsRequest(
  url: string,
  opts: { ca: string | undefined; method?: string; headers?: Record<string, string>; body?: unknown; servername?: string },
): Promise<HttpsAnswer> {
  const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: opts.method ?? 'GET',
        agent: false,
        ...(opts.ca ? { ca: opts.ca } : {}),
        ...(opts.servername ? { servername: opts.servername } : {}),
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...opts.headers },
      },
      (res) => {
        const peer = (res.socket as tls.TLSSocket).getPeerCertificate();
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          let body: unknown = text;
          if (/json/.test(String(res.headers['content-type']))) body = text ? JSON.parse(text) : undefined;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, raw, body, peer });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The certificate the server presents (not verified: for looking at it), with the negotiated protocol. */
export function presentedCertificate(host: string, port: number, servername = 'localhost'): Promise<{ cert: tls.DetailedPeerCertificate; protocol: string | null }> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host, port, servername, rejectUnauthorized: false }, () => {
      const cert = socket.getPeerCertificate(true);
      const protocol = socket.getProtocol();
      socket.end();
      resolve({ cert, protocol });
    });
    socket.on('error', reject);
  });
}
