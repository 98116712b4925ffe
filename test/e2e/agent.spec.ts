import crypto from 'node:crypto';
import http from 'node:http';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client as McpClient, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ADMIN, DEMO_EMPLOYEE, DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/agent');
mkdirSync(shots, { recursive: true });

async function toolResult(client: McpClient, name: string, args: Record<string, unknown>) {
  const r = await client.callTool({ name, arguments: args });
  return { isError: Boolean(r.isError), data: r.structuredContent as Record<string, any>, text: JSON.stringify(r.content) };
}

/** The first Friday three weeks or more ahead whose quote shows nothing refusing it. */
async function freeFriday(client: McpClient, today: string): Promise<string> {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 21);
  while (d.getUTCDay() !== 5) d.setUTCDate(d.getUTCDate() + 1);
  for (let i = 0; i < 20; i++, d.setUTCDate(d.getUTCDate() + 7)) {
    const day = d.toISOString().slice(0, 10);
    const q = await toolResult(client, 'leave_quote', { leaveType: 'Sick leave', fromDate: day, toDate: day });
    if (!q.isError && q.data.wouldBeRefusedBecause.length === 0 && q.data.workingDays === 1) return day;
  }
  throw new Error('no free Friday');
}

test('a person makes a personal key, an assistant applies for leave next Friday with it, and the manager sees the request', async ({ page, baseURL, browser }) => {
  await signIn(page, DEMO_EMPLOYEE.email, DEMO_EMPLOYEE.password);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Connected apps' }).click();
  await expect(page.getByRole('heading', { name: 'Connected apps', level: 1 })).toBeVisible();
  await expect(page.getByTestId('mcp-endpoint')).toHaveText(`${baseURL}/api/mcp`);
  await page.getByRole('button', { name: 'New key' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Claude Desktop on my laptop');
  await page.getByRole('button', { name: 'Make key' }).click();
  const key = (await page.getByTestId('issued-personal-key').innerText()).trim();
  expect(key).toMatch(/^mst_/);
  await expect(page.getByRole('tab', { name: 'Claude Desktop' })).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'key-made.png') });
  await page.getByRole('button', { name: 'I have copied the key' }).click();
  const row = page.getByRole('table', { name: 'Personal keys' }).getByRole('row', { name: /Claude Desktop on my laptop/ });
  await expect(row).toContainText('Read and act');
  await expect(row).toContainText('Active');

  // The assistant: the SDK client with the key, in the 2026-07-28 era.
  const client = new McpClient({ name: 'e2e-assistant', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', baseURL), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  expect(client.getProtocolEra?.()).toBe('modern');
  const tools = (await client.listTools()).tools.map((t) => t.name);
  expect(tools).toContain('leave_apply');
  const me = await toolResult(client, 'whoami', {});
  const friday = await freeFriday(client, me.data.today as string);
  const applied = await toolResult(client, 'leave_apply', { leaveType: 'Sick leave', fromDate: friday, toDate: friday, reason: 'Doctor appointment' });
  expect(applied.isError, applied.text).toBe(false);
  expect(applied.data.request.status).toBe('PendingManager');
  await client.close();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Personal keys' }).getByRole('row', { name: /Claude Desktop on my laptop/ })).not.toContainText('never');
  await page.screenshot({ path: path.join(shots, 'connected-apps.png') });

  // The manager's approval inbox shows it.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, 'manager@kaveri.example', DEMO_PASSWORD);
  await manager.goto('/leave/approvals');
  const card = manager.getByText('applied a few seconds ago');
  await expect(card).toBeVisible();
  await card.click();
  await expect(manager.getByText('Doctor appointment').first()).toBeVisible();
  await manager.screenshot({ path: path.join(shots, 'manager-inbox.png') });
  await managerContext.close();
});

test('an assistant connects through OAuth: sign in, consent names the app, Allow sends the code back', async ({ page, baseURL }) => {
  // The assistant's callback: a loopback listener, as Claude Desktop or an IDE opens one.
  const received: URL[] = [];
  const callback = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/callback') received.push(url); // (the browser also asks for a favicon)
    res.end('You can close this window.');
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', () => resolve()));
  const redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  try {
    const registered = (await (await fetch(`${baseURL}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Claude', redirect_uris: [redirectUri] }) })).json()) as { client_id: string };
    const verifier = crypto.randomBytes(32).toString('base64url');
    const authorize = new URL('/oauth/authorize', baseURL);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: registered.client_id,
      redirect_uri: redirectUri,
      code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      scope: 'muster:read muster:write',
      state: 'e2e-state',
      resource: `${baseURL}/api/mcp`,
    })) authorize.searchParams.set(k, v);

    await page.goto(authorize.href);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('An app asks to connect to Muster as you')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_EMPLOYEE.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_EMPLOYEE.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Allow Claude to use Muster as you?' })).toBeVisible();
    await expect(page.getByText('Registered itself')).toBeVisible();
    await expect(page.getByTestId('consent-abilities')).toContainText('Apply for leave and withdraw your pending requests');
    await page.screenshot({ path: path.join(shots, 'consent.png') });
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect.poll(() => received.length).toBe(1);
    const back = received[0] as URL;
    expect(back.pathname).toBe('/callback');
    expect(back.searchParams.get('state')).toBe('e2e-state');
    expect(back.searchParams.get('iss')).toBe(baseURL);
    const code = back.searchParams.get('code') as string;
    expect(code).toMatch(/^mac_/);

    // The assistant exchanges the code and works as the person.
    const tokens = (await (
      await fetch(`${baseURL}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier, client_id: registered.client_id, resource: `${baseURL}/api/mcp` }),
      })
    ).json()) as { access_token: string };
    const client = new McpClient({ name: 'e2e-oauth', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', baseURL), { requestInit: { headers: { Authorization: `Bearer ${tokens.access_token}` } } }));
    expect((await toolResult(client, 'whoami', {})).data.connectedAs).toBe('Claude (connected app)');
    await client.close();

    // The person sees the app under Connected apps and disconnects it; the token stops working.
    await page.goto('/connected-apps');
    const app = page.getByRole('table', { name: 'Signed-in apps' }).getByRole('row', { name: /Claude/ });
    await expect(app).toContainText('Read and act');
    await app.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByText('No app signed in')).toBeVisible();
    const refused = await fetch(`${baseURL}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${tokens.access_token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);
  } finally {
    callback.close();
  }
});

test('an administrator registers an app, sees everyone\'s connections and binds keys to employees', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/api-keys');
  await expect(page.getByRole('heading', { name: 'AI assistants (OAuth)' })).toBeVisible();
  await page.getByRole('button', { name: 'Register app' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Office assistant');
  await page.getByRole('textbox', { name: 'Redirect URIs' }).fill('https://assistant.example.in/oauth/callback');
  await page.getByRole('checkbox', { name: /keeps a secret/ }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByTestId('client-secret')).toContainText('mcs_');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'OAuth apps' })).toContainText('Office assistant');
  await expect(page.getByRole('switch', { name: 'Let assistants register themselves' })).toBeChecked();
  await page.screenshot({ path: path.join(shots, 'api-keys-admin.png'), fullPage: true });
});
