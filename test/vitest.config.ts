import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Run with `--config test/vitest.config.ts` (see package.json); paths are relative to the repository root. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  root: repoRoot,
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/connector/**/*.test.ts', 'test/desktop/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A loaded two-core CI machine can take seconds for what takes milliseconds here: polls wait long
    // enough for that, and still fail (rather than pass) when the awaited state never comes.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    globalSetup: ['test/support/global-setup.ts'],
  },
});
