/**
 * Writes `dist/package.json` after `tsc` has compiled into `dist/` (`npm run
 * build:node`). Node resolves a `#name` import (package.json "imports") from
 * the nearest package.json above the importing file: for the sources that is
 * the root one, which maps `#terminal-drivers/*` to the connector's
 * TypeScript drivers (tsx, vitest, tsc); for the compiled files under `dist/`
 * it is this one, which maps the same names to the compiled twins beside
 * them. It repeats the root's name, version (server/src/version.ts reads the
 * nearest one) and module type.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface RootPackage {
  name: string;
  version: string;
  type: string;
  imports: Record<string, string>;
}

const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as RootPackage;
const imports = Object.fromEntries(Object.entries(root.imports).map(([name, target]) => [name, target.replace(/\.ts$/, '.js')]));
const distPackage = { name: root.name, version: root.version, private: true, type: root.type, imports };
fs.writeFileSync(path.join(repoRoot, 'dist/package.json'), `${JSON.stringify(distPackage, null, 2)}\n`);
process.stdout.write(`dist/package.json: ${Object.keys(imports).join(', ')} → compiled JavaScript\n`);
