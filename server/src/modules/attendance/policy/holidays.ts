import type { AttendanceHoliday, HolidayInput } from '../../../../../shared/attendance/index.ts';
import { type Ctx, inTransaction, requirePermission } from '../../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../http/problem.ts';
import { newId } from '../../../ids.ts';
import { diffFields, recordAudit } from '../../audit/index.ts';
import { reconcileRange } from '../days.ts';
import { directoryOf, employedOn, policyOf } from '../policy-cache.ts';
import { locationExists } from '../repo/directory.ts';
import * as holidaysRepo from '../repo/holidays.ts';
import { todayOf } from '../scope.ts';
import { logPolicy } from './log.ts';

/**
 * Holidays (per location or all, optional or not) and employees' opt-ins to
 * optional ones. A holiday changes the working calendar: leave over its date
 * is counted again (`links.leave.calendarChanged`) and a past or present date
 * is reconciled again, in the same transaction.
 */

/** The holidays of a year (default: this one), with whether the caller opted into each optional one. */
export async function listHolidays(ctx: Ctx, year = Number(todayOf(ctx).slice(0, 4))): Promise<AttendanceHoliday[]> {
  const rows = await holidaysRepo.listHolidaysBetween(ctx.db, `${year}-01-01`, `${year}-12-31`);
  const mine = new Set(ctx.caller.employeeId ? await holidaysRepo.listOptInsOf(ctx.db, ctx.caller.employeeId) : []);
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    name: r.name,
    locationId: r.location_id,
    locationName: r.location_name,
    optional: r.optional === 1,
    optedIn: mine.has(r.id),
    optInCount: Number(r.opt_ins ?? 0),
  }));
}

/** Reconciles, for the employees a holiday concerns, its date if that is today or in the past. */
async function reconcileHolidayDate(ctx: Ctx, date: string, locationId: string | null): Promise<void> {
  if (date > todayOf(ctx)) return;
  const directory = await directoryOf(ctx.db);
  const ids = directory.list.filter((e) => (locationId === null || e.locationId === locationId) && employedOn(e, date)).map((e) => e.id);
  if (ids.length) await reconcileRange(ctx, ids, date, date);
}

async function assertLocation(ctx: Ctx, locationId: string | null): Promise<void> {
  if (locationId && !(await locationExists(ctx.db, locationId))) {
    throw badRequest('No such location.', [{ path: 'body.locationId', message: 'no such location' }]);
  }
}

export async function createHoliday(ctx: Ctx, input: HolidayInput): Promise<AttendanceHoliday> {
  requirePermission(ctx, 'attendance:manage');
  const id = newId();
  const locationId = input.locationId?.toLowerCase() ?? null;
  await assertLocation(ctx, locationId);
  await inTransaction(ctx, async (t) => {
    if (await holidaysRepo.holidayExists(t.db, input.date, locationId)) throw conflict(`There is already a holiday on ${input.date} for that location.`, [{ path: 'body.date', message: 'already a holiday' }]);
    await holidaysRepo.insertHoliday(t.db, { id, date: input.date, name: input.name, location_id: locationId, optional: input.optional ? 1 : 0, created_at: ctx.clock.now().toISOString() });
    await logPolicy(t, {
      entity: 'holiday',
      entityId: id,
      action: 'holiday.created',
      summary: `Holiday ${input.name} on ${input.date}${input.optional ? ' (optional)' : ''}`,
      message: { id: input.optional ? 'optionalHolidayCreated' : 'holidayCreated', values: { name: input.name, date: { date: input.date } } },
    });
    if (!input.optional) {
      await t.links.leave.calendarChanged(t, 'all', input.date, input.date, `${input.name} (${input.date}) is now a holiday`);
      await reconcileHolidayDate(t, input.date, locationId);
    }
  });
  const found = (await listHolidays(ctx, Number(input.date.slice(0, 4)))).find((h) => h.id === id);
  if (!found) throw notFound('Holiday');
  return found;
}

async function holidayRow(ctx: Ctx, id: string) {
  const row = await holidaysRepo.findHoliday(ctx.db, id);
  if (!row) throw notFound('Holiday');
  return row;
}

export async function updateHoliday(ctx: Ctx, id: string, input: HolidayInput): Promise<AttendanceHoliday> {
  requirePermission(ctx, 'attendance:manage');
  const before = await holidayRow(ctx, id);
  const locationId = input.locationId?.toLowerCase() ?? null;
  await assertLocation(ctx, locationId);
  await inTransaction(ctx, async (t) => {
    await holidaysRepo.updateHoliday(t.db, id, { date: input.date, name: input.name, location_id: locationId, optional: input.optional ? 1 : 0 });
    await logPolicy(t, {
      entity: 'holiday',
      entityId: id,
      action: 'holiday.updated',
      summary: `Holiday ${input.name} changed`,
      message: { id: 'holidayUpdated', values: { name: input.name } },
      changes: diffFields({ date: before.date, name: before.name, locationId: before.location_id, optional: before.optional === 1 }, { date: input.date, name: input.name, locationId, optional: input.optional }),
    });
    const why = `holiday ${before.name} (${before.date}) changed to ${input.name} (${input.date}${input.optional ? ', optional' : ''})`;
    await t.links.leave.calendarChanged(t, 'all', before.date, before.date, why);
    if (input.date !== before.date) await t.links.leave.calendarChanged(t, 'all', input.date, input.date, why);
    await reconcileHolidayDate(t, before.date, before.location_id);
    if (input.date !== before.date) await reconcileHolidayDate(t, input.date, locationId);
  });
  const found = (await listHolidays(ctx, Number(input.date.slice(0, 4)))).find((h) => h.id === id);
  if (!found) throw notFound('Holiday');
  return found;
}

export async function deleteHoliday(ctx: Ctx, id: string): Promise<void> {
  requirePermission(ctx, 'attendance:manage');
  const before = await holidayRow(ctx, id);
  await inTransaction(ctx, async (t) => {
    await holidaysRepo.deleteHoliday(t.db, id);
    await logPolicy(t, {
      entity: 'holiday',
      entityId: id,
      action: 'holiday.deleted',
      summary: `Holiday ${before.name} on ${before.date} deleted`,
      message: { id: 'holidayDeleted', values: { name: before.name, date: { date: before.date } } },
    });
    await t.links.leave.calendarChanged(t, 'all', before.date, before.date, `${before.name} (${before.date}) is no longer a holiday`);
    await reconcileHolidayDate(t, before.date, before.location_id);
  });
}

/** The caller opts into (or out of) an optional holiday; the day is reconciled again. */
export async function setOptIn(ctx: Ctx, holidayId: string, optIn: boolean): Promise<AttendanceHoliday> {
  requirePermission(ctx, 'attendance:self');
  const employeeId = ctx.caller.employeeId;
  if (!employeeId) throw forbidden('Only an employee can opt into a holiday.');
  const h = await holidayRow(ctx, holidayId);
  if (h.optional !== 1) throw conflict(`${h.name} is not an optional holiday.`);
  const policy = await policyOf(ctx.db);
  const employee = (await directoryOf(ctx.db)).byId.get(employeeId);
  if (h.location_id && employee?.locationId !== h.location_id) throw conflict(`${h.name} is not a holiday at your location.`);
  await inTransaction(ctx, async (t) => {
    if (optIn) {
      const year = h.date.slice(0, 4);
      if ((await holidaysRepo.countOptInsInYear(t.db, employeeId, year)) >= policy.settings.optionalHolidaysPerYear) {
        throw conflict(`You already chose ${policy.settings.optionalHolidaysPerYear} optional holidays in ${year}.`);
      }
      await holidaysRepo.insertOptIn(t.db, employeeId, holidayId, ctx.clock.now().toISOString());
    } else {
      await holidaysRepo.deleteOptIn(t.db, employeeId, holidayId);
    }
    await recordAudit(t, {
      employeeId,
      category: 'Attendance',
      action: optIn ? 'holiday.opted-in' : 'holiday.opted-out',
      summary: `${optIn ? 'Opted into' : 'Opted out of'} the optional holiday ${h.name} (${h.date})`,
    });
    await t.links.leave.calendarChanged(t, [employeeId], h.date, h.date, `${optIn ? 'you chose' : 'you gave up'} the optional holiday ${h.name} (${h.date})`);
    if (h.date <= todayOf(ctx) && employee && employedOn(employee, h.date)) await reconcileRange(t, [employeeId], h.date, h.date);
  });
  const found = (await listHolidays(ctx, Number(h.date.slice(0, 4)))).find((x) => x.id === holidayId);
  if (!found) throw notFound('Holiday');
  return found;
}
