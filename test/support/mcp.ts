import {
  Client as McpClient,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { Client } from './client.ts';

/** The agent endpoint from the SDK's own client, over real HTTP on loopback, in either protocol era. */

export type Era = 'legacy' | 'modern';
export const ERAS: readonly Era[] = ['legacy', 'modern'];

export function mcpUrl(baseUrl: string): URL {
  return new URL('/api/mcp', baseUrl);
}

function newClient(era: Era): McpClient {
  return new McpClient(
    { name: 'muster-tests', version: '1.0.0' },
    { versionNegotiation: { mode: era === 'legacy' ? 'legacy' : { pin: '2026-07-28' } } },
  );
}

/** An SDK client connected with a bearer credential (a personal or bound API key, or an access token). */
export async function connectWithBearer(baseUrl: string, bearer: string, era: Era): Promise<McpClient> {
  const client = newClient(era);
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(baseUrl), { requestInit: { headers: { Authorization: `Bearer ${bearer}` } } }));
  return client;
}

/** Makes a personal key from the console as the signed-in person; answers the whole key. */
export async function personalKey(session: Client, opts: { name?: string; scope?: 'ReadOnly' | 'ReadWrite'; expiresAt?: string } = {}): Promise<string> {
  const res = await session.post('/api/me/api-keys', { name: opts.name ?? 'Test assistant', scope: opts.scope ?? 'ReadWrite', ...(opts.expiresAt ? { expiresAt: opts.expiresAt } : {}) });
  if (res.status !== 200) throw new Error(`personal key: ${res.status} ${res.text}`);
  return res.body.key as string;
}

/** A tool's structured output (throws with the text when the tool refused). */
export async function call<T = any>(client: McpClient, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} refused: ${JSON.stringify(result.content)}`);
  return result.structuredContent as T;
}

/** A tool's refusal sentence (throws when the tool did not refuse). */
export async function refusal(client: McpClient, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError) throw new Error(`${name} did not refuse: ${JSON.stringify(result.structuredContent)}`);
  const first = (result.content as { type: string; text?: string }[])[0];
  return first?.text ?? '';
}

/**
 * A headless OAuth client (the conformance suite's pattern): instead of
 * opening a browser, "the person" approves through the console's consent API
 * with their session cookie, and the redirect's query is kept for finishAuth.
 */
export class HeadlessOAuth implements OAuthClientProvider {
  private creds = new Map<string, OAuthClientInformationMixed>();
  private stored: OAuthTokens | undefined;
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  /** The redirect the consent answered (code, state, iss — or an error). */
  callback: URL | undefined;
  /** The authorization URL the SDK built. */
  authorizationUrl: URL | undefined;
  readonly redirectUrl = 'http://127.0.0.1:43917/callback';

  constructor(
    private readonly session: Client | undefined,
    private readonly decision: { decision: 'allow' | 'deny'; allowWrite?: boolean } = { decision: 'allow', allowWrite: true },
    readonly clientName = 'Test Assistant',
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: this.clientName, redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation(ctx?: { issuer: string }) {
    return ctx ? this.creds.get(ctx.issuer) : [...this.creds.values()][0];
  }
  saveClientInformation(info: OAuthClientInformationMixed, ctx?: { issuer: string }) {
    this.creds.set(ctx?.issuer ?? 'default', info);
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    if (!this.verifier) throw new Error('no code verifier');
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrl = url;
    if (!this.session) return;
    const params = Object.fromEntries(url.searchParams);
    const res = await this.session.post('/api/oauth/authorize', { ...params, ...this.decision });
    if (res.status !== 200) throw new Error(`consent: ${res.status} ${res.text}`);
    this.callback = new URL(res.body.redirectTo as string);
  }
}

/** Runs the whole OAuth flow (discovery, DCR, consent, code exchange) and answers a connected client. */
export async function connectWithOAuth(baseUrl: string, provider: HeadlessOAuth, era: Era): Promise<McpClient> {
  const url = mcpUrl(baseUrl);
  const first = newClient(era);
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
  try {
    await first.connect(transport);
    return first;
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
  }
  if (!provider.callback) throw new Error('the consent gave no redirect');
  await transport.finishAuth(provider.callback.searchParams);
  const client = newClient(era);
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  return client;
}
