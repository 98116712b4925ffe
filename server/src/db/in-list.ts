/**
 * An `IN (…)` list padded to one of a few lengths by repeating its last value: the same set, so the same rows.
 * A statement's text (and so its compiled template, its prepared statement and SQLite's plan) is one per list
 * length, and the lists of a leave page's missing records vary with what was shown before (28, 29, … 51 ids):
 * each new length paid for building and preparing a 45-column, 7-join select again. Padded, a handful of texts
 * serve every length. Only for lists whose duplicates change nothing (`IN`, never `VALUES`).
 */
export function inList<T>(values: readonly T[]): T[] {
  const n = values.length;
  const size = paddedLength(n);
  if (size === n) return [...values];
  const out = [...values];
  const last = values[n - 1] as T;
  while (out.length < size) out.push(last);
  return out;
}

/** 0–4 as they are, then 8, 12, 16, 24, 32, 48, 64, 96, … (each step at most half again). */
export function paddedLength(n: number): number {
  if (n <= 4) return n;
  let size = 8;
  let step = 4;
  while (size < n) {
    size += step;
    if (size === step * 4) step *= 2;
  }
  return size;
}
