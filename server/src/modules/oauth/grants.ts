import { type OAuthGrant, type OAuthGrantQuery, abilitiesFor } from '../../../../shared/oauth.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { notFound } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import { permissionsOfLogin } from '../auth/index.ts';
import * as repo from './repo/grants.ts';
import { storedScopes } from './scopes.ts';

/** Connected apps: the grants people gave assistants, listed and revoked from the console. */

async function toGrant(ctx: Ctx, row: repo.GrantRow): Promise<OAuthGrant> {
  const scopes = storedScopes(row.scope);
  const permissions = row.user_id === ctx.caller.userId ? ctx.caller.permissions : await permissionsOfLogin(ctx, row.user_id);
  return {
    id: row.id,
    client: { id: row.client_id, name: row.client_name, clientUri: row.client_uri, registration: row.registration === 'admin' ? 'admin' : 'dynamic' },
    employeeId: row.employee_id,
    employeeName: row.employee_name,
    scopes,
    abilities: abilitiesFor(permissions, scopes),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** The caller's live connected apps; everyone's with `all` (`api:manage`). */
export async function listGrants(ctx: Ctx, query: OAuthGrantQuery): Promise<OAuthGrant[]> {
  requirePermission(ctx, 'self:read');
  if (query.all) requirePermission(ctx, 'api:manage');
  else if (!ctx.caller.userId) return [];
  const rows = await repo.listLiveGrants(ctx.db, query.all ? 'all' : (ctx.caller.userId ?? ''));
  return Promise.all(rows.map((r) => toGrant(ctx, r)));
}

/** Ends a connection at once (its tokens stop working): one's own, or anyone's with `api:manage` (404 otherwise). Audited on the person. */
export async function revokeGrant(ctx: Ctx, id: string): Promise<OAuthGrant> {
  requirePermission(ctx, 'self:read');
  const row = await repo.findGrant(ctx.db, id);
  const mine = row !== undefined && row.user_id === ctx.caller.userId;
  if (!row || (!mine && !ctx.caller.permissions.includes('api:manage'))) throw notFound('Connected app');
  if (row.revoked_at === null) {
    await inTransaction(ctx, async (t) => {
      const by = mine ? '' : ` by ${ctx.caller.name}`;
      await repo.revokeGrants(t.db, [id], ctx.clock.now().toISOString(), mine ? 'disconnected by the person' : `disconnected by ${ctx.caller.name}`);
      await recordAudit(t, {
        employeeId: row.employee_id,
        category: 'Permissions',
        action: 'oauth.revoked',
        summary: `Disconnected the app "${row.client_name}"${by}`,
      });
    });
  }
  const updated = await repo.findGrant(ctx.db, id);
  if (!updated) throw notFound('Connected app');
  return toGrant(ctx, updated);
}
