import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type OpenedDatabase } from '../../server/src/db/database.ts';
import { migrations } from '../../server/src/db/migrations/index.ts';

let opened: OpenedDatabase | undefined;
let dir: string | undefined;
afterEach(async () => {
  await opened?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('migrations', () => {
  it('apply 0014 on a database that already ran 0015 (numbers are reserved per branch), backfilling the reporting line', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-migrate-'));
    opened = openDatabase(path.join(dir, 'x.sqlite'));
    const { db } = opened;
    const { '0014_reporting_line': _later, ...before } = migrations;
    const first = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(first.error).toBeUndefined();
    expect(first.results?.map((r) => r.migrationName)).toContain('0015_outbox');
    // c reports to b, b to a, a to nobody; inserted before the closure exists.
    for (const [id, manager] of [['a', null], ['b', 'a'], ['c', 'b']] as const) {
      await sql`INSERT INTO employee (id, code, full_name, search_text, joined_date, status, employment_type, created_at, updated_at, manager_id)
        VALUES (${id}, ${id}, ${id}, ${id}, '2024-01-01', 'Active', 'FullTime', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z', ${manager})`.execute(db);
    }
    expect(await migrateToLatest(db)).toEqual(['0014_reporting_line']);
    const line = await db.selectFrom('reporting_line').select(['ancestor_id', 'descendant_id', 'depth']).orderBy('ancestor_id').orderBy('descendant_id').execute();
    expect(line.map((r) => `${r.ancestor_id}>${r.descendant_id}@${r.depth}`)).toEqual(['a>a@0', 'a>b@1', 'a>c@2', 'b>b@0', 'b>c@1', 'c>c@0']);
    // And the triggers keep it from now on.
    await sql`UPDATE employee SET manager_id = 'a' WHERE id = 'c'`.execute(db);
    const moved = await db.selectFrom('reporting_line').select('depth').where('ancestor_id', '=', 'a').where('descendant_id', '=', 'c').executeTakeFirst();
    expect(moved?.depth).toBe(1);
    expect(await db.selectFrom('reporting_line').select('depth').where('ancestor_id', '=', 'b').where('descendant_id', '=', 'c').executeTakeFirst()).toBeUndefined();
  });
});
