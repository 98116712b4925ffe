import SQLite from 'better-sqlite3';
import { newId } from '../../server/src/ids.ts';
import { zonedInstant } from '../../server/src/modules/attendance/shift-time.ts';
import { prng } from '../../shared/prng.ts';

/**
 * A year of history for the reports and scale benches, written in bulk. SQLite-only: a bench seeder on
 * the raw better-sqlite3 handle of a prepared data dir (the server is not running).
 *
 * Why it is shaped like this (profiled at 1,500 employees, see docs/performance.md "Scale"): the rows
 * themselves are cheap; what made 15,000 employees (5.5 million stored days) never finish was SQLite
 * keeping the secondary indexes while the rows went in person by person. The date-first covering index
 * of `attendance_day` (13 columns) then takes each row at another place of a B-tree that outgrows the
 * page cache, so nearly every insert reads and rewrites pages at random. Here the secondary indexes of
 * the seeded tables are dropped first and built again afterwards from their own `sqlite_master` text
 * (one sort per index), rows are committed a few thousand at a time, and what depends only on the date
 * (instants, windows, holidays) is computed once per day of the year instead of once per person and day.
 *
 * The random draws are those of the seeder this replaced, in the same order, except that a person's
 * leave day drawn twice is drawn again (a person has one full-day leave a day: migration 0017 made that
 * a unique index, which the old seeder broke): the same seed gives the same history.
 */

const TZ = 'Asia/Kolkata';
const DAY_MS = 86_400_000;
/** Terminal health reads punches of the last days. */
export const PUNCH_DAYS = 90;
/** Rows per transaction: small enough to keep the WAL short, large enough that commits cost nothing. */
const ROWS_PER_COMMIT = 5_000;
/** Tables this seeder fills in bulk: their secondary indexes are rebuilt once at the end. */
const BULK_TABLES = ['attendance_day', 'leave_ledger', 'leave_request', 'leave_day', 'regularization', 'punch', 'terminal_contact_slot'];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface SeedOptions {
  /** The instant the history ends at (epoch ms): the year seeded is the calendar year before it, punches the 90 days before it. */
  now?: number;
}

export interface Seeded {
  year: number;
  days: number;
  punches: number;
  /** Seconds spent filling rows and rebuilding indexes. */
  fillSeconds: number;
  indexSeconds: number;
}

/** The calendar year a history seeded at `now` covers (the last whole one). */
export function seededYear(now: number): number {
  return new Date(now).getUTCFullYear() - 1;
}

/** A year of stored days, the year's leave ledger and requests, regularizations, recent punches and terminal contact. */
export function seedHistory(file: string, options: SeedOptions = {}): Seeded {
  const nowMs = options.now ?? Date.now();
  const year = seededYear(nowMs);
  const sqlite = new SQLite(file);
  try {
    // A throwaway bench file: no fsync (a crash discards the run anyway), a page cache that holds the index sorts,
    // and the sorts' scratch in memory (at 15,000 people an index of 5.5 million days sorts ~0.5 GB; on disk it took minutes).
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('cache_size = -1048576');
    sqlite.pragma('temp_store = MEMORY');
    sqlite.pragma('foreign_keys = ON');
    const t0 = performance.now();
    let counts = { days: 0, punches: 0 };
    let fillSeconds = 0;
    withIndexesRebuiltAfter(sqlite, BULK_TABLES, () => {
      counts = fill(sqlite, year, nowMs);
      fillSeconds = (performance.now() - t0) / 1000;
    });
    const indexSeconds = (performance.now() - t0) / 1000 - fillSeconds;
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return { year, ...counts, fillSeconds, indexSeconds };
  } finally {
    sqlite.close();
  }
}

/**
 * Drops the secondary indexes of `tables` while `write` runs and creates them again afterwards with the
 * very statements that made them (the migrations' text in `sqlite_master`), so the schema ends as it began.
 * Unique indexes stay, as do constraint indexes (primary keys, UNIQUE columns, which have no text there):
 * they check the rows while they go in.
 */
export function withIndexesRebuiltAfter(sqlite: SQLite.Database, tables: readonly string[], write: () => void): void {
  const indexes = sqlite
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and sql not like 'create unique%' and tbl_name in (${tables.map(() => '?').join(', ')}) order by name`)
    .all(...tables) as { name: string; sql: string }[];
  for (const ix of indexes) sqlite.exec(`drop index "${ix.name.replace(/"/g, '""')}"`);
  try {
    write();
  } finally {
    for (const ix of indexes) sqlite.exec(ix.sql);
  }
}

/** Commits every `every` rows; `done` commits the rest, `abort` rolls back an unfinished one. */
function committer(sqlite: SQLite.Database, every = ROWS_PER_COMMIT) {
  let pending = 0;
  sqlite.exec('begin');
  return {
    row(): void {
      if (++pending < every) return;
      sqlite.exec('commit');
      sqlite.exec('begin');
      pending = 0;
    },
    done(): void {
      sqlite.exec('commit');
    },
    abort(): void {
      if (sqlite.inTransaction) sqlite.exec('rollback');
    },
  };
}

/** Runs `write` with a committer, rolling back what is uncommitted when it throws. */
function batched(sqlite: SQLite.Database, write: (row: () => void) => void): void {
  const c = committer(sqlite);
  try {
    write(() => c.row());
    c.done();
  } catch (error) {
    c.abort();
    throw error;
  }
}

interface CalendarDay {
  date: string;
  /** Sunday or a holiday: the day off a person may still work. */
  off: boolean;
  holiday: string | null;
  /** 09:00 local, epoch ms; the punch window as stored. */
  start: number;
  windowStart: string;
  windowEnd: string;
}

function calendarOf(year: number): CalendarDay[] {
  const holidays = new Set([`${year}-01-26`, `${year}-05-01`, `${year}-08-15`, `${year}-10-02`, `${year}-11-01`, `${year}-12-25`]);
  const days: CalendarDay[] = [];
  for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year; d.setUTCDate(d.getUTCDate() + 1)) {
    const date = isoDay(d.getTime());
    const start = zonedInstant(date, 9 * 60, TZ);
    const holiday = holidays.has(date) ? 'Holiday' : null;
    days.push({
      date,
      off: holiday !== null || d.getUTCDay() === 0,
      holiday,
      start,
      windowStart: new Date(start - 7_200_000).toISOString(),
      windowEnd: new Date(start + 15 * 3_600_000).toISOString(),
    });
  }
  return days;
}

function fill(sqlite: SQLite.Database, year: number, nowMs: number): { days: number; punches: number } {
  const random = prng(11);
  // The order the directory was written in (codes are zero-padded): the draws below follow it.
  const employees = sqlite.prepare('select id, terminal_user_id from employee order by code').all() as { id: string; terminal_user_id: number }[];
  const shift = (sqlite.prepare('select id from shift where is_default = 1').get() as { id: string }).id;
  const now = new Date(nowMs).toISOString();
  const insertDay = sqlite.prepare(
    `insert into attendance_day (employee_id, date, shift_id, status, provisional, frozen, worked_minutes, ot_minutes, late_minutes, early_minutes,
       first_in, last_out, punch_count, present_days, leave_days, lop_days, holiday_name, leave_code, reasons, window_start, window_end, dirty, computed_at)
     values (?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?, 0, ?)`,
  );
  const calendar = calendarOf(year);
  let days = 0;
  batched(sqlite, (row) => {
    for (const e of employees) {
      for (const c of calendar) {
        const r = random();
        let status = 'Present';
        let worked = 480 + Math.floor(random() * 60);
        let ot = r > 0.9 ? 30 * Math.floor(random() * 5) : 0;
        let late = r < 0.1 ? 11 + Math.floor(random() * 50) : 0;
        const early = r > 0.96 ? 15 + Math.floor(random() * 40) : 0;
        let present = 1;
        let leave = 0;
        let lop = 0;
        if (c.off) {
          if (r < 0.03) {
            status = c.holiday ? 'WorkedOnHoliday' : 'WorkedOnWeeklyOff';
            ot = worked;
          } else {
            status = c.holiday ? 'Holiday' : 'WeeklyOff';
            worked = 0;
            ot = 0;
          }
          late = 0;
          present = 0;
        } else if (r > 0.97) {
          status = 'Absent';
          worked = 0;
          ot = 0;
          late = 0;
          present = 0;
          lop = 1;
        } else if (r > 0.94) {
          status = 'OnLeave';
          worked = 0;
          ot = 0;
          late = 0;
          present = 0;
          leave = 1;
        } else if (r > 0.925) {
          status = 'HalfDay';
          worked = 260;
          present = 0.5;
          lop = 0.5;
        } else if (r > 0.915) {
          status = 'MissingPunch';
          present = 0;
        }
        insertDay.run(
          e.id, c.date, shift, status, worked, ot, late, early,
          worked ? new Date(c.start + late * 60_000).toISOString() : null, worked ? new Date(c.start + worked * 60_000).toISOString() : null,
          worked ? 2 : 0, present, leave, lop, c.holiday, leave ? 'CL' : null, c.windowStart, c.windowEnd, now,
        );
        days++;
        row();
      }
    }
  });

  // Leave: types, this year's ledger (grants, accruals, use, year end) and the leave days behind the use.
  const types = ['CL', 'SL', 'EL'].map((code, i) => {
    const id = newId();
    sqlite
      .prepare(
        `insert into leave_type (id, code, name, color_tone, paid, half_day_allowed, hr_approval, hr_approval_above_days, notice_days, backdate_days, max_consecutive_days,
          documents_above_days, min_service_days, eligible_gender, sandwich, allow_negative, active, accrual, annual_days, monthly_days, prorate_joiners, carry_forward_cap,
          encashable, credit_expiry_days, accrual_from, sort_order, created_at, updated_at)
         values (?, ?, ?, 'accent', 1, 1, 'never', null, 0, 7, null, null, null, null, 'none', 0, 1, 'annual', 12, 0, 1, 0, 0, null, ?, ?, ?, ?)`,
      )
      .run(id, code, `${code} leave`, `${year}-04-01`, i, now, now);
    return { id, code };
  });
  const ledger = sqlite.prepare(
    `insert into leave_ledger (id, employee_id, leave_type_id, kind, days, effective_date, reason, request_id, period_key, expires_on, actor_name, actor_employee_id, created_at)
     values (?, ?, ?, ?, ?, ?, 'bench', ?, null, null, 'Bench', null, ?)`,
  );
  const request = sqlite.prepare(
    `insert into leave_request (id, employee_id, leave_type_id, from_date, to_date, duration, working_days, reason, backup_employee_id, status, requires_hr_approval,
      documents_required, manager_decision_by, manager_decided_at, manager_note, manager_stage_by_hr, hr_decision_by, hr_decided_at, hr_note, decision_note, closure,
      closed_by_name, closed_at, balance_after, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'FullDay', 1, 'bench', null, 'Approved', 0, 0, null, null, null, 0, null, null, null, null, null, null, null, 0, ?, ?)`,
  );
  const leaveDay = sqlite.prepare("insert into leave_day (request_id, employee_id, date, portion, counted, approved) values (?, ?, ?, 'FullDay', 1, 1)");
  const regularization = sqlite.prepare(
    `insert into regularization (id, employee_id, date, kind, status, reason, punches, supersedes, requires_hr, manager_decided_by, manager_decided_by_name,
      manager_decided_at, hr_decided_by, hr_decided_by_name, hr_decided_at, decision_note, created_by_name, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'bench', '[]', '[]', 0, null, 'Bench', ?, null, null, null, null, 'Bench', ?, ?)`,
  );
  const kinds = ['MissingPunchIn', 'MissingPunchOut', 'ManualEntry', 'OffZone'];
  batched(sqlite, (row) => {
    for (const e of employees) {
      for (const t of types) {
        ledger.run(newId(), e.id, t.id, 'grant', 12, `${year}-04-01`, null, now);
        ledger.run(newId(), e.id, t.id, 'lapse', -3, `${year + 1}-03-31`, null, now);
      }
      const taken = new Set<string>();
      for (let k = 0; k < 8; k++) {
        let d: string;
        do d = isoDay(Date.UTC(year, 3 + Math.floor(random() * 9), 1 + Math.floor(random() * 28)));
        while (taken.has(d));
        taken.add(d);
        const t = types[k % types.length] ?? types[0];
        if (!t) continue;
        const id = newId();
        request.run(id, e.id, t.id, d, d, `${d}T04:00:00.000Z`, now);
        leaveDay.run(id, e.id, d);
        ledger.run(newId(), e.id, t.id, 'usage', -1, d, id, now);
      }
      for (let k = 0; k < 3; k++) {
        const d = isoDay(Date.UTC(year, Math.floor(random() * 12), 1 + Math.floor(random() * 28)));
        const created = `${d}T05:00:00.000Z`;
        const decided = new Date(Date.parse(created) + Math.floor(random() * 72) * 3_600_000).toISOString();
        const status = random() < 0.8 ? 'Approved' : random() < 0.5 ? 'Rejected' : 'AwaitingManager';
        regularization.run(newId(), e.id, d, kinds[k % kinds.length], status, status === 'AwaitingManager' ? null : decided, created, decided);
      }
      row();
    }
  });

  // Two terminals with contact every ten minutes of the year, and the last days' punches through them.
  const terminals = [newId(), newId()];
  for (const [i, id] of terminals.entries()) {
    sqlite
      .prepare(
        `insert into terminal (id, serial, terminal_type, machine_number, name, location_id, protocol, comm_key, poll_seconds, enabled, direction_policy,
          offline_after_minutes, last_contact_at, synced_until, clock_skew_seconds, created_at, updated_at)
         values (?, ?, 'zk', 1, ?, null, 'zk-tcp', 0, 30, 1, 'by-state', 15, ?, ?, 3, ?, ?)`,
      )
      .run(id, `BENCH-T${i}`, `Bench gate ${i + 1}`, now, now, `${year}-01-01T00:00:00.000Z`, now);
  }
  const slot = sqlite.prepare('insert into terminal_contact_slot (terminal_id, slot) values (?, ?)');
  batched(sqlite, (row) => {
    const from = Math.floor(Date.parse(`${year}-01-01T00:00:00Z`) / 600_000);
    const to = Math.floor(nowMs / 600_000);
    for (const t of terminals) {
      for (let s = from; s <= to; s++) {
        if (random() > 0.01) {
          slot.run(t, s);
          row();
        }
      }
    }
  });
  const punch = sqlite.prepare(
    `insert into punch (id, employee_id, source, terminal_id, terminal_serial, terminal_user_id, trans_id, at, utc_offset_minutes, local_date, local_time, attend_stat, flags, created_at)
     values (?, ?, 'terminal', ?, ?, ?, null, ?, 330, ?, '09:00:00', ?, '', ?)`,
  );
  let punches = 0;
  batched(sqlite, (row) => {
    for (let back = PUNCH_DAYS - 1; back >= 1; back--) {
      const date = isoDay(nowMs - back * DAY_MS);
      for (const [i, e] of employees.entries()) {
        if (random() < 0.05) continue;
        const t = terminals[i % 2] ?? '';
        const start = zonedInstant(date, 9 * 60 + Math.floor(random() * 40), TZ);
        for (const [k, at] of [start, start + 9 * 3_600_000].entries()) {
          punch.run(newId(), e.id, t, `BENCH-T${i % 2}`, e.terminal_user_id, new Date(at).toISOString(), date, k ? '1' : '0', now);
          punches++;
          row();
        }
      }
    }
  });
  return { days, punches };
}
