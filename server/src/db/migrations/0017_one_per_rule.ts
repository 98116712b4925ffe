import { randomUUID } from 'node:crypto';
import { type Kysely, type SqlBool, sql } from 'kysely';

/**
 * "One" rules the database now enforces itself, so that two connections (two server instances on
 * one SQLite file, or PostgreSQL at any isolation) cannot both pass the application's read-only
 * check and write the same thing twice. The application check stays: it gives the detailed 409;
 * the constraint is the backstop, mapped to the same 409 (db/unique.ts).
 *
 * Walked through migrations 0001–0016 and the domain docs, rule by rule:
 * - Leave: one live leave day per employee, date and half. `leave_day` holds only the days of
 *   pending or approved requests (a rejected, withdrawn or cancelled request's rows are deleted,
 *   never flagged), so every row is live and no `where status` is needed. The overlap rule
 *   (leave/apply-checks.ts) lets a first half and a second half share a date and nothing else; two
 *   partial unique indexes say exactly that: (employee, date) once among FullDay+FirstHalf rows
 *   and once among FullDay+SecondHalf rows. CONSTRAINED here (leave_day_first_half_uq,
 *   leave_day_second_half_uq).
 * - Shift roster: one assignment per employee starting on a given day ("409 when an entry already
 *   starts on or after that day", attendance/policy/roster.ts). CONSTRAINED here
 *   (shift_assignment_start_uq).
 * - Attendance day per employee and date: already the primary key (attendance_day_pk, 0002).
 * - Balance: credits once per employee, type and period: leave_ledger_period_uq (0003). Balances
 *   are sums of the ledger, there is no balance row to duplicate.
 * - Attendance policy per location: location_policy's primary key (0002); one settings row: fixed id.
 * - Terminal user id per terminal: terminal_raw_user_number_uq / terminal_raw_user_uq (0004);
 *   per organisation: employee_terminal_user_uq (0001); enrolments: terminal_enrolment_uq (0002).
 * - Punches once per terminal transaction: punch_trans_uq, punch_natural_uq (0002).
 * - One compliance filing per register period and location: compliance_filing_period_uq (0010).
 * - Holiday opt-in once per employee and holiday: holiday_opt_in_pk (0002).
 * - One document version per slot: employee_document_version_uq (0009).
 * - Webhook deliveries: NOT one per event and endpoint — a redelivery is a new row for the same
 *   pair by design (outbox/log.ts), so nothing to constrain.
 * - Open regularizations per employee-day: no rule says "one" (several corrections of one day may
 *   wait together, each for its own punches), so nothing to constrain.
 *
 * Existing databases: before this migration the only writer of leave_day checked overlaps inside
 * a SQLite `begin immediate` transaction, so clashing days are not expected; a database written
 * some other way may still hold some. They are resolved deterministically first: per employee and
 * date the days of the earliest request (created_at, then id) stay, a later request's clashing day
 * row goes (its request, ledger and balance stay as they are; the day is still covered by the
 * earlier request), with an audit entry on the employee naming the request and date. A duplicated
 * roster start keeps the earliest created row. Both written with kysely's builder (both engines).
 */

interface DayRow {
  request_id: string;
  employee_id: string;
  date: string;
  portion: string;
}

const clashes = (a: string, b: string) => a === 'FullDay' || b === 'FullDay' || a === b;

async function resolveLeaveDayClashes(db: Kysely<any>): Promise<void> {
  const rows = (await db
    .selectFrom('leave_day as d')
    .innerJoin('leave_request as r', 'r.id', 'd.request_id')
    .select(['d.request_id', 'd.employee_id', 'd.date', 'd.portion'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('leave_day as o')
          .select('o.date')
          .whereRef('o.employee_id', '=', 'd.employee_id')
          .whereRef('o.date', '=', 'd.date')
          .whereRef('o.request_id', '<>', 'd.request_id'),
      ),
    )
    .orderBy('d.employee_id')
    .orderBy('d.date')
    .orderBy('r.created_at')
    .orderBy('d.request_id')
    .execute()) as DayRow[];
  const kept = new Map<string, DayRow[]>();
  const dropped: DayRow[] = [];
  for (const row of rows) {
    const key = `${row.employee_id}|${row.date}`;
    const day = kept.get(key) ?? [];
    if (day.some((k) => clashes(k.portion, row.portion))) dropped.push(row);
    else kept.set(key, [...day, row]);
  }
  const at = new Date().toISOString();
  for (const row of dropped) {
    await db.deleteFrom('leave_day').where('request_id', '=', row.request_id).where('date', '=', row.date).execute();
    await db
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        employee_id: row.employee_id,
        category: 'Leave',
        action: 'leave.day-deduplicated',
        summary: `Leave day ${row.date} of request ${row.request_id} dropped from the day index: it clashed with an earlier request on the same day (migration 0017)`,
        actor_user_id: null,
        actor_employee_id: null,
        actor_name: 'System',
        source: 'system',
        changes: JSON.stringify([{ field: `leaveDay.${row.date}`, before: row.portion, after: null }]),
        at,
      })
      .execute();
  }
}

async function resolveRosterClashes(db: Kysely<any>): Promise<void> {
  const rows = (await db
    .selectFrom('shift_assignment as a')
    .select(['a.id', 'a.employee_id', 'a.effective_from'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('shift_assignment as o')
          .select('o.id')
          .whereRef('o.employee_id', '=', 'a.employee_id')
          .whereRef('o.effective_from', '=', 'a.effective_from')
          .whereRef('o.id', '<>', 'a.id'),
      ),
    )
    .orderBy('a.employee_id')
    .orderBy('a.effective_from')
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute()) as { id: string; employee_id: string; effective_from: string }[];
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.employee_id}|${row.effective_from}`;
    if (seen.has(key)) await db.deleteFrom('shift_assignment').where('id', '=', row.id).execute();
    else seen.add(key);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await resolveLeaveDayClashes(db);
  await db.schema
    .createIndex('leave_day_first_half_uq')
    .unique()
    .on('leave_day')
    .columns(['employee_id', 'date'])
    .where(sql<SqlBool>`portion in ('FullDay', 'FirstHalf')`)
    .execute();
  await db.schema
    .createIndex('leave_day_second_half_uq')
    .unique()
    .on('leave_day')
    .columns(['employee_id', 'date'])
    .where(sql<SqlBool>`portion in ('FullDay', 'SecondHalf')`)
    .execute();

  await resolveRosterClashes(db);
  await db.schema.createIndex('shift_assignment_start_uq').unique().on('shift_assignment').columns(['employee_id', 'effective_from']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('shift_assignment_start_uq').execute();
  await db.schema.dropIndex('leave_day_second_half_uq').execute();
  await db.schema.dropIndex('leave_day_first_half_uq').execute();
}
