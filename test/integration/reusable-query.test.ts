import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type OpenedDatabase } from '../../server/src/db/database.ts';
import { reusableQuery, reusableSelect, whileLive } from '../../server/src/db/reusable-query.ts';
import type { DepartmentTable } from '../../server/src/db/schema.ts';

let opened: OpenedDatabase;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-reusable-'));
  opened = openDatabase(path.join(dir, 'x.sqlite'));
  await migrateToLatest(opened.db);
});
afterAll(async () => {
  await opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await opened.db.deleteFrom('department').execute();
});

const department = (n: number): DepartmentTable => ({ id: `d${n}`, name: `Dept ${n}`, code: n % 2 ? `C${n}` : null, created_at: '2026-01-01T00:00:00.000Z' });

const insertDepartments = reusableQuery((db, rows: readonly DepartmentTable[]) => db.insertInto('department').values(rows as DepartmentTable[]).onConflict((oc) => oc.doNothing()));
const namesIn = reusableSelect((db, a: { ids: readonly string[]; after: string }) =>
  db.selectFrom('department').select('name').where('id', 'in', a.ids).where('created_at', '>', a.after).where('name', '!=', 'never').orderBy('name'),
);

describe('reusableQuery', () => {
  it('binds new values into the SQL compiled for each shape (list lengths), constants kept', async () => {
    const first = await insertDepartments(opened.db, [department(1), department(2), department(3)]);
    expect(first.numAffectedRows).toBe(3n);
    // Same shape, new values (nulls included); a conflict is not counted.
    const again = await insertDepartments(opened.db, [department(3), department(4), department(6)]);
    expect(again.numAffectedRows).toBe(2n);
    expect((await insertDepartments(opened.db, [department(5)])).numAffectedRows).toBe(1n);

    const before = '2025-12-31';
    expect(await namesIn(opened.db, { ids: ['d1'], after: before })).toEqual([{ name: 'Dept 1' }]);
    expect(await namesIn(opened.db, { ids: ['d2', 'd4', 'd9'], after: before })).toEqual([{ name: 'Dept 2' }, { name: 'Dept 4' }]);
    expect(await namesIn(opened.db, { ids: ['d5'], after: '2026-06-01' })).toEqual([]);
    const rows = await opened.db.selectFrom('department').select(['id', 'code']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'd1', code: 'C1' },
      { id: 'd2', code: null },
      { id: 'd3', code: 'C3' },
      { id: 'd4', code: null },
      { id: 'd5', code: 'C5' },
      { id: 'd6', code: null },
    ]);
  });

  it('inside a transaction it sees the transaction’s writes, and a rollback undoes its own', async () => {
    await insertDepartments(opened.db, [department(1)]);
    await expect(
      opened.db.transaction().execute((trx) =>
        whileLive(trx, async () => {
          await trx.insertInto('department').values(department(2)).execute();
          expect(await namesIn(trx, { ids: ['d1', 'd2'], after: '2000-01-01' })).toEqual([{ name: 'Dept 1' }, { name: 'Dept 2' }]);
          await insertDepartments(trx, [department(3)]);
          throw new Error('roll back');
        }),
      ),
    ).rejects.toThrow('roll back');
    expect(await namesIn(opened.db, { ids: ['d1', 'd2', 'd3'], after: '2000-01-01' })).toEqual([{ name: 'Dept 1' }]);
  });

  it('refuses a builder that does not pass an argument to the query as a value', async () => {
    const misuse = reusableSelect((db, a: { name: string }) => db.selectFrom('department').select('id').where('name', '=', a.name.toUpperCase()));
    await expect(misuse(opened.db, { name: 'x' })).rejects.toThrow(/not passed to the query as values/);
  });

  it('binds by key: list items with their keys in another order, and shapes the key cannot tell apart, still bind right', async () => {
    const reordered = (n: number) => {
      const d = department(n);
      return { created_at: d.created_at, code: d.code, name: d.name, id: d.id };
    };
    await insertDepartments(opened.db, [department(1), reordered(2)]);
    await insertDepartments(opened.db, [reordered(3), department(4)]);
    expect(await opened.db.selectFrom('department').select(['id', 'name', 'code']).orderBy('id').execute()).toEqual([
      { id: 'd1', name: 'Dept 1', code: 'C1' },
      { id: 'd2', name: 'Dept 2', code: null },
      { id: 'd3', name: 'Dept 3', code: 'C3' },
      { id: 'd4', name: 'Dept 4', code: null },
    ]);
    // Two lists whose lengths swap places between calls give the same key; the second call is still right.
    const byIdsAndNames = reusableSelect((db, a: { ids: readonly string[]; names: readonly string[] }) =>
      db.selectFrom('department').select('id').where((eb) => eb.or([eb('id', 'in', a.ids), eb('name', 'in', a.names)])).orderBy('id'),
    );
    expect(await byIdsAndNames(opened.db, { ids: ['d1'], names: ['Dept 2', 'Dept 3'] })).toEqual([{ id: 'd1' }, { id: 'd2' }, { id: 'd3' }]);
    expect(await byIdsAndNames(opened.db, { names: ['Dept 2'], ids: ['d1', 'd4'] })).toEqual([{ id: 'd1' }, { id: 'd2' }, { id: 'd4' }]);
  });

  it('refuses an argument used inside an expression', async () => {
    const like = reusableSelect((db, a: { prefix: string }) => db.selectFrom('department').select('id').where('name', 'like', `${a.prefix}%`));
    await expect(like(opened.db, { prefix: 'Dept' })).rejects.toThrow(/inside an expression/);
  });

  it('a transaction used after its end is refused, as kysely refuses it', async () => {
    await insertDepartments(opened.db, [department(1)]);
    let stale: Parameters<typeof namesIn>[0] | undefined;
    await opened.db.transaction().execute((trx) =>
      whileLive(trx, async () => {
        stale = trx;
        expect(await namesIn(trx, { ids: ['d1'], after: '2000-01-01' })).toEqual([{ name: 'Dept 1' }]);
      }),
    );
    await expect(namesIn(stale as NonNullable<typeof stale>, { ids: ['d1'], after: '2000-01-01' })).rejects.toThrow(/committed/);
    await expect(insertDepartments(stale as NonNullable<typeof stale>, [department(2)])).rejects.toThrow(/committed/);
    expect(await opened.db.selectFrom('department').select('id').execute()).toEqual([{ id: 'd1' }]);
  });
});
