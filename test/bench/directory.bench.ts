import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type autocannon from 'autocannon';
import { compare, comparedRow, cpuPerRequest, issueKeys, login, prepareDataDir, printTable, startBare, startMuster, type Row } from './harness.ts';
import { startInProcess } from './in-process.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Public v1 directory at 1,000 and 10,000 employees; the paginated platform list at 10,000, cached
 * (pages seen before) and uncached (every query new), each against bare Express answering bodies of
 * the same size; then, in process at 15,000, a new filter's time and the statements a new page runs.
 */
export async function benchDirectory(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const size of [1_000, 10_000]) {
    const prepared = await prepareDataDir(size);
    await prepared.close();
    const muster = await startMuster(prepared.dataDir);
    try {
      const cookie = await login(muster.url);
      // 600 requests a minute per key: enough keys for a fast minute of both public rows (≈ 50,000 requests), so none is refused 429.
      const keys = await issueKeys(muster.url, cookie, 150);
      const publicRequests = keys.map((k) => ({ path: '/api/public/v1/employees', headers: { authorization: `Bearer ${k}` } }));
      const sample = await fetch(`${muster.url}/api/public/v1/employees`, { headers: { authorization: `Bearer ${keys[0]}` } });
      const publicBytes = Buffer.from(await sample.arrayBuffer());
      // Throughput under 10 connections, and latency as one integrator sees it (one connection).
      const bare = await startBare(publicBytes, JSON_TYPE);
      const bareRequests = [{ path: '/api/public/v1/employees' }];
      const many = await compare({ url: muster.url, requests: publicRequests }, { url: bare.url, requests: bareRequests });
      const one = await compare({ url: muster.url, requests: publicRequests }, { url: bare.url, requests: bareRequests }, { connections: 1 });
      await bare.stop();
      const label = `public v1 employees, ${size.toLocaleString('en-IN')} (${(publicBytes.length / 1024).toFixed(0)} KiB)`;
      rows.push(comparedRow(`${label}, 10 conn`, many, 'report', true));
      rows.push(comparedRow(`${label}, 1 conn`, one, size === 10_000 ? 'p99 < 150 ms' : 'report', size !== 10_000 || one.real.p99 < 150));

      if (size === 10_000) rows.push(...(await platformList(muster.url, cookie, muster.proc.child.pid)));
    } finally {
      await muster.stop();
      fs.rmSync(prepared.dataDir, { recursive: true, force: true });
    }
  }
  rows.push(...(await newFilter(15_000)));
  printTable('Directory (autocannon, 10 connections, loopback; ratio = Muster / bare Express serving bodies of the same size)', rows);
  return rows;
}

/** Shuffles in place, the same way every run (a fixed linear congruential sequence). */
function shuffle<T>(items: T[]): void {
  let seed = 18;
  for (let i = items.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = seed % (i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
}

/** Page sizes of the directory's new queries: 51..99 rows. */
export const NEW_PAGE_SIZES: readonly number[] = Array.from({ length: 49 }, (_, i) => 51 + i);

/**
 * The directory bench's new queries, shuffled the same way every run: every page of 51..99 rows within the
 * 10,000 people in eight orders (46,224 queries), warm-up pages 41..60 left out. Eight orders, not four:
 * once the server answered a new page in about 300 µs, a run asked more than the 23,112 queries of four.
 */
export function newDirectoryQueries(): string[] {
  const distinct: string[] = [];
  for (const sort of ['code', 'fullName', 'joinedDate', 'designation']) {
    for (const order of ['asc', 'desc']) {
      for (let page = 1; page * 51 <= 10_000; page++) {
        if (page >= 41 && page <= 60) continue;
        for (const n of NEW_PAGE_SIZES) if (page * n <= 10_000) distinct.push(`/api/employees?page=${page}&pageSize=${n}&sort=${sort}&order=${order}`);
      }
    }
  }
  shuffle(distinct);
  return distinct;
}

async function bytesOf(url: string, cookie: string): Promise<Buffer> {
  const res = await fetch(url, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

async function platformList(url: string, cookie: string, pid: number | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  const pages = Array.from({ length: 200 }, (_, i) => ({ path: `/api/employees?page=${i + 1}&pageSize=50`, headers: { cookie } }));
  const pageBytes = await bytesOf(`${url}/api/employees?page=7&pageSize=50`, cookie);
  // Warm: people paging back and forth through a directory that did not change.
  for (const p of pages) await bytesOf(url + p.path, cookie);
  const bareList = await startBare(pageBytes, JSON_TYPE);
  const warm = await compare({ url, requests: pages, pid }, { url: bareList.url, requests: [{ path: '/api/employees?page=7&pageSize=50' }] });
  await bareList.stop();
  const label = `GET /api/employees?page=… 10,000 (${(pageBytes.length / 1024).toFixed(0)} KiB)`;
  rows.push(comparedRow(`${label}, pages 1..200 seen before`, warm, '≥ 65% of bare', warm.ratio >= 0.65, cpuPerRequest(warm.real, 'page').slice(2)));

  // Uncached: every request a query not seen before. autocannon gives each connection its own walk of a
  // request list from the start, so with a plain list the ten connections would ask each query ten times
  // (nine answers from the cache). One cursor, shared by every connection and round, hands out each
  // query once: a page (of 51..99 rows, within the 10,000) in one of eight orders, shuffled (`newDirectoryQueries`). The bare side
  // answers `?pageSize=n` with a body of n rows (Muster's page 41 of that size), so both send as many
  // bytes. Warm-up uses pages 41..60 only, which the measured queries leave out.
  const sizes = NEW_PAGE_SIZES;
  const bodies = new Map<string, Buffer>();
  for (const n of sizes) bodies.set(String(n), await bytesOf(`${url}/api/employees?page=41&pageSize=${n}`, cookie));
  const distinct = newDirectoryQueries();
  let cursor = 0;
  const fresh = [{ path: distinct[0] as string, headers: { cookie }, setupRequest: (req: autocannon.Request) => ({ ...req, path: distinct[cursor++ % distinct.length] as string }) }];
  const warmUp = Array.from({ length: 600 }, (_, i) => ({ method: 'GET' as const, path: `/api/employees?page=${42 + (i % 19)}&pageSize=${sizes[Math.floor(i / 19) % 49] ?? 51}`, headers: { cookie } }));
  const bare = await startBare(bodies.get('75') ?? pageBytes, JSON_TYPE, { param: 'pageSize', bodies });
  const bareRequests = sizes.map((n) => ({ path: `/api/employees?page=1&pageSize=${n}` }));
  const { default: run } = await import('autocannon');
  await run({ url, connections: 10, amount: warmUp.length, requests: warmUp });
  await run({ url: bare.url, connections: 10, duration: 1, requests: bareRequests.map((r) => ({ method: 'GET' as const, ...r })) });
  const cold = await compare({ url, requests: fresh, pid }, { url: bare.url, requests: bareRequests }, { warmUp: false });
  await bare.stop();
  const avg = [...bodies.values()].reduce((s, b) => s + b.length, 0) / bodies.size;
  const repeated = cursor > distinct.length;
  rows.push(
    comparedRow(
      `GET /api/employees?page=… 10,000 (51–99 rows, ${(avg / 1024).toFixed(0)} KiB), every query new (uncached)`,
      cold,
      '≥ 50% of bare',
      cold.ratio >= 0.5 && !repeated,
      `${cursor.toLocaleString('en-IN')} queries, each asked once, of ${distinct.length.toLocaleString('en-IN')}${repeated ? ' (REFUSED: some were asked twice)' : ''}${cpuPerRequest(cold.real, 'page')}`,
    ),
  );
  return rows;
}

/** In process at `size`: a filter nobody asked before (its facets, KPIs and page), and a new page of a known filter. */
export async function newFilter(size: number): Promise<Row[]> {
  const prepared = await prepareDataDir(size);
  await prepared.close();
  const app = await startInProcess(prepared.dataDir);
  try {
    const cookie = await login(app.url);
    await bytesOf(`${app.url}/api/employees?page=1&pageSize=50`, cookie);
    const times: number[] = [];
    const filterStatements: number[] = [];
    for (let i = 0; i < 30; i++) {
      // A name fragment and a join-year range nobody asked before: facets, KPIs and the page are all new.
      const q = `/api/employees?page=1&pageSize=50&q=${['sharma', 'iyer', 'nair', 'das', 'bose', 'khan'][i % 6]}&joinedYearFrom=${2010 + (i % 10)}&joinedYearTo=${2016 + (i % 10)}`;
      const before = app.statements();
      const t = performance.now();
      await bytesOf(app.url + q, cookie);
      times.push(performance.now() - t);
      filterStatements.push(app.statements() - before);
    }
    const pageStatements: number[] = [];
    for (let page = 2; page < 12; page++) {
      const before = app.statements();
      await bytesOf(`${app.url}/api/employees?page=${page}&pageSize=50&q=sharma&joinedYearFrom=2010&joinedYearTo=2016`, cookie);
      pageStatements.push(app.statements() - before);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    const p90 = sorted[Math.floor(sorted.length * 0.9)] ?? 0;
    const maxPage = Math.max(...pageStatements);
    const label = size.toLocaleString('en-IN');
    return [
      { scenario: `new filter at ${label} (median of 30, in process)`, rps: 0, p99: median, baseRps: 0, baseP99: 0, target: '< 15 ms', pass: median < 15, notes: `median ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms; ${Math.max(...filterStatements)} statements (page + facets + KPIs)` },
      { scenario: `new page of a known filter at ${label}: statements`, rps: 0, p99: maxPage, baseRps: 0, baseP99: 0, target: '≤ 2 statements', pass: maxPage <= 2, notes: `${maxPage} statement(s) at most over 10 new pages (column p99 holds the count)` },
    ];
  } finally {
    await app.close();
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
}
