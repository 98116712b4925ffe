import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { keepPrivate } from '../db/database.ts';

/** How many nightly copies are kept (two weeks). */
export const BACKUPS_KEPT = 14;
const NAME = /^muster-\d{8}T\d{6}Z\.sqlite$/;

export interface BackupResult {
  file: string;
  bytes: number;
  removed: string[];
}

/**
 * Copies the live database into `<dataDir>/backups/muster-<UTC stamp>.sqlite`
 * with SQLite's online backup (page steps between event-loop turns, so
 * requests keep being served and writers are not blocked), on a read-only
 * connection of its own; the copy appears under its final name only once
 * complete. Keeps the newest `keep` copies.
 * SQLite-only: PostgreSQL installations back up with the operator's own tools.
 */
export async function backupDatabase(databaseFile: string, dataDir: string, now: Date, keep = BACKUPS_KEPT): Promise<BackupResult> {
  const dir = path.join(dataDir, 'backups');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const file = path.join(dir, `muster-${stamp}.sqlite`);
  const partial = `${file}.partial`;
  const source = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    await source.backup(partial);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    source.close();
  }
  // One self-contained file (the live database is in WAL mode, and so would the copy be).
  const copy = new SQLite(partial);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  keepPrivate(partial);
  fs.renameSync(partial, file);
  const copies = fs.readdirSync(dir).filter((f) => NAME.test(f)).sort();
  const removed = copies.slice(0, Math.max(0, copies.length - keep));
  for (const f of removed) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(dir, f + suffix), { force: true });
  return { file, bytes: fs.statSync(file).size, removed };
}

/** The newest backup's time, from its name; null when there is none. */
export function newestBackupAt(dataDir: string): Date | null {
  const dir = path.join(dataDir, 'backups');
  if (!fs.existsSync(dir)) return null;
  const newest = fs.readdirSync(dir).filter((f) => NAME.test(f)).sort().at(-1);
  if (!newest) return null;
  const m = /^muster-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(newest);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : null;
}
