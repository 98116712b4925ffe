import type { Db } from '../../context.ts';

/**
 * Directory answers (lists, the public directory) are read far more often than
 * the directory changes. Every write to employees, logins or the catalogues
 * bumps this version; cached answers are keyed by it, so a stale one is never
 * served. The server is the only writer of its database (architecture note).
 */
let version = 0;

export function bumpDirectoryVersion(): void {
  version++;
}

export function directoryVersion(): number {
  return version;
}

const MAX_ENTRIES = 500;

/** A small LRU of serialised answers per database. */
class AnswerCache {
  private readonly entries = new Map<string, Buffer>();

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Buffer): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}

const caches = new WeakMap<object, AnswerCache>();

/**
 * The cached JSON bytes for `key` at the current directory version, computing
 * and storing them on a miss. The version is read before computing, so an
 * answer computed during a change is stored under the old version and dropped.
 */
export async function cachedJson(db: Db, key: string, compute: () => Promise<unknown>): Promise<Buffer> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AnswerCache();
    caches.set(db, cache);
  }
  const versioned = `${directoryVersion()}|${key}`;
  const hit = cache.get(versioned);
  if (hit) return hit;
  const bytes = Buffer.from(JSON.stringify(await compute()));
  cache.set(versioned, bytes);
  return bytes;
}
