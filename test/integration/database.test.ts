import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { openDatabase, type OpenedDatabase } from '../../server/src/db/database.ts';

let opened: OpenedDatabase | undefined;
let dir: string | undefined;
afterEach(async () => {
  await opened?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('sets the pragmas Muster relies on', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-db-'));
    opened = openDatabase(path.join(dir, 'x.sqlite'));
    expect(opened.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(opened.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(opened.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(opened.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    expect(opened.sqlite.pragma('journal_size_limit', { simple: true })).toBe(64 * 1024 * 1024);
  });

  it('checkpoints the WAL from a timer, so it is reused instead of growing', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-db-'));
    const file = path.join(dir, 'x.sqlite');
    opened = openDatabase(file);
    const { db } = opened;
    await sql`create table t (id integer primary key, body text not null)`.execute(db);
    const fill = async () =>
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < 400; i++) await sql`insert into t (body) values (${'x'.repeat(1000)})`.execute(trx);
      });
    await fill();
    const first = fs.statSync(`${file}-wal`).size;
    await new Promise((r) => setTimeout(r, 1300)); // one timer tick checkpoints everything
    await fill();
    const second = fs.statSync(`${file}-wal`).size;
    expect(first).toBeGreaterThan(300_000);
    expect(second).toBeLessThan(first * 1.3); // without the checkpoint it would double
  });

  /** One group commit of 8 rows from row `first` on, with keys all over the index: each writes pages of its own, as punches of different people do. */
  async function writeGroup(db: OpenedDatabase['db'], first: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      for (let row = first; row < first + 8; row++) await sql`insert into t (k, body) values (${(row * 7919) % 100_003}, ${'x'.repeat(300)})`.execute(trx);
    });
  }

  /**
   * Writes without a pause (small transactions back to back for `ms`, as ingest under load), the
   * checkpointer ticking every 100 ms; answers the WAL file's largest size and its size at the end.
   */
  async function writeWithoutPause(policy: { restart: boolean }, ms: number): Promise<{ largest: number; last: number; rows: number }> {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-db-'));
    const file = path.join(dir, 'x.sqlite');
    opened = openDatabase(file, { checkpoints: { everyMs: 100, restartAboveFrames: 64, ...policy }, walSizeLimit: 1024 * 1024 });
    const { db } = opened;
    await sql`create table t (id integer primary key, k integer not null, body text not null)`.execute(db);
    await sql`create index t_k on t (k)`.execute(db);
    let largest = 0;
    let rows = 0;
    const end = Date.now() + ms;
    while (Date.now() < end) {
      await writeGroup(db, rows);
      rows += 8;
      largest = Math.max(largest, fs.statSync(`${file}-wal`).size);
      // Between commits a server reads and answers requests (about half of an ingest group's time): the
      // write lock is free then, and the restart takes it.
      const busyUntil = performance.now() + 0.5;
      while (performance.now() < busyUntil);
    }
    return { largest, last: fs.statSync(`${file}-wal`).size, rows };
  }

  it('keeps the WAL short under writes without a pause: a long one is restarted, and its file cut back', async () => {
    const restarted = await writeWithoutPause({ restart: true }, 2500);
    // Quiet for a tick, the WAL is restarted at the next commit and its file cut back to the limit (1 MB here).
    await new Promise((r) => setTimeout(r, 300));
    await opened!.db.transaction().execute(async (trx) => sql`insert into t (k, body) values (${1}, ${'y'})`.execute(trx));
    const afterQuiet = fs.statSync(path.join(dir as string, 'x.sqlite-wal')).size;
    await opened?.close();
    opened = undefined;
    fs.rmSync(dir as string, { recursive: true, force: true });
    // The same writes with PASSIVE checkpoints alone: each copies what was committed when it began, but the
    // commits go on meanwhile, so no writer ever starts the WAL again and the file only grows
    // (measured: about 110 MB, against a largest of about 6 MB with the restarts).
    const passiveOnly = await writeWithoutPause({ restart: false }, 2500);
    expect(passiveOnly.largest).toBeGreaterThan(30 * 1024 * 1024);
    expect(passiveOnly.last).toBe(passiveOnly.largest);
    expect(restarted.rows).toBeGreaterThan(passiveOnly.rows / 3);
    expect(restarted.largest).toBeLessThan(passiveOnly.largest / 5);
    expect(afterQuiet).toBeLessThanOrEqual(1024 * 1024);
    expect(restarted.largest).toBeGreaterThan(afterQuiet);
  });

  it('holds writers back for a moment only when a long read keeps the restart waiting', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-db-'));
    const file = path.join(dir, 'x.sqlite');
    opened = openDatabase(file, { checkpoints: { everyMs: 100, restartAboveFrames: 64 } });
    const { db } = opened;
    await sql`create table t (id integer primary key, k integer not null, body text not null)`.execute(db);
    await sql`insert into t (k, body) values (0, 'first')`.execute(db);
    // Another connection in the middle of a long read (an export): its snapshot pins the WAL, so no restart can finish.
    const reader = new SQLite(file);
    reader.exec('begin');
    expect(reader.prepare('select count(*) as n from t').get()).toEqual({ n: 1 });
    try {
      let slowest = 0;
      let dueForRestart = 0;
      const end = Date.now() + 1500;
      for (let rows = 0; Date.now() < end; ) {
        const started = performance.now();
        await writeGroup(db, rows);
        rows += 8;
        slowest = Math.max(slowest, performance.now() - started);
        if (fs.statSync(`${file}-wal`).size > 64 * 4096) dueForRestart++;
        await new Promise((r) => setImmediate(r));
      }
      expect(dueForRestart).toBeGreaterThan(0);
      // A restart waiting for readers holds the write lock: allowed to wait 2 s, it made this loop's slowest
      // write take 5.2 s; it gives up after restartWaitMs (20 ms) instead.
      expect(slowest).toBeLessThan(400);
    } finally {
      reader.exec('rollback');
      reader.close();
    }
  });
});
