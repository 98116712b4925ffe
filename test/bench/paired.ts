/**
 * A change's cost, measured paired: the directory list on two servers at once, one running a base
 * checkout (a git worktree) and one this tree, each on its own copy of one 10,000-person data dir, both
 * loaded by this one process at the same time. On a shared machine a rate moves ±20% between runs of the
 * same code, and so does CPU per request when other work contends for the cores; loaded together, both
 * servers meet the same contention, so the difference between them is the change's.
 *
 *   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   BASE=/tmp/base npx tsx test/bench/paired.ts            # MODES=warm,fresh ROUNDS=4 SECS=4
 *
 * Each round prints, per server, requests per second and Muster's CPU per page from /proc. The two
 * servers swap data dirs between runs of the script (SWAP=1), and `BASE=.` measures this tree against
 * itself: run that first, since which server is which is not neutral (about 4% in one A/A run), and
 * read a change against it.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMicros, login, prepareDataDir, startMuster } from './harness.ts';
import { NEW_PAGE_SIZES, newDirectoryQueries } from './directory.bench.ts';

const BASE = path.resolve(process.env.BASE ?? '.');
const { startMuster: startBase } = (await import(path.join(BASE, 'test/bench/harness.ts'))) as typeof import('./harness.ts');
const SECONDS = Number(process.env.SECS ?? 4);
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const MODES = (process.env.MODES ?? 'warm,fresh').split(',');

const prepared = await prepareDataDir(10_000);
await prepared.close();
const copy = `${prepared.dataDir}-copy`;
fs.cpSync(prepared.dataDir, copy, { recursive: true });
const [baseDir, newDir] = process.env.SWAP ? [prepared.dataDir, copy] : [copy, prepared.dataDir];
const servers = [
  { name: 'base', muster: await startBase(baseDir) },
  { name: 'this', muster: await startMuster(newDir) },
];

// The directory bench's new queries (`newDirectoryQueries`); each server walks the list with its own cursor, so
// both answer the same queries.
const sizes = NEW_PAGE_SIZES;
const distinct = newDirectoryQueries();

const loaded = await Promise.all(
  servers.map(async (s) => {
    const cookie = await login(s.muster.url);
    let cursor = 0;
    const warm = Array.from({ length: 200 }, (_, i) => ({ path: `/api/employees?page=${i + 1}&pageSize=50`, headers: { cookie } }));
    const fresh = [{ path: distinct[0] as string, headers: { cookie }, setupRequest: (req: autocannon.Request) => ({ ...req, path: distinct[cursor++ % distinct.length] as string }) }];
    const warmUp = Array.from({ length: 600 }, (_, i) => ({ method: 'GET' as const, path: `/api/employees?page=${42 + (i % 19)}&pageSize=${sizes[Math.floor(i / 19) % 49] ?? 51}`, headers: { cookie } }));
    await autocannon({ url: s.muster.url, connections: 5, amount: 2000, requests: warm });
    await autocannon({ url: s.muster.url, connections: 5, amount: warmUp.length, requests: warmUp });
    return { ...s, pid: s.muster.proc.child.pid as number, warm, fresh };
  }),
);

try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of MODES) {
      const before = loaded.map((s) => cpuMicros(s.pid));
      const results = await Promise.all(loaded.map((s) => autocannon({ url: s.muster.url, connections: 5, duration: SECONDS, requests: mode === 'warm' ? s.warm : s.fresh })));
      const line = loaded.map((s, i) => {
        const r = results[i] as autocannon.Result;
        const refused = r.non2xx + r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors: REFUSED)` : '';
        const after = cpuMicros(s.pid);
        const per = (k: 'process' | 'main') => (((after?.[k] ?? Number.NaN) - (before[i]?.[k] ?? Number.NaN)) / r.requests.total).toFixed(0);
        return `${s.name} ${r.requests.average} req/s, ${per('process')} µs CPU a page (main thread ${per('main')})${refused}`;
      });
      process.stdout.write(`${mode} round ${round + 1}: ${line.join(' | ')}\n`);
    }
  }
} finally {
  for (const s of servers) await s.muster.stop();
  fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  fs.rmSync(copy, { recursive: true, force: true });
}
