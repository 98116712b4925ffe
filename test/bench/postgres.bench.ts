import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type autocannon from 'autocannon';
import pg from 'pg';
import { initialiseDatabase } from '../../server/src/bootstrap.ts';
import { systemClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import { migrateToLatest, openDatabase } from '../../server/src/db/database.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';
import { migrateToPostgres } from '../../server/src/tools/migrate-to-postgres.ts';
import { startCluster } from '../support/postgres-cluster.ts';
import { type BenchRequest, compare, comparedRow, printTable, startMuster, type Row } from './harness.ts';

/**
 * Issue 19 benchmark (on request: `npm run bench -- postgres`): the hot routes on PostgreSQL (a
 * throwaway local cluster, Debian's initdb/pg_ctl) as a ratio of the same routes on SQLite, in the
 * same run. The demo organisation is seeded into a SQLite file, moved with migrate-to-postgres (its
 * time is reported too), and one server is started on each engine; autocannon then alternates
 * between them in rounds (`compare`, the SQLite server standing where other sections put bare
 * Express), so a change in machine load hits both. The test cluster runs without fsync (as the
 * PostgreSQL test run does): the figures compare query paths, not disks.
 */

const PASSWORD = 'bench-demo-password-1';
const SECRET = 'bench-connector-secret-0123456789abcdef';
const DAY_MS = 86_400_000;
const IST_MS = 5.5 * 3_600_000;

async function hrCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'hr@kaveri.example', password: PASSWORD }) });
  if (res.status !== 200) throw new Error(`bench login failed: ${res.status}`);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/** API keys so a run stays under each key's 600/min (an administrator issues them). */
async function keys(url: string, n: number): Promise<string[]> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@kaveri.example', password: PASSWORD }) });
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = await fetch(`${url}/api/api-keys`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name: `bench ${i}`, scope: 'ReadOnly' }) });
    out.push(((await k.json()) as { key: string }).key);
  }
  return out;
}

/** Single-record ingest POSTs, each a new punch (its own serial per engine, a new transId each). */
function ingestRequests(serial: string): BenchRequest[] {
  let n = 0;
  const today = new Date(Math.floor((Date.now() + IST_MS) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  return [
    {
      path: '/api/ingest/biometric/timelog',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
      setupRequest: (req: autocannon.Request) => {
        n++;
        const s = String(n % 60).padStart(2, '0');
        const m = String(Math.floor(n / 60) % 60).padStart(2, '0');
        const h = String(6 + (Math.floor(n / 3600) % 16)).padStart(2, '0');
        return {
          ...req,
          body: JSON.stringify({ serial, terminalType: 'zk', terminalId: 1, transId: n, at: `${today}T${h}:${m}:${s}+05:30`, terminalUserId: 1 + (n % 200), attendStat: '0', verifyMode: 'fingerprint' }),
        };
      },
    },
  ];
}

export async function benchPostgres(): Promise<Row[]> {
  const cluster = await startCluster();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-bench-pg-'));
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-bench-pg-'));
  const rows: Row[] = [];
  try {
    const config = loadConfig({ MUSTER_DATA_DIR: dataDir, MUSTER_DEMO: '1', MUSTER_DEMO_PASSWORD: PASSWORD });
    const opened = openDatabase(config.databaseFile);
    await migrateToLatest(opened.db);
    await initialiseDatabase(opened.db, config, systemClock, loadOrCreateSecrets(dataDir, SECRET));
    await opened.close();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database muster_bench');
    await admin.end();
    const url = cluster.urlOf('muster_bench');
    const t = performance.now();
    const moved = await migrateToPostgres({ from: config.databaseFile, to: url });
    const movedMs = performance.now() - t;
    if (!moved.ok) throw new Error('migrate-to-postgres reported a mismatch');
    const movedRows = moved.tables.reduce((s, x) => s + x.sqliteRows, 0);
    // The PostgreSQL server gets its own copy of the data folder (secrets, documents), not the SQLite file.
    fs.cpSync(dataDir, pgDataDir, { recursive: true, filter: (src) => !/muster\.sqlite/.test(path.basename(src)) });

    const env = { MUSTER_CONNECTOR_SECRET: SECRET, MUSTER_DEMO: '1' };
    const lite = await startMuster(dataDir, env);
    // Two ways to run on PostgreSQL: as one of several instances (the default there: caches off, every answer
    // read from the database, so an instance never serves what another changed), and as the only instance
    // (MUSTER_INSTANCES=1: the in-process caches on, as on SQLite).
    const post = await startMuster(pgDataDir, { ...env, MUSTER_DATABASE_URL: url });
    const lone = await startMuster(pgDataDir, { ...env, MUSTER_DATABASE_URL: url, MUSTER_INSTANCES: '1' });
    try {
      const [liteCookie, postCookie, loneCookie] = [await hrCookie(lite.url), await hrCookie(post.url), await hrCookie(lone.url)];
      const [liteKeys, postKeys, loneKeys] = [await keys(lite.url, 30), await keys(post.url, 30), await keys(lone.url, 30)];
      const day = new Date(Date.now() + IST_MS - DAY_MS).toISOString().slice(0, 10);
      const routes: { label: string; paths: string[]; auth: 'cookie' | 'key' }[] = [
        { label: 'directory page (GET /api/employees?page=…&pageSize=50)', paths: ['/api/employees?page=1&pageSize=50', '/api/employees?page=2&pageSize=50', '/api/employees?page=1&pageSize=50&sort=fullName'], auth: 'cookie' },
        { label: 'leave list (GET /api/leave/requests)', paths: ['/api/leave/requests', '/api/leave/requests?status=PendingManager'], auth: 'cookie' },
        { label: 'live board (GET /api/attendance/live)', paths: ['/api/attendance/live'], auth: 'cookie' },
        { label: `day view (GET /api/attendance/day/${day})`, paths: [`/api/attendance/day/${day}`], auth: 'cookie' },
        { label: 'public v1 attendance (GET /api/public/v1/attendance?date=…)', paths: [`/api/public/v1/attendance?date=${day}`], auth: 'key' },
      ];
      for (const r of routes) {
        const requests = (cookie: string, ks: string[]) =>
          r.auth === 'cookie'
            ? r.paths.map((p) => ({ path: p, headers: { cookie } }))
            : ks.flatMap((k) => r.paths.map((p) => ({ path: p, headers: { authorization: `Bearer ${k}` } })));
        const c = await compare({ url: post.url, requests: requests(postCookie, postKeys) }, { url: lite.url, requests: requests(liteCookie, liteKeys) }, { rounds: 2 });
        rows.push(comparedRow(`${r.label}, several instances`, c, 'report', true));
        const one = await compare({ url: lone.url, requests: requests(loneCookie, loneKeys) }, { url: lite.url, requests: requests(liteCookie, liteKeys) }, { rounds: 2 });
        rows.push(comparedRow(`${r.label}, one instance`, one, 'report', true));
      }
      const ingest = await compare({ url: post.url, requests: ingestRequests('BENCH-PG-1') }, { url: lite.url, requests: ingestRequests('BENCH-SQLITE-1') }, { rounds: 2, connections: 8 });
      rows.push(comparedRow('ingest (POST /api/ingest/biometric/timelog, 8 senders), several instances', ingest, 'report', true));
      const ingestLone = await compare({ url: lone.url, requests: ingestRequests('BENCH-PG-2') }, { url: lite.url, requests: ingestRequests('BENCH-SQLITE-2') }, { rounds: 2, connections: 8 });
      rows.push(comparedRow('ingest (POST /api/ingest/biometric/timelog, 8 senders), one instance', ingestLone, 'report', true));
    } finally {
      await lone.stop();
      await post.stop();
      await lite.stop();
    }
    printTable(
      `PostgreSQL vs SQLite, demo organisation (autocannon, 10 connections, loopback; "req/s"/"p99" = PostgreSQL, "bare" columns = SQLite, ratio = PostgreSQL / SQLite)\n` +
        `migrate-to-postgres moved ${movedRows.toLocaleString('en-IN')} rows in ${moved.tables.length} tables in ${(movedMs / 1000).toFixed(1)} s, checksums equal`,
      rows,
    );
    return rows;
  } finally {
    cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }
}
