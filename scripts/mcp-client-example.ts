/**
 * A small MCP client for Muster's agent endpoint, built on the official
 * TypeScript SDK (@modelcontextprotocol/client) — what an AI assistant does,
 * from a terminal. Run it from the Muster folder:
 *
 *   # with a personal key (Connected apps → New key in the console)
 *   MUSTER_URL=http://127.0.0.1:8080 MUSTER_KEY=mst_… npx tsx scripts/mcp-client-example.ts
 *   # through OAuth: no key — the script registers itself, opens the consent page
 *   # in your browser (sign in, Allow) and receives the code on a loopback port
 *   MUSTER_URL=https://muster.office.example npx tsx scripts/mcp-client-example.ts
 *
 * Commands (the default is `tools`):
 *   tools                               who you are, the tools you may use, your leave balances
 *   apply "<leave type>" [YYYY-MM-DD|next-friday] [reason]
 *                                       quote then apply for one day of leave (default: next Friday)
 *   call <tool> ['{"json":"arguments"}']
 *                                       any tool with JSON arguments
 *
 * MUSTER_ERA=legacy speaks the 2025-era `initialize` handshake instead of the
 * 2026-07-28 stateless revision (both are served).
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Client,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';

const base = process.env.MUSTER_URL ?? 'http://127.0.0.1:8080';
const endpoint = new URL('/api/mcp', base);
const key = process.env.MUSTER_KEY;
const era = process.env.MUSTER_ERA === 'legacy' ? 'legacy' : 'modern';

function newClient(): Client {
  return new Client({ name: 'muster-example', version: '1.0.0' }, { versionNegotiation: { mode: era === 'legacy' ? 'legacy' : 'auto' } });
}

function openBrowser(url: string): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  execFile(opener, [url], () => undefined); // if nothing opens, the URL is printed too
}

/** An OAuth client for a person at a terminal: loopback redirect, the browser for sign-in and consent, tokens in memory. */
class TerminalOAuth implements OAuthClientProvider {
  private info: OAuthClientInformationMixed | undefined;
  private stored: OAuthTokens | undefined;
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  readonly callback: Promise<URLSearchParams>;

  private constructor(
    readonly redirectUrl: string,
    callback: Promise<URLSearchParams>,
  ) {
    this.callback = callback;
  }

  /** Listens on a free loopback port for the authorization server's redirect. */
  static async start(): Promise<{ provider: TerminalOAuth; close: () => void }> {
    let resolve!: (q: URLSearchParams) => void;
    const received = new Promise<URLSearchParams>((r) => (resolve = r));
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/callback') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Done. You can close this window and go back to the terminal.');
      resolve(url.searchParams);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as AddressInfo).port;
    return { provider: new TerminalOAuth(`http://127.0.0.1:${port}/callback`, received), close: () => server.close() };
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Muster example script',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'muster:read muster:write',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
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
    if (!this.verifier) throw new Error('no code verifier saved');
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  redirectToAuthorization(url: URL): void {
    process.stderr.write(`\nOpen this address to sign in to Muster and allow the script:\n  ${url.href}\n\n`);
    openBrowser(url.href);
  }
}

async function connect(): Promise<{ client: Client; done: () => Promise<void> }> {
  if (key) {
    const client = newClient();
    await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
    return { client, done: () => client.close() };
  }
  const { provider, close } = await TerminalOAuth.start();
  const transport = new StreamableHTTPClientTransport(endpoint, { authProvider: provider });
  let client = newClient();
  try {
    await client.connect(transport);
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
    const query = await provider.callback;
    if (query.get('error')) throw new Error(`Muster answered ${query.get('error')}: ${query.get('error_description') ?? ''}`);
    await transport.finishAuth(query);
    client = newClient();
    await client.connect(new StreamableHTTPClientTransport(endpoint, { authProvider: provider }));
  }
  return {
    client,
    done: async () => {
      await client.close();
      close();
    },
  };
}

async function tool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join('\n');
  if (result.isError) throw new Error(`${name}: ${text}`);
  return (result.structuredContent ?? { text }) as Record<string, any>;
}

/** The Friday after today (in the organisation's zone, as whoami answers it). */
function nextFriday(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== 5);
  return d.toISOString().slice(0, 10);
}

async function main(): Promise<void> {
  const [command = 'tools', ...args] = process.argv.slice(2);
  const { client, done } = await connect();
  try {
    const me = await tool(client, 'whoami');
    console.log(`Connected to ${endpoint.href} as ${me.name} (${me.connectedAs}); today is ${me.weekday} ${me.today} in ${me.timeZone}.`);
    if (command === 'tools') {
      const { tools } = await client.listTools();
      console.log(`\n${tools.length} tools:`);
      for (const t of tools) console.log(`  ${t.name.padEnd(26)} ${t.annotations?.readOnlyHint ? 'reads  ' : 'changes'} ${t.title ?? ''}`);
      const balances = await tool(client, 'leave_balances');
      console.log('\nLeave balances:');
      for (const b of balances.balances ?? []) console.log(`  ${String(b.leaveType).padEnd(24)} ${b.available} available`);
    } else if (command === 'apply') {
      const [leaveType, when = 'next-friday', reason] = args;
      if (!leaveType) throw new Error('usage: apply "<leave type>" [YYYY-MM-DD|next-friday] [reason]');
      const day = when === 'next-friday' ? nextFriday(me.today) : when;
      const quote = await tool(client, 'leave_quote', { leaveType, fromDate: day, toDate: day });
      console.log(`Quote for ${quote.leaveType} on ${day}: ${quote.workingDays} working day(s), balance after ${quote.balanceAfter}.`);
      if (quote.wouldBeRefusedBecause?.length) throw new Error(`Muster would refuse it: ${quote.wouldBeRefusedBecause.join(' ')}`);
      const applied = await tool(client, 'leave_apply', { leaveType, fromDate: day, toDate: day, ...(reason ? { reason } : {}) });
      console.log(applied.message);
    } else if (command === 'call') {
      const [name, json = '{}'] = args;
      if (!name) throw new Error('usage: call <tool> [\'{"json":"arguments"}\']');
      console.log(JSON.stringify(await tool(client, name, JSON.parse(json) as Record<string, unknown>), null, 2));
    } else {
      throw new Error(`unknown command ${command}: tools, apply or call`);
    }
  } finally {
    await done();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
