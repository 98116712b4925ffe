import type { RequestHandler } from 'express';
import type { TLSSocket } from 'node:tls';
import { HSTS_MAX_AGE_SECONDS, type LanState } from './service.ts';

export { lanRoutes } from './routes.ts';
export { createLanState, type LanState, trustStatus } from './service.ts';

/**
 * `Strict-Transport-Security` on answers over this server's own TLS, once an
 * administrator has said every device trusts the certificate.
 */
export function hstsHeader(state: LanState): RequestHandler {
  const value = `max-age=${HSTS_MAX_AGE_SECONDS}`;
  return (req, res, next) => {
    if ((req.socket as TLSSocket).encrypted && state.settings.current.hsts) res.setHeader('Strict-Transport-Security', value);
    next();
  };
}
