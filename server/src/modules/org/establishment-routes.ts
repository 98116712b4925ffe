import { Establishment, EstablishmentUpdate } from '../../../../shared/establishment.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { getEstablishment, updateEstablishment } from './establishment.ts';

export function establishmentRoutes(api: Api, deps: ModuleDeps): void {
  api.op(
    {
      method: 'get',
      path: '/api/organisation/establishment',
      operationId: 'getEstablishment',
      summary: 'The establishment data statutory registers print',
      description: 'Employer and manager, LIN, EPF and ESIC codes, the wage period, and per location the establishment name and address, the Shops & Establishments registration, its state and the state profile.',
      tags: ['Organisation', 'Compliance'],
      auth: 'session',
      permission: 'compliance:read',
      response: Establishment,
      errors: [403],
    },
    async ({ caller }) => getEstablishment(await deps.ctxFor(caller)),
  );
  api.op(
    {
      method: 'patch',
      path: '/api/organisation/establishment',
      operationId: 'updateEstablishment',
      summary: 'Change the establishment data',
      tags: ['Organisation', 'Compliance'],
      auth: 'session',
      permission: 'compliance:manage',
      body: EstablishmentUpdate,
      response: Establishment,
      errors: [403],
    },
    async ({ body, caller }) => updateEstablishment(await deps.ctxFor(caller), body),
  );
}
