import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function readVersion(): string {
  for (const candidate of ['../../package.json', '../../../package.json']) {
    try {
      return (require(candidate) as { version: string }).version;
    } catch {
      // try the next layout (source tree vs. compiled dist/)
    }
  }
  return '0.0.0';
}

export const MUSTER_VERSION = readVersion();
