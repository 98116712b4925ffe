/**
 * Makes sure the Debian tools the tests drive are present: the system Chromium
 * for Playwright (its own browser download is never used), poppler's
 * pdftoppm/pdfinfo, which render exported PDFs, socat, whose
 * pseudo-terminal pairs stand in for the serial cable of Anviz terminals, and
 * NSS's certutil, which makes Chromium trust Muster's local CA the way a
 * device that installed it does. Installs what is missing with
 * apt-get when running as root on Debian/Ubuntu; otherwise exits 1 with a
 * one-line instruction. Then the official MCP conformance runner and the
 * Node 22 it needs, from the npm registry into a cache (mcp-conformance.ts):
 * without them the conformance test says why it cannot run, nothing fails here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { installConformanceTools } from './mcp-conformance.ts';

interface Tool {
  path: string;
  debianPackage: string;
}

const TOOLS: Tool[] = [
  { path: '/usr/bin/chromium', debianPackage: 'chromium' },
  { path: '/usr/bin/pdftoppm', debianPackage: 'poppler-utils' },
  { path: '/usr/bin/pdfinfo', debianPackage: 'poppler-utils' },
  { path: '/usr/bin/socat', debianPackage: 'socat' },
  { path: '/usr/bin/certutil', debianPackage: 'libnss3-tools' },
];

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function hasAptGet(): boolean {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

function main(): void {
  const missing = [...new Set(TOOLS.filter((t) => !existsSync(t.path)).map((t) => t.debianPackage))];
  if (missing.length === 0) {
    console.log('Test tools found: chromium, pdftoppm, pdfinfo, socat, certutil.');
    return;
  }
  const instruction = `Missing test tools: run "sudo apt-get install -y ${missing.join(' ')}" (Debian/Ubuntu) and retry.`;
  if (!isRoot() || !hasAptGet()) {
    console.error(instruction);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get.`);
  if (!run('apt-get', ['update']) || !run('apt-get', ['install', '-y', '--no-install-recommends', ...missing])) {
    console.error(instruction);
    process.exit(1);
  }
  const still = TOOLS.filter((t) => !existsSync(t.path));
  if (still.length) {
    console.error(instruction);
    process.exit(1);
  }
  console.log(`Installed ${missing.join(', ')}.`);
}

main();

const conformance = installConformanceTools();
if (conformance) console.warn(`MCP conformance scenarios will be skipped: ${conformance}`);
else console.log('MCP conformance runner found (Node 22).');
