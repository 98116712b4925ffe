import { z } from 'zod';
import { MyLanguage, MyLanguageUpdate } from '../../../../shared/auth.ts';
import { Locale } from '../../../../shared/i18n/locales.ts';
import { OrganisationLanguageUpdate } from '../../../../shared/org.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { myLanguage, setMyLanguage, setOrganisationLanguage } from './language.ts';

export function languageRoutes(api: Api, deps: ModuleDeps): void {
  api.op(
    {
      method: 'get',
      path: '/api/me/language',
      operationId: 'getMyLanguage',
      summary: 'The language the signed-in person reads Muster in',
      description: "Their own choice, or null to follow the organisation's default; `locale` is the one in effect (also in `GET /api/auth/me`).",
      tags: ['Session'],
      auth: 'session',
      response: MyLanguage,
    },
    async ({ caller }) => myLanguage(await deps.ctxFor(caller)),
  );

  api.op(
    {
      method: 'put',
      path: '/api/me/language',
      operationId: 'setMyLanguage',
      summary: 'Choose the language to read Muster in',
      description:
        "Any signed-in person, for themselves only. `null` follows the organisation's default. The console, in-app notifications, e-mails and the exports the person downloads use it. Audited on the person's record (Profile).",
      tags: ['Session'],
      auth: 'session',
      body: MyLanguageUpdate,
      response: MyLanguage,
      errors: [400],
    },
    async ({ body, caller }) => setMyLanguage(await deps.ctxFor(caller), body),
  );

  api.op(
    {
      method: 'put',
      path: '/api/org/language',
      operationId: 'setOrganisationLanguage',
      summary: "Set the organisation's default language",
      description: 'The language of everyone who has not chosen their own. HR and Admin (`org:manage`). Audited on the record of whoever changed it.',
      tags: ['Organisation'],
      auth: 'session',
      permission: 'org:manage',
      body: OrganisationLanguageUpdate,
      response: z.object({ defaultLocale: Locale }).meta({ id: 'OrganisationLanguage' }),
      errors: [400, 403],
    },
    async ({ body, caller }) => setOrganisationLanguage(await deps.ctxFor(caller), body),
  );
}
