import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/src/clock.ts';
import type { Client } from '../support/client.ts';
import { employeeIdOf } from '../support/leave.ts';
import { ERAS, connectWithBearer, mcpUrl, personalKey } from '../support/mcp.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * POST /api/mcp as a transport and a door: both protocol eras through the
 * SDK's own client, the refusals (no credential, unbound / revoked / expired
 * keys, disabled logins, foreign Host and Origin, GET and DELETE), tools by
 * role and by key scope, a role change applying at once, the rate limit.
 */

const clock = fixedClock(new Date());
let server: TestServer;
let employee: Client;
let manager: Client;
let hr: Client;
let admin: Client;
const JSON_RPC = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

/** One personal key per person for the tests that need just any key (a person may hold ten). */
const keys = new Map<Client, string>();
async function keyOf(client: Client): Promise<string> {
  let key = keys.get(client);
  if (!key) {
    key = await personalKey(client);
    keys.set(client, key);
  }
  return key;
}

async function post(body: string, headers: Record<string, string> = {}) {
  const res = await fetch(mcpUrl(server.url), { method: 'POST', headers: { ...JSON_RPC, ...headers }, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
}

/** A raw request with a Host header of our choosing (fetch does not let one set Host). */
function withHost(host: string, headers: Record<string, string>, body: string): Promise<{ status: number; body: string }> {
  const url = mcpUrl(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...JSON_RPC, ...headers, host } }, (res) => {
      let data = '';
      res.on('data', (d) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  server = await startServer({ clock, env: { MUSTER_AGENT_RATE_LIMIT: '40' } });
  [employee, manager, hr, admin] = await Promise.all([
    server.login('employee@kaveri.example'),
    server.login('manager@kaveri.example'),
    server.login('hr@kaveri.example'),
    server.login('admin@kaveri.example'),
  ]);
});
afterAll(async () => server.close());

describe('the endpoint', () => {
  it('answers GET and DELETE with 405 (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const res = await fetch(mcpUrl(server.url), { method, headers: { accept: 'text/event-stream' } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32000);
    }
  });

  it('refuses an unauthenticated call with 401 and the protected-resource metadata', async () => {
    const res = await post(LIST);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.json.detail).toMatch(/personal API key or an OAuth access token/);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(`resource_metadata="${server.url}/.well-known/oauth-protected-resource/api/mcp"`);
    expect(challenge).toContain('scope="muster:read muster:write"');
    expect(challenge).not.toContain('error=');
  });

  it('refuses a key bound to no employee, saying why (public v1 keeps accepting it)', async () => {
    const key = (await admin.post('/api/api-keys', { name: 'Payroll sync', scope: 'ReadOnly' })).body.key as string;
    const res = await post(LIST, { authorization: `Bearer ${key}` });
    expect(res.status).toBe(401);
    expect(res.json.detail).toMatch(/not bound to an employee/);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await fetch(`${server.url}/api/public/v1/employees`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  });

  it('acts as the employee an administrator bound a key to, on both the agent endpoint and public v1', async () => {
    const sneha = await employeeIdOf(server, 'employee@kaveri.example');
    const issued = (await admin.post('/api/api-keys', { name: 'Sneha bot', scope: 'ReadWrite', employeeId: sneha })).body;
    expect(issued.employeeName).toBe('Sneha Kulkarni');
    const client = await connectWithBearer(server.url, issued.key, 'legacy');
    const me = (await client.callTool({ name: 'whoami', arguments: {} })).structuredContent as { name: string; connectedAs: string };
    expect(me.name).toBe('Sneha Kulkarni');
    expect(me.connectedAs).toBe('Sneha bot (API key)');
    await client.close();
    expect((await fetch(`${server.url}/api/public/v1/employees`, { headers: { authorization: `Bearer ${issued.key}` } })).status).toBe(200);
  });

  it('refuses a revoked key, an expired key, and a personal key on the public API', async () => {
    const revoked = await personalKey(employee, { name: 'Old laptop' });
    const list = (await employee.get('/api/me/api-keys')).body.items as { id: string; name: string }[];
    const id = list.find((k) => k.name === 'Old laptop')?.id;
    expect((await employee.delete(`/api/me/api-keys/${id}`)).body.revokedAt).not.toBeNull();
    const r1 = await post(LIST, { authorization: `Bearer ${revoked}` });
    expect(r1.status).toBe(401);
    expect(r1.json.detail).toMatch(/unknown or revoked/);

    const soon = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const expiring = await personalKey(employee, { name: 'Trial', expiresAt: soon });
    expect((await post(LIST, { authorization: `Bearer ${expiring}` })).status).toBe(200);
    clock.advance(2 * 3_600_000);
    try {
      const r2 = await post(LIST, { authorization: `Bearer ${expiring}` });
      expect(r2.status).toBe(401);
      expect(r2.json.detail).toMatch(/"Trial" expired on/);
    } finally {
      clock.advance(-2 * 3_600_000);
    }

    const pub = await fetch(`${server.url}/api/public/v1/employees`, { headers: { authorization: `Bearer ${await keyOf(employee)}` } });
    expect(pub.status).toBe(401);
    expect(((await pub.json()) as { detail: string }).detail).toMatch(/only on the agent endpoint/);
  });

  it('refuses a personal key in the past or too far ahead, and more than ten live ones', async () => {
    const past = await employee.post('/api/me/api-keys', { name: 'x', expiresAt: new Date(clock.now().getTime() - 1000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.errors[0].path).toBe('body.expiresAt');
    const far = await employee.post('/api/me/api-keys', { name: 'x', expiresAt: new Date(clock.now().getTime() + 800 * 86_400_000).toISOString() });
    expect(far.status).toBe(400);
    const other = await server.login('manager@kaveri.example');
    for (let i = 0; i < 10; i++) expect((await other.post('/api/me/api-keys', { name: `k${i}` })).status).toBe(200);
    const eleventh = await other.post('/api/me/api-keys', { name: 'k10' });
    expect(eleventh.status).toBe(409);
    const mine = (await other.get('/api/me/api-keys')).body.items as { id: string }[];
    for (const k of mine) await other.delete(`/api/me/api-keys/${k.id}`);
  });

  it('keeps personal keys personal: another person cannot list or revoke them', async () => {
    await personalKey(employee, { name: 'Mine' });
    const mine = (await employee.get('/api/me/api-keys')).body.items as { id: string; name: string }[];
    const target = mine.find((k) => k.name === 'Mine');
    expect((await manager.get('/api/me/api-keys')).body.items.some((k: { id: string }) => k.id === target?.id)).toBe(false);
    expect((await manager.delete(`/api/me/api-keys/${target?.id}`)).status).toBe(404);
    // Administrators see and may revoke every key, personal ones included.
    const all = (await admin.get('/api/api-keys')).body.items as { id: string; personal: boolean; employeeName: string }[];
    expect(all.find((k) => k.id === target?.id)).toMatchObject({ personal: true, employeeName: 'Sneha Kulkarni' });
  });

  it('validates Host and Origin (DNS-rebinding protection)', async () => {
    const key = await keyOf(employee);
    const auth = { authorization: `Bearer ${key}` };
    const foreignOrigin = await post(LIST, { ...auth, origin: 'https://evil.example' });
    expect(foreignOrigin.status).toBe(403);
    expect(foreignOrigin.json.error.message).toMatch(/Invalid Origin/);
    expect((await post(LIST, { ...auth, origin: server.url })).status).toBe(200);
    const port = new URL(server.url).port;
    const rebound = await withHost(`evil.example:${port}`, auth, LIST);
    expect(rebound.status).toBe(403);
    expect(rebound.body).toMatch(/Invalid Host/);
    expect((await withHost(`localhost:${port}`, auth, LIST)).status).toBe(200);
  });

  it('answers malformed JSON with a JSON-RPC parse error once authenticated, and refuses the anonymous first', async () => {
    expect((await post('{"jsonrpc":', {})).status).toBe(401);
    const bad = await post('{"jsonrpc":', { authorization: `Bearer ${await keyOf(employee)}` });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe(-32700);
  });

  it('checks the 2026-07-28 headers and version (the SDK\'s rules)', async () => {
    const auth = { authorization: `Bearer ${await keyOf(employee)}` };
    const envelope = (v: string) => ({ 'io.modelcontextprotocol/protocolVersion': v, 'io.modelcontextprotocol/clientCapabilities': {} });
    const noName = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {}, _meta: envelope('2026-07-28') } }), {
      ...auth,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
    });
    expect(noName.status).toBe(400);
    expect(noName.json.error.code).toBe(-32020);
    const future = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope('2099-01-01') } }), {
      ...auth,
      'mcp-protocol-version': '2099-01-01',
      'mcp-method': 'tools/list',
    });
    expect(future.status).toBe(400);
    expect(future.json.error.code).toBe(-32022);
    expect(future.json.error.data.supported).toContain('2026-07-28');
  });

  it('answers plain JSON in both eras (no SSE) and a notification with 202', async () => {
    const auth = { authorization: `Bearer ${await keyOf(employee)}` };
    const legacy = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } } }), auth);
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get('content-type')).toBe('application/json');
    expect(legacy.json.result.protocolVersion).toBe('2025-06-18');
    expect(legacy.headers.get('mcp-session-id')).toBeNull();
    const note = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), auth);
    expect(note.status).toBe(202);
    expect(note.text).toBe('');
  });
});

describe('one caller per call', () => {
  /** A raw `tools/call` of whoami in either era (as the bench sends it). */
  const whoamiBody = (era: 'legacy' | 'modern', key: string, id: number) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    const params: Record<string, unknown> = { name: 'whoami', arguments: {} };
    if (era === 'legacy') headers['mcp-protocol-version'] = '2025-11-25';
    else {
      Object.assign(headers, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'whoami' });
      params._meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' } };
    }
    return post(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params }), headers);
  };

  it('never answers one caller as another: two callers alternating, in flight together, in both eras', async () => {
    // Fresh keys: this test's calls stay within the file's per-credential rate limit.
    const [a, b] = await Promise.all([personalKey(employee, { name: 'alternating A' }), personalKey(manager, { name: 'alternating B' })]);
    const nameOf = async (key: string) => (await whoamiBody('legacy', key, 1)).json.result.structuredContent.name as string;
    const [nameA, nameB] = await Promise.all([nameOf(a), nameOf(b)]);
    expect(nameA).not.toBe(nameB);
    for (const era of ERAS) {
      const calls = Array.from({ length: 12 }, (_, i) => ({ key: i % 2 === 0 ? a : b, expected: i % 2 === 0 ? nameA : nameB, id: i + 1 }));
      const answers = await Promise.all(calls.map((c) => whoamiBody(era, c.key, c.id)));
      answers.forEach((answer, i) => {
        expect(answer.status).toBe(200);
        expect(answer.json.id).toBe(calls[i]?.id);
        expect(answer.json.result.structuredContent.name).toBe(calls[i]?.expected);
      });
    }
  });
});

describe('tools by role, scope and credential', () => {
  const names = async (key: string, era: 'legacy' | 'modern') => {
    const client = await connectWithBearer(server.url, key, era);
    const tools = (await client.listTools()).tools;
    await client.close();
    return tools;
  };

  for (const era of ERAS) {
    it(`lists what each role may use (${era})`, async () => {
      const employeeTools = (await names(await keyOf(employee), era)).map((t) => t.name);
      const managerTools = (await names(await keyOf(manager), era)).map((t) => t.name);
      const hrTools = (await names(await keyOf(hr), era)).map((t) => t.name);
      expect(employeeTools).toEqual([
        'whoami',
        'attendance_get',
        'attendance_check_in',
        'attendance_check_out',
        'regularization_request',
        'leave_balances',
        'leave_quote',
        'leave_apply',
        'leave_withdraw',
        'leave_requests',
      ]);
      expect(managerTools).toEqual([...employeeTools, 'approvals_pending', 'approvals_approve', 'approvals_reject', 'team_attendance_today', 'people_lookup']);
      expect(hrTools).toEqual([...managerTools, 'attendance_override_day']);
      expect(hrTools.length).toBeLessThanOrEqual(16);
    });
  }

  it('describes every tool for a model: title, description, both schemas, all four annotations', async () => {
    for (const era of ERAS) {
      for (const tool of await names(await keyOf(hr), era)) {
        expect(tool.title, tool.name).toBeTruthy();
        expect((tool.description ?? '').length, tool.name).toBeGreaterThan(80);
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type, tool.name).toBe('object');
        const a = tool.annotations ?? {};
        for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) expect(typeof a[hint], `${tool.name} ${hint}`).toBe('boolean');
        expect(a.openWorldHint).toBe(false);
        if (a.readOnlyHint) expect(a.destructiveHint).toBe(false);
      }
    }
  });

  it('shows employees no argument that names someone else; managers and HR get one', async () => {
    const byName = async (key: string) => Object.fromEntries((await names(key, 'legacy')).map((t) => [t.name, t]));
    const mine = await byName(await keyOf(employee));
    expect(Object.keys(mine.attendance_get?.inputSchema.properties ?? {})).toEqual(['date', 'month']);
    expect(mine.attendance_get?.inputSchema.additionalProperties).toBe(false);
    const theirs = await byName(await keyOf(manager));
    expect(Object.keys(theirs.attendance_get?.inputSchema.properties ?? {})).toContain('employee');
    expect(Object.keys(theirs.leave_apply?.inputSchema.properties ?? {})).not.toContain('employee');
    const hrs = await byName(await keyOf(hr));
    expect(Object.keys(hrs.leave_apply?.inputSchema.properties ?? {})).toContain('employee');
  });

  it('refuses a hidden tool exactly like an unknown one', async () => {
    const client = await connectWithBearer(server.url, await keyOf(employee), 'legacy');
    const hidden = await client.callTool({ name: 'approvals_approve', arguments: { requestId: '0195f3c2-6b1e-7d8a-9c1f-3e2a4b5c6d7e' } }).catch((e: Error) => e.message);
    const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((e: Error) => e.message);
    expect(String(hidden)).toMatch(/Tool approvals_approve not found/);
    expect(String(unknown)).toMatch(/Tool no_such_tool not found/);
    await client.close();
  });

  it('shows a ReadOnly key only the tools that read', async () => {
    const tools = await names(await personalKey(manager, { scope: 'ReadOnly' }), 'modern');
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    expect(tools.map((t) => t.name)).toContain('approvals_pending');
    expect(tools.map((t) => t.name)).not.toContain('leave_apply');
  });

  it('applies a role change at the next call, and refuses a disabled login', async () => {
    const key = await keyOf(hr);
    const before = (await names(key, 'legacy')).map((t) => t.name);
    expect(before).toContain('attendance_override_day');
    const priya = await server.deps.db.selectFrom('user_account').select('id').where('email', '=', 'hr@kaveri.example').executeTakeFirstOrThrow();
    expect((await admin.patch(`/api/users/${priya.id}`, { roles: ['Manager'] })).status).toBe(200);
    const after = (await names(key, 'legacy')).map((t) => t.name);
    expect(after).not.toContain('attendance_override_day');
    expect(after).toContain('approvals_pending');
    expect((await admin.patch(`/api/users/${priya.id}`, { active: false })).status).toBe(200);
    const refused = await post(LIST, { authorization: `Bearer ${key}` });
    expect(refused.status).toBe(401);
    expect(refused.json.detail).toMatch(/login is disabled/);
    expect((await admin.patch(`/api/users/${priya.id}`, { roles: ['HR', 'Manager'], active: true })).status).toBe(200);
    hr = await server.login('hr@kaveri.example');
  });

  it('limits each credential to MUSTER_AGENT_RATE_LIMIT requests a minute (429 with Retry-After), separately', async () => {
    const first = await personalKey(employee, { name: 'busy' });
    let last = { status: 0, headers: new Headers() };
    for (let i = 0; i < 41; i++) last = await post(LIST, { authorization: `Bearer ${first}` });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(LIST, { authorization: `Bearer ${await personalKey(employee, { name: 'calm' })}` })).status).toBe(200);
  });
});
