import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
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
});
