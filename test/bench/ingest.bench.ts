import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { freePort, spawnTs } from '../support/process.ts';
import { BENCH_SECONDS, compare, cpuPerRequest, prepareDataDir, printTable, startMuster, type Row } from './harness.ts';

/**
 * Issue 4 ingest target: timelog POSTs per second with 8 concurrent senders
 * and p99 latency, each punch stored and its day reconciled in the same
 * transaction, against a bare Express POST measured alternately in the same
 * run (`compare`). Target ≥ 2,000/s, ≥ 50 % of bare, p99 < 20 ms. Then the
 * batch route the connector uses for a backlog, in records per second.
 *
 * Each commit is synced (WAL, synchronous=FULL: a 200 survives a power cut).
 * On the 2-core dev machine that cost about a quarter of single-record
 * throughput (≈3,300 → ≈2,500 req/s, p99 +1–3 ms) and under a tenth of the
 * batch route's (≈10,700 → ≈9,900 records/s): group commit shares one sync
 * among the records of concurrent requests and batches.
 */

const SENDERS = 8;
const BATCH = 200;

const EMPLOYEES = 1000;
const DAY_MS = 86_400_000;
const IST_MS = 5.5 * 3_600_000;

/**
 * The n-th punch of a realistic stream: each of the 1,000 employees punches
 * in (09:00 + a few minutes) and out (18:00 + …) once a day, today first, then
 * the days before, so every request is a new punch and every shift day holds
 * the two punches a real day has. (Punching all at "now" piled dozens of
 * punches onto each employee's one day, and whole seconds made the same
 * user's punch 1,000 requests later a duplicate half the time.)
 */
function punch(n: number) {
  const employee = n % EMPLOYEES;
  const round = Math.floor(n / EMPLOYEES);
  const daysBack = Math.floor(round / 2);
  const out = round % 2 === 1;
  const today = new Date(Math.floor((Date.now() + IST_MS) / DAY_MS) * DAY_MS - daysBack * DAY_MS).toISOString().slice(0, 10);
  const minute = String(employee % 60).padStart(2, '0');
  const second = String(Math.floor(employee / 60) % 60).padStart(2, '0');
  return {
    serial: 'BENCH-ZK-1',
    terminalType: 'zk',
    terminalId: 1,
    transId: n,
    at: `${today}T${out ? '18' : '09'}:${minute}:${second}+05:30`,
    terminalUserId: 1 + employee,
    attendStat: out ? '1' : '0',
    verifyMode: 'fingerprint',
  };
}

/** A POST of distinct punches (a new transId each) of 1,000 employees; `next` hands out the numbers. */
function timelogRequest(secret: string, next: () => number, batch = 0): { path: string; method: 'POST'; headers: Record<string, string>; setupRequest: autocannon.Request['setupRequest'] } {
  return {
    path: batch ? '/api/ingest/biometric/timelogs' : '/api/ingest/biometric/timelog',
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    setupRequest: (req: autocannon.Request) => ({
      ...req,
      body: JSON.stringify(batch ? { records: Array.from({ length: batch }, () => punch(next())) } : punch(next())),
    }),
  };
}

export async function benchIngest(): Promise<Row[]> {
  const rows: Row[] = [];
  const prepared = await prepareDataDir(1000);
  await prepared.close();
  // INGEST_CPU_PROFILE=<dir>: a V8 CPU profile of the server, to see what a punch costs it.
  const profileDir = process.env.INGEST_CPU_PROFILE;
  const muster = await startMuster(prepared.dataDir, profileDir ? { NODE_OPTIONS: `--import ${new URL('./cpu-profile.mjs', import.meta.url).href}`, CPU_PROFILE_DIR: profileDir } : {});
  const port = await freePort();
  const bare = spawnTs('test/bench/bare-post-server.ts', { PORT: String(port) });
  await bare.waitFor(/bare listening/);
  try {
    const secret = (JSON.parse(fs.readFileSync(path.join(prepared.dataDir, 'secrets.json'), 'utf8')) as { connectorSecret: string }).connectorSecret;
    let trans = 0;
    const next = () => trans++;
    const bareUrl = `http://127.0.0.1:${port}`;
    const pid = muster.proc.child.pid;
    const single = await compare(
      { url: muster.url, requests: [timelogRequest(secret, next)], pid },
      { url: bareUrl, requests: [timelogRequest(secret, () => 1)] },
      { connections: SENDERS, seconds: BENCH_SECONDS * 2 },
    );
    // The absolute figures (2,000/s, p99 < 20 ms) say something only on an otherwise idle machine; the
    // ratio holds under load. The load average is printed beside the figure either way.
    const load = os.loadavg()[0] ?? 0;
    const idle = load < os.cpus().length * 0.5;
    rows.push({
      scenario: `timelog POST, ${SENDERS} senders (store + reconcile the day)`,
      rps: single.real.rps,
      p99: single.real.p99,
      baseRps: single.bare.rps,
      baseP99: single.bare.p99,
      ratio: single.ratio,
      target: idle ? '≥ 2,000/s, ≥ 50% of bare, p99 < 20 ms' : '≥ 50% of bare (machine busy: /s and p99 not checked)',
      pass: (!idle || (single.real.rps >= 2000 && single.real.p99 < 20)) && single.ratio >= 0.5 && single.real.non2xx + single.real.errors + single.bare.non2xx + single.bare.errors === 0,
      notes: `load average ${load.toFixed(1)} on ${os.cpus().length} CPUs; p50 ${single.real.p50} ms; ${single.real.non2xx} non-2xx, ${single.real.errors} errors (any refuses the row); Muster and bare alternate in 3 rounds, ratio = median of the rounds${cpuPerRequest(single.real, 'punch')}`,
    });
    // Replays of what was already stored answer `duplicate: true` and write nothing.
    let replay = 0;
    const replays = await compare(
      { url: muster.url, requests: [timelogRequest(secret, () => replay++)] },
      { url: bareUrl, requests: [timelogRequest(secret, () => 1)] },
      { connections: SENDERS, seconds: 3, rounds: 1 },
    );
    rows.push({
      scenario: `timelog replays (duplicates), ${SENDERS} senders`,
      rps: replays.real.rps,
      p99: replays.real.p99,
      baseRps: replays.bare.rps,
      baseP99: replays.bare.p99,
      ratio: replays.ratio,
      target: 'report',
      pass: replays.real.non2xx === 0,
    });
    // The connector's backlog path: records per request, per-record results, one reconciliation per day.
    const batches = await compare(
      { url: muster.url, requests: [timelogRequest(secret, next, BATCH)] },
      { url: bareUrl, requests: [timelogRequest(secret, () => 1, BATCH)] },
      { connections: 4, seconds: Math.max(3, BENCH_SECONDS), rounds: 2 },
    );
    rows.push({
      scenario: `timelogs batch POST of ${BATCH} records, 4 senders (records/s)`,
      rps: batches.real.rps * BATCH,
      p99: batches.real.p99,
      baseRps: batches.bare.rps * BATCH,
      baseP99: batches.bare.p99,
      ratio: batches.ratio,
      target: 'report',
      pass: batches.real.non2xx === 0 && batches.real.errors === 0,
      notes: `${batches.real.rps.toFixed(1)} requests/s of ${BATCH} records; p99 per request`,
    });
  } finally {
    bare.child.kill('SIGTERM');
    await bare.exited;
    await muster.stop();
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
  printTable(
    `Biometric ingest (autocannon, loopback; ratio = Muster / bare Express POST measured alternately; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs)`,
    rows,
  );
  return rows;
}
