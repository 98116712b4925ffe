import fs from 'node:fs';
import { addDays, dayInZone, weekdayOf } from '../../shared/dates.ts';
import { LeaveTypeCreate } from '../../shared/leave/index.ts';
import { permissionsOf } from '../../shared/permissions.ts';
import { systemClock } from '../../server/src/clock.ts';
import { type Ctx, callerFor, systemCaller } from '../../server/src/context.ts';
import { type Database, statementsRun } from '../../server/src/db/database.ts';
import type { LeaveDayTable, LeaveRequestTable } from '../../server/src/db/schema.ts';
import { newId } from '../../server/src/ids.ts';
import { leaveYearStart } from '../../server/src/modules/leave/accrual.ts';
import { INDIAN_DEFAULT_LEAVE_TYPES } from '../../server/src/modules/leave/defaults.ts';
import { createLeaveType, listLeaveRequests, runLeaveLedger } from '../../server/src/modules/leave/index.ts';
import { LeaveListQuery } from '../../shared/leave/index.ts';
import { moduleLinks } from '../../server/src/wiring.ts';
import { prng } from '../../shared/prng.ts';
import { BENCH_SECONDS, prepareDataDir, printTable, type Row } from './harness.ts';

/**
 * How the leave list grows with the organisation (issue 18): in-process, a
 * page computed by the use case (never the answer cache) for an HR admin at
 * 150, 1,500 and 15,000 employees, each with a year of leave (about eight
 * requests a person, 1–3 days, mostly approved, some pending): walking the
 * pages of one list, and a new filter on every call (the total and pending
 * counts computed each time). Target: the 15,000 figure at most 3× the 1,500
 * one. `LEAVE_GROWTH_SIZES=150,1500` picks the sizes.
 */

const ZONE = 'Asia/Kolkata';
const PER_PERSON = 8;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

async function seedYearOfLeave(db: Database): Promise<{ admin: string }> {
  const ctx: Ctx = { db, clock: systemClock, caller: systemCaller(), timeZone: ZONE, links: moduleLinks };
  const today = dayInZone(new Date(), ZONE);
  for (const t of INDIAN_DEFAULT_LEAVE_TYPES) {
    await createLeaveType(ctx, LeaveTypeCreate.parse({ ...t, policy: { ...t.policy, accrualFrom: leaveYearStart(today, 4) } }));
  }
  // Credits for everyone: at 15,000 people this is the run that once overflowed the stack (spread push).
  await runLeaveLedger(ctx);
  const types = await db.selectFrom('leave_type').select(['id', 'code']).where('code', 'in', ['CL', 'SL', 'EL']).execute();
  const people = await db.selectFrom('employee').select(['id', 'manager_id']).where('status', '!=', 'Exited').orderBy('code').execute();
  const random = prng(18);
  const now = new Date().toISOString();
  const requests: LeaveRequestTable[] = [];
  const days: LeaveDayTable[] = [];
  for (const who of people.slice(1)) {
    const busy = new Set<string>();
    for (let n = 0; n < PER_PERSON; n++) {
      const type = types[Math.floor(random() * types.length)];
      if (!type) continue;
      let from = addDays(today, -Math.floor(random() * 365) - 1);
      while ([0, 6].includes(weekdayOf(from))) from = addDays(from, 1);
      const dates = Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => addDays(from, i));
      if (dates.some((d) => busy.has(d))) continue;
      for (const d of dates) busy.add(d);
      const r = random();
      const status = r < 0.85 ? 'Approved' : r < 0.95 ? 'Rejected' : 'PendingManager';
      const id = newId();
      const decided = status === 'PendingManager' ? null : `${addDays(from, -2)}T06:00:00.000Z`;
      requests.push({
        id,
        employee_id: who.id,
        leave_type_id: type.id,
        from_date: from,
        to_date: dates[dates.length - 1] ?? from,
        duration: 'FullDay',
        working_days: dates.length,
        reason: 'Personal work',
        backup_employee_id: null,
        status,
        requires_hr_approval: 0,
        documents_required: 0,
        manager_decision_by: decided ? who.manager_id : null,
        manager_decided_at: decided,
        manager_note: null,
        manager_stage_by_hr: 0,
        hr_decision_by: null,
        hr_decided_at: null,
        hr_note: null,
        decision_note: null,
        closure: null,
        closed_by_name: null,
        closed_at: null,
        balance_after: 5,
        created_at: `${addDays(from, -3)}T05:00:00.000Z`,
        updated_at: now,
      });
      if (status !== 'Rejected') for (const d of dates) days.push({ request_id: id, employee_id: who.id, date: d, portion: 'FullDay', counted: 1, approved: status === 'Approved' ? 1 : 0 });
    }
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < requests.length; i += 200) await trx.insertInto('leave_request').values(requests.slice(i, i + 200)).execute();
    for (let i = 0; i < days.length; i += 300) await trx.insertInto('leave_day').values(days.slice(i, i + 300)).execute();
  });
  return { admin: people[0]?.id ?? '' };
}

interface Figure {
  p50: number;
  p99: number;
  statements: number;
}

async function measureSize(size: number): Promise<{ pages: Figure; filters: Figure; requests: number; seedSeconds: number }> {
  const t0 = performance.now();
  const prepared = await prepareDataDir(size);
  try {
    const { admin } = await seedYearOfLeave(prepared.db);
    const seedSeconds = (performance.now() - t0) / 1000;
    const caller = callerFor({ kind: 'session', userId: null, employeeId: admin, name: 'Bench HR', roles: ['Admin', 'HR', 'Manager'], permissions: permissionsOf(['Admin', 'HR', 'Manager']), source: 'console' });
    const ctx: Ctx = { db: prepared.db, clock: systemClock, caller, timeZone: ZONE, links: moduleLinks };
    const total = Number((await prepared.db.selectFrom('leave_request').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    // Every call computes its page (the use case, not the answer cache), newest first, 50 a page: `pages` walks one
    // list (its total and pending counts are counted once, as when someone pages through it); `filters` asks a
    // new filter every time (requests ending on or after a different day), so the counts are computed each call.
    const run = async (query: (i: number) => LeaveListQuery) => {
      const times: number[] = [];
      let statements = 0;
      const until = performance.now() + BENCH_SECONDS * 1000;
      for (let i = 0; i < 20 || (performance.now() < until && i < 2000); i++) {
        const before = statementsRun(prepared.db);
        const s = performance.now();
        await listLeaveRequests(ctx, query(i));
        times.push(performance.now() - s);
        statements = Math.max(statements, statementsRun(prepared.db) - before);
      }
      const measured = times.slice(10);
      return { p50: percentile(measured, 50), p99: percentile(measured, 99), statements };
    };
    const today = dayInZone(new Date(), ZONE);
    const pages = await run((i) => LeaveListQuery.parse({ page: String((i % 40) + 1), pageSize: '50' }));
    const filters = await run((i) => LeaveListQuery.parse({ page: '1', pageSize: '50', from: addDays(today, -400 + (i % 390)) }));
    return { pages, filters, requests: total, seedSeconds };
  } finally {
    await prepared.close();
    fs.rmSync(prepared.dataDir, { recursive: true, force: true });
  }
}

export async function benchLeaveGrowth(): Promise<Row[]> {
  const sizes = (process.env.LEAVE_GROWTH_SIZES ?? '150,1500,15000').split(',').map(Number);
  const rows: Row[] = [];
  const figures = new Map<string, number>();
  for (const size of sizes) {
    const m = await measureSize(size);
    for (const kind of ['pages', 'filters'] as const) {
      const f = m[kind];
      figures.set(`${kind}${size}`, f.p50);
      const base = figures.get(`${kind}1500`);
      const ratio = size > 1500 && base ? f.p50 / base : null;
      rows.push({
        scenario: `${kind === 'pages' ? 'pages of one list' : 'a new filter each call'}, ${size.toLocaleString('en-IN')} employees (${m.requests.toLocaleString('en-IN')} requests)`,
        rps: 1000 / f.p50,
        p99: f.p99,
        baseRps: 0,
        baseP99: 0,
        target: size > 1500 ? '≤ 3× the 1,500 figure' : '≤ 8 statements',
        pass: f.statements <= 8 && (ratio === null || ratio <= 3),
        notes: `p50 ${f.p50.toFixed(1)} ms, ${f.statements} statements max${ratio === null ? '' : `, ${ratio.toFixed(2)}× the 1,500 figure`}, seeded in ${m.seedSeconds.toFixed(0)} s`,
      });
    }
  }
  printTable('Leave list growth (in-process, computed page of 50, HR admin; req/s = 1 / median)', rows);
  return rows;
}
