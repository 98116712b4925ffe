import { addDays } from '../../../../shared/dates.ts';
import type { DemoSchedule, DemoShiftDay } from '../../../../shared/ingest.ts';
import type { Ctx } from '../../context.ts';
import { forbidden, notFound } from '../../http/problem.ts';
import { computeDay, dayOfInstant, loadInputs } from './days.ts';
import { directoryOf, employedOn, holidayOn, weeklyOffOn } from './policy-cache.ts';

/** Statuses of a working day nobody is expected at work (days off are skipped before the day is computed). */
const NOT_WORKING = new Set(['OnLeave', 'HalfDayLeave']);

/**
 * The demo terminals' timetable: from yesterday to three days ahead (the
 * organisation's days), every shift day a demo employee is expected at work —
 * employed, not on leave, not on a holiday or weekly off — with the shift's start
 * and end, where they are now by their punches, and the terminals of each
 * location. Read-only, for the connector (its secret) in demo mode only: the
 * emulated terminals punch people around their own shift at their own location.
 */
export async function demoSchedule(ctx: Ctx, input: { demo: boolean }): Promise<DemoSchedule> {
  if (ctx.caller.kind !== 'connector' && ctx.caller.kind !== 'system') throw forbidden('Only the connector reads the demo schedule.');
  if (!input.demo) throw notFound('The demo schedule exists only in demo mode (MUSTER_DEMO=1).');
  const now = ctx.clock.now().getTime();
  const today = dayOfInstant(now, ctx.timeZone);
  // Through three days ahead: on a Saturday a location off at weekends still has Monday planned, so
  // its terminal has a next punch (MUSTER_DEMO_PUNCH_SECONDS sends it early whatever the day).
  const days = [-1, 0, 1, 2, 3].map((n) => addDays(today, n));
  const directory = await directoryOf(ctx.db);
  const employees = directory.list.filter((e) => e.terminalUserId !== null);
  const inputs = await loadInputs(ctx, employees.map((e) => e.id), days[0] as string, days[days.length - 1] as string);
  const out: DemoShiftDay[] = [];
  for (const e of employees) {
    for (const day of days) {
      // Days off from the policy, not from the day's status: someone who came in on one is `Pending` (not
      // `WorkedOnWeeklyOff`) until the day is final, and was listed as expected at work.
      if (!employedOn(e, day) || weeklyOffOn(inputs.policy, e.locationId, day) || holidayOn(inputs.policy, e.id, e.locationId, day) !== null) continue;
      const c = computeDay(inputs, e, day, now);
      if (NOT_WORKING.has(c.result.status)) continue;
      const seen = c.punches.filter((p) => c.result.roles.get(p.id) !== 'bounce');
      const last = seen[seen.length - 1];
      const role = last ? c.result.roles.get(last.id) : undefined;
      const direction = role === 'in' || role === 'out' ? role : (last?.direction ?? 'in');
      out.push({
        terminalUserId: e.terminalUserId as number,
        locationId: e.locationId,
        day,
        shiftStart: new Date(c.occurrence.start).toISOString(),
        shiftEnd: new Date(c.occurrence.end).toISOString(),
        state: last ? direction : 'none',
      });
    }
  }
  return {
    timeZone: ctx.timeZone,
    now: new Date(now).toISOString(),
    terminals: [...inputs.policy.terminals.values()]
      .filter((t) => t.enabled && t.serial !== null)
      .map((t) => ({ serial: t.serial as string, name: t.name, locationId: t.locationId })),
    days: out,
  };
}
