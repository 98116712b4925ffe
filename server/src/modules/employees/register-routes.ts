import { z } from 'zod';
import { UuidInput } from '../../../../shared/common.ts';
import { EmployeeRegister, EmployeeRegisterUpdate } from '../../../../shared/employee-register.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { getEmployeeRegister, updateEmployeeRegister } from './register-fields.ts';

const IdParams = z.object({ id: UuidInput });

export function employeeRegisterRoutes(api: Api, deps: ModuleDeps): void {
  api.op(
    {
      method: 'get',
      path: '/api/employees/{id}/register',
      operationId: 'getEmployeeRegister',
      summary: 'An employee’s statutory register fields',
      description: 'What Form A / TN Form U print beyond the directory. Addresses and the identification mark only for `employee:sensitive` holders; the PF member id and LWF number masked for everyone else.',
      tags: ['Employees', 'Compliance'],
      auth: 'session',
      params: IdParams,
      response: EmployeeRegister,
      errors: [404],
    },
    async ({ params, caller }) => getEmployeeRegister(await deps.ctxFor(caller), params.id),
  );
  api.op(
    {
      method: 'patch',
      path: '/api/employees/{id}/register',
      operationId: 'updateEmployeeRegister',
      summary: 'Change an employee’s statutory register fields',
      description: 'Send only the fields to change (null clears). Sensitive fields need `employee:sensitive` (403 naming the field). Audited (Profile; Compliance for the PF member id, LWF and service book numbers), sensitive values masked.',
      tags: ['Employees', 'Compliance'],
      auth: 'session',
      permission: 'employee:write',
      params: IdParams,
      body: EmployeeRegisterUpdate,
      response: EmployeeRegister,
      errors: [403, 404],
    },
    async ({ params, body, caller }) => updateEmployeeRegister(await deps.ctxFor(caller), params.id, body),
  );
}
