import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { POSTGRES_PENDING, SQLITE_ONLY_FILES } from './postgres-pending.ts';

/** Run with `--config test/vitest.config.ts` (see package.json); paths are relative to the repository root. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// `npm run test:postgres` (test/support/postgres-run.ts) sets this: the integration suite only, on PostgreSQL,
// without the files the list in postgres-pending.ts holds (it prints them).
const onPostgres = Boolean(process.env.MUSTER_TEST_PG_URL);

export default defineConfig({
  root: repoRoot,
  test: {
    include: onPostgres
      ? ['test/integration/**/*.test.ts']
      : ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/connector/**/*.test.ts', 'test/desktop/**/*.test.ts'],
    ...(onPostgres ? { exclude: ['**/node_modules/**', ...Object.keys(POSTGRES_PENDING), ...Object.keys(SQLITE_ONLY_FILES)] } : {}),
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A loaded two-core CI machine can take seconds for what takes milliseconds here: polls wait long
    // enough for that, and still fail (rather than pass) when the awaited state never comes.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    globalSetup: ['test/support/global-setup.ts'],
  },
});
