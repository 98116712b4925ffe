import type { PunchFlag, SelfPunchInput, SelfPunchResult } from '../../../../shared/attendance/index.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { conflict, forbidden, notFound } from '../../http/problem.ts';
import { recordAudit } from '../audit/index.ts';
import { dayOfInstant, toAttendanceDay } from './days.ts';
import { toPunchView } from './employee-days.ts';
import { type EmployeeInfo, type Policy, directoryOf, employedOn, policyOf } from './policy-cache.ts';
import { distanceMeters, localParts, recordPunch } from './punches.ts';
import { findDay } from './repo/days.ts';
import { listPunchDetails } from './repo/punches.ts';

/** Console check-in and check-out: the punch is kept, and flagged (not counted) outside the geo-fences. */

/** Which flags a self check-in earns from where it was made. */
export function geoFlags(policy: Policy, employee: EmployeeInfo, geo: SelfPunchInput['geo']): PunchFlag[] {
  if (policy.fences.size === 0) return [];
  if (!geo) return ['OffZone'];
  const slack = Math.min(geo.accuracy ?? 0, 100);
  const inside = [...policy.fences].filter(([, f]) => distanceMeters(geo, f) <= f.radiusMeters + slack).map(([id]) => id);
  if (inside.length === 0) return ['OffZone'];
  if (employee.locationId && !inside.includes(employee.locationId)) return ['WrongLocation'];
  return [];
}

/** Console self check-in or check-out; flagged (not counted) outside the fences. */
export async function selfPunch(ctx: Ctx, input: SelfPunchInput): Promise<SelfPunchResult> {
  requirePermission(ctx, 'attendance:self');
  const employeeId = ctx.caller.employeeId;
  if (!employeeId) throw forbidden('Only an employee can check in.');
  const [policy, directory] = await Promise.all([policyOf(ctx.db), directoryOf(ctx.db)]);
  const employee = directory.byId.get(employeeId);
  if (!employee) throw notFound('Employee');
  const now = ctx.clock.now().getTime();
  const today = dayOfInstant(now, ctx.timeZone);
  if (!employedOn(employee, today)) throw conflict('You are not employed today, so you cannot check in.').withText({ id: 'problemDetail.attendance.checkInNotEmployed' });
  const flags = geoFlags(policy, employee, input.geo);
  const local = localParts(now, ctx.timeZone);
  const recorded = await inTransaction(ctx, async (t) => {
    const r = await recordPunch(t, {
      employeeId,
      source: 'self',
      at: now,
      utcOffsetMinutes: local.offsetMinutes,
      localDate: local.date,
      localTime: local.time,
      direction: input.direction,
      geo: input.geo ? { lat: input.geo.lat, lng: input.geo.lng, accuracy: input.geo.accuracy ?? null } : null,
      flags,
    });
    // A console punch is the person at the screen; one an AI agent makes for them is audited, flagged or not.
    const where = ctx.caller.kind === 'agent' ? `through ${ctx.caller.credential?.name ?? 'an AI assistant'}` : 'from the console';
    if (flags.length) {
      await recordAudit(t, {
        employeeId,
        category: 'Attendance',
        action: 'attendance.self-punch-flagged',
        summary: `Checked ${input.direction} ${where}, flagged ${flags.join(', ')}: not counted until a regularization is approved`,
      });
    } else if (ctx.caller.kind === 'agent' && !r.duplicate) {
      await recordAudit(t, { employeeId, category: 'Attendance', action: 'attendance.self-punch', summary: `Checked ${input.direction} ${where}` });
    }
    return r;
  });
  const punchRow = (await listPunchDetails(ctx.db, employeeId, new Date(now).toISOString(), new Date(now + 1).toISOString())).find(
    (p) => p.id === recorded.id,
  );
  const dayRow = recorded.shiftDay ? await findDay(ctx.db, employeeId, recorded.shiftDay) : undefined;
  if (!punchRow) throw new Error('self punch vanished');
  return {
    punch: toPunchView(punchRow, flags.length ? 'flagged' : null),
    day: dayRow ? toAttendanceDay(dayRow, policy) : null,
    duplicate: recorded.duplicate,
  };
}
