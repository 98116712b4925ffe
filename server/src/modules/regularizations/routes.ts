import { z } from 'zod';
import {
  Regularization,
  RegularizationCreate,
  RegularizationDecision,
  RegularizationExportQuery,
  RegularizationList,
  RegularizationListQuery,
  RegularizationPreview,
  RegularizationPreviewRequest,
  RegularizationRejection,
} from '../../../../shared/attendance/index.ts';
import { UuidInput } from '../../../../shared/common.ts';
import type { Caller, ModuleDeps } from '../../context.ts';
import { CONTENT_TYPES, sendTable } from '../../exports/table.ts';
import type { Api } from '../../http/api.ts';
import { readerLocale } from '../auth/index.ts';
import { approveRegularization, rejectRegularization } from './decide.ts';
import { exportRegularizations } from './exports.ts';
import { getRegularization, listRegularizations } from './read.ts';
import { createRegularization, previewOfRequest, previewRegularization } from './request.ts';

const EXPORT = { contentTypes: Object.values(CONTENT_TYPES), description: 'The file, as a download (`Content-Disposition: attachment`).' };
const IdParams = z.object({ id: UuidInput });
const SCOPE_NOTE = 'Rows are limited to the caller\'s scope: an employee sees self, a manager the reporting line, HR and Admin everyone.';

export function regularizationRoutes(api: Api, deps: ModuleDeps): void {
  const tags = ['Regularizations'];
  const ctx = (caller: Caller) => deps.ctxFor(caller);

  api.op(
    {
      method: 'get',
      path: '/api/regularizations',
      operationId: 'listRegularizations',
      summary: 'Regularization requests (paginated)',
      description: `Filters \`status\` and \`kind\` (spec §2.5 sets), \`employeeId\`, \`awaitingMe\`. Newest first. \`pending\` beside \`items\` counts the requests the caller may decide now. ${SCOPE_NOTE}`,
      tags,
      auth: 'session',
      query: RegularizationListQuery,
      response: RegularizationList,
    },
    async ({ query, caller }) => listRegularizations(await ctx(caller), query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/regularizations/export',
      operationId: 'exportRegularizations',
      summary: 'Export regularizations (CSV, XLSX, PDF)',
      description: 'Query `status` and `kind` (spec §2.5), `employeeId` (the one uuid filter of spec §4.7) and `format` (`csv` default, `xlsx`, `pdf`).',
      tags,
      auth: 'session',
      query: RegularizationExportQuery,
      response: EXPORT,
    },
    async ({ query, caller, req, res }) =>
      sendTable(res, await exportRegularizations(await ctx(caller), query, await readerLocale(deps.db, caller, req.get('accept-language'))), query.format, deps.clock.now()),
  );

  api.op(
    {
      method: 'post',
      path: '/api/regularizations',
      operationId: 'requestRegularization',
      summary: 'Ask to fix one of my days',
      description:
        'Kinds (spec §2.5): `MissingPunchIn` / `MissingPunchOut` carry exactly one punch of that direction; `ManualEntry` one or more; `OffZone` / `WrongLocation` name the flagged punch(es) in `supersedes` (the punches default to the same times). Times are local `HH:MM` and must fall in the shift window of `date` (a night shift\'s times after midnight are the next calendar day). Future days, days older than the regularization window (400) and frozen days (409) cannot be regularized. Starts at `AwaitingManager`; the manager (or HR) is notified.',
      tags,
      auth: 'session',
      permission: 'regularization:apply',
      body: RegularizationCreate,
      response: Regularization,
      errors: [403, 409],
    },
    async ({ body, caller }) => createRegularization(await ctx(caller), body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/regularizations/preview',
      operationId: 'previewRegularization',
      summary: 'What a regularization would make of my day, before I send it',
      description:
        'The same body and the same checks as `POST /api/regularizations` (400 / 409 alike, including a waiting request of the same kind for the day), `reason` optional. Answers the day as its punches make it now (`before`) and as it would be once approved (`after`: the proposed punches added, the superseded ones set aside), with the reasons in words. Nothing is stored.',
      tags,
      auth: 'session',
      permission: 'regularization:apply',
      body: RegularizationPreviewRequest,
      response: RegularizationPreview,
      errors: [403, 409],
    },
    async ({ body, caller }) => previewRegularization(await ctx(caller), body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/regularizations/{id}/preview',
      operationId: 'previewRegularizationRequest',
      summary: 'The effect of a waiting request on its day',
      description: `The day now and once the request is approved, for anyone who can see the request (its author, the approval line, HR). 409 when the request is no longer waiting or the day was frozen meanwhile. ${SCOPE_NOTE}`,
      tags,
      auth: 'session',
      params: IdParams,
      response: RegularizationPreview,
      errors: [404, 409],
    },
    async ({ params, caller }) => previewOfRequest(await ctx(caller), params.id),
  );

  api.op(
    { method: 'get', path: '/api/regularizations/{id}', operationId: 'getRegularization', summary: 'One regularization request', description: 'One request with its proposed punches, reason, stage and decisions. The requester, the approvers of its stage and HR may read it; anyone else gets a 404.', tags, auth: 'session', params: IdParams, response: Regularization, errors: [404] },
    async ({ params, caller }) => getRegularization(await ctx(caller), params.id),
  );

  api.op(
    {
      method: 'post',
      path: '/api/regularizations/{id}/approve',
      operationId: 'approveRegularization',
      summary: 'Approve at the current stage',
      description:
        '`AwaitingManager` → `ManagerApprovedAwaitingHR` when the kind needs HR (settings `hrApprovalKinds`), else → `Approved`; `ManagerApprovedAwaitingHR` → `Approved` (HR). HR may act at the manager stage. On `Approved` the punches are added as `manual` punches and the day is reconciled, in one transaction. 409 from `Approved` or `Rejected`, or when the day was frozen meanwhile; 403 for the requester or someone outside the approval line.',
      tags,
      auth: 'session',
      params: IdParams,
      body: RegularizationDecision,
      response: Regularization,
      errors: [403, 404, 409],
    },
    async ({ params, body, caller }) => approveRegularization(await ctx(caller), params.id, body.note),
  );

  api.op(
    {
      method: 'post',
      path: '/api/regularizations/{id}/reject',
      operationId: 'rejectRegularization',
      summary: 'Reject from either waiting state, with a note',
      description: '`note` is required. 409 from `Approved` or `Rejected`.',
      tags,
      auth: 'session',
      params: IdParams,
      body: RegularizationRejection,
      response: Regularization,
      errors: [403, 404, 409],
    },
    async ({ params, body, caller }) => rejectRegularization(await ctx(caller), params.id, body.note),
  );
}
