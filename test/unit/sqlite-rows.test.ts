import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsBuiltInJs } from '../../server/src/db/database.ts';

// Rows made objects in JavaScript (database.ts `rowsBuiltInJs`) must be exactly what better-sqlite3 would have built.
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function memory(): SQLite.Database {
  const db = new SQLite(':memory:');
  db.exec(`
    create table person (id text primary key, name text, age integer, salary real, photo blob, note text);
    insert into person values ('a', 'Asha', 31, 1200.5, x'0102', null), ('b', 'Ravi', 45, 99.25, null, 'on leave'), ('c', 'Meena', null, 0, x'', '');
  `);
  return db;
}

/** Both ways of reading one statement: better-sqlite3's objects, and the view's. */
function bothWays(db: SQLite.Database, text: string, ...params: unknown[]) {
  const view = rowsBuiltInJs(db.prepare(text));
  return { native: db.prepare(text).all(...params), view: view.all(...params), statement: view };
}

describe('rows built in JavaScript', () => {
  it('are the objects better-sqlite3 builds: values, types, key order, and a repeated name', () => {
    const db = memory();
    const cases = [
      'select id, name, age, salary, photo, note from person order by id',
      'select p.name as who, p.age, q.name, p.name from person as p join person as q on q.id = p.id order by p.id',
      "select count(*) as n, max(age) as oldest, 'x' as literal, null as empty from person",
      'select id from person where age > ? order by id',
    ];
    for (const text of cases) {
      const { native, view } = bothWays(db, text, ...(text.includes('?') ? [30] : []));
      expect(view, text).toEqual(native);
      // toEqual ignores key order; JSON does not.
      expect(JSON.stringify(view), text).toBe(JSON.stringify(native));
      for (const [i, row] of (view as object[]).entries()) expect(Object.keys(row)).toEqual(Object.keys((native as object[])[i] as object));
    }
    // A repeated name keeps its first place and its last value, as better-sqlite3 sets one property after another.
    const { view } = bothWays(db, "select 1 as a, 2 as b, 3 as a from person where id = 'a'");
    expect(Object.entries((view as object[])[0] as object)).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    const blob = (bothWays(db, "select photo from person where id = 'a'").view as { photo: Buffer }[])[0]?.photo;
    expect(Buffer.isBuffer(blob) && [...blob]).toEqual([1, 2]);
  });

  it('answer get and iterate the same way, and refuse run as better-sqlite3 does', () => {
    const db = memory();
    const text = 'select id, name from person where id >= ? order by id';
    const view = rowsBuiltInJs(db.prepare(text));
    expect(view.reader).toBe(true);
    expect(view.get('b')).toEqual(db.prepare(text).get('b'));
    expect(view.get('z')).toBeUndefined();
    expect([...view.iterate('a')]).toEqual(db.prepare(text).all('a'));
    expect(() => view.run('a')).toThrow(TypeError);
    expect(view.columns().map((c) => c.name)).toEqual(['id', 'name']);
  });

  it('say busy while their statement is being iterated, as better-sqlite3 does', () => {
    const db = memory();
    const view = rowsBuiltInJs(db.prepare('select id from person order by id'));
    expect(view.busy).toBe(false);
    const rows = view.iterate();
    rows.next();
    expect(view.busy).toBe(true);
    rows.return?.(undefined);
    expect(view.busy).toBe(false);
  });

  it('leave `*` selects and a column named __proto__ to better-sqlite3', () => {
    const db = memory();
    for (const text of [
      'select * from person',
      'select p.* from person as p',
      'select id, "p".* from person as p',
      'select distinct * from person',
      "insert into person (id) values ('d') returning *",
      'select id as __proto__ from person',
    ]) {
      const statement = db.prepare(text);
      expect(rowsBuiltInJs(statement), text).toBe(statement);
    }
    // count(*) names its columns itself: built in JavaScript.
    const counted = db.prepare('select count(*) as n from person');
    expect(rowsBuiltInJs(counted)).not.toBe(counted);
    const proto = db.prepare('select id as __proto__ from person').all() as object[];
    expect(Object.getPrototypeOf(proto[0])).toBe(Object.prototype);
  });

  it('are what kysely answers on an opened database, reads and writes alike', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-rows-'));
    dirs.push(dir);
    const opened = openDatabase(path.join(dir, 'rows.sqlite'));
    try {
      await sql`create table item (id integer primary key, label text, weight real)`.execute(opened.db);
      await sql`insert into item (label, weight) values ('pen', 0.5), ('book', 1.25)`.execute(opened.db);
      const rows = await sql<{ id: number; label: string; weight: number }>`select id, label, weight from item order by id`.execute(opened.db);
      expect(rows.rows).toEqual(opened.sqlite.prepare('select id, label, weight from item order by id').all());
      expect(JSON.stringify(rows.rows)).toBe('[{"id":1,"label":"pen","weight":0.5},{"id":2,"label":"book","weight":1.25}]');
      // Writes still report what they changed; a write that returns columns answers them.
      const update = await sql`update item set weight = weight * 2`.execute(opened.db);
      expect(Number(update.numAffectedRows)).toBe(2);
      const inserted = await sql<{ id: number; label: string }>`insert into item (label, weight) values ('lamp', 3) returning id, label`.execute(opened.db);
      expect(inserted.rows).toEqual([{ id: 3, label: 'lamp' }]);
      expect(opened.sqlite.prepare('select count(*) as n from item').get()).toEqual({ n: 3 });
    } finally {
      await opened.close();
    }
  });
});
