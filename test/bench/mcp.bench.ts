import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { systemClock } from '../../server/src/clock.ts';
import { type Ctx, systemCaller } from '../../server/src/context.ts';
import type { Database } from '../../server/src/db/database.ts';
import { newId } from '../../server/src/ids.ts';
import { hashPassword } from '../../server/src/modules/auth/passwords.ts';
import { leaveYearStart } from '../../server/src/modules/leave/accrual.ts';
import { INDIAN_DEFAULT_LEAVE_TYPES } from '../../server/src/modules/leave/defaults.ts';
import { createLeaveType, runLeaveLedger } from '../../server/src/modules/leave/index.ts';
import { insertUserAccount } from '../../server/src/modules/users/repo.ts';
import { moduleLinks } from '../../server/src/wiring.ts';
import { dayInZone } from '../../shared/dates.ts';
import { LeaveTypeCreate } from '../../shared/leave/index.ts';
import { compare, prepareDataDir, printTable, type Row, startMuster } from './harness.ts';

type BenchRequest = { path: string; headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string };
/** Requests per CPU-time sample (BENCH_MCP_CPU_SAMPLE to change). */
const CPU_SAMPLE = Number(process.env.BENCH_MCP_CPU_SAMPLE ?? 300);

/**
 * The agent endpoint against the console's own route for the same data, on
 * the same server in the same run (a manager with an API key vs. the same
 * manager's session): `tools/call` of leave_balances and of
 * team_attendance_today over HTTP, in both protocol eras.
 */

const ZONE = 'Asia/Kolkata';
const PEOPLE = 1_000;
const PASSWORD = 'bench-password-1';
const MANAGER = 'bench.manager@bench.example';
const TARGET = 0.6;

/** Leave types with this year's credits, and a login for a manager whose reporting line is about 40 people (the live board's one page). */
async function seed(db: Database): Promise<void> {
  const ctx: Ctx = { db, clock: systemClock, caller: systemCaller(), timeZone: ZONE, links: moduleLinks };
  const today = dayInZone(new Date(), ZONE);
  for (const t of INDIAN_DEFAULT_LEAVE_TYPES) {
    await createLeaveType(ctx, LeaveTypeCreate.parse({ ...t, policy: { ...t.policy, accrualFrom: leaveYearStart(today, 4) } }));
  }
  await runLeaveLedger(ctx);
  const people = await db.selectFrom('employee').select(['id', 'manager_id']).where('status', '!=', 'Exited').execute();
  const reports = new Map<string, string[]>();
  for (const p of people) if (p.manager_id) reports.set(p.manager_id, [...(reports.get(p.manager_id) ?? []), p.id]);
  const lineSize = (id: string): number => (reports.get(id) ?? []).reduce((n, r) => n + 1 + lineSize(r), 0);
  const manager = people.filter((p) => p.manager_id).sort((a, b) => Math.abs(lineSize(a.id) - 40) - Math.abs(lineSize(b.id) - 40))[0];
  if (!manager) throw new Error('no manager');
  await insertUserAccount(db, { id: newId(), employee_id: manager.id, email: MANAGER, password_hash: await hashPassword(PASSWORD), created_at: new Date().toISOString() }, ['Manager']);
}

function toolCall(era: 'legacy' | 'modern', name: string, key: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${key}` };
  const params: Record<string, unknown> = { name, arguments: {} };
  if (era === 'legacy') headers['mcp-protocol-version'] = '2025-11-25';
  else {
    Object.assign(headers, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name });
    params._meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' } };
  }
  return { path: '/api/mcp', method: 'POST' as const, headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }) };
}

/** The CPU time a process has used, in ms (Linux /proc; undefined elsewhere). */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime (fields 14 and 15 of stat, 12 and 13 after the command name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * The server's CPU time per answered request, over a fixed number of
 * requests: unlike req/s it hardly moves with the load other processes put
 * on a shared machine, so the ratio of two of these is what the req/s ratio
 * would be on an idle one (both sides are CPU-bound on the server's one
 * thread). The count, not a duration, keeps the sample large when the
 * machine is slow.
 */
async function cpuPerCall(pid: number | undefined, url: string, request: BenchRequest, amount = CPU_SAMPLE): Promise<number | undefined> {
  const run = (n: number) => autocannon({ url, connections: 4, amount: n, requests: [{ method: 'GET' as const, ...request }] });
  await run(Math.ceil(amount / 5)); // warm-up
  const before = cpuMs(pid);
  const r = await run(amount);
  const after = cpuMs(pid);
  const answered = r['2xx'];
  return before === undefined || after === undefined || answered === 0 ? undefined : (after - before) / answered;
}

export async function benchMcp(): Promise<Row[]> {
  const prepared = await prepareDataDir(PEOPLE);
  await seed(prepared.db);
  await prepared.close();
  // The rate limit is the product's; the bench measures throughput, so it is lifted here.
  // BENCH_MCP_PATH=sdk measures with the fast path off (every request through the SDK), for a before/after.
  const sdkOnly = process.env.BENCH_MCP_PATH === 'sdk';
  const muster = await startMuster(prepared.dataDir, { MUSTER_AGENT_RATE_LIMIT: '100000000', ...(sdkOnly ? { MUSTER_MCP_FAST_PATH: 'off' } : {}) });
  // A second server on the same data with the fast path off, for the SDK path's CPU per call in the same run (reads only).
  const sdkServer = sdkOnly ? undefined : await startMuster(prepared.dataDir, { MUSTER_AGENT_RATE_LIMIT: '100000000', MUSTER_MCP_FAST_PATH: 'off' });
  const loadBefore = os.loadavg()[0] ?? 0;
  const rows: Row[] = [];
  try {
    const login = await fetch(`${muster.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: MANAGER, password: PASSWORD }) });
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const issued = await fetch(`${muster.url}/api/me/api-keys`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name: 'bench assistant', scope: 'ReadWrite' }) });
    const key = ((await issued.json()) as { key: string }).key;
    // Check both sides answer what they should before measuring.
    for (const era of ['legacy', 'modern'] as const) {
      for (const tool of ['leave_balances', 'team_attendance_today']) {
        const r = toolCall(era, tool, key);
        const res = await fetch(muster.url + r.path, { method: 'POST', headers: r.headers, body: r.body });
        const text = await res.text();
        if (res.status !== 200 || text.includes('"isError":true')) throw new Error(`${era} ${tool}: ${res.status} ${text.slice(0, 300)}`);
      }
    }
    const scenarios = [
      { tool: 'leave_balances', route: '/api/leave/balances', label: 'my leave balances' },
      { tool: 'team_attendance_today', route: '/api/attendance/live', label: 'team attendance today' },
    ];
    for (const s of scenarios) {
      for (const era of ['legacy', 'modern'] as const) {
        const c = await compare({ url: muster.url, requests: [toolCall(era, s.tool, key)] }, { url: muster.url, requests: [{ path: s.route, headers: { cookie } }] });
        const clean = c.real.non2xx === 0 && c.real.errors === 0 && c.bare.non2xx === 0;
        const cpuReal = await cpuPerCall(muster.proc.child.pid, muster.url, toolCall(era, s.tool, key));
        const cpuBare = await cpuPerCall(muster.proc.child.pid, muster.url, { path: s.route, headers: { cookie } });
        const cpuSdk = sdkServer ? await cpuPerCall(sdkServer.proc.child.pid, sdkServer.url, toolCall(era, s.tool, key)) : undefined;
        const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
        const cpu =
          cpuReal && cpuBare
            ? `server CPU per call: ${cpuReal.toFixed(2)} ms, the route ${cpuBare.toFixed(2)} ms (${pct(cpuBare, cpuReal)})` +
              (cpuSdk ? `; SDK path ${cpuSdk.toFixed(2)} ms (${pct(cpuBare, cpuSdk)})` : '')
            : undefined;
        rows.push({
          scenario: `${s.label}: tools/call ${s.tool} (${era === 'legacy' ? '2025-11-25' : '2026-07-28'}) vs GET ${s.route}`,
          rps: c.real.rps,
          p99: c.real.p99,
          baseRps: c.bare.rps,
          baseP99: c.bare.p99,
          ratio: c.ratio,
          target: `≥ ${TARGET * 100}%`,
          pass: clean && c.ratio >= TARGET,
          ...(clean ? (cpu ? { notes: cpu } : {}) : { notes: `${c.real.non2xx} non-2xx, ${c.real.errors} errors (route ${c.bare.non2xx} non-2xx)` }),
        });
      }
    }
  } finally {
    await sdkServer?.stop();
    await muster.stop();
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
  // The machine's load beside the figures: on a shared machine the same code's rates swing with it (the ratio holds better).
  const load = `load ${loadBefore.toFixed(1)} → ${(os.loadavg()[0] ?? 0).toFixed(1)}`;
  printTable(
    `Agent endpoint, ${sdkOnly ? 'SDK path only (fast path off)' : 'as shipped (fast path)'} (1,000 people; a manager with a personal key vs. the same manager's console session; "bare" = the console route; ratio against the ${TARGET * 100}% target; ${load})`,
    rows,
  );
  return rows;
}
