import fs from 'node:fs';
import { issueKeys, login, measure, prepareDataDir, printTable, startBare, startMuster, type Row } from './harness.ts';

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
      const real = await measure(muster.url, publicRequests);
      const single = await measure(muster.url, publicRequests, undefined, 1);
      const bare = await startBare(publicBytes, 'application/json; charset=utf-8');
      const base = await measure(bare.url, [{ path: '/api/public/v1/employees' }]);
      const baseSingle = await measure(bare.url, [{ path: '/api/public/v1/employees' }], undefined, 1);
      await bare.stop();
      const label = `public v1 employees, ${size.toLocaleString('en-IN')} (${(publicBytes.length / 1024).toFixed(0)} KiB)`;
      rows.push({
        scenario: `${label}, 10 conn`,
        rps: real.rps,
        p99: real.p99,
        baseRps: base.rps,
        baseP99: base.p99,
        target: 'report',
        pass: real.non2xx === 0,
        ...(real.non2xx ? { notes: `${real.non2xx} non-2xx answers` } : {}),
      });
      rows.push({
        scenario: `${label}, 1 conn`,
        rps: single.rps,
        p99: single.p99,
        baseRps: baseSingle.rps,
        baseP99: baseSingle.p99,
        target: size === 10_000 ? 'p99 < 150 ms' : 'report',
        pass: (size !== 10_000 || single.p99 < 150) && single.non2xx === 0,
      });

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
        const list = await measure(muster.url, pages);
        const cold = await measure(muster.url, distinct, 3);
        const bareList = await startBare(pageBytes, 'application/json; charset=utf-8');
        const baseList = await measure(bareList.url, [{ path: '/api/employees?page=7&pageSize=50' }]);
        await bareList.stop();
        const label = `GET /api/employees?page=… 10,000 (${(pageBytes.length / 1024).toFixed(0)} KiB)`;
        rows.push({
          scenario: `${label}, pages 1..200 seen before`,
          rps: list.rps,
          p99: list.p99,
          baseRps: baseList.rps,
          baseP99: baseList.p99,
          target: '≥ 50% of bare',
          pass: list.rps >= 0.5 * baseList.rps && list.non2xx === 0,
          ...(list.non2xx ? { notes: `${list.non2xx} non-2xx answers` } : {}),
        });
        rows.push({
          scenario: `${label}, every query new (uncached)`,
          rps: cold.rps,
          p99: cold.p99,
          baseRps: baseList.rps,
          baseP99: baseList.p99,
          target: 'report',
          pass: cold.non2xx === 0,
        });
      }
    } finally {
      await muster.stop();
      fs.rmSync(prepared.dataDir, { recursive: true, force: true });
    }
  }
  printTable('Directory (autocannon, 10 connections, loopback; ratio = Muster / bare Express serving the same bytes)', rows);
  return rows;
}
