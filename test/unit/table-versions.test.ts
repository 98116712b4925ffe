import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { defineCache, defineKeptById, tableVersions } from '../../server/src/db/cache.ts';
import { migrateToLatest, openDatabase } from '../../server/src/db/database.ts';
import { effectOf } from '../../server/src/db/table-versions.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-versions-'));
const opened = openDatabase(path.join(dir, 'muster.sqlite'));
afterAll(async () => {
  await opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('what a statement writes', () => {
  it('reads the target of inserts, upserts, updates and deletes, quoted or not', () => {
    expect(effectOf('insert into "punch" ("id") values (?)').writes).toEqual(['punch']);
    expect(effectOf('insert or ignore into leave_day (id) values (?)').writes).toEqual(['leave_day']);
    expect(effectOf('insert into "attendance_day" (a) values (?) on conflict ("a") do update set "b" = excluded."b"').writes).toEqual(['attendance_day']);
    expect(effectOf('update "employee" set "full_name" = ? where "id" = ?').writes).toEqual(['employee']);
    expect(effectOf('delete from "session" where "expires_at" < ?').writes).toEqual(['session']);
    expect(effectOf('select * from "employee" where "note" = \'update x\'').writes).toEqual([]);
  });

  it('tells activity from change', () => {
    expect(effectOf('update "session" set "last_seen_at" = ? where "id" = ?').writes).toEqual(['session#activity']);
    expect(effectOf('update "session" set "last_seen_at" = ?, "revoked_at" = ? where "id" = ?').writes).toEqual(['session']);
    expect(effectOf('update "terminal" set "last_contact_at" = ?, "terminal_type" = ? where "id" = ?').writes).toEqual(['terminal#activity']);
  });

  it('marks transactions and schema changes', () => {
    expect(effectOf('begin').transaction).toBe('begin');
    expect(effectOf('commit').transaction).toBe('end');
    expect(effectOf('rollback').transaction).toBe('end');
    expect(effectOf('rollback to savepoint "sp"').transaction).toBeUndefined();
    expect(effectOf('create table "x" (id text)').ddl).toBe(true);
  });
});

describe('table versions of an open database', () => {
  it('bump on every write, through foreign-key cascades, and again when a transaction ends', async () => {
    await migrateToLatest(opened.db);
    const v = tableVersions(opened.db);
    const emp = v.of('employee');
    const leaveDay = v.of('leave_day');
    // employee → leave_request (cascade) → leave_day (cascade); a write outside a transaction is bumped
    // before it runs and again right after (for the delivery thread's caches: see the last test).
    await opened.db.deleteFrom('employee').where('id', '=', 'nobody').execute();
    expect(v.of('employee')).toBe(emp + 2);
    expect(v.of('leave_day')).toBe(leaveDay + 2);

    const org = v.of('organisation');
    await opened.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into organisation (id, name, time_zone, fy_start_month, weekly_offs, created_at) values ('x', 'x', 'UTC', 4, '[]', '')`.execute(trx);
        expect(v.of('organisation')).toBe(org + 1);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(v.of('organisation')).toBe(org + 3); // the rollback bumps again (before and after it ran): nothing cached inside outlives it
  });

  it('serves a cached value until a table it reads is written', async () => {
    let computed = 0;
    const cache = defineCache<number>({ name: 'test', reads: ['department'] });
    const read = () => cache.get(opened.db, 'k', async () => ++computed);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    await opened.db.updateTable('location').set({ name: 'x' }).where('id', '=', 'none').execute();
    expect(await read()).toBe(1);
    await opened.db.updateTable('department').set({ name: 'x' }).where('id', '=', 'none').execute();
    expect(await read()).toBe(2);
  });

  it('with keepFromSecondAsking, keeps a value from the second asking of its key, counted again after a write', async () => {
    let computed = 0;
    const cache = defineCache<number>({ name: 'second-asking', reads: ['department'], maxEntries: 2, keepFromSecondAsking: true });
    const read = (key: string) => cache.get(opened.db, key, async () => ++computed);
    expect(await read('a')).toBe(1);
    expect(cache.size(opened.db)).toBe(0);
    expect(await read('a')).toBe(2);
    expect(cache.size(opened.db)).toBe(1);
    expect(await read('a')).toBe(2);
    // A write forgets the kept value and who was asked once.
    await opened.db.updateTable('department').set({ name: 'x' }).where('id', '=', 'none').execute();
    expect(await read('a')).toBe(3);
    expect(await read('a')).toBe(4);
    expect(await read('a')).toBe(4);
    // The keys asked once are bounded (maxEntries): the oldest is forgotten, so its next asking is a first one again.
    expect(await read('b')).toBe(5);
    expect(await read('c')).toBe(6);
    expect(await read('d')).toBe(7);
    expect(await read('b')).toBe(8);
    expect(await read('b')).toBe(9);
    expect(await read('b')).toBe(9);
  });

  it('keep values by id: only the ids not kept are read, a write starts again, and a read that raced a write is not kept', async () => {
    const kept = defineKeptById<string>({ name: 'kept-test', reads: ['designation'], maxScopes: 2, maxPerScope: 5 });
    const asked: string[][] = [];
    let round = 0;
    const read = (missing: string[]) => {
      asked.push(missing);
      return Promise.resolve(new Map(missing.filter((id) => id !== 'gone').map((id) => [id, `${id}@${round}`])));
    };
    const values = (m: Map<string, string>) => [...m.entries()].map(([k, v]) => `${k}=${v}`);
    expect(values(await kept.get(opened.db, 's', ['a', 'b', 'gone'], read))).toEqual(['a=a@0', 'b=b@0']);
    expect(values(await kept.get(opened.db, 's', ['b', 'c', 'a'], read))).toEqual(['b=b@0', 'c=c@0', 'a=a@0']);
    expect(asked).toEqual([['a', 'b', 'gone'], ['c']]);
    // Another scope keeps its own values.
    await kept.get(opened.db, 't', ['a'], read);
    expect(asked.at(-1)).toEqual(['a']);
    // A write to a table it reads: everything is read again.
    round = 1;
    await opened.db.updateTable('designation').set({ name: 'x' }).where('id', '=', 'none').execute();
    expect(values(await kept.get(opened.db, 's', ['a', 'c'], read))).toEqual(['a=a@1', 'c=c@1']);
    // A write while the missing ids are read: the answer uses them, but they are not kept for later readers.
    round = 2;
    const racing = (missing: string[]) =>
      opened.db.updateTable('designation').set({ name: 'y' }).where('id', '=', 'none').execute().then(() => read(missing));
    expect(values(await kept.get(opened.db, 's', ['d'], racing))).toEqual(['d=d@2']);
    round = 3;
    expect(values(await kept.get(opened.db, 's', ['d'], read))).toEqual(['d=d@3']);
    // Bounded: a scope that would pass 5 values starts again with what was just read.
    asked.length = 0;
    await kept.get(opened.db, 's', ['e', 'f', 'g', 'h', 'i'], read);
    await kept.get(opened.db, 's', ['d'], read);
    expect(asked).toEqual([['e', 'f', 'g', 'h', 'i'], ['d']]);
  });

  it('peek answers a kept, current value without computing; sizeOf bounds the bytes kept', async () => {
    const cache = defineCache<{ text: string }>({ name: 'peek-test', reads: ['department'], maxBytes: 10, sizeOf: (v) => v.text.length });
    expect(cache.peek(opened.db, 'a')).toBeUndefined();
    await cache.get(opened.db, 'a', async () => ({ text: 'aaaa' }));
    expect(cache.peek(opened.db, 'a')).toEqual({ text: 'aaaa' });
    await cache.get(opened.db, 'b', async () => ({ text: 'bbbb' }));
    // 4 + 4 + 4 bytes pass 10: the least recently used goes, and peeking counts as a use.
    expect(cache.peek(opened.db, 'a')).toBeDefined();
    await cache.get(opened.db, 'c', async () => ({ text: 'cccc' }));
    expect(cache.peek(opened.db, 'b')).toBeUndefined();
    expect(cache.peek(opened.db, 'a')).toBeDefined();
    expect(cache.size(opened.db)).toBe(2);
    // A write to a table it reads: nothing kept is current.
    await opened.db.updateTable('department').set({ name: 'x' }).where('id', '=', 'none').execute();
    expect(cache.peek(opened.db, 'a')).toBeUndefined();
    expect(cache.size(opened.db)).toBe(0);
  });

  it('keptIfAll answers the kept values only when every id asked is among them, and reads nothing', async () => {
    const kept = defineKeptById<string>({ name: 'kept-all-test', reads: ['designation'], maxScopes: 2 });
    let reads = 0;
    const read = (missing: string[]) => {
      reads++;
      return Promise.resolve(new Map(missing.filter((id) => id !== 'gone').map((id) => [id, id.toUpperCase()])));
    };
    expect(kept.keptIfAll(opened.db, 's', ['a'])).toBeUndefined();
    await kept.get(opened.db, 's', ['a', 'b', 'gone'], read);
    expect(kept.keptIfAll(opened.db, 's', ['b', 'a'])?.get('b')).toBe('B');
    expect(kept.keptIfAll(opened.db, 's', ['a', 'c'])).toBeUndefined();
    // An id the read did not answer (gone since) is never kept.
    expect(kept.keptIfAll(opened.db, 's', ['a', 'gone'])).toBeUndefined();
    expect(kept.keptIfAll(opened.db, 't', ['a'])).toBeUndefined();
    expect(reads).toBe(1);
    await opened.db.updateTable('designation').set({ name: 'x' }).where('id', '=', 'none').execute();
    expect(kept.keptIfAll(opened.db, 's', ['a'])).toBeUndefined();
  });

  it('are shared with a second connection opened on its buffer (the delivery thread): its writes reach these caches', async () => {
    const second = openDatabase(path.join(dir, 'muster.sqlite'), { sharedVersions: opened.versions.buffer });
    try {
      let computed = 0;
      const cache = defineCache<number>({ name: 'shared-test', reads: ['location'] });
      const read = () => cache.get(opened.db, 'k', async () => ++computed);
      expect(await read()).toBe(1);
      const before = opened.versions.of('location');
      await second.db.transaction().execute(async (trx) => {
        await trx.updateTable('location').set({ name: 'y' }).where('id', '=', 'none').execute();
      });
      // One counter, seen from both connections: bumped in the transaction and twice at its end.
      expect(opened.versions.of('location')).toBe(before + 3);
      expect(second.versions.of('location')).toBe(before + 3);
      expect(await read()).toBe(2);
      // And the other way: the second connection's caches see the first one's writes.
      const theirs = defineCache<number>({ name: 'shared-test-2', reads: ['department'] });
      let n = 0;
      const readTheirs = () => theirs.get(second.db, 'k', async () => ++n);
      expect(await readTheirs()).toBe(1);
      await opened.db.updateTable('department').set({ name: 'y' }).where('id', '=', 'none').execute();
      expect(await readTheirs()).toBe(2);
    } finally {
      await second.close();
    }
  });
});
