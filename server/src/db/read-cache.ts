import type { Db } from '../context.ts';

/**
 * Who's who (sessions, roles, logins) and the directory (employees and their
 * catalogues) are read on nearly every request and change rarely. Every write
 * to those tables bumps this version; cached answers are keyed by it, so a
 * stale one is never served. The server is the only writer of its database
 * (architecture note), so an in-process counter sees every change.
 */
let version = 0;

export function bumpDataVersion(): void {
  version++;
}

export function dataVersion(): number {
  return version;
}

const MAX_ENTRIES = 1000;
/** Serialised answers are kept up to this many bytes in all: old generations stay small for the GC. */
const MAX_BYTES = 16 * 1024 * 1024;

/** A small LRU of answers per database, bounded by count and by the bytes of serialised answers. */
class AnswerCache {
  private readonly entries = new Map<string, unknown>();
  private bytes = 0;

  get(key: string): unknown {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: unknown): void {
    this.remove(key);
    this.entries.set(key, value);
    this.bytes += sizeOf(value);
    while (this.entries.size > MAX_ENTRIES || (this.bytes > MAX_BYTES && this.entries.size > 1)) {
      this.remove(this.entries.keys().next().value as string);
    }
  }

  private remove(key: string): void {
    if (!this.entries.has(key)) return;
    this.bytes -= sizeOf(this.entries.get(key));
    this.entries.delete(key);
  }
}

function sizeOf(value: unknown): number {
  return Buffer.isBuffer(value) ? value.length : 0;
}

const caches = new WeakMap<object, AnswerCache>();

/**
 * The cached value for `key` at the current directory version, computing and
 * storing it on a miss. The version is read before computing, so a value
 * computed while a change commits is stored under the old version and dropped.
 */
export async function cached<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AnswerCache();
    caches.set(db, cache);
  }
  const versioned = `${dataVersion()}|${key}`;
  const hit = cache.get(versioned);
  if (hit !== undefined) return hit as T;
  const value = await compute();
  cache.set(versioned, value);
  return value;
}

/** Like `cached`, for a whole answer kept as serialised JSON bytes. */
export async function cachedJson(db: Db, key: string, compute: () => Promise<unknown>): Promise<Buffer> {
  return cached(db, `json|${key}`, async () => Buffer.from(JSON.stringify(await compute())));
}
