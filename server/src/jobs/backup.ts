import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { keepPrivate } from '../db/database.ts';
import { relativePathOf } from '../modules/documents/index.ts';

/** How many nightly copies are kept (two weeks). */
export const BACKUPS_KEPT = 14;
const NAME = /^muster-\d{8}T\d{6}Z\.sqlite$/;
const DOCUMENTS_SUFFIX = '.documents';

export interface BackupResult {
  file: string;
  bytes: number;
  /** The folder holding the document files the copy refers to. */
  documentsDir: string;
  documents: number;
  /** Files the copy refers to that were not on disk (reported, not fatal). */
  missingDocuments: number;
  removed: string[];
}

/** The document files a database (the copy) refers to: every hash a row still needs. SQLite-only: reads the copy's file directly. */
function referencedHashes(file: string): string[] {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const table = copy.prepare("select name from sqlite_master where type = 'table' and name = 'employee_document'").get();
    if (!table) return [];
    return (copy.prepare('select distinct sha256 from employee_document where purged_at is null').all() as { sha256: string }[]).map((r) => r.sha256);
  } finally {
    copy.close();
  }
}

/** A hard link where the two folders share a disk (document files are never changed in place), a copy otherwise. */
function linkOrCopy(from: string, to: string): void {
  try {
    fs.linkSync(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw err;
    fs.copyFileSync(from, to);
  }
}

/**
 * Copies the live database into `<dataDir>/backups/muster-<UTC stamp>.sqlite`
 * with SQLite's online backup (page steps between event-loop turns, so
 * requests keep being served and writers are not blocked), on a read-only
 * connection of its own; then puts beside it, in `muster-<stamp>.documents/`,
 * every document file that copy refers to. Document files are immutable and
 * named by their hash (only the retention job removes one, and only for rows
 * it marked first), so the files the copy names are exactly the ones it needs:
 * the pair is consistent as of the copy's moment, whatever was uploaded since.
 * They are hard links where possible (no extra space), copies otherwise. Both
 * appear under their final names only once complete; the database copy last,
 * so a backup that exists is whole. Keeps the newest `keep` pairs.
 * SQLite-only: PostgreSQL installations back up with the operator's own tools.
 */
export async function backupDatabase(databaseFile: string, dataDir: string, now: Date, keep = BACKUPS_KEPT, filesDir = dataDir): Promise<BackupResult> {
  const dir = path.join(dataDir, 'backups');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const file = path.join(dir, `muster-${stamp}.sqlite`);
  const partial = `${file}.partial`;
  const documentsDir = path.join(dir, `muster-${stamp}${DOCUMENTS_SUFFIX}`);
  const documentsPartial = `${documentsDir}.partial`;
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
  let documents = 0;
  let missingDocuments = 0;
  try {
    fs.rmSync(documentsPartial, { recursive: true, force: true });
    fs.mkdirSync(documentsPartial, { recursive: true, mode: 0o700 });
    // Document files live under MUSTER_FILES_DIR (the data dir unless set); the copies go beside the database's.
    const live = path.join(filesDir, 'documents');
    for (const sha of referencedHashes(partial)) {
      const relative = relativePathOf(sha);
      const from = path.join(live, relative);
      if (!fs.existsSync(from)) {
        missingDocuments++;
        continue;
      }
      const to = path.join(documentsPartial, relative);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      linkOrCopy(from, to);
      documents++;
    }
    fs.rmSync(documentsDir, { recursive: true, force: true });
    fs.renameSync(documentsPartial, documentsDir);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    fs.rmSync(documentsPartial, { recursive: true, force: true });
    throw err;
  }
  fs.renameSync(partial, file);
  const copies = fs.readdirSync(dir).filter((f) => NAME.test(f)).sort();
  const removed = copies.slice(0, Math.max(0, copies.length - keep));
  for (const f of removed) {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(path.join(dir, f + suffix), { force: true });
    fs.rmSync(path.join(dir, f.replace(/\.sqlite$/, DOCUMENTS_SUFFIX)), { recursive: true, force: true });
  }
  return { file, bytes: fs.statSync(file).size, documentsDir, documents, missingDocuments, removed };
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
