import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, spawnTs } from '../support/process.ts';
import { BENCH_SECONDS, prepareDataDir, printTable, startMuster, type Row } from './harness.ts';

/**
 * Issue 4 ingest target: timelog POSTs per second with 8 concurrent senders
 * and p99 latency, each punch stored and its day reconciled in the same
 * transaction, against a bare Express POST in the same run. Target
 * ≥ 2,000/s, ≥ 50 % of bare, p99 < 20 ms.
 */

const SENDERS = 8;

interface Result {
  rps: number;
  p99: number;
  p50: number;
  non2xx: number;
  errors: number;
}

/** Posts distinct punches (a new transId each) of 1,000 employees at live instants. */
async function load(url: string, secret: string, seconds: number, firstTrans: number): Promise<Result> {
  let trans = firstTrans;
  const result = await autocannon({
    url,
    connections: SENDERS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/ingest/biometric/timelog',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        setupRequest: (req) => {
          const n = trans++;
          // Live punches: the terminal clock (IST) of now, give or take a second.
          const at = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 19) + '+05:30';
          return {
            ...req,
            body: JSON.stringify({ serial: 'BENCH-ZK-1', terminalType: 'zk', terminalId: 1, transId: n, at, terminalUserId: 1 + (n % 1000), attendStat: n % 2 ? '1' : '0', verifyMode: 'fingerprint' }),
          };
        },
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

export async function benchIngest(): Promise<Row[]> {
  const rows: Row[] = [];
  const prepared = await prepareDataDir(1000);
  await prepared.close();
  const muster = await startMuster(prepared.dataDir);
  const port = await freePort();
  const bare = spawnTs('test/bench/bare-post-server.ts', { PORT: String(port) });
  await bare.waitFor(/bare listening/);
  try {
    const secret = (JSON.parse(fs.readFileSync(path.join(prepared.dataDir, 'secrets.json'), 'utf8')) as { connectorSecret: string }).connectorSecret;
    await load(muster.url, secret, 2, 1); // warm-up: JIT, caches, the terminal's first message
    const real = await load(muster.url, secret, BENCH_SECONDS, 1_000_000);
    await load(`http://127.0.0.1:${port}`, secret, 1, 1);
    const base = await load(`http://127.0.0.1:${port}`, secret, BENCH_SECONDS, 1);
    rows.push({
      scenario: `timelog POST, ${SENDERS} senders (store + reconcile the day)`,
      rps: real.rps,
      p99: real.p99,
      baseRps: base.rps,
      baseP99: base.p99,
      target: '≥ 2,000/s, ≥ 50% of bare, p99 < 20 ms',
      pass: real.rps >= 2000 && real.rps >= 0.5 * base.rps && real.p99 < 20 && real.non2xx === 0 && real.errors === 0,
      notes: `p50 ${real.p50} ms; ${real.non2xx} non-2xx, ${real.errors} errors`,
    });
    // Replays of what was already stored answer `duplicate: true` and write nothing.
    const replay = await load(muster.url, secret, 3, 1_000_000);
    rows.push({
      scenario: `timelog replays (duplicates), ${SENDERS} senders`,
      rps: replay.rps,
      p99: replay.p99,
      baseRps: base.rps,
      baseP99: base.p99,
      target: 'report',
      pass: replay.non2xx === 0,
    });
  } finally {
    bare.child.kill('SIGTERM');
    await bare.exited;
    await muster.stop();
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
  printTable(
    `Biometric ingest (autocannon, ${SENDERS} connections, loopback; ratio = Muster / bare Express POST; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs)`,
    rows,
  );
  return rows;
}
