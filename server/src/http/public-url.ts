import type { AppDeps } from '../context.ts';

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
