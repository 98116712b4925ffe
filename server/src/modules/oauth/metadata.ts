import { AGENT_SCOPES } from '../../../../shared/oauth.ts';
import type { RequestBase } from '../../http/public-url.ts';

/**
 * The discovery documents (RFC 9728 protected-resource metadata, RFC 8414
 * authorization-server metadata) and the URLs they name, all derived from the
 * address a request reached Muster by. Pure.
 */

export const MCP_PATH = '/api/mcp';
const PRM_WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** The authorization server's issuer: the base URL itself (no trailing slash, used identically everywhere). */
export function issuerOf(base: RequestBase): string {
  return base.url;
}

/** The agent endpoint's canonical URL: the audience every token is bound to (RFC 8707). */
export function resourceOf(base: RequestBase): string {
  return `${base.url}${MCP_PATH}`;
}

/** RFC 9728 §3.1: the well-known path inserted between the host and the resource's path. */
export function resourceMetadataUrl(base: RequestBase): string {
  const url = new URL(resourceOf(base));
  return `${url.origin}${PRM_WELL_KNOWN}${url.pathname}`;
}

export function protectedResourceMetadata(base: RequestBase, organisation: string) {
  return {
    resource: resourceOf(base),
    authorization_servers: [issuerOf(base)],
    scopes_supported: [...AGENT_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: `Muster — ${organisation}`,
    resource_documentation: `${base.url}/api/docs`,
  };
}

export function authorizationServerMetadata(base: RequestBase, dynamicRegistration: boolean) {
  const issuer = issuerOf(base);
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    ...(dynamicRegistration ? { registration_endpoint: `${issuer}/oauth/register` } : {}),
    revocation_endpoint: `${issuer}/oauth/revoke`,
    scopes_supported: [...AGENT_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: false,
    service_documentation: `${issuer}/api/docs`,
  };
}
