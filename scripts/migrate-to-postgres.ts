/**
 * Moves an office's data from the embedded SQLite file to PostgreSQL:
 *
 *   npm run migrate-to-postgres -- --from data/muster.sqlite --to postgres://muster:secret@127.0.0.1:5432/muster
 *
 * The target must be an empty database (createdb muster). The tool runs the
 * migrations there, copies every table from one consistent snapshot of the
 * file (a server may keep running on it; what it writes afterwards is not
 * copied, so stop it first for the real move), then compares row counts and a
 * checksum per table and commits only if every table matches.
 *
 * Exit codes: 0 copied and verified; 2 usage; 3 refused (target not empty,
 * file of another version), nothing written; 4 a table differs, nothing of
 * the copy committed; 1 anything else.
 */
import { parseArgs } from 'node:util';
import { MigrationRefused, type Progress, type TableReport, migrateToPostgres } from '../server/src/tools/migrate-to-postgres.ts';

const USAGE = 'Usage: npm run migrate-to-postgres -- --from data/muster.sqlite --to postgres://user:password@host:5432/database';

/** The URL without its password, for messages. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

function table(rows: TableReport[]): string {
  const head = ['table', 'sqlite rows', 'postgres rows', 'checksum'];
  const body = rows.map((r) => [r.table, String(r.sqliteRows), String(r.postgresRows), r.ok ? `ok ${r.sqliteChecksum.slice(0, 12)}` : 'DIFFERS']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 3 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function main(): Promise<number> {
  let values: { from?: string | undefined; to?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const to = values.to ?? process.env.MUSTER_DATABASE_URL;
  if (!values.from || !to) {
    process.stderr.write(`${!values.from ? '--from (the SQLite file)' : '--to (the PostgreSQL URL)'} is missing.\n${USAGE}\n`);
    return 2;
  }
  if (!/^postgres(ql)?:\/\//.test(to)) {
    process.stderr.write(`--to must be a PostgreSQL URL (postgres://…).\n${USAGE}\n`);
    return 2;
  }
  process.stdout.write(`Copying ${values.from} into ${redacted(to)}\n`);
  // Progress: a line per table, and within a long table at most one every two seconds.
  let last = { table: '', at: 0 };
  const onProgress = (p: Progress) => {
    const now = Date.now();
    const done = p.copied >= p.total;
    if (p.table === last.table && !done && now - last.at < 2000) return;
    const pct = p.total ? Math.floor((p.copied / p.total) * 100) : 100;
    process.stdout.write(`  [${p.index}/${p.tables}] ${p.table}: ${p.copied.toLocaleString('en-IN')} / ${p.total.toLocaleString('en-IN')} rows (${pct}%)\n`);
    last = { table: p.table, at: now };
  };
  const started = Date.now();
  try {
    const report = await migrateToPostgres({ from: values.from, to, onProgress });
    if (report.migrationsApplied.length) process.stdout.write(`Migrations run on the target: ${report.migrationsApplied.length}\n`);
    process.stdout.write(`\n${table(report.tables)}\n\n`);
    const rows = report.tables.reduce((n, t) => n + t.sqliteRows, 0);
    if (!report.ok) {
      const bad = report.tables.filter((t) => !t.ok).map((t) => t.table);
      process.stderr.write(
        `Mismatch in ${bad.join(', ')}: nothing was committed. The target now holds the schema only; drop and recreate it before running again.\n`,
      );
      return 4;
    }
    process.stdout.write(`Copied and verified ${rows.toLocaleString('en-IN')} rows in ${report.tables.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    process.stdout.write(`Start Muster on it with MUSTER_DATABASE_URL=${redacted(to)} (keep the same data folder: it holds the key of sealed fields and the document files).\n`);
    return 0;
  } catch (e) {
    if (e instanceof MigrationRefused) {
      process.stderr.write(`Refused: ${e.message}\n`);
      return 3;
    }
    process.stderr.write(`Failed: ${(e as Error).message}\nNothing of the copy was committed (the target may hold the schema: drop and recreate it before running again).\n`);
    return 1;
  }
}

process.exitCode = await main();
