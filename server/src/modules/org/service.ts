import {
  type Department,
  type DepartmentInput,
  type Designation,
  type DesignationInput,
  type Holiday,
  type Location,
  type LocationInput,
  type Organisation,
  type OrganisationUpdate,
  WeeklyOffRule,
} from '../../../../shared/org.ts';
import { z } from 'zod';
import { type Ctx, type Db, inTransaction } from '../../context.ts';
import { conflict, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { YEAR_MAX } from '../../../../shared/common.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import { effectiveLocale } from '../../../../shared/i18n/locales.ts';
import * as repo from './repo.ts';

const WeeklyOffs = z.array(WeeklyOffRule);

export async function getOrganisation(ctx: Pick<Ctx, 'db'>): Promise<Organisation> {
  const row = await repo.getOrganisationRow(ctx.db);
  return {
    name: row.name,
    timeZone: row.time_zone,
    financialYearStartMonth: row.fy_start_month,
    weeklyOffs: WeeklyOffs.parse(JSON.parse(row.weekly_offs)),
    setupCompleted: row.setup_completed_at !== null,
    defaultLocale: effectiveLocale(null, row.default_locale),
  };
}

export async function updateOrganisation(ctx: Ctx, input: OrganisationUpdate): Promise<Organisation> {
  const patch: Parameters<typeof repo.updateOrganisationRow>[1] = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.timeZone !== undefined) patch.time_zone = input.timeZone;
  if (input.financialYearStartMonth !== undefined) patch.fy_start_month = input.financialYearStartMonth;
  if (input.weeklyOffs !== undefined) patch.weekly_offs = JSON.stringify(input.weeklyOffs);
  if (Object.keys(patch).length) {
    await inTransaction(ctx, async (t) => {
      const before = await repo.getOrganisationRow(t.db);
      await repo.updateOrganisationRow(t.db, patch);
      if (patch.weekly_offs !== undefined && patch.weekly_offs !== before.weekly_offs) {
        // Leave from today on is counted with the new weekly offs.
        await t.links.leave.calendarChanged(t, 'all', dayInZone(t.clock.now(), t.timeZone), `${YEAR_MAX}-12-31`, 'the weekly offs changed');
      }
    });
  }
  return getOrganisation(ctx);
}

/** Maps a unique-name violation to 409 naming the field. */
async function uniqueName<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (String((err as { code?: string }).code).startsWith('SQLITE_CONSTRAINT_UNIQUE') || /unique/i.test(String(err))) {
      throw conflict(`Another ${what} is already called that.`, [{ path: 'body.name', message: `another ${what} has this name` }]);
    }
    throw err;
  }
}

export async function listDepartments(ctx: Ctx): Promise<Department[]> {
  return (await repo.listDepartmentRows(ctx.db)).map((r) => ({ id: r.id, name: r.name, code: r.code, headcount: Number(r.headcount) }));
}

export async function createDepartment(ctx: Ctx, input: DepartmentInput): Promise<Department> {
  const id = newId();
  await uniqueName('department', () =>
    repo.insertDepartmentRow(ctx.db, { id, name: input.name, code: input.code ?? null, created_at: ctx.clock.now().toISOString() }),
  );
  return { id, name: input.name, code: input.code ?? null, headcount: 0 };
}

export async function updateDepartment(ctx: Ctx, id: string, input: DepartmentInput): Promise<Department> {
  if (!(await repo.findDepartmentRow(ctx.db, id))) throw notFound('Department');
  await uniqueName('department', () =>
    repo.updateDepartmentRow(ctx.db, id, { name: input.name, ...(input.code !== undefined ? { code: input.code } : {}) }),
  );
  const found = (await listDepartments(ctx)).find((d) => d.id === id);
  if (!found) throw notFound('Department');
  return found;
}

async function deleteUnused(
  ctx: Ctx,
  what: string,
  column: 'department_id' | 'location_id' | 'designation_id',
  id: string,
  exists: (db: Db) => Promise<unknown>,
  remove: (db: Db) => Promise<void>,
): Promise<void> {
  await inTransaction(ctx, async (t) => {
    const trx = t.db;
    if (!(await exists(trx))) throw notFound(what);
    const users = await repo.countEmployeesReferencing(trx, column, id);
    if (users > 0) throw conflict(`${users} employee${users === 1 ? '' : 's'} still belong to this ${what.toLowerCase()}. Move them first.`);
    await remove(trx);
  });
}

export async function deleteDepartment(ctx: Ctx, id: string): Promise<void> {
  await deleteUnused(ctx, 'Department', 'department_id', id, (db) => repo.findDepartmentRow(db, id), (db) => repo.deleteDepartmentRow(db, id));
}

function toLocation(r: Awaited<ReturnType<typeof repo.listLocationRows>>[number]): Location {
  return {
    id: r.id,
    name: r.name,
    addressLine: r.address_line,
    city: r.city,
    state: r.state,
    postalCode: r.postal_code,
    country: r.country,
    headcount: Number(r.headcount),
  };
}

export async function listLocations(ctx: Ctx): Promise<Location[]> {
  return (await repo.listLocationRows(ctx.db)).map(toLocation);
}

function locationColumns(input: LocationInput) {
  return {
    name: input.name,
    ...(input.addressLine !== undefined ? { address_line: input.addressLine } : {}),
    ...(input.city !== undefined ? { city: input.city } : {}),
    ...(input.state !== undefined ? { state: input.state } : {}),
    ...(input.postalCode !== undefined ? { postal_code: input.postalCode } : {}),
    ...(input.country !== undefined ? { country: input.country } : {}),
  };
}

export async function createLocation(ctx: Ctx, input: LocationInput): Promise<Location> {
  const id = newId();
  await uniqueName('location', () =>
    repo.insertLocationRow(ctx.db, {
      id,
      address_line: null,
      city: null,
      state: null,
      postal_code: null,
      country: 'India',
      ...locationColumns(input),
      created_at: ctx.clock.now().toISOString(),
    }),
  );
  const found = (await listLocations(ctx)).find((l) => l.id === id);
  if (!found) throw notFound('Location');
  return found;
}

export async function updateLocation(ctx: Ctx, id: string, input: LocationInput): Promise<Location> {
  if (!(await repo.findLocationRow(ctx.db, id))) throw notFound('Location');
  await uniqueName('location', () => repo.updateLocationRow(ctx.db, id, locationColumns(input)));
  const found = (await listLocations(ctx)).find((l) => l.id === id);
  if (!found) throw notFound('Location');
  return found;
}

export async function deleteLocation(ctx: Ctx, id: string): Promise<void> {
  await deleteUnused(ctx, 'Location', 'location_id', id, (db) => repo.findLocationRow(db, id), (db) => repo.deleteLocationRow(db, id));
}

export async function listDesignations(ctx: Ctx): Promise<Designation[]> {
  return (await repo.listDesignationRows(ctx.db)).map((r) => ({ id: r.id, name: r.name, headcount: Number(r.headcount) }));
}

export async function createDesignation(ctx: Ctx, input: DesignationInput): Promise<Designation> {
  const id = newId();
  await uniqueName('designation', () =>
    repo.insertDesignationRow(ctx.db, { id, name: input.name, created_at: ctx.clock.now().toISOString() }),
  );
  return { id, name: input.name, headcount: 0 };
}

export async function updateDesignation(ctx: Ctx, id: string, input: DesignationInput): Promise<Designation> {
  if (!(await repo.findDesignationRow(ctx.db, id))) throw notFound('Designation');
  await uniqueName('designation', () => repo.updateDesignationRow(ctx.db, id, { name: input.name }));
  const found = (await listDesignations(ctx)).find((d) => d.id === id);
  if (!found) throw notFound('Designation');
  return found;
}

export async function deleteDesignation(ctx: Ctx, id: string): Promise<void> {
  await deleteUnused(ctx, 'Designation', 'designation_id', id, (db) => repo.findDesignationRow(db, id), (db) => repo.deleteDesignationRow(db, id));
}

export async function listShifts(ctx: Ctx) {
  return (await repo.listShiftRows(ctx.db)).map((r) => ({
    id: r.id,
    name: r.name,
    startTime: r.start_time,
    endTime: r.end_time,
    isDefault: r.is_default === 1,
  }));
}

export async function listHolidays(ctx: Ctx, year: number): Promise<Holiday[]> {
  return (await repo.listHolidayRows(ctx.db, `${year}-01-01`, `${year}-12-31`)).map((r) => ({
    id: r.id,
    date: r.date,
    name: r.name,
    locationId: r.location_id,
    optional: r.optional === 1,
  }));
}

/**
 * Makes sure the organisation row and a default shift exist (a new, empty,
 * migrated database has neither): Sundays off, the financial year from April.
 */
export async function ensureOrganisation(db: Db, input: { timeZone: string; now: string }): Promise<void> {
  if (await repo.findOrganisationRow(db)) return;
  await repo.insertOrganisationRow(db, {
    id: 'org',
    name: 'My organisation',
    time_zone: input.timeZone,
    fy_start_month: 4,
    weekly_offs: JSON.stringify([{ weekday: 0, weeks: 'all' }]),
    setup_completed_at: null,
    created_at: input.now,
  });
  await repo.insertDefaultShiftRow(db, { id: newId(), name: 'General', start_time: '09:30', end_time: '18:30', created_at: input.now });
}
