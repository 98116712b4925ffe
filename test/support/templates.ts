import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { initialiseDatabase } from '../../server/src/bootstrap.ts';
import { systemClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import { migrateToLatest, openDatabase } from '../../server/src/db/database.ts';

export const DEMO_PASSWORD = 'demo-pass-123';
export const TEMPLATE_DIR_ENV = 'MUSTER_TEST_TEMPLATES';

export type TemplateName = 'demo' | 'empty';

/** Builds migrated template databases once per test run: an empty organisation and the demo one. */
export async function buildTemplates(dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of ['empty', 'demo'] as const) {
    const file = path.join(dir, `${name}.sqlite`);
    const opened = openDatabase(file);
    await migrateToLatest(opened.db);
    const config = loadConfig({
      MUSTER_DATA_DIR: dir,
      MUSTER_DEMO: name === 'demo' ? '1' : '0',
      MUSTER_DEMO_PASSWORD: DEMO_PASSWORD,
    });
    await initialiseDatabase(opened.db, config, systemClock);
    opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    await opened.close();
  }
}

export function templateDir(): string {
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (!dir) throw new Error(`${TEMPLATE_DIR_ENV} is not set: run the tests through vitest (global setup builds the templates)`);
  return dir;
}

/** A fresh data dir holding a copy of a template database. */
export function freshDataDir(template: TemplateName): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-test-'));
  fs.copyFileSync(path.join(templateDir(), `${template}.sqlite`), path.join(dataDir, 'muster.sqlite'));
  return dataDir;
}
