import { benchAttendance } from './attendance.bench.ts';
import { benchCompliance } from './compliance.bench.ts';
import { benchConnector } from './connector.bench.ts';
import { benchDirectory } from './directory.bench.ts';
import { benchDocuments } from './documents.bench.ts';
import { BENCH_SECONDS } from './harness.ts';
import { benchIngest } from './ingest.bench.ts';
import { benchLeave } from './leave.bench.ts';
import { benchLeaveGrowth } from './leave-growth.bench.ts';
import { benchMcp } from './mcp.bench.ts';
import { benchOutbox } from './outbox.bench.ts';
import { benchPostgres } from './postgres.bench.ts';
import { benchReports } from './reports.bench.ts';
import { benchScale } from './scale.bench.ts';

// Figures are ratios against a baseline measured in the same run: machines here are noisy.
process.stdout.write(`Muster benchmark: ${BENCH_SECONDS} s per measurement (BENCH_SECONDS to change), node ${process.version}\n`);
const sections = { directory: benchDirectory, leave: benchLeave, 'leave-growth': benchLeaveGrowth, attendance: benchAttendance, ingest: benchIngest, connector: benchConnector, documents: benchDocuments, compliance: benchCompliance, reports: benchReports, mcp: benchMcp, outbox: benchOutbox, scale: () => benchScale(process.argv.slice(2)), postgres: benchPostgres };
/**
 * Sections run only when named: the scale and leave-growth benches seed up to 15,000 employees and take long;
 * postgres starts a PostgreSQL cluster (installing the package where missing and root).
 */
const ON_REQUEST = new Set(['scale', 'leave-growth', 'postgres']);
// `npm run bench -- attendance ingest` runs only those sections; `-- scale --sizes 150,1500` passes sizes.
const args = process.argv.slice(2);
const only = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const unknown = only.filter((name) => !(name in sections));
if (unknown.length) {
  process.stderr.write(`Unknown bench section(s): ${unknown.join(', ')}. Known: ${Object.keys(sections).join(', ')}.\n`);
  process.exit(2);
}
let failed = 0;
for (const [name, section] of Object.entries(sections)) {
  if (only.length ? !only.includes(name) : ON_REQUEST.has(name)) continue;
  const rows = await section();
  failed += rows.filter((r) => !r.pass).length;
}
process.stdout.write(failed ? `\n${failed} target(s) missed.\n` : '\nAll targets met.\n');
