import { LoginResponse } from '../../../../shared/auth.ts';
import { SetupRequest, SetupStatus } from '../../../../shared/org.ts';
import { systemCaller, type ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { clientMeta, setSessionCookie } from '../../http/session-cookie.ts';
import { completeSetup, setupStatus } from './service.ts';

export function setupRoutes(api: Api, deps: ModuleDeps): void {
  api.op(
    {
      method: 'get',
      path: '/api/setup',
      operationId: 'setupStatus',
      summary: 'Whether first-run setup is still open',
      description: 'Open without credentials: `needsSetup` is true on an installation with no login yet, when `POST /api/setup` creates the organisation and its first administrator. Afterwards it only names the organisation (for the sign-in page).',
      tags: ['System'],
      auth: 'none',
      response: SetupStatus,
    },
    () => setupStatus(deps),
  );

  api.op(
    {
      method: 'post',
      path: '/api/setup',
      operationId: 'completeSetup',
      summary: 'First-run setup: organisation and first admin (once)',
      description: 'Only while no login exists; afterwards 409. Signs the new admin in (sets the session cookie).',
      tags: ['System'],
      auth: 'none',
      body: SetupRequest,
      response: LoginResponse,
      errors: [409],
    },
    async ({ body, req, res }) => {
      const session = await completeSetup(await deps.ctxFor(systemCaller('console')), body, clientMeta(req));
      setSessionCookie(req, res, session.token, session.expiresAt);
      return { user: session.user };
    },
  );
}
