import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/src/clock.ts';
import { LEGACY_REVISIONS, fastPath } from '../../server/src/modules/mcp/fast.ts';
import { addDays, dayInZone } from '../../shared/dates.ts';
import type { Client } from '../support/client.ts';
import { mcpUrl, personalKey } from '../support/mcp.ts';
import { startServer, type TestServer } from '../support/server.ts';

/**
 * The fast path (server/src/modules/mcp/fast.ts) against the SDK, which stays
 * the source of truth: a corpus of raw requests — every tool with valid and
 * invalid arguments, unknown and hidden tools, bad params, bad JSON-RPC, ids
 * of every type, both protocol eras and their headers — each sent twice to
 * the same server, once as it runs (fast path on) and once with the fast path
 * switched off, and the two answers must be the same: status, the headers a
 * client reads, and the body byte for byte. The cases the fast path is meant
 * to answer are marked, and the test checks it did answer them and left the
 * others to the SDK (a fast path that always declined would otherwise pass).
 */

const clock = fixedClock(new Date());
const today = dayInZone(clock.now(), 'Asia/Kolkata');
let server: TestServer;
const keys: Record<'employee' | 'manager' | 'hr' | 'readOnly', string> = { employee: '', manager: '', hr: '', readOnly: '' };

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'corpus', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const BASE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const LEGACY = { ...BASE, 'mcp-protocol-version': '2025-11-25' };
const modernHeaders = (method: string, name?: string) => ({ ...BASE, 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name !== undefined ? { 'mcp-name': name } : {}) });

interface Case {
  label: string;
  who: keyof typeof keys;
  headers: Record<string, string>;
  body: unknown;
  /** The fast path must answer this one itself (else it must leave it to the SDK). */
  fast?: boolean;
}

/** A tools/call in either era, in the form the SDK client sends. */
function call(era: 'legacy' | 'modern', who: keyof typeof keys, name: string, args: unknown, fast: boolean, id: unknown = 7): Case {
  const params = era === 'legacy' ? { name, arguments: args } : { name, arguments: args, _meta: META };
  return { label: `${era} ${who} ${name} ${JSON.stringify(args)}`, who, headers: era === 'legacy' ? LEGACY : modernHeaders('tools/call', name), body: { jsonrpc: '2.0', id, method: 'tools/call', params }, fast };
}

const later = addDays(today, 10);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function corpus(): Case[] {
  const cases: Case[] = [];
  for (const era of ['legacy', 'modern'] as const) {
    // Every tool with arguments it accepts: reading ones, and acting ones that are refused or only preview, so no data changes between the two sends.
    const valid: [keyof typeof keys, string, unknown][] = [
      ['employee', 'whoami', {}],
      ['employee', 'attendance_get', {}],
      ['employee', 'attendance_get', { month: today.slice(0, 7) }],
      ['manager', 'attendance_get', { date: addDays(today, -1), employee: 'nobody-by-this-name' }],
      ['employee', 'leave_balances', {}],
      ['manager', 'leave_balances', {}],
      ['hr', 'leave_balances', { employee: 'employee@kaveri.example' }],
      ['employee', 'leave_requests', {}],
      ['employee', 'leave_quote', { leaveType: 'CL', fromDate: later, toDate: later }],
      ['employee', 'leave_apply', { leaveType: 'no such leave', fromDate: later, toDate: later }],
      ['employee', 'leave_withdraw', { requestId: UNKNOWN_ID }],
      ['employee', 'regularization_request', { date: addDays(today, -1), kind: 'MissingPunchIn', punches: [{ time: '09:30', direction: 'in' }], previewOnly: true }],
      ['manager', 'approvals_pending', {}],
      ['manager', 'approvals_approve', { requestId: UNKNOWN_ID }],
      ['manager', 'approvals_reject', { requestId: UNKNOWN_ID, note: 'no' }],
      ['manager', 'team_attendance_today', {}],
      ['manager', 'team_attendance_today', { state: 'NotYetIn' }],
      ['manager', 'people_lookup', { search: 'a' }],
      ['hr', 'attendance_override_day', { employee: 'nobody-by-this-name', date: addDays(today, -1), reason: 'test' }],
      ['readOnly', 'leave_balances', {}],
    ];
    for (const [who, name, args] of valid) cases.push(call(era, who, name, args, true));
    // Arguments a tool refuses (the SDK words those), odd arguments; unknown and hidden tools (the fast path answers those).
    cases.push(call(era, 'employee', 'leave_balances', { bogus: 1 }, false));
    cases.push(call(era, 'employee', 'leave_quote', { leaveType: 'CL', from: later }, false));
    cases.push(call(era, 'employee', 'attendance_check_in', { latitude: 1000 }, false));
    cases.push(call(era, 'employee', 'attendance_check_out', { note: 5 }, false));
    cases.push(call(era, 'manager', 'approvals_approve', { requestId: 'not-a-uuid' }, false));
    cases.push(call(era, 'hr', 'attendance_override_day', {}, false));
    cases.push(call(era, 'employee', 'leave_balances', null, false));
    cases.push(call(era, 'employee', 'leave_balances', [], false));
    cases.push(call(era, 'employee', 'Leave-Balances', {}, false));
    cases.push(call(era, 'employee', 'no_such_tool', {}, true));
    cases.push(call(era, 'employee', 'team_attendance_today', {}, true)); // hidden: an employee has no team
    cases.push(call(era, 'readOnly', 'leave_apply', { leaveType: 'CL', fromDate: later, toDate: later }, true)); // hidden on a read-only key
    // Ids of every type.
    const ids: [unknown, boolean][] = [['abc', true], ['', true], [0, true], [-5, true], [2 ** 53 - 1, true], [1.5, false], [2 ** 60, false], [null, false], [true, false], [{ a: 1 }, false]];
    for (const [id, fast] of ids) cases.push({ ...call(era, 'employee', 'whoami', {}, fast, id), label: `${era} id ${JSON.stringify(id)}` });
    // tools/list, per role and key scope; with a cursor (left to the SDK); ping (gone from the 2026 era).
    const listHeaders = era === 'legacy' ? LEGACY : modernHeaders('tools/list');
    const withMeta = (params: Record<string, unknown> = {}) => (era === 'modern' ? { params: { ...params, _meta: META } } : Object.keys(params).length > 0 ? { params } : {});
    for (const who of ['employee', 'manager', 'hr', 'readOnly'] as const) {
      cases.push({ label: `${era} ${who} tools/list`, who, headers: listHeaders, body: { jsonrpc: '2.0', id: 1, method: 'tools/list', ...withMeta() }, fast: true });
    }
    cases.push({ label: `${era} tools/list with a cursor`, who: 'employee', headers: listHeaders, body: { jsonrpc: '2.0', id: 1, method: 'tools/list', ...withMeta({ cursor: 'x' }) } });
    cases.push({ label: `${era} ping`, who: 'employee', headers: era === 'legacy' ? LEGACY : modernHeaders('ping'), body: { jsonrpc: '2.0', id: 9, method: 'ping', ...withMeta() }, fast: era === 'legacy' });
  }
  const whoami = (params: unknown) => ({ jsonrpc: '2.0', id: 3, method: 'tools/call', params });
  const modernCall = (meta: unknown = META) => whoami({ name: 'whoami', arguments: {}, _meta: meta });
  const modernWhoami = modernHeaders('tools/call', 'whoami');
  cases.push(
    // The 2025 era's headers.
    { label: 'legacy without a version header', who: 'employee', headers: BASE, body: whoami({ name: 'whoami' }), fast: true },
    { label: 'legacy 2025-03-26', who: 'employee', headers: { ...BASE, 'mcp-protocol-version': '2025-03-26' }, body: whoami({ name: 'whoami' }), fast: true },
    { label: 'legacy 2024-11-05', who: 'manager', headers: { ...BASE, 'mcp-protocol-version': '2024-11-05' }, body: whoami({ name: 'team_attendance_today', arguments: {} }), fast: true },
    { label: 'legacy tools/list without a version header', who: 'manager', headers: BASE, body: { jsonrpc: '2.0', id: 2, method: 'tools/list' }, fast: true },
    { label: 'legacy tools/list 2025-03-26', who: 'manager', headers: { ...BASE, 'mcp-protocol-version': '2025-03-26' }, body: { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, fast: true },
    { label: 'legacy ping 2025-06-18', who: 'employee', headers: { ...BASE, 'mcp-protocol-version': '2025-06-18' }, body: { jsonrpc: '2.0', id: 'p', method: 'ping', params: {} }, fast: true },
    { label: 'legacy unknown version header', who: 'employee', headers: { ...BASE, 'mcp-protocol-version': '2099-01-01' }, body: whoami({ name: 'whoami' }) },
    { label: 'legacy body with the 2026 header', who: 'employee', headers: { ...BASE, 'mcp-protocol-version': '2026-07-28' }, body: whoami({ name: 'whoami' }) },
    { label: 'legacy without text/event-stream', who: 'employee', headers: { ...LEGACY, accept: 'application/json' }, body: whoami({ name: 'whoami' }) },
    { label: 'legacy content type text/plain', who: 'employee', headers: { ...LEGACY, 'content-type': 'text/plain' }, body: whoami({ name: 'whoami' }) },
    { label: 'legacy content type with charset', who: 'employee', headers: { ...LEGACY, 'content-type': 'application/json; charset=utf-8' }, body: whoami({ name: 'whoami' }), fast: true },
    { label: 'legacy with a progress token', who: 'employee', headers: LEGACY, body: whoami({ name: 'whoami', _meta: { progressToken: 1 } }) },
    { label: 'legacy with a session id', who: 'employee', headers: { ...LEGACY, 'mcp-session-id': 'abc' }, body: whoami({ name: 'whoami' }) },
    // The 2026 era: headers that disagree with the body, envelopes.
    { label: 'modern without Mcp-Name', who: 'employee', headers: modernHeaders('tools/call'), body: modernCall() },
    { label: 'modern with another Mcp-Name', who: 'employee', headers: modernHeaders('tools/call', 'leave_balances'), body: modernCall() },
    { label: 'modern with another Mcp-Method', who: 'employee', headers: modernHeaders('tools/list', 'whoami'), body: modernCall() },
    { label: 'modern without the version header', who: 'employee', headers: { ...BASE, 'mcp-method': 'tools/call', 'mcp-name': 'whoami' }, body: modernCall() },
    { label: 'modern envelope with a 2025 header', who: 'employee', headers: { ...modernWhoami, 'mcp-protocol-version': '2025-11-25' }, body: modernCall() },
    { label: 'modern envelope naming an unknown revision', who: 'employee', headers: modernWhoami, body: modernCall({ ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }) },
    { label: 'modern without client capabilities', who: 'employee', headers: modernWhoami, body: modernCall({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28' }) },
    { label: 'modern without client info', who: 'employee', headers: modernWhoami, body: modernCall({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }), fast: true },
    { label: 'modern with a bad client info', who: 'employee', headers: modernWhoami, body: modernCall({ ...META, 'io.modelcontextprotocol/clientInfo': { name: 5 } }) },
    { label: 'modern with capabilities', who: 'employee', headers: modernWhoami, body: modernCall({ ...META, 'io.modelcontextprotocol/clientCapabilities': { roots: { listChanged: true }, sampling: {}, elicitation: {} } }), fast: true },
    { label: 'modern with bad capabilities', who: 'employee', headers: modernWhoami, body: modernCall({ ...META, 'io.modelcontextprotocol/clientCapabilities': { roots: 5 } }) },
    { label: 'modern with a progress token', who: 'employee', headers: modernWhoami, body: modernCall({ ...META, progressToken: 1 }) },
    // HTTP drops the spaces around a header value before either path reads it.
    { label: 'modern with a name header in spaces', who: 'employee', headers: { ...modernWhoami, 'mcp-name': ' whoami ' }, body: modernCall(), fast: true },
    // Bad JSON-RPC.
    { label: 'jsonrpc 1.0', who: 'employee', headers: LEGACY, body: { jsonrpc: '1.0', id: 1, method: 'tools/call', params: { name: 'whoami' } } },
    { label: 'no method', who: 'employee', headers: LEGACY, body: { jsonrpc: '2.0', id: 1, params: { name: 'whoami' } } },
    { label: 'unknown method', who: 'employee', headers: LEGACY, body: { jsonrpc: '2.0', id: 1, method: 'tools/cal' } },
    { label: 'a notification', who: 'employee', headers: LEGACY, body: { jsonrpc: '2.0', method: 'tools/call', params: { name: 'whoami' } } },
    { label: 'an extra member', who: 'employee', headers: LEGACY, body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami' }, extra: true } },
    { label: 'params an array', who: 'employee', headers: LEGACY, body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: ['whoami'] } },
    { label: 'no params', who: 'employee', headers: LEGACY, body: { jsonrpc: '2.0', id: 1, method: 'tools/call' } },
    { label: 'a name that is a number', who: 'employee', headers: LEGACY, body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 5 } } },
    { label: 'a string body', who: 'employee', headers: LEGACY, body: '"tools/call"' },
    { label: 'not JSON', who: 'employee', headers: LEGACY, body: '{"jsonrpc":' },
    { label: 'a batch', who: 'employee', headers: { ...BASE, 'mcp-protocol-version': '2025-03-26' }, body: [whoami({ name: 'whoami' }), { jsonrpc: '2.0', id: 4, method: 'tools/list' }] },
    { label: 'an empty batch', who: 'employee', headers: LEGACY, body: [] },
  );
  return cases;
}

async function send(c: Case) {
  const res = await fetch(mcpUrl(server.url), { method: 'POST', headers: { ...c.headers, authorization: `Bearer ${keys[c.who]}` }, body: typeof c.body === 'string' ? c.body : JSON.stringify(c.body) });
  const body = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type'), contentLength: res.headers.get('content-length'), allow: res.headers.get('allow'), body };
}

beforeAll(async () => {
  server = await startServer({ clock, env: { MUSTER_AGENT_RATE_LIMIT: '100000' } });
  const [employee, manager, hr] = (await Promise.all([server.login('employee@kaveri.example'), server.login('manager@kaveri.example'), server.login('hr@kaveri.example')])) as [Client, Client, Client];
  keys.employee = await personalKey(employee);
  keys.manager = await personalKey(manager);
  keys.hr = await personalKey(hr);
  keys.readOnly = await personalKey(manager, { name: 'Reader', scope: 'ReadOnly' });
});
afterAll(async () => {
  fastPath.enabled = true;
  await server.close();
});

describe('the fast path answers as the SDK does', () => {
  it("knows the SDK's 2025-era revisions", () => {
    expect([...LEGACY_REVISIONS].sort()).toEqual([...SUPPORTED_PROTOCOL_VERSIONS].sort());
  });

  it('gives the same status, content type and body for every request of the corpus, and answers the hot ones itself', async () => {
    const differences: string[] = [];
    const missed: string[] = [];
    const taken: string[] = [];
    for (const c of corpus()) {
      fastPath.enabled = true;
      const before = fastPath.answered;
      const fast = await send(c);
      const answered = fastPath.answered > before;
      fastPath.enabled = false;
      const sdk = await send(c).finally(() => {
        fastPath.enabled = true;
      });
      if (JSON.stringify(fast) !== JSON.stringify(sdk)) differences.push(`${c.label}:\n  fast ${JSON.stringify(fast).slice(0, 600)}\n  sdk  ${JSON.stringify(sdk).slice(0, 600)}`);
      if (c.fast && !answered) missed.push(c.label);
      if (!c.fast && answered) taken.push(c.label);
    }
    expect(differences).toEqual([]);
    expect(missed, 'hot requests the fast path left to the SDK').toEqual([]);
    expect(taken, 'requests the fast path should have left to the SDK').toEqual([]);
  }, 180_000); // some 180 requests, each twice, on a loaded shared machine

  it('answers a tool call that changes data, with its audit row', async () => {
    expect(fastPath.enabled).toBe(true);
    const before = fastPath.answered;
    // The first working day from a month ahead (an application for a day off is refused and changes nothing).
    let result: { isError?: boolean; resultType?: string; structuredContent?: { request: { status: string } }; content: unknown } | undefined;
    for (let ahead = 30; ahead < 40 && (!result || result.isError); ahead++) {
      const day = addDays(today, ahead);
      const res = await send(call('modern', 'employee', 'leave_apply', { leaveType: 'CL', fromDate: day, toDate: day }, true));
      expect(res.status).toBe(200);
      result = JSON.parse(res.body).result;
    }
    expect(fastPath.answered).toBeGreaterThan(before);
    expect(result?.isError, JSON.stringify(result?.content)).toBeUndefined();
    expect(result?.resultType).toBe('complete');
    expect(result?.structuredContent?.request.status).toBeTruthy();
    const rows = await server.deps.db
      .selectFrom('audit_log')
      .select(['source', 'actor_name', 'credential_kind', 'credential_name'])
      .where('action', '=', 'leave.submitted')
      .where('credential_kind', '=', 'api-key')
      .execute();
    expect(rows).toEqual([{ source: 'mcp', actor_name: 'Sneha Kulkarni', credential_kind: 'api-key', credential_name: 'Test assistant' }]);
  });
});
