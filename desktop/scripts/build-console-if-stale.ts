/**
 * Builds the HR console into `dist/console` only when it is missing or older
 * than any source under `desktop/console/` or `shared/`. Prints one line either
 * way. Run before `npm start` and `npm run server`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builtIndex = path.join(repoRoot, 'dist/console/index.html');
const sourceDirs = [path.join(repoRoot, 'desktop/console'), path.join(repoRoot, 'shared')];
const SKIP = new Set(['node_modules', '.vite', 'dist']);

/** The newest modification time of any file under a folder, with the file it belongs to. */
export function newestFile(dir: string): { file: string; mtimeMs: number } | null {
  let newest: { file: string; mtimeMs: number } | null = null;
  if (!existsSync(dir)) return null;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const candidate = entry.isDirectory() ? newestFile(full) : entry.isFile() ? { file: full, mtimeMs: statSync(full).mtimeMs } : null;
    if (candidate && (!newest || candidate.mtimeMs > newest.mtimeMs)) newest = candidate;
  }
  return newest;
}

/** Why the console must be rebuilt, or null when the build is current. */
export function staleReason(): string | null {
  if (!existsSync(builtIndex)) return 'dist/console/index.html is missing';
  const builtAt = statSync(builtIndex).mtimeMs;
  for (const dir of sourceDirs) {
    const newest = newestFile(dir);
    if (newest && newest.mtimeMs > builtAt) return `${path.relative(repoRoot, newest.file)} changed`;
  }
  return null;
}

async function main(): Promise<void> {
  const reason = staleReason();
  if (!reason) {
    console.log('Console build is up to date (dist/console).');
    return;
  }
  const started = Date.now();
  const { build } = await import('vite');
  await build({
    configFile: path.join(repoRoot, 'desktop/console/vite.config.ts'),
    logLevel: 'error',
  });
  console.log(`Console built into dist/console in ${((Date.now() - started) / 1000).toFixed(1)} s (${reason}).`);
}

main().catch((err: unknown) => {
  console.error(`Console build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
