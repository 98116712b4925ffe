import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config.ts';
import { JOBS, POSTGRES_BACKUP_NOTE } from '../../server/src/jobs/scheduler.ts';
import type { Ctx } from '../../server/src/context.ts';
import { SECRETS_FILE, loadOrCreateSecrets } from '../../server/src/secrets.ts';

/** The environment several instances are configured by (issue 19, docs/deployment.md). */

describe('several instances: configuration', () => {
  it('keeps the single-PC defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ instances: 1, sharedDatabase: false, trustProxy: 'loopback', databaseUrl: undefined, sessionSecret: undefined, fieldKey: undefined });
    expect(c.filesDir).toBe(c.dataDir);
  });

  it('shares the database with MUSTER_INSTANCES > 1 or on PostgreSQL', () => {
    expect(loadConfig({ MUSTER_INSTANCES: '2' }).sharedDatabase).toBe(true);
    expect(loadConfig({ MUSTER_DATABASE_URL: 'postgres://muster@db.internal/muster' })).toMatchObject({ sharedDatabase: true, instances: 1 });
    expect(loadConfig({ MUSTER_INSTANCES: '1' }).sharedDatabase).toBe(false);
    // Alone on PostgreSQL, said so: the caches stay on.
    expect(loadConfig({ MUSTER_DATABASE_URL: 'postgres://muster@db.internal/muster', MUSTER_INSTANCES: '1' }).sharedDatabase).toBe(false);
  });

  it('reads the proxy to trust, the files directory and the secrets', () => {
    expect(loadConfig({ MUSTER_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ MUSTER_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ MUSTER_TRUST_PROXY: ' loopback, 10.0.0.0/8 ' }).trustProxy).toBe('loopback,10.0.0.0/8');
    const c = loadConfig({ MUSTER_FILES_DIR: '/srv/muster-files', MUSTER_SESSION_SECRET: 's'.repeat(40), MUSTER_FIELD_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(c).toMatchObject({ filesDir: '/srv/muster-files', sessionSecret: 's'.repeat(40) });
  });

  it.each([
    [{ MUSTER_INSTANCES: '0' }, 'MUSTER_INSTANCES: must be at least 1'],
    [{ MUSTER_INSTANCES: 'two' }, 'MUSTER_INSTANCES'],
    [{ MUSTER_DATABASE_URL: 'mysql://x/y' }, 'MUSTER_DATABASE_URL: must be a PostgreSQL URL'],
    [{ MUSTER_SESSION_SECRET: 'short' }, 'MUSTER_SESSION_SECRET: must be at least 32 characters'],
    [{ MUSTER_FIELD_KEY: 'c2hvcnQ=' }, 'MUSTER_FIELD_KEY: must be 32 bytes, base64'],
  ])('refuses %o naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('several instances: secrets from the environment', () => {
  const dirs: string[] = [];
  const dir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-secrets-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('uses the environment’s session secret and field key on every host, never writing them to secrets.json', () => {
    const sessionSecret = 'x'.repeat(48);
    const fieldKey = Buffer.alloc(32, 9).toString('base64');
    const [one, two] = [dir(), dir()];
    const a = loadOrCreateSecrets(one, undefined, { sessionSecret, fieldKey });
    const b = loadOrCreateSecrets(two, undefined, { sessionSecret, fieldKey });
    expect(a.sessionSecret).toBe(sessionSecret);
    expect(b.sessionSecret).toBe(sessionSecret);
    expect(a.fieldKey.equals(b.fieldKey)).toBe(true);
    const file = fs.readFileSync(path.join(one, SECRETS_FILE), 'utf8');
    expect(file).not.toContain(sessionSecret);
    expect(file).not.toContain(fieldKey);
    expect(JSON.parse(file)).not.toHaveProperty('fieldKey');
  });

  it('keeps the file’s secrets when the environment gives none', () => {
    const d = dir();
    const first = loadOrCreateSecrets(d, undefined);
    const again = loadOrCreateSecrets(d, undefined);
    expect(again.sessionSecret).toBe(first.sessionSecret);
    expect(again.fieldKey.equals(first.fieldKey)).toBe(true);
  });
});

describe('several instances: backups on PostgreSQL', () => {
  it('leaves backups to the operator’s pg_dump or PITR instead of copying a SQLite file', async () => {
    const backup = JOBS.find((j) => j.name === 'database-backup');
    const config = loadConfig({ MUSTER_DATABASE_URL: 'postgres://muster@db.internal/muster', MUSTER_DATA_DIR: dir0() });
    expect(await backup?.run({} as Ctx, { config })).toBe(POSTGRES_BACKUP_NOTE);
    expect(fs.existsSync(path.join(config.dataDir, 'backups'))).toBe(false);
  });
});

function dir0(): string {
  return path.join(os.tmpdir(), `muster-no-backups-${process.pid}`);
}
