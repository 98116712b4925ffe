import type { Request } from 'express';
import type { AppDeps } from '../context.ts';
import { isLoopbackHost } from '../tls/names.ts';

/**
 * The console's public base URL, without a trailing slash: what links sent
 * out of Muster (e-mails, webhooks, an OAuth issuer) must use.
 * MUSTER_PUBLIC_URL when set (a tunnel's or the office's own domain), else the
 * first HTTPS address on the LAN, else this PC's loopback address (nobody
 * else can open the console then).
 */
export function publicBaseUrl(deps: Pick<AppDeps, 'config' | 'lan'>): string {
  if (deps.config.publicUrl) return deps.config.publicUrl;
  const lanUrl = deps.lan?.urls()[0];
  if (lanUrl) return lanUrl.replace(/\/$/, '');
  return `http://127.0.0.1:${deps.config.port}`;
}

/** The address a request reached Muster by, when it is one of Muster's own. */
export interface RequestBase {
  /** Scheme, host and port (and MUSTER_PUBLIC_URL's path), without a trailing slash. */
  url: string;
  /** Reached on this PC's loopback name (`localhost`, `127.0.0.1`, `[::1]`). */
  loopback: boolean;
  /** HTTPS, or loopback (where plain HTTP never leaves the PC). */
  secure: boolean;
}

/**
 * The base URL a request addressed, if it is one of Muster's own names
 * (DNS-rebinding protection: a page that points its own name at this PC
 * arrives with that name as Host and gets undefined):
 * - through a proxy or tunnel on this PC (forwarding headers from loopback)
 *   with MUSTER_PUBLIC_URL set: that URL;
 * - a loopback name (a client on this PC: Claude Desktop, an IDE, tests): that
 *   origin as addressed, so `localhost` and `127.0.0.1` are told apart;
 * - MUSTER_PUBLIC_URL's host: that URL;
 * - a name or address the LAN certificate covers: that HTTPS origin.
 * This is `publicBaseUrl` per request: one PC answers to several names.
 */
export function requestBase(req: Request, deps: Pick<AppDeps, 'config' | 'lan'>): RequestBase | undefined {
  const publicUrl = deps.config.publicUrl;
  const secureUrl = (url: string) => ({ url, loopback: false, secure: url.startsWith('https://') });
  // req.ips lists forwarded client addresses only when the hop is trusted (loopback: app.ts).
  if (publicUrl && req.ips.length > 0) return secureUrl(publicUrl);
  const hostname = req.hostname;
  const host = req.host;
  if (!hostname || !host) return undefined;
  if (isLoopbackHost(hostname)) return { url: `${req.protocol}://${host}`, loopback: true, secure: true };
  if (publicUrl && new URL(publicUrl).hostname === hostname.toLowerCase()) return secureUrl(publicUrl);
  if (deps.lan?.serves(hostname)) return secureUrl(`https://${host}`);
  return undefined;
}
