/**
 * Listening. Without LAN access: plain HTTP on loopback, as always. With it:
 * one port speaks both TLS and HTTP (the first byte of a connection tells a
 * TLS handshake from a request line). TLS gets the whole app; plain HTTP gets
 * it only on 127.0.0.1/::1 (the desktop window, the connector on this PC) and
 * everywhere else answers with a redirect to the same address over HTTPS. One
 * port means one firewall rule, one address to type, and HSTS (which browsers
 * apply to every port of a host) can never point a browser at a port that
 * does not speak TLS.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { expressBorn } from '../http/born-express.ts';
import type { Logger } from '../logger.ts';
import type { LanTls } from './lan-tls.ts';
import { isThisPcOnly } from './names.ts';
import type { LanHttps } from './types.ts';

/** The first byte of every TLS connection: a handshake record (ClientHello). */
const TLS_HANDSHAKE = 0x16;
/** A connection that says nothing for this long is dropped before it reaches either server. */
const FIRST_BYTE_TIMEOUT_MS = 10_000;
/** In-flight requests get this long after close() before their connections are cut. */
const CLOSE_GRACE_MS = 10_000;
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

export interface Listening {
  /** The port (also when PORT was 0). */
  port: number;
  /** For the ready line, e.g. `http://127.0.0.1:8080`. */
  addresses: string[];
  /** Stops accepting, lets requests in flight finish (cut after 10 s), resolves when every connection is gone. */
  close(): Promise<void>;
}

export interface ListenOptions {
  host: string;
  port: number;
  /** Present when LAN access is on. */
  lan?: LanTls;
  logger: Logger;
}

/**
 * Where a plain HTTP request from the LAN is sent: the same host over HTTPS
 * when the certificate covers the name it used, else the first LAN address
 * (never a host the certificate does not cover, so no open redirect).
 */
export function httpsLocation(req: Pick<IncomingMessage, 'headers' | 'url' | 'socket'>, lan: Pick<LanHttps, 'serves' | 'urls'>): string {
  const port = req.socket.localPort;
  let hostname: string | undefined;
  try {
    hostname = new URL(`http://${req.headers.host ?? ''}`).hostname;
  } catch {
    hostname = undefined;
  }
  const base = hostname && lan.serves(hostname) ? `https://${hostname}:${port}` : (lan.urls()[0]?.replace(/\/$/, '') ?? `https://localhost:${port}`);
  const pathname = req.url?.startsWith('/') ? req.url : '/';
  return `${base}${pathname}`;
}

function redirectToHttps(req: IncomingMessage, res: ServerResponse, lan: LanTls): void {
  const location = httpsLocation(req, lan);
  const keepMethod = req.method !== 'GET' && req.method !== 'HEAD';
  res.writeHead(keepMethod ? 308 : 301, {
    location,
    'content-type': 'text/plain; charset=utf-8',
    // The answer depends on a setting that can change (LAN access off): never cached.
    'cache-control': 'no-store',
    // The request body, if any, is not read.
    ...(keepMethod ? { connection: 'close' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : `Muster answers other devices over HTTPS only: ${location}\n`);
}

function bind(server: net.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

function closeServers(fronts: net.Server[], servers: http.Server[], sockets: Set<net.Socket>): Promise<void> {
  const closed = Promise.all(fronts.map((f) => new Promise<void>((resolve) => f.close(() => resolve()))));
  for (const s of servers) s.closeIdleConnections();
  const force = setTimeout(() => {
    for (const s of servers) s.closeAllConnections();
    for (const socket of sockets) socket.destroy();
  }, CLOSE_GRACE_MS);
  force.unref();
  return closed.then(() => clearTimeout(force));
}

/** Starts listening as described above; `app` handles every request that is not redirected. */
export async function listen(app: RequestListener, options: ListenOptions): Promise<Listening> {
  const { lan, logger } = options;
  // Requests and answers created with the app's Express prototypes (born-express.ts).
  const born = expressBorn(app);
  if (!lan) {
    const server = http.createServer(born, app);
    const address = await bind(server, options.port, options.host);
    return {
      port: address.port,
      addresses: [`http://${hostForUrl(options.host)}:${address.port}`],
      close: () => closeServers([server], [server], new Set()),
    };
  }

  const plain = http.createServer(born, (req, res) => (isThisPcOnly(req.socket.localAddress) ? app(req, res) : redirectToHttps(req, res, lan)));
  const secure = https.createServer({ ...lan.secureOptions(), ...born }, app);
  lan.onChange(() => secure.setSecureContext(lan.secureOptions()));
  secure.on('tlsClientError', (error: NodeJS.ErrnoException) => logger.debug({ reason: error.code ?? error.message }, 'TLS handshake refused'));
  const sockets = new Set<net.Socket>();
  const route = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // Resets and timeouts before a server owns the socket are nobody's business.
    socket.on('error', () => socket.destroy());
    socket.setTimeout(FIRST_BYTE_TIMEOUT_MS, () => socket.destroy());
    socket.once('readable', () => {
      socket.setTimeout(0);
      const first = socket.read(1) as Buffer | null;
      if (!first) {
        socket.destroy();
        return;
      }
      socket.unshift(first);
      (first[0] === TLS_HANDSHAKE ? secure : plain).emit('connection', socket);
    });
  };

  const fronts = [net.createServer({ pauseOnConnect: true }, route)];
  const address = await bind(fronts[0]!, options.port, options.host);
  // Bound to one LAN address: the desktop window and the local connector still need 127.0.0.1.
  if (!WILDCARD_HOSTS.has(options.host) && !isThisPcOnly(options.host)) {
    const loopback = net.createServer({ pauseOnConnect: true }, route);
    await bind(loopback, address.port, '127.0.0.1');
    fronts.push(loopback);
  }
  lan.listening(options.host, address.port);
  return {
    port: address.port,
    addresses: [`http://127.0.0.1:${address.port}`, ...lan.urls().map((u) => u.replace(/\/$/, ''))],
    close: () => closeServers(fronts, [plain, secure], sockets),
  };
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host.replace(/^\[(.*)\]$/, '$1')}]` : host;
}
