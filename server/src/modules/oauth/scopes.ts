import { AGENT_SCOPES, type AgentScope } from '../../../../shared/oauth.ts';

/** OAuth scopes of the agent endpoint. Pure. */

export function isAgentScope(s: string): s is AgentScope {
  return (AGENT_SCOPES as readonly string[]).includes(s);
}

/** The scopes a space-separated string asks for; every scope when empty; the unknown ones listed. */
export function parseScope(value: string | undefined): { scopes: AgentScope[]; unknown: string[] } {
  const asked = (value ?? '').split(' ').filter(Boolean);
  if (asked.length === 0) return { scopes: [...AGENT_SCOPES], unknown: [] };
  const unknown = asked.filter((s) => !isAgentScope(s));
  // Acting implies reading: an assistant that may apply for leave may see the balance it applies against.
  const scopes = AGENT_SCOPES.filter((s) => asked.includes(s) || (s === 'muster:read' && asked.includes('muster:write')));
  return { scopes, unknown };
}

export function scopeString(scopes: readonly AgentScope[]): string {
  return AGENT_SCOPES.filter((s) => scopes.includes(s)).join(' ');
}

/** Stored scope strings back to scopes (anything else is dropped). */
export function storedScopes(value: string): AgentScope[] {
  return AGENT_SCOPES.filter((s) => value.split(' ').includes(s));
}
