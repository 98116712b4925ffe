import { z } from 'zod';
import { AuditExportQuery, AuditList, AuditListQuery } from '../../../../shared/audit.ts';
import { UuidInput } from '../../../../shared/common.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import { translatorFor } from '../../../../shared/i18n/index.ts';
import {
  Employee,
  EmployeeCreate,
  EmployeeExit,
  EmployeeExportQuery,
  EmployeeListQuery,
  EmployeeListResponse,
  EmployeeRehire,
  EmployeeUpdate,
} from '../../../../shared/employees.ts';
import type { ModuleDeps } from '../../context.ts';
import { CONTENT_TYPES, sendTable } from '../../exports/table.ts';
import type { Api } from '../../http/api.ts';
import { sendJsonBytes } from '../../http/json-bytes.ts';
import { auditTable } from '../audit/index.ts';
import { readerLocale } from '../auth/index.ts';
import { employeeAudit, employeeAuditForExport } from './audit.ts';
import { auditFilterLine, directoryTable } from './exports.ts';
import * as read from './read.ts';
import { employeeRegisterRoutes } from './register-routes.ts';
import * as write from './write.ts';

const IdParams = z.object({ id: UuidInput });
const EXPORT_TYPES = { contentTypes: Object.values(CONTENT_TYPES), description: 'The file, as a download.' };

export function employeeRoutes(api: Api, deps: ModuleDeps): void {
  employeeRegisterRoutes(api, deps);
  api.op(
    {
      method: 'get',
      path: '/api/employees',
      operationId: 'listEmployees',
      summary: 'List employees (paginated, filtered, sorted)',
      description:
        'The platform paginated envelope (spec §2.8) with `facets` and `kpis` beside `items`. Rows outside the caller\'s scope are never listed: an employee sees self, a manager the reporting line, HR and Admin everyone.',
      tags: ['Employees'],
      auth: 'session',
      query: EmployeeListQuery,
      response: EmployeeListResponse,
      errors: [403],
    },
    async ({ query, caller, res }) => {
      sendJsonBytes(res, await read.listEmployeesJson(await deps.ctxFor(caller), query));
    },
  );

  api.op(
    {
      method: 'get',
      path: '/api/employees/export',
      operationId: 'exportEmployees',
      summary: 'Export the directory as CSV, XLSX or PDF',
      description:
        'Same filters and sort as the list. With `page` and `pageSize` only that page is exported; without them every matching row. `ctcMin`/`ctcMax` are the two non-negative integers (a CTC range), `joinedYearFrom`/`joinedYearTo` the two further integers (a joining-year range). Title, headers and statuses are in the downloader\'s language (the session\'s; other callers: `Accept-Language`, else English).',
      tags: ['Employees'],
      auth: 'session',
      query: EmployeeExportQuery,
      response: EXPORT_TYPES,
      errors: [403],
    },
    async ({ query, caller, req, res }) => {
      const ctx = await deps.ctxFor(caller);
      const [rows, locale] = await Promise.all([read.listEmployeesForExport(ctx, query), readerLocale(deps.db, caller, req.get('accept-language'))]);
      const today = dayInZone(deps.clock.now(), ctx.timeZone);
      const sensitive = caller.permissions.includes('employee:sensitive');
      await sendTable(res, directoryTable(rows, sensitive, today, ctx.timeZone, locale), query.format, deps.clock.now());
    },
  );

  api.op(
    {
      method: 'post',
      path: '/api/employees',
      operationId: 'createEmployee',
      summary: 'Create an employee',
      tags: ['Employees'],
      auth: 'session',
      permission: 'employee:write',
      body: EmployeeCreate,
      response: Employee,
      errors: [403, 409],
    },
    async ({ body, caller }) => write.createEmployee(await deps.ctxFor(caller), body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/employees/{id}',
      operationId: 'getEmployee',
      summary: 'Read one employee',
      description: 'Salary, bank and government ids are present only for `employee:sensitive` holders.',
      tags: ['Employees'],
      auth: 'session',
      params: IdParams,
      response: Employee,
      errors: [404],
    },
    async ({ params, caller }) => read.getEmployee(await deps.ctxFor(caller), params.id),
  );

  api.op(
    {
      method: 'patch',
      path: '/api/employees/{id}',
      operationId: 'updateEmployee',
      summary: 'Change an employee',
      description: 'Send only the fields to change. Every change is audited with before and after.',
      tags: ['Employees'],
      auth: 'session',
      permission: 'employee:write',
      params: IdParams,
      body: EmployeeUpdate,
      response: Employee,
      errors: [403, 404, 409],
    },
    async ({ params, body, caller }) => write.updateEmployee(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/employees/{id}/exit',
      operationId: 'exitEmployee',
      summary: 'Record an exit (or a notice period)',
      description: 'A last working day in the future sets `OnNotice`; today or earlier sets `Exited` and ends their sessions. 409 when already exited or when direct reports remain.',
      tags: ['Employees'],
      auth: 'session',
      permission: 'employee:write',
      params: IdParams,
      body: EmployeeExit,
      response: Employee,
      errors: [403, 404, 409],
    },
    async ({ params, body, caller }) => write.exitEmployee(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/employees/{id}/rehire',
      operationId: 'rehireEmployee',
      summary: 'Rehire an exited employee',
      tags: ['Employees'],
      auth: 'session',
      permission: 'employee:write',
      params: IdParams,
      body: EmployeeRehire,
      response: Employee,
      errors: [403, 404, 409],
    },
    async ({ params, body, caller }) => write.rehireEmployee(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/employees/{id}/audit',
      operationId: 'listEmployeeAudit',
      summary: "An employee's audit trail (paginated)",
      description: 'Readable by the employee themself and by holders of `audit:read` within scope.',
      tags: ['Audit'],
      auth: 'session',
      params: IdParams,
      query: AuditListQuery,
      response: AuditList,
      errors: [403, 404],
    },
    async ({ params, query, caller }) => employeeAudit(await deps.ctxFor(caller), params.id, query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/employees/{id}/audit/export',
      operationId: 'exportEmployeeAudit',
      summary: "Export an employee's audit trail",
      description: 'Query `category` (spec §2.7 set, optional), `range` (`today`, `week`, `month`, `fy`, `all`; default `all`) and `format`.',
      tags: ['Audit'],
      auth: 'session',
      params: IdParams,
      query: AuditExportQuery,
      response: EXPORT_TYPES,
      errors: [403, 404],
    },
    async ({ params, query, caller, req, res }) => {
      const ctx = await deps.ctxFor(caller);
      const [{ employeeName, entries }, locale] = await Promise.all([
        employeeAuditForExport(ctx, params.id, query.category, query.range),
        readerLocale(deps.db, caller, req.get('accept-language')),
      ]);
      const today = dayInZone(deps.clock.now(), ctx.timeZone);
      const model = {
        title: translatorFor(locale)('hr:exports.audit.employeeTitle', { name: employeeName }),
        subtitle: auditFilterLine(query, locale),
        filename: `audit-${employeeName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${today}`,
      };
      await sendTable(res, auditTable(model, entries, ctx.timeZone, false, deps.clock.now(), locale), query.format, deps.clock.now());
    },
  );
}
