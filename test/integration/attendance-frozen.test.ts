import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleLinks } from '../../server/src/wiring.ts';
import { systemCaller, type Ctx } from '../../server/src/context.ts';
import type { AttendanceDayTable } from '../../server/src/db/schema.ts';
import { attendanceInputsChanged } from '../../server/src/modules/attendance/index.ts';
import { computeDay, loadInputs, reconcileInstants, reconcileRange, toDayRow } from '../../server/src/modules/attendance/days.ts';
import { closeDays, sweepDays } from '../../server/src/modules/attendance/jobs.ts';
import * as repo from '../../server/src/modules/attendance/repo/days.ts';
import { type World, NOW, TZ, ist, istInstant, punch, startWorld } from '../support/attendance.ts';

/**
 * Frozen days (spec §2.4, §3) at the level where they are handled: the pure
 * engine knows nothing of freezing, so `reconcileRange` and
 * `reconcileInstants` (days.ts) skip frozen days and `repo.upsertDays` refuses
 * to overwrite one. Every path that reconciles (a punch arriving, inputs
 * changed, a range, the nightly close and sweep) must leave a frozen row
 * exactly as it was, while recomputing its unfrozen neighbours.
 */

let w: World;
let e0: World['employees'][number];
let e1: World['employees'][number];
let ctx: Ctx;
const DAY = '2031-03-10'; // Monday
const FROZEN_AT = '2031-03-12T12:05:00.000Z';

const row = (employeeId: string, date = DAY) => repo.findDay(w.server.deps.db, employeeId, date) as Promise<AttendanceDayTable>;

beforeAll(async () => {
  w = await startWorld();
  [e0, e1] = w.employees as [typeof e0, typeof e1];
  ctx = { db: w.server.deps.db, clock: w.clock, caller: systemCaller(), timeZone: TZ, links: moduleLinks };
  // e0 works the Monday; e1 has nothing on it (Absent).
  expect((await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist(DAY, '09:25') })).status).toBe(200);
  expect((await punch(w.server, { terminalUserId: e0.terminalUserId, at: ist(DAY, '18:35') })).status).toBe(200);
  await reconcileRange(ctx, [e0.id, e1.id], '2031-03-09', '2031-03-11');
  expect(await row(e0.id)).toMatchObject({ status: 'Present', frozen: 0, punch_count: 2 });
  expect(await row(e1.id)).toMatchObject({ status: 'Absent', frozen: 0, punch_count: 0 });
  for (const e of [e0, e1]) {
    const res = await w.hr.patch(`/api/attendance/employee/${e.id}/day/${DAY}`, { reason: 'Month closed for payroll', frozen: true });
    expect(res.status).toBe(200);
    expect(res.body.frozen).toBe(true);
  }
});
afterAll(async () => w.server.close());

describe('a frozen day is never changed by reconciliation', () => {
  let e1Frozen: AttendanceDayTable;
  let e0Frozen: AttendanceDayTable;

  it('punches arriving for a frozen day are stored, but the day keeps every column', async () => {
    e0Frozen = await row(e0.id);
    e1Frozen = await row(e1.id);
    expect(e1Frozen).toMatchObject({ frozen: 1, status: 'Absent' });
    w.clock.set(FROZEN_AT); // a later computed_at would show any rewrite
    // Through ingest (recordPunch → reconcileInstants in the same transaction).
    expect((await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist(DAY, '09:30') })).status).toBe(200);
    expect((await punch(w.server, { terminalUserId: e1.terminalUserId, at: ist(DAY, '18:30') })).status).toBe(200);
    const stored = await w.server.deps.db.selectFrom('punch').select('id').where('employee_id', '=', e1.id).execute();
    expect(stored).toHaveLength(2);
    expect(await row(e1.id)).toEqual(e1Frozen);
    // And reconcileInstants called directly: it still names the owning shift day, but writes nothing for it.
    const owners = await reconcileInstants(ctx, [{ employeeId: e1.id, at: Date.parse(istInstant(DAY, '12:00')) }]);
    expect(owners).toEqual([DAY]);
    expect(await row(e1.id)).toEqual(e1Frozen);
  });

  it('the engine would change it: computing the day from its inputs gives Present, yet upsertDays will not write it', async () => {
    const inputs = await loadInputs({ db: w.server.deps.db, timeZone: TZ, links: moduleLinks }, [e1.id], DAY, DAY);
    const employee = inputs.directory.byId.get(e1.id);
    if (!employee) throw new Error('e1 not in the directory');
    const computed = computeDay(inputs, employee, DAY, w.clock.now().getTime());
    expect(computed.result).toMatchObject({ status: 'Present', workedMinutes: 480, punchCount: 2 });
    // The storage layer is the last guard: a reconciled row for a frozen day is not written.
    await repo.upsertDays(w.server.deps.db, [toDayRow(computed, FROZEN_AT)]);
    expect(await row(e1.id)).toEqual(e1Frozen);
  });

  it('reconcileRange skips frozen days (counted as kept) and recomputes their neighbours', async () => {
    const neighbourBefore = await row(e1.id, '2031-03-11');
    const summary = await reconcileRange(ctx, [e0.id, e1.id], '2031-03-09', '2031-03-11');
    expect(summary).toEqual({ written: 4, frozenKept: 2 });
    expect(await row(e0.id)).toEqual(e0Frozen);
    expect(await row(e1.id)).toEqual(e1Frozen);
    const neighbour = await row(e1.id, '2031-03-11');
    expect(neighbour.computed_at).toBe(FROZEN_AT);
    expect(neighbourBefore.computed_at).not.toBe(FROZEN_AT);
    // Every employee at once, the way a recompute or the nightly close runs it.
    const all = await reconcileRange(ctx, 'all', DAY, DAY);
    expect(all.frozenKept).toBe(2);
    expect(await row(e1.id)).toEqual(e1Frozen);
  });

  it('attendanceInputsChanged (leave, roster, regularization), the nightly close and the sweep keep it too', async () => {
    await attendanceInputsChanged(ctx, e1.id, '2031-03-01', '2031-03-12');
    expect(await row(e1.id)).toEqual(e1Frozen);
    // Mark the range dirty (as a policy change does; here the frozen rows too, which markDirty never does), then close and sweep.
    await w.server.deps.db.updateTable('attendance_day').set({ dirty: 1 }).where('date', '>=', '2031-03-09').where('date', '<=', '2031-03-11').execute();
    await closeDays(ctx, 5);
    await sweepDays(ctx);
    expect(await row(e1.id)).toEqual({ ...e1Frozen, dirty: 1 });
    expect(await row(e0.id)).toEqual({ ...e0Frozen, dirty: 1 });
    expect(await row(e1.id, '2031-03-11')).toMatchObject({ dirty: 0, computed_at: FROZEN_AT }); // the close and sweep did run over the range
    await w.server.deps.db.updateTable('attendance_day').set({ dirty: 0 }).where('frozen', '=', 1).execute();
  });

  it('unfreezing hands the day back: the next reconciliation recomputes it from its punches', async () => {
    await repo.updateDayOverride(w.server.deps.db, e1.id, DAY, { frozen: 0 });
    const summary = await reconcileRange(ctx, [e1.id], DAY, DAY);
    expect(summary).toEqual({ written: 1, frozenKept: 0 });
    expect(await row(e1.id)).toMatchObject({ frozen: 0, status: 'Present', worked_minutes: 480, punch_count: 2, computed_at: FROZEN_AT });
    // e0 stays frozen.
    expect(await row(e0.id)).toEqual(e0Frozen);
    w.clock.set(NOW);
  });
});
