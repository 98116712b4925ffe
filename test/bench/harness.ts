import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { initialiseDatabase } from '../../server/src/bootstrap.ts';
import { systemClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import { migrateToLatest, openDatabase, type Database } from '../../server/src/db/database.ts';
import { newId } from '../../server/src/ids.ts';
import { hashPassword } from '../../server/src/modules/auth/passwords.ts';
import { insertUserAccount } from '../../server/src/modules/users/repo.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';
import { childCommand } from '../../desktop/main/child-command.ts';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../desktop/main/child-specs.ts';
import { REPO, freePort, spawnCommand, spawnTs, type Spawned } from '../support/process.ts';

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const ADMIN = { email: 'bench.admin@bench.example', password: 'bench-password-1' };

export interface Measured {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
  /** Requests answered in the measured run (all rounds, when combined). */
  total: number;
  /** CPU the server used in the measured run, in µs (given its pid, on Linux). */
  cpu?: { process: number; main: number } | undefined;
}

/**
 * CPU time a process has used, in microseconds, in all its threads and in its main thread (Linux's /proc;
 * undefined elsewhere). Per request, it moves far less with the machine's load than a rate does.
 */
export function cpuMicros(pid: number): { process: number; main: number } | undefined {
  const ticks = (file: string) => {
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  };
  try {
    return { process: ticks(`/proc/${pid}/stat`), main: ticks(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return undefined;
  }
}

/** A data dir with a migrated database holding `employees` synthetic employees and an admin login. */
export async function prepareDataDir(employees: number): Promise<{ dataDir: string; db: Database; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-bench-'));
  const config = loadConfig({ MUSTER_DATA_DIR: dataDir, MUSTER_DEMO: '0' });
  const opened = openDatabase(config.databaseFile);
  await migrateToLatest(opened.db);
  await initialiseDatabase(opened.db, config, systemClock, loadOrCreateSecrets(dataDir, undefined));
  await seedSyntheticDirectory(opened.db, employees);
  return { dataDir, db: opened.db, close: () => opened.close() };
}

const FIRST = ['Aarav', 'Vivaan', 'Aditya', 'Ishaan', 'Kavya', 'Ananya', 'Diya', 'Meera', 'Rohan', 'Saanvi', 'Arjun', 'Nisha'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Patil', 'Nair', 'Gupta', 'Khan', 'Das', 'Menon', 'Joshi', 'Kulkarni', 'Bose'];

/** Bulk-inserts a plausible directory: departments, locations, a manager tree. */
export async function seedSyntheticDirectory(db: Database, count: number): Promise<void> {
  const now = new Date().toISOString();
  const depts = Array.from({ length: 8 }, (_, i) => ({ id: newId(), name: `Department ${i + 1}`, code: `D${i + 1}`, created_at: now }));
  const locs = Array.from({ length: 3 }, (_, i) => ({ id: newId(), name: `Site ${i + 1}`, address_line: null, city: 'Pune', state: 'MH', postal_code: null, country: 'India', created_at: now }));
  const desigs = Array.from({ length: 12 }, (_, i) => ({ id: newId(), name: `Role ${i + 1}`, created_at: now }));
  await db.insertInto('department').values(depts).execute();
  await db.insertInto('location').values(locs).execute();
  await db.insertInto('designation').values(desigs).execute();
  const ids: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + 500); i++) {
        const id = newId();
        const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${i}`;
        const code = `B${String(i + 1).padStart(6, '0')}`;
        const email = `user${i}@bench.example`;
        rows.push({
          id,
          code,
          full_name: name,
          email,
          phone: null,
          search_text: `${name} ${code} ${email}`.toLowerCase(),
          designation_id: desigs[i % desigs.length]?.id ?? null,
          department_id: depts[i % depts.length]?.id ?? null,
          location_id: locs[i % locs.length]?.id ?? null,
          manager_id: i === 0 ? null : (ids[Math.floor((i - 1) / 8)] ?? null),
          joined_date: `${2010 + (i % 16)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
          exit_date: null,
          exit_reason: null,
          status: i % 50 === 49 ? 'Exited' : 'Active',
          employment_type: 'FullTime',
          gender: null,
          date_of_birth: null,
          shift_id: null,
          terminal_user_id: i + 1,
          ctc_annual: 300_000 + ((i * 7919) % 3_000_000),
          pan: null,
          uan: null,
          esi: null,
          aadhaar_enc: null,
          aadhaar_last4: null,
          passport_enc: null,
          passport_last4: null,
          pan_enc: null,
          pan_last4: null,
          uan_enc: null,
          uan_last4: null,
          esi_enc: null,
          esi_last4: null,
          bank_account_number: null,
          bank_ifsc: null,
          bank_name: null,
          created_at: now,
          updated_at: now,
        });
        ids.push(id);
      }
      await trx.insertInto('employee').values(rows).execute();
    }
    await insertUserAccount(
      trx,
      { id: newId(), employee_id: ids[0] ?? '', email: ADMIN.email, password_hash: await hashPassword(ADMIN.password), created_at: now },
      ['Admin'],
    );
  });
}

export interface Running {
  url: string;
  stop(): Promise<void>;
  proc: Spawned;
}

/**
 * The server's node flags: the launcher's, or `BENCH_SERVER_FLAGS` (space-separated; empty for
 * none) to compare with others in one session.
 */
export const SERVER_FLAGS: readonly string[] = process.env.BENCH_SERVER_FLAGS !== undefined ? process.env.BENCH_SERVER_FLAGS.split(' ').filter(Boolean) : SERVER_NODE_FLAGS;

/**
 * Starts the real server as its own process on a prepared data dir, with the command the launcher
 * uses (its V8 flags; tsx, or with `compiled` the build in dist/ as the packaged app runs it).
 */
export async function startMuster(dataDir: string, env: Record<string, string> = {}, opts: { compiled?: boolean } = {}): Promise<Running> {
  const port = await freePort();
  const { command, args } = childCommand({ packaged: !!opts.compiled, appRoot: REPO, entry: SERVER_ENTRY, execPath: process.execPath, nodeFlags: SERVER_FLAGS });
  const proc = spawnCommand(command, args, { PORT: String(port), HOST: '127.0.0.1', MUSTER_DATA_DIR: dataDir, MUSTER_DEMO: '0', MUSTER_LOG_LEVEL: 'warn', MUSTER_JOBS: '0', ...env });
  await proc.waitFor(/Muster listening on/);
  return { url: `http://127.0.0.1:${port}`, proc, stop: () => stopProcess(proc) };
}

/**
 * Starts the bare Express baseline serving these bytes; with `byQuery`, the body for a request is the one
 * keyed by that query parameter's value (bodies of the same size as Muster's for the same request).
 */
export async function startBare(body: Buffer, contentType: string, byQuery?: { param: string; bodies: Map<string, Buffer> }): Promise<Running> {
  const port = await freePort();
  const file = path.join(os.tmpdir(), `muster-bare-${crypto.randomUUID()}`);
  fs.writeFileSync(file, body);
  const env: Record<string, string> = { PORT: String(port), BODY_FILE: file, CONTENT_TYPE: contentType };
  if (byQuery) {
    fs.mkdirSync(`${file}.d`);
    for (const [value, bytes] of byQuery.bodies) fs.writeFileSync(path.join(`${file}.d`, value), bytes);
    Object.assign(env, { BODY_DIR: `${file}.d`, BODY_BY_QUERY: byQuery.param });
  }
  const proc = spawnTs('test/bench/bare-server.ts', env);
  await proc.waitFor(/bare listening/);
  return {
    url: `http://127.0.0.1:${port}`,
    proc,
    stop: async () => {
      await stopProcess(proc);
      fs.rmSync(file, { force: true });
      fs.rmSync(`${file}.d`, { recursive: true, force: true });
    },
  };
}

async function stopProcess(p: Spawned): Promise<void> {
  if (p.child.exitCode !== null) return;
  p.child.kill('SIGTERM');
  await p.exited;
}

export type BenchRequest = { path: string; headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string | Buffer; setupRequest?: autocannon.Request['setupRequest'] };

/** Loads a server with autocannon and reports throughput and latency (and, given the server's pid, the CPU it used). */
export async function measure(
  url: string,
  requests: BenchRequest[],
  seconds = BENCH_SECONDS,
  connections = 10,
  warmUp = true,
  pid?: number,
): Promise<Measured> {
  const requestList = requests.map((r) => ({ method: 'GET' as const, ...r }));
  // A short warm-up so JIT and caches settle before the measured run.
  if (warmUp) await autocannon({ url, connections, duration: 1, requests: requestList });
  const before = pid === undefined ? undefined : cpuMicros(pid);
  const result = await autocannon({ url, connections, duration: seconds, requests: requestList });
  const after = pid === undefined ? undefined : cpuMicros(pid);
  return {
    cpu: before && after ? { process: after.process - before.process, main: after.main - before.main } : undefined,
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** "CPU per request: … µs (main thread … µs)", or nothing where it was not measured. */
export function cpuPerRequest(m: Measured, what = 'request'): string {
  if (!m.cpu || m.total === 0) return '';
  return `; Muster's CPU per ${what}: ${Math.round(m.cpu.process / m.total)} µs (main thread ${Math.round(m.cpu.main / m.total)} µs), from /proc over the measured runs`;
}

export interface Compared {
  real: Measured;
  bare: Measured;
  /** Median over the rounds of Muster's rate divided by the baseline's. */
  ratio: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Measures Muster and the bare baseline alternately in rounds, so a change in
 * machine load hits both; reports mean rates, the worst p99 and the median ratio.
 */
export async function compare(
  real: { url: string; requests: BenchRequest[]; /** Muster's pid: its CPU per request is measured too. */ pid?: number | undefined },
  bare: { url: string; requests: BenchRequest[] },
  opts: { rounds?: number; seconds?: number; connections?: number; warmUp?: boolean } = {},
): Promise<Compared> {
  const rounds = opts.rounds ?? 3;
  const seconds = Math.max(1, Math.round((opts.seconds ?? BENCH_SECONDS) / rounds));
  const reals: Measured[] = [];
  const bares: Measured[] = [];
  for (let i = 0; i < rounds; i++) {
    // Without warm-up the caller warmed both itself (a warm-up with the measured requests would cache them).
    reals.push(await measure(real.url, real.requests, seconds, opts.connections, i === 0 && opts.warmUp !== false, real.pid));
    bares.push(await measure(bare.url, bare.requests, seconds, opts.connections, i === 0 && opts.warmUp !== false));
  }
  const combine = (ms: Measured[]): Measured => ({
    rps: ms.reduce((s, m) => s + m.rps, 0) / ms.length,
    p99: Math.max(...ms.map((m) => m.p99)),
    p50: median(ms.map((m) => m.p50)),
    errors: ms.reduce((s, m) => s + m.errors, 0),
    non2xx: ms.reduce((s, m) => s + m.non2xx, 0),
    total: ms.reduce((s, m) => s + m.total, 0),
    cpu: ms.every((m) => m.cpu) ? { process: ms.reduce((s, m) => s + (m.cpu?.process ?? 0), 0), main: ms.reduce((s, m) => s + (m.cpu?.main ?? 0), 0) } : undefined,
  });
  return { real: combine(reals), bare: combine(bares), ratio: median(reals.map((m, i) => m.rps / (bares[i]?.rps || 1))) };
}

export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (res.status !== 200) throw new Error(`bench login failed: ${res.status}`);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** Issues `n` API keys so a long run stays under each key's 600/min limit. */
export async function issueKeys(url: string, cookie: string, n: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${url}/api/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: `bench ${i}`, scope: 'ReadOnly' }),
    });
    keys.push(((await res.json()) as { key: string }).key);
  }
  return keys;
}

export interface Row {
  scenario: string;
  rps: number;
  p99: number;
  baseRps: number;
  baseP99: number;
  /** Muster / baseline; defaults to rps / baseRps. */
  ratio?: number;
  target: string;
  pass: boolean;
  notes?: string;
}

/**
 * A row of a comparison. Any answer that was not 2xx (or a socket error), on either side, refuses the
 * row: an error answered fast is not a speed, so its figures are not averaged into a pass.
 */
export function comparedRow(scenario: string, c: Compared, target: string, pass: boolean, notes?: string): Row {
  const bad = c.real.non2xx + c.real.errors + c.bare.non2xx + c.bare.errors;
  return {
    scenario,
    rps: c.real.rps,
    p99: c.real.p99,
    baseRps: c.bare.rps,
    baseP99: c.bare.p99,
    ratio: c.ratio,
    target,
    pass: pass && bad === 0,
    ...(bad ? { notes: `REFUSED: ${c.real.non2xx} non-2xx and ${c.real.errors} errors from Muster, ${c.bare.non2xx + c.bare.errors} from bare` } : notes ? { notes } : {}),
  };
}

export function printTable(title: string, rows: Row[]): void {
  process.stdout.write(`\n${title}\n`);
  const header = ['scenario', 'req/s', 'p99 ms', 'bare req/s', 'bare p99', 'ratio', 'target', 'ok'];
  const lines = rows.map((r) => [
    r.scenario,
    r.rps.toFixed(0),
    r.p99.toFixed(1),
    r.baseRps ? r.baseRps.toFixed(0) : '-',
    r.baseRps ? r.baseP99.toFixed(1) : '-',
    r.baseRps ? `${((r.ratio ?? r.rps / r.baseRps) * 100).toFixed(0)}%` : '-',
    r.target,
    r.pass ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  process.stdout.write(`${fmt(header)}\n${fmt(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const l of lines) process.stdout.write(`${fmt(l)}\n`);
  for (const r of rows.filter((x) => x.notes)) process.stdout.write(`  ${r.scenario}: ${r.notes}\n`);
}

/** One timed scenario: its time, and the floor measured in the same run (the ratio is printed). */
export interface Timing {
  scenario: string;
  ms: number;
  floorMs?: number;
  target: string;
  pass: boolean;
  notes?: string;
}

export function printTimings(title: string, rows: Timing[]): void {
  process.stdout.write(`\n${title}\n`);
  const header = ['scenario', 'time', 'floor', 'ratio', 'target', 'ok'];
  const lines = rows.map((r) => [
    r.scenario,
    `${r.ms.toFixed(r.ms < 10 ? 2 : 0)} ms`,
    r.floorMs !== undefined ? `${r.floorMs.toFixed(r.floorMs < 10 ? 2 : 0)} ms` : '-',
    r.floorMs ? `${(r.ms / r.floorMs).toFixed(1)}×` : '-',
    r.target,
    r.pass ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  process.stdout.write(`${fmt(header)}\n${fmt(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const l of lines) process.stdout.write(`${fmt(l)}\n`);
  for (const r of rows.filter((x) => x.notes)) process.stdout.write(`  ${r.scenario}: ${r.notes}\n`);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A timed scenario as a row of the run's summary. */
export const asRow = (t: Timing): Row => ({ scenario: t.scenario, rps: 0, p99: t.ms, baseRps: 0, baseP99: 0, target: t.target, pass: t.pass });
