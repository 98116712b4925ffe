import { EmailSettings, EmailSettingsUpdate, EmailTest, EmailTestResult, NotificationPreferences, NotificationPreferencesUpdate } from '../../../../shared/email.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { publicBaseUrl } from '../../http/public-url.ts';
import { myNotificationPreferences, updateMyNotificationPreferences } from './preferences.ts';
import { getEmailSettings, sendTestEmail, updateEmailSettings } from './settings.ts';

export function emailRoutes(api: Api, deps: ModuleDeps): void {
  const admin = { tags: ['E-mail'], auth: 'session', permission: 'org:manage' } as const;
  api.op(
    { ...admin, method: 'get', path: '/api/settings/email', operationId: 'getEmailSettings', summary: 'SMTP settings (the password is never returned)', response: EmailSettings, errors: [403] },
    async ({ caller }) => getEmailSettings(await deps.ctxFor(caller)),
  );
  api.op(
    {
      ...admin,
      method: 'put',
      path: '/api/settings/email',
      operationId: 'updateEmailSettings',
      summary: 'Save the SMTP settings',
      description: 'The password is stored encrypted with the key in the data dir (secrets.json), never returned; omit it to keep the stored one. E-mails are sent by the outbox worker with nodemailer, retried like webhooks.',
      body: EmailSettingsUpdate,
      response: EmailSettings,
      errors: [403],
    },
    async ({ caller, body }) => updateEmailSettings(await deps.ctxFor(caller), body),
  );
  api.op(
    { ...admin, method: 'post', path: '/api/settings/email/test', operationId: 'sendTestEmail', summary: 'Send a test e-mail now with the saved settings', body: EmailTest, response: EmailTestResult, errors: [403] },
    async ({ caller, body }) => sendTestEmail(await deps.ctxFor(caller), body, publicBaseUrl(deps)),
  );
  const self = { tags: ['Notifications'], auth: 'session', permission: 'notification:read' } as const;
  api.op(
    { ...self, method: 'get', path: '/api/me/notification-preferences', operationId: 'getMyNotificationPreferences', summary: 'What reaches me by e-mail as well as in-app, per kind', response: NotificationPreferences, errors: [403] },
    async ({ caller }) => myNotificationPreferences(await deps.ctxFor(caller)),
  );
  api.op(
    {
      ...self,
      method: 'put',
      path: '/api/me/notification-preferences',
      operationId: 'updateMyNotificationPreferences',
      summary: 'Choose in-app only or e-mail too, per kind',
      body: NotificationPreferencesUpdate,
      response: NotificationPreferences,
      errors: [403],
    },
    async ({ caller, body }) => updateMyNotificationPreferences(await deps.ctxFor(caller), body),
  );
}
