import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppDeps } from './context.ts';
import { Api } from './http/api.ts';
import { apiKeyAuth, connectorAuth, crossSiteGuard, sessionAuth } from './http/auth.ts';
import { directFromTheStart, handedBack } from './http/direct-start.ts';
import { docsRoutes } from './http/docs.ts';
import { bodyEtag } from './http/etag.ts';
import { fixedHeaders, signedCookieParser } from './http/fixed-headers.ts';
import { buildOpenApi } from './http/openapi.ts';
import { apiNotFound, problemHandler } from './http/problem.ts';
import { memoisedTrust, type TrustFn } from './http/trust-proxy.ts';
import { serveUncached } from './db/cache.ts';
import { attachFieldKey } from './db/sealed.ts';
import { apiKeyRoutes, resolveApiKey } from './modules/api-keys/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { calendarFeedRoutes } from './modules/calendar-feeds/index.ts';
import { documentRoutes } from './modules/documents/index.ts';
import { attendanceRoutes } from './modules/attendance/index.ts';
import { authRoutes, readerLocale, resolveSessionCaller } from './modules/auth/index.ts';
import { complianceRoutes } from './modules/compliance/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { emailRoutes } from './modules/email/index.ts';
import { employeeRoutes } from './modules/employees/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { ingestRoutes } from './modules/ingest/index.ts';
import { jobRoutes } from './modules/jobs/index.ts';
import { createLanState, hstsHeader, lanRoutes } from './modules/lan/index.ts';
import { leaveRoutes } from './modules/leave/index.ts';
import { mcpRoutes } from './modules/mcp/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { oauthProtocolRoutes, oauthRoutes } from './modules/oauth/index.ts';
import { orgRoutes } from './modules/org/index.ts';
import { publicV1Routes } from './modules/public-v1/index.ts';
import { regularizationRoutes } from './modules/regularizations/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { setupRoutes } from './modules/setup/index.ts';
import { terminalRoutes } from './modules/terminals/index.ts';
import { userRoutes } from './modules/users/index.ts';
import { webhookRoutes } from './modules/webhooks/index.ts';
import { moduleDeps } from './wiring.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

const INGEST_PREFIX = '/api/ingest/';
/** Console files that name the current build: served for revalidation on every request, never from an hour-old copy. */
const UNCACHED_CONSOLE_FILES = new Set(['sw.js', 'manifest.webmanifest', 'index.html', 'offline.html']);

/** The built console: `dist/console` beside the source tree or the compiled one. */
export function findConsoleDir(): string | undefined {
  for (const candidate of [path.resolve(here, '../../dist/console'), path.resolve(here, '../../console')]) {
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

export interface BuiltApp {
  app: Express;
  api: Api;
}

/** Builds the whole HTTP application from its dependencies; nothing here listens or opens files. */
export function createApp(appDeps: AppDeps, options: { consoleDir?: string | undefined } = {}): BuiltApp {
  // Government ids are sealed under the data dir's key: the database handle carries it.
  attachFieldKey(appDeps.db, appDeps.secrets.fieldKey);
  // Other instances write this database too: no process-local cache could see their writes.
  if (appDeps.config.sharedDatabase) serveUncached(appDeps.db);
  const deps = moduleDeps(appDeps);
  const app = express();
  app.disable('x-powered-by');
  // A tunnel or reverse proxy on this PC may terminate TLS: by default trust only loopback hops; behind a
  // load balancer on another host MUSTER_TRUST_PROXY names it (client addresses feed the login throttle).
  app.set('trust proxy', appDeps.config.trustProxy);
  app.set('trust proxy fn', memoisedTrust(app.get('trust proxy fn') as TrustFn));
  app.set('query parser', 'simple');
  app.set('etag', bodyEtag);
  // The security headers are the same on every answer: computed once (fixed-headers.ts).
  const browserHeaders = fixedHeaders(helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // Document previews: a PDF fetched by the console and shown from a blob: URL.
        'frame-src': ["'self'", 'blob:'],
        'object-src': ["'self'", 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Only once an administrator says every device trusts the certificate (hstsHeader, below).
    strictTransportSecurity: false,
  }));
  const cookies = signedCookieParser(deps.secrets.sessionSecret);
  // The connector's ingest is machine-to-machine and the busiest path: no browser
  // headers to set, no cookies to read.
  const forBrowsers = (handler: RequestHandler): RequestHandler => (req, res, next) =>
    req.path.startsWith(INGEST_PREFIX) ? next() : handler(req, res, next);
  const lan = createLanState(deps);
  const hsts = hstsHeader(lan);
  // An operation without path parameters (the connector's, most of the console's and integrators' calls) runs
  // from this first layer: the browser middleware, then its own handlers, not past the docs, the agent and
  // OAuth endpoints and the routers Express would try one by one. None of those claims such a path under /api
  // (checked in ingest.test.ts, routing); anything else walks the layers below as before. Most such requests
  // do not even reach this layer: `directFromTheStart` (below) runs them before Express's dispatch; this layer
  // serves the rest (a URL in absolute form, say) and is skipped for a request that path handed back.
  const browser = [browserHeaders, hsts, cookies];
  const firstFor = (path: string) => (path.startsWith(INGEST_PREFIX) ? [] : browser);
  app.use((req, res, next) => {
    const chain = req.path.startsWith('/api/') && !handedBack(req) ? api.directChain(req) : undefined;
    if (!chain) return next();
    api.runDirect(chain, req, res, next, firstFor(req.path));
  });
  app.use(forBrowsers(browserHeaders));
  app.use(forBrowsers(hsts));
  app.use(forBrowsers(cookies));

  const connector = connectorAuth(deps.secrets.connectorSecret);
  const api = new Api(
    {
      none: [crossSiteGuard],
      session: [sessionAuth((token) => resolveSessionCaller(deps, token)), crossSiteGuard],
      apiKey: [apiKeyAuth((key) => resolveApiKey(deps, key))],
      connector: [connector],
    },
    { connector: connector.callerOf },
  );
  // The connector's routes first: the busiest path should not walk past every other route.
  ingestRoutes(api, deps);
  healthRoutes(api, deps);
  setupRoutes(api, deps);
  authRoutes(api, deps);
  orgRoutes(api, deps);
  employeeRoutes(api, deps);
  userRoutes(api, deps);
  notificationRoutes(api, deps);
  apiKeyRoutes(api, deps);
  publicV1Routes(api, deps);
  attendanceRoutes(api, deps);
  regularizationRoutes(api, deps);
  terminalRoutes(api, deps);
  leaveRoutes(api, deps);
  reportRoutes(api, deps);
  dashboardRoutes(api, deps);
  lanRoutes(api, deps, lan);
  documentRoutes(api, deps);
  // Audit lies below auth (auth records audit entries): the reader's language is handed in here, not imported.
  auditRoutes(api, deps, (caller, acceptLanguage) => readerLocale(deps.db, caller, acceptLanguage));
  jobRoutes(api, deps);
  complianceRoutes(api, deps);
  oauthRoutes(api, deps);
  const mcp = mcpRoutes(api, deps);
  webhookRoutes(api, deps);
  emailRoutes(api, deps);
  calendarFeedRoutes(api, deps);

  const openapi = buildOpenApi(api.operations);
  docsRoutes(app, openapi);
  // The agent endpoint (its own JSON-RPC chain) and the OAuth protocol endpoints (RFC formats, outside /api).
  app.use(mcp);
  app.use(oauthProtocolRoutes(deps));
  app.use(api.router);
  app.use('/api', apiNotFound);

  const consoleDir = options.consoleDir ?? findConsoleDir();
  if (consoleDir) {
    app.use(
      express.static(consoleDir, {
        index: false,
        maxAge: '1h',
        // The phone app's worker and manifest are checked on every visit, so a new build reaches phones at once.
        setHeaders: (res, file) => {
          if (UNCACHED_CONSOLE_FILES.has(path.basename(file))) res.setHeader('Cache-Control', 'no-cache');
        },
      }),
    );
    // Client-side routes: any other GET that wants a page gets the console.
    app.get('/{*path}', (req, res, next) => {
      if (!req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(consoleDir, 'index.html'));
    });
  } else {
    app.get('/', (_req, res) => {
      res
        .type('text/plain')
        .send('Muster API is running. The console is not built: run `npm run build:console`. API docs: /api/docs');
    });
  }
  // Problems read in the caller's language (issue 21); programs stay English unless Accept-Language asks.
  const problems = problemHandler(deps.logger, (req) => readerLocale(deps.db, req.caller, req.get('accept-language')));
  app.use(problems);
  directFromTheStart(app, api, { first: firstFor, problems });
  return { app, api };
}
