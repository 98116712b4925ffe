import type { Caller, ModuleDeps } from '../../context.ts';
import type { RequestBase } from '../../http/public-url.ts';
import { lookUpKey } from '../api-keys/index.ts';
import { agentCallerOf } from '../auth/index.ts';
import { checkAccessToken, resourceOf } from '../oauth/index.ts';

/**
 * The agent endpoint's credentials (spec §5.3): an employee-bound API key or
 * an OAuth access token for this resource. Either resolves to a real caller —
 * the employee's current roles and scope, source `mcp`, the credential named —
 * or to a refusal in words for the 401 answer.
 */

export type AgentAuthentication =
  | { caller: Caller; /** For the rate limit: one budget per key or per OAuth grant. */ budget: string }
  | { refused: string; /** Sent as `error="invalid_token"` when a credential was presented. */ invalidToken: boolean };

const KEY_NOT_BOUND =
  'This API key is not bound to an employee, and the agent endpoint always acts as a person. Use a personal key (Muster console → your name → Connected apps), or ask an administrator to bind the key to an employee under API & webhooks.';

export async function authenticateAgent(deps: ModuleDeps, bearer: string | undefined, base: RequestBase): Promise<AgentAuthentication> {
  if (!bearer) {
    return { refused: 'Send a personal API key or an OAuth access token as Authorization: Bearer …', invalidToken: false };
  }
  if (bearer.startsWith('mst_')) {
    const found = await lookUpKey(deps, bearer);
    if ('refused' in found) return { refused: found.refused, invalidToken: true };
    const { key } = found;
    if (!key.employeeId) return { refused: KEY_NOT_BOUND, invalidToken: true };
    const who = await agentCallerOf(deps, { employeeId: key.employeeId }, { kind: 'api-key', id: key.keyId, name: key.name, canAct: key.scope === 'ReadWrite' });
    return 'refused' in who ? { refused: who.refused, invalidToken: true } : { caller: who.caller, budget: `key:${key.keyId}` };
  }
  if (bearer.startsWith('mat_')) {
    const checked = await checkAccessToken(deps, bearer, resourceOf(base));
    if ('refused' in checked) return { refused: checked.refused, invalidToken: true };
    const { grant } = checked;
    const who = await agentCallerOf(
      deps,
      { userId: grant.userId },
      { kind: 'oauth-client', id: grant.clientId, name: grant.clientName, grantId: grant.grantId, canAct: grant.scopes.includes('muster:write') },
    );
    return 'refused' in who ? { refused: who.refused, invalidToken: true } : { caller: who.caller, budget: `grant:${grant.grantId}` };
  }
  return { refused: 'The credential is not a Muster API key or access token.', invalidToken: true };
}
