import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { initialiseDatabase } from '../../server/src/bootstrap.ts';
import { systemClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import { migrateToLatest, openDatabase } from '../../server/src/db/database.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';

export const DEMO_PASSWORD = 'demo-pass-123';
export const TEMPLATE_DIR_ENV = 'MUSTER_TEST_TEMPLATES';

export type TemplateName = 'demo' | 'empty';

/**
 * Builds migrated template data dirs once per test run: an empty organisation
 * and the demo one, each a whole data dir (database, secrets file with the
 * key its sealed values need, the demo's document files).
 */
export async function buildTemplates(dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of ['empty', 'demo'] as const) {
    const dataDir = path.join(dir, name);
    const config = loadConfig({
      MUSTER_DATA_DIR: dataDir,
      MUSTER_DEMO: name === 'demo' ? '1' : '0',
      MUSTER_DEMO_PASSWORD: DEMO_PASSWORD,
    });
    const opened = openDatabase(config.databaseFile);
    await migrateToLatest(opened.db);
    await initialiseDatabase(opened.db, config, systemClock, loadOrCreateSecrets(dataDir, undefined));
    opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    await opened.close();
    for (const suffix of ['-wal', '-shm']) fs.rmSync(config.databaseFile + suffix, { force: true });
  }
}

export function templateDir(): string {
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (!dir) throw new Error(`${TEMPLATE_DIR_ENV} is not set: run the tests through vitest (global setup builds the templates)`);
  return dir;
}

/** A fresh data dir holding a copy of a template's: database, secrets (the field key) and document files. */
export function freshDataDir(template: TemplateName): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-test-'));
  fs.cpSync(path.join(templateDir(), template), dataDir, { recursive: true });
  return dataDir;
}
