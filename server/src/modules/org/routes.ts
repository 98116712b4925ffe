import { z } from 'zod';
import { Ok, UuidInput, queryInt } from '../../../../shared/common.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import {
  Department,
  DepartmentInput,
  Designation,
  DesignationInput,
  Holiday,
  Location,
  LocationInput,
  Organisation,
  OrganisationUpdate,
  ShiftList,
} from '../../../../shared/org.ts';
import type { ModuleDeps, Ctx } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { establishmentRoutes } from './establishment-routes.ts';
import * as service from './service.ts';

const IdParams = z.object({ id: UuidInput });

interface Catalogue<Item extends z.ZodType, Input extends z.ZodType> {
  path: string;
  noun: string;
  plural: string;
  item: Item;
  input: Input;
  list: (ctx: Ctx) => Promise<z.output<Item>[]>;
  create: (ctx: Ctx, input: z.output<Input>) => Promise<z.output<Item>>;
  update: (ctx: Ctx, id: string, input: z.output<Input>) => Promise<z.output<Item>>;
  remove: (ctx: Ctx, id: string) => Promise<void>;
}

/** List, create, rename and delete for a small catalogue (departments, locations, designations). */
function catalogueRoutes<Item extends z.ZodType, Input extends z.ZodType>(api: Api, deps: ModuleDeps, c: Catalogue<Item, Input>) {
  const tags = ['Organisation'];
  const opId = c.noun.replace(/ /g, '');
  api.op(
    {
      method: 'get',
      path: c.path,
      operationId: `list${opId}s`,
      summary: `List ${c.plural} with headcounts`,
      description: `Every ${c.noun.toLowerCase()} with the number of employees in it, for pickers and filters; any signed-in user may read them.`,
      tags,
      auth: 'session',
      response: z.object({ items: z.array(c.item) }),
    },
    async ({ caller }) => ({ items: await c.list(await deps.ctxFor(caller)) }),
  );
  api.op(
    {
      method: 'post',
      path: c.path,
      operationId: `create${opId}`,
      summary: `Create a ${c.noun.toLowerCase()}`,
      tags,
      auth: 'session',
      permission: 'org:manage',
      body: c.input,
      response: c.item,
      errors: [403, 409],
    },
    async ({ body, caller }) => c.create(await deps.ctxFor(caller), body as z.output<Input>),
  );
  api.op(
    {
      method: 'patch',
      path: `${c.path}/{id}`,
      operationId: `update${opId}`,
      summary: `Change a ${c.noun.toLowerCase()}`,
      tags,
      auth: 'session',
      permission: 'org:manage',
      params: IdParams,
      body: c.input,
      response: c.item,
      errors: [403, 404, 409],
    },
    async ({ params, body, caller }) => c.update(await deps.ctxFor(caller), params.id, body as z.output<Input>),
  );
  api.op(
    {
      method: 'delete',
      path: `${c.path}/{id}`,
      operationId: `delete${opId}`,
      summary: `Delete an unused ${c.noun.toLowerCase()}`,
      description: '409 while employees still belong to it.',
      tags,
      auth: 'session',
      permission: 'org:manage',
      params: IdParams,
      response: Ok,
      errors: [403, 404, 409],
    },
    async ({ params, caller }) => {
      await c.remove(await deps.ctxFor(caller), params.id);
      return { ok: true };
    },
  );
}

export function orgRoutes(api: Api, deps: ModuleDeps): void {
  establishmentRoutes(api, deps);
  api.op(
    {
      method: 'get',
      path: '/api/org',
      operationId: 'getOrganisation',
      summary: 'Organisation settings',
      description: 'The organisation\'s name, time zone, financial-year start month, weekly offs and whether setup is complete. Every signed-in user may read it.',
      tags: ['Organisation'],
      auth: 'session',
      response: Organisation,
    },
    async () => service.getOrganisation(deps),
  );

  api.op(
    {
      method: 'patch',
      path: '/api/org',
      operationId: 'updateOrganisation',
      summary: 'Change organisation settings',
      description: 'Name, time zone, financial-year start month and weekly offs. A change of weekly offs counts pending and approved leave from today on again (see createHoliday).',
      tags: ['Organisation'],
      auth: 'session',
      permission: 'org:manage',
      body: OrganisationUpdate,
      response: Organisation,
      errors: [403],
    },
    async ({ body, caller }) => service.updateOrganisation(await deps.ctxFor(caller), body),
  );

  catalogueRoutes(api, deps, {
    path: '/api/departments',
    noun: 'Department',
    plural: 'departments',
    item: Department,
    input: DepartmentInput,
    list: service.listDepartments,
    create: service.createDepartment,
    update: service.updateDepartment,
    remove: service.deleteDepartment,
  });
  catalogueRoutes(api, deps, {
    path: '/api/locations',
    noun: 'Location',
    plural: 'locations',
    item: Location,
    input: LocationInput,
    list: service.listLocations,
    create: service.createLocation,
    update: service.updateLocation,
    remove: service.deleteLocation,
  });
  catalogueRoutes(api, deps, {
    path: '/api/designations',
    noun: 'Designation',
    plural: 'designations',
    item: Designation,
    input: DesignationInput,
    list: service.listDesignations,
    create: service.createDesignation,
    update: service.updateDesignation,
    remove: service.deleteDesignation,
  });

  api.op(
    {
      method: 'get',
      path: '/api/shifts',
      operationId: 'listShifts',
      summary: 'Shifts',
      description: 'Every shift with its local start and end time and whether it is the default, for pickers and profiles. The rules days are reconciled by are under `GET /api/attendance/shifts`.',
      tags: ['Organisation'],
      auth: 'session',
      response: ShiftList,
    },
    async ({ caller }) => ({ items: await service.listShifts(await deps.ctxFor(caller)) }),
  );

  api.op(
    {
      method: 'get',
      path: '/api/holidays',
      operationId: 'listHolidays',
      summary: 'Holidays of a year',
      description: 'The organisation\'s holidays of one year (default: this year in the organisation\'s time zone): each with its date, whether it is optional, and its location (null: every location).',
      tags: ['Organisation'],
      auth: 'session',
      query: z.object({ year: queryInt({ min: 1900, max: 2200 }).optional().meta({ description: 'Default: this year.' }) }),
      response: z.object({ items: z.array(Holiday) }),
    },
    async ({ query, caller }) => {
      const ctx = await deps.ctxFor(caller);
      const year = query.year ?? Number(dayInZone(deps.clock.now(), ctx.timeZone).slice(0, 4));
      return { items: await service.listHolidays(ctx, year) };
    },
  );
}
