import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { IncomingFile } from '../../http/multipart.ts';

/**
 * The bytes of documents, on disk under `<data dir>/documents/`: each file is
 * named by its SHA-256 (`ab/cd/abcd…`), never by the name a user gave, and is
 * never changed in place (only the retention job removes one). An upload
 * streams into `.incoming/` while it is hashed and counted, is flushed to disk
 * (fsync), and only then renamed into place, before its row is written: a
 * crash leaves at most a stray temporary file, never a row pointing at nothing
 * or half a file under a real name. The same bytes uploaded twice share a file.
 */

/** How many leading bytes are kept for deciding the media type. */
export const SNIFF_BYTES = 4100;

export interface StagedFile {
  tempPath: string;
  sha256: string;
  sizeBytes: number;
  /** The first bytes, for the media type. */
  head: Buffer;
  originalName: string;
  declaredType: string;
  /** The sender went past the size limit: nothing past it was kept. */
  truncated: boolean;
}

/** A stored file whose bytes no longer match its hash (or are gone). */
export class DamagedFileError extends Error {
  constructor(
    readonly sha256: string,
    readonly reason: string,
  ) {
    super(`Stored file ${sha256} is damaged: ${reason}`);
  }
}

export interface DocumentStore {
  readonly root: string;
  /** Streams an incoming file into a temporary file, hashing and counting; flushed to disk. */
  stage(file: IncomingFile): Promise<StagedFile>;
  /** Moves a staged file under its hash (or drops it when those bytes are already kept). */
  commit(staged: StagedFile): Promise<void>;
  /** Removes a staged file that will not be kept. */
  discard(staged: StagedFile): Promise<void>;
  /**
   * Keeps bytes given whole (seeds, tests): the same temporary-file-then-rename
   * path. `durable: false` skips the flushes (the demo seed writes hundreds).
   */
  put(bytes: Buffer, opts?: { durable?: boolean }): Promise<{ sha256: string; sizeBytes: number }>;
  /** The bytes of a file, checked against its hash and size as they are read. Throws DamagedFileError. */
  read(sha256: string, sizeBytes: number): Promise<Buffer>;
  /** Whether the bytes of a hash are on disk. */
  has(sha256: string): boolean;
  /** Removes the bytes of a hash (the retention job). */
  remove(sha256: string): Promise<void>;
  /** Every hash on disk with its modification time (orphan sweeps). */
  list(): Promise<{ sha256: string; mtimeMs: number }[]>;
  /** Removes temporary files older than `ageMs` (uploads a crash interrupted). Returns how many. */
  sweepIncoming(now: number, ageMs: number): Promise<number>;
  /** Where a hash's bytes live. */
  pathOf(sha256: string): string;
}

const SHA = /^[0-9a-f]{64}$/;

/** The relative path of a hash under a documents folder: `ab/cd/abcd…` (a two-level fan-out keeps folders small). */
export function relativePathOf(sha256: string): string {
  if (!SHA.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return path.join(sha256.slice(0, 2), sha256.slice(2, 4), sha256);
}

/** Flushes a folder's entries (a rename) to disk; a no-op where folders cannot be opened (Windows). */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Not supported on this platform.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function hex(digest: ArrayBuffer): string {
  return Buffer.from(digest).toString('hex');
}

export function documentStore(dataDir: string): DocumentStore {
  const root = path.join(dataDir, 'documents');
  const incoming = path.join(root, '.incoming');
  const pathOf = (sha256: string) => path.join(root, relativePathOf(sha256));
  let prepared = false;
  const prepare = async () => {
    if (prepared) return;
    await fsp.mkdir(incoming, { recursive: true, mode: 0o700 });
    prepared = true;
  };

  async function stage(file: IncomingFile): Promise<StagedFile> {
    await prepare();
    const tempPath = path.join(incoming, `${crypto.randomUUID()}.part`);
    const hash = crypto.createHash('sha256');
    const headChunks: Buffer[] = [];
    let headBytes = 0;
    let sizeBytes = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        sizeBytes += chunk.length;
        if (headBytes < SNIFF_BYTES) {
          const part = chunk.subarray(0, SNIFF_BYTES - headBytes);
          headChunks.push(part);
          headBytes += part.length;
        }
        done(null, chunk);
      },
    });
    try {
      // `flush`: the file is fsynced before it is closed, so the pipeline ends only once the bytes are on disk.
      await pipeline(file.stream, meter, fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600, flush: true }));
    } catch (err) {
      await fsp.rm(tempPath, { force: true });
      throw err;
    }
    return {
      tempPath,
      sha256: hash.digest('hex'),
      sizeBytes,
      head: Buffer.concat(headChunks),
      originalName: file.filename,
      declaredType: file.declaredType,
      truncated: file.stream.truncated === true,
    };
  }

  async function commit(staged: StagedFile, durable = true): Promise<void> {
    const target = pathOf(staged.sha256);
    if (fs.existsSync(target)) {
      await fsp.rm(staged.tempPath, { force: true });
      return;
    }
    const dir = path.dirname(target);
    await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
    await fsp.rename(staged.tempPath, target);
    // Stored files are read-only: nothing rewrites them in place.
    await fsp.chmod(target, 0o400).catch(() => undefined);
    if (durable) syncFolder(dir);
  }

  return {
    root,
    stage,
    commit: (staged) => commit(staged, true),
    async discard(staged) {
      await fsp.rm(staged.tempPath, { force: true });
    },
    async put(bytes, opts) {
      await prepare();
      const durable = opts?.durable ?? true;
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      if (!fs.existsSync(pathOf(sha256))) {
        const tempPath = path.join(incoming, `${crypto.randomUUID()}.part`);
        await fsp.writeFile(tempPath, bytes, { mode: 0o600, flag: 'wx', flush: durable });
        await commit({ tempPath, sha256, sizeBytes: bytes.length, head: Buffer.alloc(0), originalName: '', declaredType: '', truncated: false }, durable);
      }
      return { sha256, sizeBytes: bytes.length };
    },
    async read(sha256, sizeBytes) {
      let bytes: Buffer;
      try {
        bytes = await fsp.readFile(pathOf(sha256));
      } catch (err) {
        throw new DamagedFileError(sha256, (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file is missing' : 'the file cannot be read');
      }
      if (bytes.length !== sizeBytes) throw new DamagedFileError(sha256, `${bytes.length} bytes on disk, ${sizeBytes} expected`);
      // Hashed off the event loop (WebCrypto runs on the thread pool): other requests go on meanwhile.
      const digest = hex(await crypto.subtle.digest('SHA-256', bytes));
      if (digest !== sha256) throw new DamagedFileError(sha256, 'its bytes no longer match the hash taken at upload');
      return bytes;
    },
    has: (sha256) => fs.existsSync(pathOf(sha256)),
    async remove(sha256) {
      await fsp.rm(pathOf(sha256), { force: true });
    },
    async list() {
      const out: { sha256: string; mtimeMs: number }[] = [];
      if (!fs.existsSync(root)) return out;
      for (const a of await fsp.readdir(root)) {
        if (!/^[0-9a-f]{2}$/.test(a)) continue;
        for (const b of await fsp.readdir(path.join(root, a))) {
          for (const name of await fsp.readdir(path.join(root, a, b))) {
            if (!SHA.test(name)) continue;
            const stat = await fsp.stat(path.join(root, a, b, name));
            out.push({ sha256: name, mtimeMs: stat.mtimeMs });
          }
        }
      }
      return out;
    },
    async sweepIncoming(now, ageMs) {
      if (!fs.existsSync(incoming)) return 0;
      let removed = 0;
      for (const name of await fsp.readdir(incoming)) {
        const file = path.join(incoming, name);
        const stat = await fsp.stat(file).catch(() => undefined);
        if (stat && now - stat.mtimeMs > ageMs) {
          await fsp.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
    pathOf,
  };
}
