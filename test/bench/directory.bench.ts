import fs from 'node:fs';
import { compare, issueKeys, login, prepareDataDir, printTable, startBare, startMuster, type Compared, type Row } from './harness.ts';

function row(scenario: string, c: Compared, target: string, pass: boolean): Row {
  return {
    scenario,
    rps: c.real.rps,
    p99: c.real.p99,
    baseRps: c.bare.rps,
    baseP99: c.bare.p99,
    ratio: c.ratio,
    target,
    pass: pass && c.real.non2xx === 0,
    ...(c.real.non2xx ? { notes: `${c.real.non2xx} non-2xx answers` } : {}),
  };
}

/** Public v1 directory at 1,000 and 10,000 employees, and the paginated platform list, each against bare Express. */
export async function benchDirectory(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const size of [1_000, 10_000]) {
    const prepared = await prepareDataDir(size);
    await prepared.close();
    const muster = await startMuster(prepared.dataDir);
    try {
      const cookie = await login(muster.url);
      const keys = await issueKeys(muster.url, cookie, 60);
      const publicRequests = keys.map((k) => ({ path: '/api/public/v1/employees', headers: { authorization: `Bearer ${k}` } }));
      const sample = await fetch(`${muster.url}/api/public/v1/employees`, { headers: { authorization: `Bearer ${keys[0]}` } });
      const publicBytes = Buffer.from(await sample.arrayBuffer());
      // Throughput under 10 connections, and latency as one integrator sees it (one connection).
      const bare = await startBare(publicBytes, 'application/json; charset=utf-8');
      const bareRequests = [{ path: '/api/public/v1/employees' }];
      const many = await compare({ url: muster.url, requests: publicRequests }, { url: bare.url, requests: bareRequests });
      const one = await compare({ url: muster.url, requests: publicRequests }, { url: bare.url, requests: bareRequests }, { connections: 1 });
      await bare.stop();
      const label = `public v1 employees, ${size.toLocaleString('en-IN')} (${(publicBytes.length / 1024).toFixed(0)} KiB)`;
      rows.push(row(`${label}, 10 conn`, many, 'report', true));
      rows.push(row(`${label}, 1 conn`, one, size === 10_000 ? 'p99 < 150 ms' : 'report', size !== 10_000 || one.real.p99 < 150));

      if (size === 10_000) {
        const pages = Array.from({ length: 200 }, (_, i) => ({ path: `/api/employees?page=${i + 1}&pageSize=50`, headers: { cookie } }));
        const pageSample = await fetch(`${muster.url}/api/employees?page=7&pageSize=50`, { headers: { cookie } });
        const pageBytes = Buffer.from(await pageSample.arrayBuffer());
        // Uncached: every request a query not seen before (page × page size), so each one runs its SQL.
        const distinct = Array.from({ length: 4000 }, (_, i) => ({
          path: `/api/employees?page=${(i % 40) + 1}&pageSize=${51 + Math.floor(i / 40) % 49}`,
          headers: { cookie },
        }));
        // Warm: people paging back and forth through a directory that did not change.
        for (const p of pages) await fetch(muster.url + p.path, { headers: p.headers });
        const bareList = await startBare(pageBytes, 'application/json; charset=utf-8');
        const bareRequests = [{ path: '/api/employees?page=7&pageSize=50' }];
        const warm = await compare({ url: muster.url, requests: pages }, { url: bareList.url, requests: bareRequests });
        const cold = await compare({ url: muster.url, requests: distinct }, { url: bareList.url, requests: bareRequests }, { rounds: 1, seconds: 3 });
        await bareList.stop();
        const label = `GET /api/employees?page=… 10,000 (${(pageBytes.length / 1024).toFixed(0)} KiB)`;
        rows.push(row(`${label}, pages 1..200 seen before`, warm, '≥ 50% of bare', warm.ratio >= 0.5));
        rows.push(row(`${label}, every query new (uncached)`, cold, 'report', true));
      }
    } finally {
      await muster.stop();
      fs.rmSync(prepared.dataDir, { recursive: true, force: true });
    }
  }
  printTable('Directory (autocannon, 10 connections, loopback; ratio = Muster / bare Express serving the same bytes)', rows);
  return rows;
}
