import type { OAuthSettings, OAuthSettingsUpdate } from '../../../../shared/oauth.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import type { RequestBase } from '../../http/public-url.ts';
import { recordAudit } from '../audit/index.ts';
import { dynamicRegistrationOn } from './clients.ts';
import { issuerOf, resourceOf } from './metadata.ts';
import * as repo from './repo/clients.ts';

/** The authorization server's settings as administrators see them (`api:manage`). */
export async function oauthSettings(ctx: Ctx, base: RequestBase | undefined): Promise<OAuthSettings> {
  requirePermission(ctx, 'api:manage');
  return {
    dynamicRegistration: await dynamicRegistrationOn(ctx),
    issuer: base ? issuerOf(base) : '',
    resource: base ? resourceOf(base) : '',
    secure: base?.secure ?? false,
  };
}

/** Turns self-registration of assistants on or off (`api:manage`). Apps already registered keep working. */
export async function updateOAuthSettings(ctx: Ctx, input: OAuthSettingsUpdate, base: RequestBase | undefined): Promise<OAuthSettings> {
  requirePermission(ctx, 'api:manage');
  if ((await dynamicRegistrationOn(ctx)) !== input.dynamicRegistration) {
    await inTransaction(ctx, async (t) => {
      await repo.writeSettings(t.db, input.dynamicRegistration, ctx.clock.now().toISOString());
      if (ctx.caller.employeeId) {
        await recordAudit(t, {
          employeeId: ctx.caller.employeeId,
          category: 'Permissions',
          action: 'oauth.settings',
          summary: `Turned ${input.dynamicRegistration ? 'on' : 'off'} self-registration of AI assistants`,
        });
      }
    });
  }
  return oauthSettings(ctx, base);
}
