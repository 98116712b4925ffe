/**
 * An error of the OAuth protocol endpoints, answered in the RFCs' own format
 * (`{ "error": "invalid_grant", "error_description": "…" }`, RFC 6749 §5.2,
 * RFC 7591 §3.2.2), never as problem+json.
 */
export class OAuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
    readonly headers?: Record<string, string>,
  ) {
    super(description);
  }
}

export const invalidRequest = (d: string) => new OAuthFailure(400, 'invalid_request', d);
export const invalidGrant = (d: string) => new OAuthFailure(400, 'invalid_grant', d);
export const invalidClient = (d: string, basic = false) =>
  new OAuthFailure(401, 'invalid_client', d, basic ? { 'WWW-Authenticate': 'Basic realm="muster"' } : undefined);
export const invalidTarget = (d: string) => new OAuthFailure(400, 'invalid_target', d);
export const invalidScope = (d: string) => new OAuthFailure(400, 'invalid_scope', d);
