import { benchAttendance } from './attendance.bench.ts';
import { benchConnector } from './connector.bench.ts';
import { benchDirectory } from './directory.bench.ts';
import { BENCH_SECONDS } from './harness.ts';
import { benchIngest } from './ingest.bench.ts';
import { benchLeave } from './leave.bench.ts';

// Figures are ratios against a baseline measured in the same run: machines here are noisy.
process.stdout.write(`Muster benchmark: ${BENCH_SECONDS} s per measurement (BENCH_SECONDS to change), node ${process.version}\n`);
const sections = [benchDirectory, benchLeave, benchAttendance, benchIngest, benchConnector];
let failed = 0;
for (const section of sections) {
  const rows = await section();
  failed += rows.filter((r) => !r.pass).length;
}
process.stdout.write(failed ? `\n${failed} target(s) missed.\n` : '\nAll targets met.\n');
