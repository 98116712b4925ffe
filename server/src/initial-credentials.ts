import fs from 'node:fs';
import path from 'node:path';
import type { FirstRun } from './bootstrap.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Logger } from './logger.ts';
import { passwordChangedAt, passwordStillSet } from './modules/auth/index.ts';

/**
 * The first-run banner and `initial-credentials.txt`. The file holds only passwords
 * Muster generated (never one the operator chose in MUSTER_ADMIN_PASSWORD or
 * MUSTER_DEMO_PASSWORD), is readable by this user only (0600), and is deleted once
 * the administrator has set another password: at the next start, or within seconds
 * while the server runs.
 */

export const CREDENTIALS_FILE = 'initial-credentials.txt';
const ADMIN_LINE = /^Administrator: (\S+) \/ password (\S+)$/m;
const CHECK_EVERY_MS = 5_000;

export interface Banner {
  /** Lines for the terminal. */
  lines: string[];
  /** The file's text, when Muster generated a password; null otherwise. */
  file: string | null;
}

/** What a newcomer needs to sign in, printed once at first start. */
export function firstRunBanner(config: Config, run: FirstRun, consoleUrl: string, generatedConnectorSecretIn?: string): Banner {
  const lines: string[] = [];
  const secrets: string[] = [];
  const file = path.join(config.dataDir, CREDENTIALS_FILE);
  if (run.kind === 'setup-pending') lines.push(`Muster is new here: open ${consoleUrl}/ to create the administrator.`);
  if (run.admin) {
    if (run.admin.generated) {
      lines.push(`Administrator: ${run.admin.email}, password ${run.admin.password}`);
      secrets.push(`Administrator: ${run.admin.email} / password ${run.admin.password}`);
    } else {
      lines.push(`Administrator: ${run.admin.email}, with the password set in ${config.adminPassword ? 'MUSTER_ADMIN_PASSWORD' : 'MUSTER_DEMO_PASSWORD'}`);
    }
  }
  if (run.demo) {
    const who = 'hr@, manager@ and employee@kaveri.example (and every manager in the directory)';
    if (config.demoPassword === undefined) {
      lines.push(`Demo organisation: ${run.demo.employees} employees; ${who} sign in with the same password.`);
      secrets.push(`Demo logins, ${who}: password ${run.demo.demoPassword}`);
    } else {
      lines.push(`Demo organisation: ${run.demo.employees} employees; ${who} use MUSTER_DEMO_PASSWORD.`);
    }
  }
  if (generatedConnectorSecretIn) lines.push(`Terminal connector secret: in ${generatedConnectorSecretIn} (a connector on another PC needs it).`);
  if (secrets.length) lines.push(`Saved in ${file} (only you can read it; it is deleted once the administrator changes the password).`);
  return {
    lines,
    file: secrets.length
      ? `Muster: passwords generated at the first start.\n${secrets.join('\n')}\nChange them after signing in. This file is deleted once the administrator has set another password.\n`
      : null,
  };
}

/** Writes the file, readable by this user only. */
export function writeCredentialsFile(dataDir: string, text: string): string {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  fs.writeFileSync(file, text, { mode: 0o600 });
  fs.chmodSync(file, 0o600); // an older file may have had other bits
  return file;
}

/**
 * Deletes the file once the administrator's password is no longer the one it
 * holds: checked now, then every few seconds (one cheap query) while the server runs.
 * Returns a function that stops watching.
 */
export async function watchCredentialsFile(db: Database, dataDir: string, logger: Logger): Promise<() => void> {
  const file = path.join(dataDir, CREDENTIALS_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return () => {};
  }
  const admin = ADMIN_LINE.exec(text);
  const remove = (why: string) => {
    fs.rmSync(file, { force: true });
    logger.info({ file }, `initial credentials deleted: ${why}`);
  };
  if (!admin) {
    // Only a demo password was generated (the administrator's was chosen): nothing to watch for; keep it.
    return () => {};
  }
  const [, email = '', password = ''] = admin;
  const now = await passwordStillSet(db, email, password);
  if (!now.still) {
    remove('the administrator has set another password');
    return () => {};
  }
  const timer = setInterval(() => {
    void passwordChangedAt(db, email).then((changedAt) => {
      if (changedAt === now.changedAt) return;
      clearInterval(timer);
      remove('the administrator has set another password');
    });
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
