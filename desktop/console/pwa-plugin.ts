import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Files the worker must not precache: itself and source maps. */
const SKIP = (file: string) => file === 'sw.js' || file.endsWith('.map');
/** Vite's content-hashed output: the name changes when the bytes do. */
const HASHED = /^assets\//;

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

function filesUnder(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/** The precache list of a built console: every file, hashed ones by name, the rest with a content revision. */
export function precacheEntries(outDir: string): PrecacheEntry[] {
  return filesUnder(outDir)
    .filter((file) => !SKIP(file))
    .sort()
    .map((file) => ({
      url: `/${file}`,
      revision: HASHED.test(file) ? null : createHash('sha256').update(fs.readFileSync(path.join(outDir, file))).digest('hex').slice(0, 16),
    }));
}

/**
 * Writes `sw.js` into the built console once every other file is there: the worker template
 * (desktop/console/service-worker.js) with this build's id and precache list. A new build makes a
 * byte-different worker, which is what makes browsers install it.
 */
export function musterServiceWorker(options: { template: string }): Plugin {
  let outDir = '';
  return {
    name: 'muster-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const entries = precacheEntries(outDir);
      const build = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12);
      const template = fs.readFileSync(options.template, 'utf8');
      if (!template.includes("'__MUSTER_BUILD__'") || !template.includes('/* __MUSTER_PRECACHE__ */ []')) {
        throw new Error(`${options.template} lost its placeholders`);
      }
      const worker = template
        .replace("'__MUSTER_BUILD__'", JSON.stringify(build))
        .replace('/* __MUSTER_PRECACHE__ */ []', JSON.stringify(entries, null, 2));
      fs.writeFileSync(path.join(outDir, 'sw.js'), worker);
    },
  };
}
