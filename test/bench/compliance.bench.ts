import fs from 'node:fs';
import path from 'node:path';
import { fixedClock } from '../../server/src/clock.ts';
import { systemCaller } from '../../server/src/context.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { reconcileRange } from '../../server/src/modules/attendance/days.ts';
import { updateEstablishment } from '../../server/src/modules/org/index.ts';
import { moduleLinks } from '../../server/src/wiring.ts';
import { BENCH_MONTH, TZ, seedMonthOfPunches } from './attendance-data.ts';
import { REPO } from '../support/process.ts';
import { ADMIN, type Row, SERVER_FLAGS, prepareDataDir, printTable, startMuster } from './harness.ts';

/**
 * Issue 10 targets, on the real server (its own process) with 1,000
 * employees and a reconciled month: the period bundle (every register of the
 * month, per location, PDF and XLSX, zipped and streamed) under 10 s with the
 * server's peak memory under 300 MB, and the attendance register (Form D) as
 * XLSX under 3 s. The floor, measured in the same run: the month's attendance
 * calendar export (the existing one-table XLSX over the same days).
 */

const EMPLOYEES = 1000;

/** Peak resident set of a process since start or the last reset (Linux: VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Resident set now (VmRSS), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time (user + system, every thread) the process has used, in ms: a loaded machine stretches the wall time, much less this. */
function cpuMs(pid: number): number {
  // Fields after the command's closing parenthesis start at the state (field 3); utime and stime are fields 14 and 15, in clock ticks (100 Hz on Linux).
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resets the process's peak resident set to its current one (Linux: clear_refs 5), so the next peak is the bundle's, not start-up's. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Whether dist/ (npm run build:node) is newer than every server and shared source file. */
function freshBuild(): boolean {
  const main = path.join(REPO, 'dist/server/src/main.js');
  if (!fs.existsSync(main)) return false;
  const built = fs.statSync(main).mtimeMs;
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      const p = path.join(dir, e.name);
      return Math.max(m, e.isDirectory() ? newest(p) : e.name.endsWith('.ts') ? fs.statSync(p).mtimeMs : 0);
    }, 0);
  return built > Math.max(newest(path.join(REPO, 'server/src')), newest(path.join(REPO, 'shared')));
}

/** Signs in and builds the bundle on a fresh server: its time, size, the peak resident set while building it, and the resident set before. */
async function bundleOn(server: { url: string; proc: { child: { pid?: number } } }) {
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const pid = server.proc.child.pid as number;
  const idle = rssMb(pid);
  const startPeak = peakRssMb(pid);
  const reset = resetPeak(pid);
  const cpu = cpuMs(pid);
  const bundle = await timed(`${server.url}/api/compliance/bundle?period=${BENCH_MONTH}`, cookie);
  if (bundle.status !== 200) throw new Error(`bundle: ${bundle.status}`);
  return { ...bundle, cookie, idle, startPeak, reset, peak: peakRssMb(pid), cpuMs: cpuMs(pid) - cpu };
}

async function timed(url: string, cookie: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  let bytes = 0;
  const reader = res.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    bytes += chunk.value.length;
  }
  return { ms: performance.now() - t0, bytes, status: res.status };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export async function benchCompliance(): Promise<Row[]> {
  const prepared = await prepareDataDir(EMPLOYEES);
  await seedMonthOfPunches(prepared.db);
  await prepared.close();
  const opened = openDatabase(path.join(prepared.dataDir, 'muster.sqlite'));
  const [y, m] = BENCH_MONTH.split('-').map(Number) as [number, number];
  const last = `${BENCH_MONTH}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  const ctx = { db: opened.db, clock: fixedClock(`${y}-${String(m + 1).padStart(2, '0')}-15T06:00:00Z`), caller: systemCaller(), timeZone: TZ, links: moduleLinks };
  await reconcileRange(ctx, 'all', `${BENCH_MONTH}-01`, last);
  await updateEstablishment(ctx, { employerName: 'Bench Industries Pvt. Ltd.', lin: '1-2345-6789-0', epfEstablishmentCode: 'KNBNG0012345000', esicEmployerCode: '53000123450001001' });
  await opened.close();

  const server = await startMuster(prepared.dataDir);
  const rows: Row[] = [];
  try {
    const base = `${server.url}/api`;
    // The bundle first, on a fresh server: its peak memory is what the target is about (cold: exceljs and pdfkit load on first use).
    const bundle = await bundleOn(server);
    const { cookie } = bundle;
    const rss = bundle.peak;
    const floor = [];
    for (let i = 0; i < 3; i++) floor.push((await timed(`${base}/attendance/calendar/${BENCH_MONTH}/export?format=xlsx`, cookie)).ms);
    const xlsx = [];
    for (let i = 0; i < 3; i++) {
      const r = await timed(`${base}/compliance/registers/attendance-register/export?period=${BENCH_MONTH}&format=xlsx`, cookie);
      if (r.status !== 200) throw new Error(`attendance register: ${r.status}`);
      xlsx.push(r.ms);
    }
    const fl = median(floor);
    rows.push({
      scenario: `bundle ${BENCH_MONTH}, ${EMPLOYEES} employees (${(bundle.bytes / 1e6).toFixed(1)} MB zip)`,
      rps: 1000 / bundle.ms,
      p99: bundle.ms,
      baseRps: 1000 / fl,
      baseP99: fl,
      target: '< 10 s',
      pass: bundle.ms < 10_000,
      notes: `${(bundle.ms / 1000).toFixed(2)} s to the last byte; the floor (calendar XLSX of the same month) ${(fl / 1000).toFixed(2)} s`,
    });
    rows.push({
      scenario: 'bundle: server peak RSS',
      rps: rss,
      p99: rss,
      baseRps: 0,
      baseP99: 0,
      target: '< 300 MB',
      pass: rss < 300,
      notes: `peak resident set of the server process (under tsx, as npm start runs it: ${SERVER_FLAGS.join(' ') || 'no node flags'}) while it built the bundle: ${rss.toFixed(0)} MB (${bundle.idle.toFixed(0)} MB resident before it, start-up peak ${bundle.startPeak.toFixed(0)} MB${bundle.reset ? '' : '; peak not reset: start-up included'}); ${(bundle.cpuMs / 1000).toFixed(2)} s of CPU`,
    });
    const x = median(xlsx);
    rows.push({
      scenario: `Form D XLSX, ${EMPLOYEES} employees`,
      rps: 1000 / x,
      p99: x,
      baseRps: 1000 / fl,
      baseP99: fl,
      target: '< 3 s',
      pass: x < 3000,
      notes: `median of 3: ${(x / 1000).toFixed(2)} s (floor ${(fl / 1000).toFixed(2)} s)`,
    });
  } finally {
    await server.stop();
  }
  try {
    // The same bundle on the compiled server (dist/, what the installed package runs): tsx's loader and
    // transpiler threads and the source maps it keeps are not the product's memory.
    if (freshBuild()) {
      const compiled = await startMuster(prepared.dataDir, {}, { compiled: true });
      try {
        const b = await bundleOn(compiled);
        rows.push({
          scenario: 'bundle: server peak RSS, compiled build',
          rps: b.peak,
          p99: b.peak,
          baseRps: 0,
          baseP99: 0,
          target: '< 300 MB',
          pass: b.peak < 300,
          notes: `the same bundle on the server built by npm run build:node (node without tsx, as the packaged app runs it: ${['--enable-source-maps', ...SERVER_FLAGS].join(' ')}): peak ${b.peak.toFixed(0)} MB (${b.idle.toFixed(0)} MB resident before it), ${(b.ms / 1000).toFixed(2)} s, ${(b.cpuMs / 1000).toFixed(2)} s of CPU`,
        });
      } finally {
        await compiled.stop();
      }
    } else {
      console.log('compliance: dist/ missing or older than the sources; `npm run build:node` to measure the compiled server too');
    }
  } finally {
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
  printTable('Compliance (req/s column: 1/s; p99 column: ms, or MB for memory)', rows);
  return rows;
}
