import { fixedClock } from '../../server/src/clock.ts';
import type { AttendanceDayTable } from '../../server/src/db/schema.ts';
import { newId } from '../../server/src/ids.ts';
import type { Client } from './client.ts';
import { startServer, type TestServer } from './server.ts';

/**
 * A small fixture organisation for report figures computed by hand: a
 * department and a location of their own on a copy of the demo, a clock in
 * 2031 (no demo history reaches it), and stored days, ledger entries,
 * regularizations, a terminal and its contact slots written as fixture rows
 * (reports read what is stored; they never reconcile).
 *
 * People (department "Fixture Works"):
 * - FM, the fixture manager (a Manager login), joined 2020-03-11;
 * - A, B, X and Y report to FM; C does not (outside FM's line);
 * - X joined 2031-02-10; Y left on 2031-02-20.
 */

export const NOW = '2031-03-12T12:00:00.000Z'; // Wednesday 12 March 2031, 17:30 IST
export const TODAY = '2031-03-12';
export const MANAGER_PASSWORD = 'fixture-manager-1';

export interface Person {
  id: string;
  code: string;
}

export interface ReportWorld {
  server: TestServer;
  hr: Client;
  admin: Client;
  manager: Client;
  employee: Client;
  departmentId: string;
  locationId: string;
  terminalId: string;
  people: { FM: Person; A: Person; B: Person; C: Person; X: Person; Y: Person };
}

type DayInput = Partial<Pick<AttendanceDayTable, 'worked_minutes' | 'ot_minutes' | 'late_minutes' | 'early_minutes' | 'holiday_name' | 'first_in' | 'last_out'>>;

const FIGURES: Record<string, Pick<AttendanceDayTable, 'present_days' | 'leave_days' | 'lop_days'>> = {
  Present: { present_days: 1, leave_days: 0, lop_days: 0 },
  HalfDay: { present_days: 0.5, leave_days: 0, lop_days: 0.5 },
  Absent: { present_days: 0, leave_days: 0, lop_days: 1 },
  OnLeave: { present_days: 0, leave_days: 1, lop_days: 0 },
};

function day(employeeId: string, shiftId: string, date: string, status: string, input: DayInput = {}): AttendanceDayTable {
  const figures = FIGURES[status] ?? { present_days: 0, leave_days: 0, lop_days: 0 };
  return {
    employee_id: employeeId,
    date,
    shift_id: shiftId,
    status,
    provisional: 0,
    frozen: 0,
    worked_minutes: input.worked_minutes ?? 0,
    ot_minutes: input.ot_minutes ?? 0,
    late_minutes: input.late_minutes ?? 0,
    early_minutes: input.early_minutes ?? 0,
    first_in: input.first_in ?? null,
    last_out: input.last_out ?? null,
    punch_count: input.worked_minutes ? 2 : 0,
    ...figures,
    holiday_name: input.holiday_name ?? null,
    leave_code: status === 'OnLeave' ? 'SL' : null,
    reasons: '[]',
    window_start: `${date}T00:00:00.000Z`,
    window_end: `${date}T23:59:00.000Z`,
    override_worked_minutes: null,
    override_ot_minutes: null,
    override_reason: null,
    dirty: 0,
    computed_at: NOW,
  };
}

async function ok<T = any>(res: Promise<{ status: number; body: T; text: string }>, what: string): Promise<T> {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

export async function startReportWorld(): Promise<ReportWorld> {
  const clock = fixedClock(NOW);
  const server = await startServer({ clock });
  const db = server.deps.db;
  const [hr, admin] = await Promise.all([server.login('hr@kaveri.example'), server.login('admin@kaveri.example')]);
  const department = await ok(admin.post('/api/departments', { name: 'Fixture Works' }), 'department');
  const location = await ok(admin.post('/api/locations', { name: 'Fixture Site' }), 'location');
  const departmentId = department.id as string;
  const locationId = location.id as string;
  const create = async (code: string, name: string, joinedDate: string, managerId: string | null, extra: Record<string, unknown> = {}): Promise<Person> => {
    const body = await ok(hr.post('/api/employees', { code, fullName: name, joinedDate, departmentId, locationId, managerId, email: `${code.toLowerCase()}@fixture.example`, ...extra }), `employee ${code}`);
    return { id: body.id, code: body.code };
  };
  const FM = await create('FXM', 'Farah Manager', '2020-03-11', null);
  const A = await create('FXA', 'Arun Alpha', '2025-06-01', FM.id);
  const B = await create('FXB', 'Bina Beta', '2030-12-15', FM.id, { dateOfBirth: '1990-03-13' });
  const C = await create('FXC', 'Chetan Gamma', '2028-07-01', null);
  const X = await create('FXX', 'Xavier Joiner', '2031-02-10', FM.id);
  const Y = await create('FXY', 'Yamini Leaver', '2029-03-01', FM.id);
  await db.updateTable('employee').set({ status: 'Exited', exit_date: '2031-02-20', exit_reason: 'Resigned' }).where('id', '=', Y.id).execute();
  await ok(admin.post('/api/users', { employeeId: FM.id, email: 'fxm@fixture.example', password: MANAGER_PASSWORD, roles: ['Manager'] }), 'manager login');
  await ok(admin.post('/api/users', { employeeId: A.id, email: 'fxa@fixture.example', password: MANAGER_PASSWORD, roles: ['Employee'] }), 'employee login');
  const [manager, employee] = await Promise.all([server.login('fxm@fixture.example', MANAGER_PASSWORD), server.login('fxa@fixture.example', MANAGER_PASSWORD)]);

  const shifts = await db.selectFrom('shift').select(['id', 'name']).execute();
  const morning = shifts.find((s) => s.name === 'Morning')?.id ?? ''; // overtime capped at 4 h a day
  const general = shifts.find((s) => s.name === 'General')?.id ?? ''; // no overtime cap, full day 7 h, half 4 h

  // February 2031: Saturday the 1st, so the 3rd and 10th are Mondays.
  const days: AttendanceDayTable[] = [
    day(A.id, morning, '2031-02-03', 'Present', { worked_minutes: 480, ot_minutes: 30, late_minutes: 15 }),
    day(A.id, morning, '2031-02-04', 'Present', { worked_minutes: 470 }),
    day(A.id, morning, '2031-02-05', 'Absent'),
    day(A.id, morning, '2031-02-06', 'Absent'),
    day(A.id, morning, '2031-02-07', 'Present', { worked_minutes: 460, early_minutes: 20 }),
    day(A.id, morning, '2031-02-08', 'WeeklyOff'),
    day(A.id, morning, '2031-02-09', 'WorkedOnWeeklyOff', { worked_minutes: 300, ot_minutes: 240, first_in: '2031-02-09T03:30:00.000Z', last_out: '2031-02-09T08:30:00.000Z' }),
    day(A.id, morning, '2031-02-10', 'HalfDay', { worked_minutes: 250, late_minutes: 40 }),
    day(A.id, morning, '2031-02-11', 'OnLeave'),
    day(A.id, morning, '2031-02-12', 'Absent'),
    day(A.id, morning, '2031-02-13', 'Present', { worked_minutes: 500, ot_minutes: 240, late_minutes: 5 }),
    day(B.id, general, '2031-02-03', 'Present', { worked_minutes: 480, late_minutes: 25 }),
    day(B.id, general, '2031-02-04', 'MissingPunch'),
    day(B.id, general, '2031-02-05', 'Present', { worked_minutes: 480, early_minutes: 45 }),
    day(B.id, general, '2031-02-06', 'Holiday', { holiday_name: 'Fixture Day' }),
    day(B.id, general, '2031-02-07', 'WorkedOnHoliday', { worked_minutes: 420, holiday_name: 'Founders Day', first_in: '2031-02-07T04:00:00.000Z', last_out: '2031-02-07T11:00:00.000Z' }),
    day(B.id, general, '2031-02-10', 'Present', { worked_minutes: 480, ot_minutes: 60 }),
    day(C.id, general, '2031-02-03', 'Present', { worked_minutes: 480, late_minutes: 90 }),
    day(C.id, general, '2031-02-04', 'Absent'),
    day(C.id, general, '2031-02-05', 'WorkedOnWeeklyOff', { worked_minutes: 200, first_in: '2031-02-05T05:00:00.000Z', last_out: '2031-02-05T08:20:00.000Z' }),
    day(Y.id, general, '2031-02-03', 'Present', { worked_minutes: 480 }),
    day(X.id, general, '2031-02-10', 'Present', { worked_minutes: 480, late_minutes: 10 }),
  ];
  await db.insertInto('attendance_day').values(days).execute();

  // Leave: A's sick day on 11 Feb, applied for the day after (unplanned); upcoming leave for the dashboard.
  const types = new Map((await db.selectFrom('leave_type').select(['id', 'code']).execute()).map((t) => [t.code, t.id]));
  const request = async (employeeId: string, code: string, from: string, to: string, status: string, createdAt: string, dates: string[]) => {
    const id = newId();
    await db
      .insertInto('leave_request')
      .values({
        id,
        employee_id: employeeId,
        leave_type_id: types.get(code) ?? '',
        from_date: from,
        to_date: to,
        duration: 'FullDay',
        working_days: dates.length,
        reason: 'Fixture',
        backup_employee_id: null,
        status,
        requires_hr_approval: 0 as const,
        documents_required: 0 as const,
        manager_decision_by: status === 'Approved' ? FM.id : null,
        manager_decided_at: status === 'Approved' ? createdAt : null,
        manager_note: null,
        manager_stage_by_hr: 0 as const,
        hr_decision_by: null,
        hr_decided_at: null,
        hr_note: null,
        decision_note: null,
        closure: null,
        closed_by_name: null,
        closed_at: null,
        balance_after: 0,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
    await db
      .insertInto('leave_day')
      .values(dates.map((date) => ({ request_id: id, employee_id: employeeId, date, portion: 'FullDay', counted: 1 as const, approved: status === 'Approved' ? (1 as const) : (0 as const) })))
      .execute();
  };
  await request(A.id, 'SL', '2031-02-11', '2031-02-11', 'Approved', '2031-02-12T05:00:00.000Z', ['2031-02-11']);
  await request(A.id, 'CL', '2030-06-10', '2030-06-11', 'Approved', '2030-06-01T05:00:00.000Z', ['2030-06-10', '2030-06-11']);
  await request(A.id, 'CL', '2031-03-17', '2031-03-18', 'Approved', '2031-03-01T05:00:00.000Z', ['2031-03-17', '2031-03-18']);
  await request(B.id, 'CL', '2031-03-18', '2031-03-18', 'PendingManager', '2031-03-10T05:00:00.000Z', ['2031-03-18']);

  // Ledger for FY 2030-31 (April 2030 to March 2031).
  const ledger = (employeeId: string, code: string, kind: string, days: number, effective: string) => ({
    id: newId(),
    employee_id: employeeId,
    leave_type_id: types.get(code) ?? '',
    kind,
    days,
    effective_date: effective,
    reason: `Fixture ${kind}`,
    request_id: null,
    period_key: null,
    expires_on: null,
    actor_name: 'Fixture',
    actor_employee_id: null,
    created_at: NOW,
  });
  await db
    .insertInto('leave_ledger')
    .values([
      ledger(A.id, 'CL', 'grant', 12, '2030-04-01'),
      ledger(A.id, 'CL', 'usage', -2, '2030-06-10'),
      ledger(A.id, 'CL', 'adjustment', 0.5, '2030-09-01'),
      ledger(A.id, 'CL', 'lapse', -10.5, '2031-03-31'),
      ledger(A.id, 'EL', 'accrual', 5, '2029-04-01'),
      ledger(A.id, 'EL', 'carry_forward', -5, '2030-03-31'),
      ledger(A.id, 'EL', 'carry_forward', 5, '2030-04-01'),
      ledger(A.id, 'EL', 'accrual', 1.25, '2030-04-01'),
      ledger(A.id, 'EL', 'accrual', 1.25, '2030-05-01'),
      ledger(A.id, 'EL', 'usage', -3, '2030-08-05'),
      ledger(A.id, 'EL', 'encashment', -1, '2031-03-31'),
      ledger(A.id, 'EL', 'carry_forward', -2.5, '2031-03-31'),
      ledger(B.id, 'CO', 'adjustment', 1, '2031-02-15'),
    ])
    .execute();

  // Regularizations of February: decided in 6 h and 2 h (approved), 48 h (rejected), one waiting.
  const reg = (employeeId: string, date: string, kind: string, status: string, createdAt: string, decidedAt: string | null) => ({
    id: newId(),
    employee_id: employeeId,
    date,
    kind,
    status,
    reason: 'Fixture',
    punches: '[]',
    supersedes: '[]',
    requires_hr: 0 as const,
    manager_decided_by: null,
    manager_decided_by_name: decidedAt ? 'Farah Manager' : null,
    manager_decided_at: decidedAt,
    hr_decided_by: null,
    hr_decided_by_name: null,
    hr_decided_at: null,
    decision_note: status === 'Rejected' ? 'No' : null,
    created_by_name: 'Fixture',
    created_at: createdAt,
    updated_at: decidedAt ?? createdAt,
  });
  await db
    .insertInto('regularization')
    .values([
      reg(A.id, '2031-02-04', 'MissingPunchOut', 'Approved', '2031-02-05T04:00:00.000Z', '2031-02-05T10:00:00.000Z'),
      reg(A.id, '2031-02-13', 'MissingPunchOut', 'Approved', '2031-02-14T04:00:00.000Z', '2031-02-14T06:00:00.000Z'),
      reg(B.id, '2031-02-04', 'MissingPunchIn', 'Rejected', '2031-02-06T04:00:00.000Z', '2031-02-08T04:00:00.000Z'),
      reg(B.id, '2031-02-05', 'ManualEntry', 'AwaitingManager', '2031-02-06T05:00:00.000Z', null),
      reg(C.id, '2031-02-03', 'OffZone', 'Approved', '2031-02-03T04:00:00.000Z', '2031-02-03T05:00:00.000Z'),
    ])
    .execute();

  // A terminal at the fixture site, reached every ten minutes of the last week but for one day (6 March, IST).
  const terminalId = newId();
  await db
    .insertInto('terminal')
    .values({
      id: terminalId,
      serial: 'FIXTURE-T1',
      terminal_type: 'zk',
      machine_number: 1,
      device_uid: null,
      name: 'Fixture gate',
      location_id: locationId,
      protocol: 'zk-tcp',
      host: '127.0.0.9',
      port: 4370,
      serial_path: null,
      baud_rate: null,
      comm_key: 0,
      time_zone: null,
      poll_seconds: 30,
      enabled: 1 as const,
      direction_policy: 'by-state',
      offline_after_minutes: 15,
      firmware_notes: null,
      last_contact_at: '2031-03-12T11:55:00.000Z',
      last_punch_at: '2031-03-11T04:00:00.000Z',
      clock_skew_seconds: 42,
      connector_state: 'online',
      connector_backlog: 3,
      connector_dead_letters: 1,
      connector_detail: null,
      connector_state_since: null,
      offline_notified_at: null,
      synced_until: '2031-03-12T11:00:00.000Z',
      created_at: '2031-01-01T00:00:00.000Z',
      updated_at: NOW,
    })
    .execute();
  const slots = uptimeSlots();
  for (let i = 0; i < slots.reached.length; i += 1000) {
    await db.insertInto('terminal_contact_slot').values(slots.reached.slice(i, i + 1000).map((slot) => ({ terminal_id: terminalId, slot }))).execute();
  }
  const punch = (employeeId: string | null, at: string, localDate: string) => ({
    id: newId(),
    employee_id: employeeId,
    source: 'terminal',
    terminal_id: terminalId,
    terminal_serial: 'FIXTURE-T1',
    terminal_user_id: employeeId ? null : 99_001,
    trans_id: null,
    at,
    utc_offset_minutes: 330,
    local_date: localDate,
    local_time: '09:00:00',
    attend_stat: '0',
    verify_mode: 'fingerprint',
    direction: null,
    photo_path: null,
    geo_lat: null,
    geo_lng: null,
    geo_accuracy: null,
    flags: '',
    supersedes_id: null,
    regularization_id: null,
    note: null,
    created_by_name: null,
    created_at: at,
  });
  await db
    .insertInto('punch')
    .values([
      punch(A.id, '2031-03-10T03:30:00.000Z', '2031-03-10'),
      punch(B.id, '2031-03-10T03:40:00.000Z', '2031-03-10'),
      punch(X.id, '2031-03-10T03:50:00.000Z', '2031-03-10'),
      punch(A.id, '2031-03-11T03:30:00.000Z', '2031-03-11'),
      punch(null, '2031-03-11T03:35:00.000Z', '2031-03-11'),
    ])
    .execute();

  return { server, hr, admin, manager, employee, departmentId, locationId, terminalId, people: { FM, A, B, C, X, Y } };
}

/**
 * The fixture terminal's ten-minute slots over the last seven days (from
 * 6 March 00:00 IST to now): every one reached but those of 6 March (IST).
 */
export function uptimeSlots(): { from: number; now: number; reached: number[]; outage: number } {
  const SLOT = 600_000;
  const from = Math.floor(Date.parse('2031-03-05T18:30:00.000Z') / SLOT); // 6 March 00:00 IST
  const now = Math.floor(Date.parse(NOW) / SLOT);
  const outageEnd = Math.floor(Date.parse('2031-03-06T18:30:00.000Z') / SLOT); // 7 March 00:00 IST
  const reached: number[] = [];
  for (let s = from; s <= now; s++) if (s >= outageEnd) reached.push(s);
  return { from, now, reached, outage: outageEnd - from };
}
