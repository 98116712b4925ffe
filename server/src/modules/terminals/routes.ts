import { z } from 'zod';
import { Ok, UuidInput } from '../../../../shared/common.ts';
import {
  AdminLogList,
  EnrolmentInput,
  EnrolmentList,
  EnrolmentResult,
  RawUser,
  RawUserList,
  RawUserMapInput,
  Terminal,
  TerminalInput,
  TerminalList,
  TerminalTestResult,
  UnmatchedList,
} from '../../../../shared/terminals.ts';
import type { ModuleDeps, Caller } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import * as enrolment from './enrolment.ts';
import * as rawUsers from './raw-users.ts';
import * as registry from './registry.ts';
import { testTerminal } from './test-connection.ts';

const IdParams = z.object({ id: UuidInput });

/** The console's Terminals page: registry, test connection, unmatched punches, enrolment, admin logs (`device:manage`). */
export function terminalRoutes(api: Api, deps: ModuleDeps): void {
  const base = { tags: ['Terminals'], auth: 'session' as const, permission: 'device:manage' as const };
  const ctx = (caller: Caller) => deps.ctxFor(caller);

  api.op(
    {
      ...base,
      method: 'get',
      path: '/api/terminals',
      operationId: 'listTerminals',
      summary: 'Terminals with their state',
      description: 'Online (reached within `offlineAfterMinutes`, and not reported unreachable by the connector since), last contact and punch, the point up to which its records are complete (`syncedUntil`), clock skew (warning above 120 s), the connector\'s state, detail, backlog and dead letters, punches today, unmatched punches.',
      response: TerminalList,
      errors: [403],
    },
    async ({ caller }) => ({ items: await registry.listTerminals(await ctx(caller)) }),
  );
  api.op(
    {
      ...base,
      method: 'post',
      path: '/api/terminals',
      operationId: 'createTerminal',
      summary: 'Add a terminal for the connector to poll (or receive)',
      description:
        'TCP/UDP protocols need `host` and `port`; `anviz-serial` needs `serialPath` and `baudRate`; push protocols need the `serial` they report and the `port` the connector listens on for them (`host`: the address it listens on, all when empty). A polled terminal may be added without a serial: the first record fills it in.',
      body: TerminalInput,
      response: Terminal,
      errors: [403, 409],
    },
    async ({ body, caller }) => registry.createTerminal(await ctx(caller), body),
  );
  api.op(
    {
      ...base,
      method: 'put',
      path: '/api/terminals/{id}',
      operationId: 'updateTerminal',
      summary: 'Change a terminal (address, comm key, zone, direction policy…)',
      description: 'A changed direction policy reconciles the days of its punches since yesterday at once; recompute a range for older days.',
      params: IdParams,
      body: TerminalInput,
      response: Terminal,
      errors: [403, 404, 409],
    },
    async ({ params, body, caller }) => registry.updateTerminal(await ctx(caller), params.id, body),
  );
  api.op(
    { ...base, method: 'delete', path: '/api/terminals/{id}', operationId: 'deleteTerminal', summary: 'Delete a terminal without punches (disable one that has them)', params: IdParams, response: Ok, errors: [403, 404, 409] },
    async ({ params, caller }) => {
      await registry.deleteTerminal(await ctx(caller), params.id);
      return { ok: true };
    },
  );
  api.op(
    {
      ...base,
      method: 'post',
      path: '/api/terminals/{id}/test',
      operationId: 'testTerminal',
      summary: 'Test the connection: device info, clock, record count',
      description: "Dials a polled terminal from the server with the connector's driver and records the clock skew. Push terminals cannot be dialled: their last contact is reported.",
      params: IdParams,
      response: TerminalTestResult,
      errors: [403, 404],
    },
    async ({ params, caller }) => testTerminal(await ctx(caller), params.id),
  );
  api.op(
    {
      ...base,
      method: 'get',
      path: '/api/terminals/unmatched',
      operationId: 'listUnmatchedPunches',
      summary: 'Punches of terminal users mapped to nobody, grouped by terminal and user id',
      response: UnmatchedList,
      errors: [403],
    },
    async ({ caller }) => enrolment.listUnmatched(await ctx(caller)),
  );
  api.op(
    { ...base, method: 'get', path: '/api/terminals/enrolments', operationId: 'listEnrolments', summary: 'Mappings of terminal user ids to employees', response: EnrolmentList, errors: [403] },
    async ({ caller }) => ({ items: await enrolment.listEnrolments(await ctx(caller)) }),
  );
  api.op(
    {
      ...base,
      method: 'post',
      path: '/api/terminals/enrolments',
      operationId: 'createEnrolment',
      summary: 'Map a terminal user id to an employee (one terminal or all)',
      description:
        "Without a mapping a terminal user id means the employee whose biometric id (`terminalUserId`) it is. A terminal's own mapping wins over an organisation-wide one. Unmatched punches it covers are attached and their days reconciled in the same transaction. Audited (Devices). 409 when the id is already mapped there.",
      body: EnrolmentInput,
      response: EnrolmentResult,
      errors: [403, 409],
    },
    async ({ body, caller }) => enrolment.createEnrolment(await ctx(caller), body),
  );
  api.op(
    { ...base, method: 'delete', path: '/api/terminals/enrolments/{id}', operationId: 'deleteEnrolment', summary: 'Remove a mapping (punches already attached stay)', params: IdParams, response: Ok, errors: [403, 404] },
    async ({ params, caller }) => {
      await enrolment.deleteEnrolment(await ctx(caller), params.id);
      return { ok: true };
    },
  );
  api.op(
    {
      ...base,
      method: 'get',
      path: '/api/terminals/raw-users',
      operationId: 'listTerminalRawUsers',
      summary: 'Terminal user ids that are not plain numbers, per terminal, and what each maps to',
      description:
        'The connector cannot send ids with letters or a leading zero (`A12`, `007`) as the integer the ingest contract carries: it holds their records back and reports the ids in its keep-alives. Unmapped ones first; `records` is what the connector holds for each (0 once sent).',
      response: RawUserList,
      errors: [403],
    },
    async ({ caller }) => ({ items: await rawUsers.listRawUsers(await ctx(caller)) }),
  );
  api.op(
    {
      ...base,
      method: 'post',
      path: '/api/terminals/raw-users',
      operationId: 'mapTerminalRawUser',
      summary: 'Map a non-numeric terminal user id to a number or to an employee',
      description:
        'Give `terminalUserId` ("map to number": its records are sent with that id, which then maps to an employee as any id does) or `employeeId` ("map to employee": the employee\'s biometric id when it means them on this terminal, else an assigned number mapped to them on this terminal). The connector picks the map up with its configuration (`userIdMap`) and sends the held-back records by itself. 400 for a plain number or an unknown terminal/employee; 409 when the id is already mapped or another id of the terminal has that number. Audited (Devices) on the employee the number means.',
      body: RawUserMapInput,
      response: RawUser,
      errors: [403, 409],
    },
    async ({ body, caller }) => rawUsers.mapRawUser(await ctx(caller), body),
  );
  api.op(
    {
      ...base,
      method: 'delete',
      path: '/api/terminals/raw-users/{id}',
      operationId: 'unmapTerminalRawUser',
      summary: 'Remove the mapping of a non-numeric terminal user id (records already sent stay)',
      params: IdParams,
      response: Ok,
      errors: [403, 404, 409],
    },
    async ({ params, caller }) => {
      await rawUsers.unmapRawUser(await ctx(caller), params.id);
      return { ok: true };
    },
  );
  api.op(
    {
      ...base,
      method: 'get',
      path: '/api/terminals/admin-logs',
      operationId: 'listTerminalAdminLogs',
      summary: 'Admin logs of the terminals (newest first)',
      query: z.object({ terminalId: UuidInput.optional() }),
      response: AdminLogList,
      errors: [403],
    },
    async ({ query, caller }) => ({ items: await registry.listAdminLogs(await ctx(caller), query.terminalId) }),
  );
}
