import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../bench/harness.ts';
import { PUNCH_DAYS, seedHistory, withIndexesRebuiltAfter } from '../bench/seed-history.ts';

/**
 * The bench seeder (SQLite-only) writes in bulk with the secondary indexes dropped and rebuilt: the
 * schema must end as it began, the indexes must agree with the rows, and a fixed seed and instant must
 * give the same history every time (the benches compare runs).
 */

// A fixed instant: the history is 2025 (not a leap year) and the punches the 90 days before 15 June 2026.
const NOW = Date.UTC(2026, 5, 15, 6, 30);
const EMPLOYEES = 12;
const dirs: string[] = [];

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function seededFile(): Promise<{ file: string; indexesBefore: unknown[] }> {
  const prepared = await prepareDataDir(EMPLOYEES);
  await prepared.close();
  dirs.push(prepared.dataDir);
  const file = path.join(prepared.dataDir, 'muster.sqlite');
  const indexesBefore = schemaIndexes(file);
  seedHistory(file, { now: NOW });
  return { file, indexesBefore };
}

function schemaIndexes(file: string): unknown[] {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    return sqlite.prepare("select name, tbl_name, sql from sqlite_master where type = 'index' order by name").all();
  } finally {
    sqlite.close();
  }
}

/** A digest of the seeded history by employee code (ids differ between data dirs; the history must not). */
function historyDigest(file: string): Record<string, string> {
  const sqlite = new SQLite(file, { readonly: true });
  const digest = (query: string) => crypto.createHash('sha256').update(JSON.stringify(sqlite.prepare(query).raw().all())).digest('hex');
  try {
    return {
      days: digest(
        `select e.code, d.date, d.status, d.worked_minutes, d.ot_minutes, d.late_minutes, d.early_minutes, d.first_in, d.last_out, d.present_days,
           d.leave_days, d.lop_days, d.holiday_name, d.leave_code, d.window_start, d.window_end
         from attendance_day d join employee e on e.id = d.employee_id order by e.code, d.date`,
      ),
      leave: digest(
        `select e.code, t.code, l.kind, l.days, l.effective_date from leave_ledger l join employee e on e.id = l.employee_id
           join leave_type t on t.id = l.leave_type_id order by e.code, t.code, l.kind, l.effective_date, l.days`,
      ),
      leaveDays: digest('select e.code, d.date from leave_day d join employee e on e.id = d.employee_id order by e.code, d.date'),
      regularizations: digest(
        'select e.code, r.date, r.kind, r.status, r.manager_decided_at from regularization r join employee e on e.id = r.employee_id order by e.code, r.date, r.kind',
      ),
      punches: digest('select e.code, p.at, p.local_date, p.attend_stat, p.terminal_serial from punch p join employee e on e.id = p.employee_id order by e.code, p.at'),
      slots: digest('select t.serial, s.slot from terminal_contact_slot s join terminal t on t.id = s.terminal_id order by t.serial, s.slot'),
    };
  } finally {
    sqlite.close();
  }
}

describe('bench history seeder', () => {
  it('ends with the schema it began with, indexes that agree with the rows, and the same history for the same seed and instant', async () => {
    const a = await seededFile();
    const b = await seededFile();

    expect(schemaIndexes(a.file)).toEqual(a.indexesBefore);
    const sqlite = new SQLite(a.file, { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      // A whole year per person, eight leave requests each (a day, a ledger use) and three regularizations.
      expect(count('attendance_day')).toBe(EMPLOYEES * 365);
      expect(count('leave_request')).toBe(EMPLOYEES * 8);
      expect(count('leave_day')).toBe(EMPLOYEES * 8);
      expect(count('leave_ledger')).toBe(EMPLOYEES * (3 * 2 + 8));
      expect(count('regularization')).toBe(EMPLOYEES * 3);
      const punchDays = sqlite.prepare('select count(distinct local_date) as n from punch').get() as { n: number };
      expect(punchDays.n).toBe(PUNCH_DAYS - 1);
      // Sundays are days off (worked or not), never a plain working day.
      const sundays = sqlite
        .prepare("select distinct status from attendance_day where strftime('%w', date) = '0' order by status")
        .pluck()
        .all() as string[];
      expect(sundays.every((s) => ['WeeklyOff', 'WorkedOnWeeklyOff', 'Holiday', 'WorkedOnHoliday'].includes(s))).toBe(true);
      // The index the reports read answers as the table does.
      const viaIndex = sqlite
        .prepare("select count(*) as n, sum(worked_minutes) as w from attendance_day indexed by attendance_day_date_ix where date between '2025-06-01' and '2025-06-30'")
        .get();
      const viaTable = sqlite.prepare("select count(*) as n, sum(worked_minutes) as w from attendance_day not indexed where date between '2025-06-01' and '2025-06-30'").get();
      expect(viaIndex).toEqual(viaTable);
    } finally {
      sqlite.close();
    }
    expect(historyDigest(b.file)).toEqual(historyDigest(a.file));
    // Two data dirs and two years of terminal contact (≈ 150,000 rows each): about 20 s on a loaded two-core machine.
  }, 180_000);

  it('builds the dropped indexes again when the writing fails', async () => {
    const prepared = await prepareDataDir(2);
    await prepared.close();
    dirs.push(prepared.dataDir);
    const file = path.join(prepared.dataDir, 'muster.sqlite');
    const before = schemaIndexes(file);
    const sqlite = new SQLite(file);
    try {
      expect(() =>
        withIndexesRebuiltAfter(sqlite, ['punch', 'attendance_day'], () => {
          throw new Error('a failed fill');
        }),
      ).toThrow('a failed fill');
    } finally {
      sqlite.close();
    }
    expect(schemaIndexes(file)).toEqual(before);
  });
});
