import { z } from 'zod';
import { LoginRequest, LoginResponse, MeResponse, PasswordChangeRequest, SessionList } from '../../../../shared/auth.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import { effectiveLocale } from '../../../../shared/i18n/locales.ts';
import { orgSettings } from '../org/index.ts';
import { Ok, UuidInput } from '../../../../shared/common.ts';
import { systemCaller, type ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { loginThrottles } from '../../http/rate-limit.ts';
import { clearSessionCookie, clientMeta, setSessionCookie } from '../../http/session-cookie.ts';
import * as service from './service.ts';

export function authRoutes(api: Api, deps: ModuleDeps): void {
  api.op(
    {
      method: 'post',
      path: '/api/auth/login',
      operationId: 'login',
      summary: 'Sign in and receive the session cookie',
      description:
        'Sets a signed, httpOnly, SameSite=Strict session cookie: `__Host-muster_session` (Secure) over HTTPS, `muster_session` on this PC\'s plain-HTTP loopback address. Wrong email and wrong password answer the same 401. Repeated failures for one email (5) or one address (30) within 15 minutes answer 429 with `Retry-After`.',
      tags: ['Session'],
      auth: 'none',
      before: loginThrottles(deps),
      body: LoginRequest,
      response: LoginResponse,
      errors: [401, 429],
    },
    async ({ body, req, res }) => {
      const ctx = await deps.ctxFor(systemCaller('console'));
      const { token, user, expiresAt } = await service.login(ctx, body, clientMeta(req));
      setSessionCookie(req, res, token, expiresAt);
      return { user };
    },
  );

  api.op(
    {
      method: 'post',
      path: '/api/auth/logout',
      operationId: 'logout',
      summary: 'End the current session',
      description: 'Ends the session the cookie belongs to and clears the cookie. The caller\'s other sessions stay signed in (see `DELETE /api/sessions/{id}`).',
      tags: ['Session'],
      auth: 'session',
      response: Ok,
    },
    async ({ caller, req, res }) => {
      await service.logout(await deps.ctxFor(caller));
      clearSessionCookie(req, res);
      return { ok: true };
    },
  );

  api.op(
    {
      method: 'get',
      path: '/api/auth/me',
      operationId: 'me',
      summary: 'The signed-in user with roles and permissions, and the organisation\'s today',
      description: 'Who the session belongs to: user and employee ids, name, e-mail, roles and the permissions they grant, and the organisation\'s name, time zone and today\'s date there. The console reads it first to decide what to show; it changes when an administrator changes the user\'s roles.',
      tags: ['Session'],
      auth: 'session',
      response: MeResponse,
    },
    async ({ caller }) => {
      const [settings, choice] = await Promise.all([orgSettings(deps.db), caller.userId ? service.localeChoiceOf(deps.db, caller.userId) : null]);
      const own = choice === null ? null : effectiveLocale(choice, settings.defaultLocale);
      return {
        user: {
          id: caller.userId ?? '',
          employeeId: caller.employeeId ?? '',
          fullName: caller.name,
          email: caller.email ?? '',
          roles: [...caller.roles],
          permissions: [...caller.permissions],
        },
        organisation: { name: settings.name, timeZone: settings.timeZone, today: dayInZone(deps.clock.now(), settings.timeZone) },
        language: { locale: own ?? settings.defaultLocale, choice: own, organisationDefault: settings.defaultLocale },
      };
    },
  );

  api.op(
    {
      method: 'post',
      path: '/api/auth/password',
      operationId: 'changePassword',
      summary: 'Change your password (ends your other sessions)',
      description: 'Checks the current password, sets the new one (same rules as at setup) and signs out the caller\'s other sessions; this session stays valid. A wrong current password is a 400 naming `currentPassword`.',
      tags: ['Session'],
      auth: 'session',
      body: PasswordChangeRequest,
      response: Ok,
    },
    async ({ body, caller }) => {
      await service.changePassword(await deps.ctxFor(caller), body);
      return { ok: true };
    },
  );

  api.op(
    {
      method: 'get',
      path: '/api/sessions',
      operationId: 'listSessions',
      summary: 'Live sessions',
      description: 'Every user\'s live sessions for holders of `session:manage` (Admin), otherwise your own.',
      tags: ['Session'],
      auth: 'session',
      response: SessionList,
    },
    async ({ caller }) => ({ items: await service.listSessions(await deps.ctxFor(caller)) }),
  );

  api.op(
    {
      method: 'delete',
      path: '/api/sessions/{id}',
      operationId: 'revokeSession',
      summary: 'End a session at once',
      description: 'Your own sessions, or anyone\'s with `session:manage`. The next request with that cookie answers 401.',
      tags: ['Session'],
      auth: 'session',
      params: z.object({ id: UuidInput }),
      response: Ok,
      errors: [404],
    },
    async ({ params, caller }) => {
      await service.revokeSession(await deps.ctxFor(caller), params.id);
      return { ok: true };
    },
  );
}
