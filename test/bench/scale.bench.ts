import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BUILT_IN_REPORTS } from '../../shared/reports.ts';
import { REPO } from '../support/process.ts';
import { type Row, issueKeys, login, prepareDataDir, startMuster } from './harness.ts';
import { seedHistory } from './seed-history.ts';

/**
 * How cost grows with the organisation: `npm run bench -- scale [--sizes 150,1500,15000]` seeds each
 * size with a year of stored days, leave (requests, days, ledger) and regularizations, the last 90 days
 * of punches and a year of terminal contact (seed-history.ts, written in bulk), then times every hot route
 * on the real server: once computed (the first request for that answer, after the code was warmed on
 * another month or page) and kept (the median of three repeats, from the caches where there are some;
 * one repeat when a repeat takes longer than `SLOW_REPEAT_MS`, as the uncached exports do at 15,000).
 * It writes the table and a chart (vega-lite, rendered to SVG in Node) into docs/performance.md after
 * every size (a long run that is stopped keeps the sizes it finished) and names every route whose
 * computed time grows faster than the organisation.
 */

/** A repeat slower than this is not repeated twice more: it is not kept, and at 15,000 each costs minutes. */
const SLOW_REPEAT_MS = 5_000;

const YEAR = new Date().getUTCFullYear() - 1;
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Route {
  name: string;
  /** The measured request and another one to warm the code with (another month, page or day). */
  path: string;
  warm: string;
  auth?: 'key';
}

function routes(): Route[] {
  const yesterday = isoDay(Date.now() - DAY);
  const before = isoDay(Date.now() - 2 * DAY);
  const summary = BUILT_IN_REPORTS.attendanceSummary;
  return [
    { name: 'directory page', path: '/api/employees?page=3&pageSize=50', warm: '/api/employees?page=2&pageSize=50' },
    { name: 'directory filter', path: '/api/employees?q=sharma&status=Active', warm: '/api/employees?q=iyer' },
    { name: 'leave list', path: '/api/leave/requests?page=1&pageSize=50', warm: '/api/leave/requests?page=2&pageSize=50' },
    { name: 'calendar month JSON', path: `/api/attendance/calendar/${YEAR}-06`, warm: `/api/attendance/calendar/${YEAR}-05` },
    { name: 'calendar month XLSX', path: `/api/attendance/calendar/${YEAR}-06/export?format=xlsx`, warm: `/api/attendance/calendar/${YEAR}-05/export?format=xlsx` },
    { name: 'live board', path: '/api/attendance/live', warm: '/api/attendance/live' },
    { name: 'day view', path: `/api/attendance/day/${yesterday}`, warm: `/api/attendance/day/${before}` },
    { name: 'public v1 attendance', path: `/api/public/v1/attendance?date=${yesterday}`, warm: `/api/public/v1/attendance?date=${before}`, auth: 'key' },
    { name: 'dashboard', path: '/api/dashboard', warm: '/api/dashboard' },
    { name: 'report: attendance summary', path: `/api/reports/${summary}?param=${YEAR}&pageSize=100`, warm: `/api/reports/${summary}?param=${YEAR}06&pageSize=100` },
    { name: 'report: leave balances', path: `/api/reports/${BUILT_IN_REPORTS.leaveBalances}?param=${YEAR}&pageSize=100`, warm: `/api/reports/${BUILT_IN_REPORTS.leaveBalances}?param=${YEAR - 1}&pageSize=100` },
  ];
}

export interface ScaleFigure {
  route: string;
  size: number;
  computedMs: number;
  keptMs: number;
  /** Why the route was refused at this size (an answer other than 200): not timed, not in the growth. */
  refused?: string;
}

/** How long a size took to seed (directory, then the history) and where the time went. */
export interface SeedFigure {
  size: number;
  seconds: number;
  fillSeconds: number;
  indexSeconds: number;
  days: number;
  punches: number;
}

/**
 * One GET, timed until the last byte. node:http rather than fetch: fetch gives up on an answer whose
 * headers take more than 300 s, and at 15,000 employees on a loaded machine an uncached export may.
 */
function timedGet(url: string, headers: Record<string, string>): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(url, { headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export function sizesFromArgs(argv: readonly string[]): number[] {
  const i = argv.indexOf('--sizes');
  const list = i >= 0 ? argv[i + 1] : undefined;
  const sizes = (list ?? '150,1500,15000').split(',').map((s) => Number(s.replace(/_/g, '')));
  if (sizes.some((n) => !Number.isInteger(n) || n < 10)) throw new Error(`--sizes wants whole numbers of employees (10 or more), comma-separated: ${list}`);
  return sizes;
}

class Refused extends Error {}

async function measureSize(size: number, seeds: SeedFigure[]): Promise<ScaleFigure[]> {
  const t0 = performance.now();
  const prepared = await prepareDataDir(size);
  await prepared.close();
  const seeded = seedHistory(path.join(prepared.dataDir, 'muster.sqlite'));
  const seed: SeedFigure = { size, seconds: (performance.now() - t0) / 1000, fillSeconds: seeded.fillSeconds, indexSeconds: seeded.indexSeconds, days: seeded.days, punches: seeded.punches };
  seeds.push(seed);
  process.stdout.write(
    `scale ${size}: seeded ${seeded.days.toLocaleString('en-IN')} days, ${seeded.punches.toLocaleString('en-IN')} punches in ${seed.seconds.toFixed(0)} s ` +
      `(rows ${seed.fillSeconds.toFixed(0)} s, indexes ${seed.indexSeconds.toFixed(0)} s; load ${loadNow()})\n`,
  );
  const muster = await startMuster(prepared.dataDir);
  const figures: ScaleFigure[] = [];
  try {
    const cookie = await login(muster.url);
    const [key] = await issueKeys(muster.url, cookie, 1);
    const get = async (route: Route, p: string): Promise<number> => {
      const headers: Record<string, string> = route.auth === 'key' ? { authorization: `Bearer ${key}` } : { cookie };
      const res = await timedGet(muster.url + p, headers);
      // A failing route is refused, not timed: an error answered fast is not a speed.
      if (res.status !== 200) throw new Refused(`GET ${p} answered ${res.status}`);
      return res.ms;
    };
    for (const route of routes()) {
      let figure: ScaleFigure;
      try {
        await get(route, route.warm);
        const computedMs = await get(route, route.path);
        const first = await get(route, route.path);
        const kept = first > SLOW_REPEAT_MS ? [first] : [first, await get(route, route.path), await get(route, route.path)].sort((a, b) => a - b);
        figure = { route: route.name, size, computedMs, keptMs: kept[Math.floor(kept.length / 2)] ?? 0 };
      } catch (error) {
        // One refused route does not throw away the others' figures (at 15,000 they took most of an hour).
        if (!(error instanceof Refused)) throw error;
        figure = { route: route.name, size, computedMs: Number.NaN, keptMs: Number.NaN, refused: error.message };
      }
      figures.push(figure);
      process.stdout.write(`scale ${size}: ${figure.route} ${figure.refused ?? `${figure.computedMs.toFixed(0)} / ${figure.keptMs.toFixed(0)} ms`} (load ${loadNow()})\n`);
    }
    const reconcileMs = await reconcileMonth(muster.url, cookie);
    figures.push({ route: 'reconcile a month (all employees)', size, computedMs: reconcileMs, keptMs: Number.NaN });
    process.stdout.write(`scale ${size}: reconcile a month ${reconcileMs.toFixed(0)} ms (load ${loadNow()})\n`);
  } finally {
    await muster.stop();
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
  return figures;
}

/** The whole last full month within the punches, every employee, as HR starts it from the console; timed until the job is done. */
async function reconcileMonth(url: string, cookie: string): Promise<number> {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const start = performance.now();
  const res = await fetch(`${url}/api/attendance/recompute`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ from: isoDay(first.getTime()), to: isoDay(last.getTime()) }),
  });
  if (res.status !== 200 && res.status !== 202) throw new Error(`recompute: ${res.status} ${await res.text()}`);
  const job = (await res.json()) as { id: string };
  for (;;) {
    const state = (await (await fetch(`${url}/api/attendance/recompute/${job.id}`, { headers: { cookie } })).json()) as { status: string; error: string | null };
    if (state.status === 'done') return performance.now() - start;
    if (state.status !== 'running') throw new Error(`recompute ${state.status}: ${state.error}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The growth exponent between two sizes: 1 is linear, above it grows faster than the organisation. Over
 * the whole range (smallest to largest) by default; `lastStep` takes the two largest sizes, where a
 * request's fixed cost no longer hides how the work grows.
 */
function growth(figures: ScaleFigure[], route: string, lastStep = false): number | undefined {
  const mine = figures.filter((f) => f.route === route && !f.refused).sort((a, b) => a.size - b.size);
  const a = mine[lastStep ? mine.length - 2 : 0];
  const b = mine[mine.length - 1];
  if (!a || !b || a.size === b.size) return undefined;
  return Math.log(b.computedMs / a.computedMs) / Math.log(b.size / a.size);
}

/** Draws time against organisation size per route with vega-lite, rendered to SVG by vega (no browser). */
export async function chartSvg(figures: ScaleFigure[]): Promise<string> {
  const vl = await import('vega-lite');
  const vega = await import('vega');
  const spec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'Time of each hot route against organisation size (computed, log–log)',
    width: 560,
    height: 360,
    data: { values: figures.filter((f) => !f.refused).map((f) => ({ route: f.route, employees: f.size, ms: Math.max(0.1, f.computedMs) })) },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'employees', type: 'quantitative', scale: { type: 'log' }, title: 'employees' },
      y: { field: 'ms', type: 'quantitative', scale: { type: 'log' }, title: 'milliseconds' },
      // Twelve routes: a 20-colour scheme and a dash per route keep neighbours apart.
      color: { field: 'route', type: 'nominal', title: 'route', scale: { scheme: 'tableau20' }, legend: { labelLimit: 320 } },
      strokeDash: { field: 'route', type: 'nominal', legend: null },
    },
  };
  const compiled = vl.compile(spec as never).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

const loadNow = () => os.loadavg()[0]?.toFixed(1) ?? '?';

export function scaleMarkdown(figures: ScaleFigure[], load: string, seeds: readonly SeedFigure[] = []): string {
  const sizes = [...new Set(figures.map((f) => f.size))].sort((a, b) => a - b);
  const names = [...new Set(figures.map((f) => f.route))];
  const fmt = (ms: number) => (Number.isNaN(ms) ? '–' : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
  const step = sizes.length > 2 ? `${(sizes[sizes.length - 2] ?? 0).toLocaleString('en-IN')} → ${(sizes[sizes.length - 1] ?? 0).toLocaleString('en-IN')}` : undefined;
  const header = `| route | ${sizes.map((s) => `${s.toLocaleString('en-IN')} computed / kept (ms)`).join(' | ')} | growth |${step ? ` growth ${step} |` : ''}`;
  const exponent = (g: number | undefined) => (g === undefined ? '–' : `n^${g.toFixed(2)}`);
  const lines = names.map((name) => {
    const cells = sizes.map((s) => {
      const f = figures.find((x) => x.route === name && x.size === s);
      return f ? (f.refused ? `refused (${f.refused})` : `${fmt(f.computedMs)} / ${fmt(f.keptMs)}`) : '–';
    });
    return `| ${name} | ${cells.join(' | ')} | ${exponent(growth(figures, name))} |${step ? ` ${exponent(growth(figures, name, true))} |` : ''}`;
  });
  // Judged on the last step where there is one: at the smallest size a request's fixed cost flattens the whole-range exponent.
  const judged = (n: string) => growth(figures, n, sizes.length > 2) ?? 0;
  const between = step ? `between ${step}` : 'between the smallest and largest size';
  const steep = names.filter((n) => judged(n) > 1.15);
  const note = steep.length
    ? `Growing faster than the organisation (exponent above 1.15 ${between}): ${steep.join(', ')}. See the notes below the table for why.`
    : `Every route grows linearly with the organisation or better (exponent ≤ 1.15 ${between}; below 1 the fixed cost of a request still dominates).`;
  return [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load}, node ${process.version}, ${os.cpus().length} CPUs.`,
    '',
    header,
    `|---|${sizes.map(() => '---').join('|')}|---|${step ? '---|' : ''}`,
    ...lines,
    '',
    `"computed" is the first request for that answer (the code warmed on another month, page or day), "kept" the median of three repeats (one when it takes over ${SLOW_REPEAT_MS / 1000} s); growth is the exponent *k* in time ∝ employees^k of the computed time (over the whole range, and over the last step). ${note}`,
    '',
    ...(seeds.length
      ? [
          `Seeding (directory, then a year of history): ${seeds
            .map((s) => `${s.size.toLocaleString('en-IN')} employees ${s.seconds.toFixed(0)} s (${s.days.toLocaleString('en-IN')} days, ${s.punches.toLocaleString('en-IN')} punches; rows ${s.fillSeconds.toFixed(0)} s, indexes ${s.indexSeconds.toFixed(0)} s)`)
            .join('; ')}.`,
          '',
        ]
      : []),
    '![Time against organisation size per route](performance-scale.svg)',
  ].join('\n');
}

const START = '<!-- scale:start (written by `npm run bench -- scale`) -->';
const END = '<!-- scale:end -->';

/** Replaces the scale section of docs/performance.md (the rest of the page is written by hand). */
export function writeScaleDoc(figures: ScaleFigure[], svg: string, load: string, seeds: readonly SeedFigure[] = []): void {
  const doc = path.join(REPO, 'docs/performance.md');
  fs.writeFileSync(path.join(REPO, 'docs/performance-scale.svg'), svg);
  const text = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : `# Performance\n\n## Scale\n\n${START}\n${END}\n`;
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  const section = `${START}\n${scaleMarkdown(figures, load, seeds)}\n${END}`;
  fs.writeFileSync(doc, from >= 0 && to > from ? text.slice(0, from) + section + text.slice(to + END.length) : `${text}\n${section}\n`);
}

export async function benchScale(argv: readonly string[] = process.argv.slice(2)): Promise<Row[]> {
  const sizes = sizesFromArgs(argv);
  const loads: string[] = [];
  const figures: ScaleFigure[] = [];
  const seeds: SeedFigure[] = [];
  for (const size of sizes) {
    loads.push(loadNow());
    figures.push(...(await measureSize(size, seeds)));
    // Written after every size: a run stopped during the largest keeps the smaller ones.
    writeScaleDoc(figures, await chartSvg(figures), [...loads, loadNow()].join(' → '), seeds);
  }
  loads.push(loadNow());
  process.stdout.write(`\nScale (written to docs/performance.md and docs/performance-scale.svg)\n${scaleMarkdown(figures, loads.join(' → '), seeds)}\n`);
  return [...new Set(figures.map((f) => f.route))].map((name) => {
    const g = growth(figures, name);
    const mine = figures.filter((f) => f.route === name);
    const worst = Math.max(...mine.filter((f) => !f.refused).map((f) => f.computedMs));
    return { scenario: `scale: ${name}`, rps: 0, p99: worst, baseRps: 0, baseP99: 0, target: 'linear or better (report)', pass: mine.every((f) => !f.refused), ...(g !== undefined ? { notes: `growth n^${g.toFixed(2)}` } : {}) };
  });
}
