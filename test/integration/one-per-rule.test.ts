import { sql } from 'kysely';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { migrateToLatest, openDatabase, type OpenedDatabase } from '../../server/src/db/database.ts';
import { migrations } from '../../server/src/db/migrations/index.ts';
import { isUniqueViolation, refuseDuplicate } from '../../server/src/db/unique.ts';
import { overlapRefusal } from '../../server/src/modules/leave/apply-checks.ts';
import { freshDataDir } from '../support/templates.ts';

/**
 * Migration 0017 (one live leave day per employee, date and half; one roster start per employee
 * and day) on an existing database holding duplicates: the demo database with 0017 undone and
 * clashing rows written behind the application's back, then migrated again.
 * SQLite-only for now: it undoes 0017 on a copy of the SQLite demo template. On PostgreSQL, 0017 runs
 * when races.test.ts seeds its database; the duplicate resolution there is not yet tested.
 */
const onPostgres = Boolean(process.env.MUSTER_TEST_PG_URL);
if (onPostgres) process.stdout.write('[sqlite-only, not run on PostgreSQL] one-per-rule.test.ts undoes migration 0017 on the SQLite demo template\n');

const dataDir = onPostgres ? '' : freshDataDir('demo');
let database: OpenedDatabase;

const req = (id: string) => database.db.selectFrom('leave_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const daysOn = (employeeId: string, date: string) =>
  database.db.selectFrom('leave_day').select(['request_id', 'portion']).where('employee_id', '=', employeeId).where('date', '=', date).orderBy('request_id').execute();

let original: { request_id: string; employee_id: string; date: string };
let halfDate: string;

beforeAll(async () => {
  if (onPostgres) return;
  database = openDatabase(loadConfig({ MUSTER_DATA_DIR: dataDir }).databaseFile);
  // Undo 0017 alone (later migrations stay applied, as on a database that ran them before 0017 landed).
  await migrations['0017_one_per_rule']!.down!(database.db);
  await sql`delete from kysely_migration where name = ${'0017_one_per_rule'}`.execute(database.db);

  const db = database.db;
  original = await db.selectFrom('leave_day').select(['request_id', 'employee_id', 'date']).where('portion', '=', 'FullDay').orderBy('request_id').orderBy('date').executeTakeFirstOrThrow();
  const base = await req(original.request_id);
  const later = (id: string, minutes: number) => ({ ...base, id, created_at: new Date(Date.parse(base.created_at) + minutes * 60_000).toISOString() });
  // The same full day again, and a second half over it, both asked after the original.
  await db.insertInto('leave_request').values([later('dup-full', 5), later('dup-half', 10)]).execute();
  await db
    .insertInto('leave_day')
    .values([
      { request_id: 'dup-full', employee_id: original.employee_id, date: original.date, portion: 'FullDay', counted: 1, approved: 0 },
      { request_id: 'dup-half', employee_id: original.employee_id, date: original.date, portion: 'SecondHalf', counted: 1, approved: 0 },
    ])
    .execute();
  // A first and a second half on one day: allowed, both stay.
  halfDate = '2040-01-02';
  await db.insertInto('leave_request').values([later('half-a', 15), later('half-b', 20)]).execute();
  await db
    .insertInto('leave_day')
    .values([
      { request_id: 'half-a', employee_id: original.employee_id, date: halfDate, portion: 'FirstHalf', counted: 1, approved: 0 },
      { request_id: 'half-b', employee_id: original.employee_id, date: halfDate, portion: 'SecondHalf', counted: 1, approved: 0 },
    ])
    .execute();
  // The same roster start twice.
  const shift = await db.selectFrom('shift_assignment').selectAll().orderBy('id').executeTakeFirstOrThrow();
  await db.insertInto('shift_assignment').values({ ...shift, id: 'dup-roster', created_at: new Date(Date.parse(shift.created_at) + 60_000).toISOString() }).execute();

  expect(await migrateToLatest(db)).toEqual(['0017_one_per_rule']);
}, 60_000);

afterAll(async () => {
  if (onPostgres) return;
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('migration 0017 on a database with duplicates', () => {
  it('keeps the earliest request\'s day and drops the later clashing ones, audited on the employee', async () => {
    expect(await daysOn(original.employee_id, original.date)).toEqual([{ request_id: original.request_id, portion: 'FullDay' }]);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['employee_id', 'summary'])
      .where('action', '=', 'leave.day-deduplicated')
      .orderBy('summary')
      .execute();
    expect(audit).toEqual([
      { employee_id: original.employee_id, summary: expect.stringContaining(`request dup-full`) },
      { employee_id: original.employee_id, summary: expect.stringContaining(`request dup-half`) },
    ]);
    // The requests themselves are untouched: only the day index lost its duplicates.
    expect((await req('dup-full')).status).toBe((await req(original.request_id)).status);
  });

  it('leaves a first and a second half of one day alone', async () => {
    expect(await daysOn(original.employee_id, halfDate)).toEqual([
      { request_id: 'half-a', portion: 'FirstHalf' },
      { request_id: 'half-b', portion: 'SecondHalf' },
    ]);
  });

  it('keeps one roster entry per employee and start day', async () => {
    expect(await database.db.selectFrom('shift_assignment').select('id').where('id', '=', 'dup-roster').execute()).toEqual([]);
  });
});

describe.skipIf(onPostgres)('the constraints afterwards, and the 409 they map to', () => {
  const insertDay = (portion: string, date = original.date) =>
    database.db.insertInto('leave_day').values({ request_id: 'dup-full', employee_id: original.employee_id, date, portion, counted: 1, approved: 0 }).execute();

  it.each(['FullDay', 'FirstHalf', 'SecondHalf'])('a %s over a live full day is refused by the database', async (portion) => {
    const error = await insertDay(portion).then(() => undefined, (e: unknown) => e);
    expect(isUniqueViolation(error, 'leave_day')).toBe(true);
    expect(isUniqueViolation(error, 'shift_assignment')).toBe(false);
  });

  it('the same half twice is refused; the other half is not', async () => {
    const day = '2040-01-09';
    await database.db.insertInto('leave_day').values({ request_id: 'half-a', employee_id: original.employee_id, date: day, portion: 'FirstHalf', counted: 1, approved: 0 }).execute();
    const again = database.db.insertInto('leave_day').values({ request_id: 'half-b', employee_id: original.employee_id, date: day, portion: 'FirstHalf', counted: 1, approved: 0 }).execute();
    await expect(again).rejects.toSatisfy((e: unknown) => isUniqueViolation(e, 'leave_day'));
    await database.db.insertInto('leave_day').values({ request_id: 'half-b', employee_id: original.employee_id, date: day, portion: 'SecondHalf', counted: 1, approved: 0 }).execute();
    expect(await daysOn(original.employee_id, day)).toHaveLength(2);
  });

  it('refuseDuplicate answers the overlap check\'s own 409 and lets other errors through', async () => {
    await expect(refuseDuplicate('leave_day', () => insertDay('FullDay'), overlapRefusal)).rejects.toMatchObject({
      status: 409,
      errors: [{ path: 'body.fromDate', message: 'overlaps another request' }],
    });
    const notUnique = refuseDuplicate('leave_day', () => insertDay('Evening', '2040-02-01'), overlapRefusal);
    await expect(notUnique).rejects.toSatisfy((e: unknown) => !(e as { status?: number }).status && /check constraint/i.test(String(e)));
  });

  it('a roster entry starting the same day as another is refused by the database', async () => {
    const shift = await database.db.selectFrom('shift_assignment').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const error = await database.db.insertInto('shift_assignment').values({ ...shift, id: 'dup-roster-2' }).execute().then(() => undefined, (e: unknown) => e);
    expect(isUniqueViolation(error, 'shift_assignment')).toBe(true);
  });
});
