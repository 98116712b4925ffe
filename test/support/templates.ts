import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { initialiseDatabase } from '../../server/src/bootstrap.ts';
import { systemClock } from '../../server/src/clock.ts';
import { loadConfig } from '../../server/src/config.ts';
import { migrateToLatest, type OpenedDatabase, openDatabase, openPostgres } from '../../server/src/db/database.ts';
import { loadOrCreateSecrets } from '../../server/src/secrets.ts';
import { freshDatabaseName, onCluster, pgUrlOf, testEngine } from './engine.ts';

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
    if (testEngine() === 'postgres') {
      // A template database per template, which each test server's database is created from (CREATE DATABASE … TEMPLATE).
      await onCluster(`DROP DATABASE IF EXISTS ${templateDatabase(name)}`, `CREATE DATABASE ${templateDatabase(name)}`);
      const opened = openPostgres(pgUrlOf(templateDatabase(name)));
      await migrateToLatest(opened.db);
      await initialiseDatabase(opened.db, config, systemClock, loadOrCreateSecrets(dataDir, undefined));
      await opened.close();
      continue;
    }
    const opened = openDatabase(config.databaseFile);
    await migrateToLatest(opened.db);
    await initialiseDatabase(opened.db, config, systemClock, loadOrCreateSecrets(dataDir, undefined));
    opened.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    await opened.close();
    for (const suffix of ['-wal', '-shm']) fs.rmSync(config.databaseFile + suffix, { force: true });
  }
}

/** The template database of a template on the PostgreSQL run. */
function templateDatabase(name: TemplateName): string {
  return `muster_template_${name}`;
}

/** On the PostgreSQL run: the file in a data dir naming its database (the data dir's other files stay files). */
export const PG_DATABASE_FILE = 'postgres-database';

/** The PostgreSQL database of a data dir made by `freshDataDir` (PostgreSQL run only), or undefined. */
export function databaseOfDataDir(dataDir: string): string | undefined {
  const file = path.join(dataDir, PG_DATABASE_FILE);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

/** On the PostgreSQL run: a new database copied from a template's, named in the data dir. */
export async function freshDatabase(dataDir: string, template: TemplateName): Promise<string> {
  const name = freshDatabaseName('muster_test');
  await onCluster(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase(template)}`);
  fs.writeFileSync(path.join(dataDir, PG_DATABASE_FILE), name);
  return name;
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

/**
 * A new, empty database for a data dir a test seeds itself (with its own
 * clock): the SQLite file in it, or on the PostgreSQL run a new database named
 * in it, which `startServer({ dataDir })` then opens.
 */
export async function openNewDatabase(dataDir: string): Promise<OpenedDatabase> {
  if (testEngine() !== 'postgres') return openDatabase(path.join(dataDir, 'muster.sqlite'));
  const name = freshDatabaseName('muster_test');
  await onCluster(`CREATE DATABASE ${name}`);
  fs.writeFileSync(path.join(dataDir, PG_DATABASE_FILE), name);
  return openPostgres(pgUrlOf(name));
}
