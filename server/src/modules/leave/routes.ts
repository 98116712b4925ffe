import { readerLocale } from '../auth/index.ts';
import { z } from 'zod';
import { UuidInput } from '../../../../shared/common.ts';
import {
  ColleagueList,
  ColleagueQuery,
  LEAVE_NOTE_MAX,
  LOAD_CRITICAL_SHARE,
  LOAD_TIGHT_SHARE,
  LeaveAdjustmentCreate,
  LeaveAdjustmentList,
  LeaveAdjustmentListQuery,
  LeaveAdjustmentResult,
  LeaveApply,
  LeaveApplyForm,
  LeaveApproveBody,
  LeaveBalances,
  LeaveBalancesQuery,
  LeaveCalendar,
  LeaveCalendarQuery,
  LeaveCancelBody,
  LeaveDocumentForm,
  LeaveLedger,
  LeaveLedgerQuery,
  LeaveListQuery,
  LeaveListResponse,
  LeaveQuote,
  LeaveQuoteQuery,
  LeaveRejectBody,
  LeaveRequest,
  LeaveType,
  LeaveTypeCreate,
  LeaveTypeList,
  LeaveTypeListQuery,
  LeaveTypeUpdate,
  LeaveWithdrawBody,
  LedgerRunResult,
  YearEndPreview,
  YearEndQuery,
  YearEndRunBody,
} from '../../../../shared/leave/index.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { formUpload, isMultipart } from '../../http/multipart.ts';
import { sendJsonBytes } from '../../http/json-bytes.ts';
import { documentFilesOf } from '../documents/index.ts';
import * as adjust from './adjust.ts';
import * as attachments from './attachments.ts';
import * as balance from './balance.ts';
import * as ledgerJobs from './ledger-jobs.ts';
import * as apply from './apply.ts';
import * as decide from './decide.ts';
import * as read from './read.ts';
import * as types from './types-service.ts';

const IdParams = z.object({ id: UuidInput });
const TAGS = ['Leave'] as const;

const FORMATS =
  'Dates (`fromDate`, `toDate`, context `days[].date`) are `YYYY-MM-DD` in the organisation time zone; instants (`createdAt`, `managerDecidedAt`, `hrDecidedAt`, timeline `at`) are UTC ISO 8601 (`2026-11-21T05:30:00.000Z`).';

const ON_BEHALF =
  'HR records leave for an employee with `employeeId` (holders of `leave:hr-approve` only: 403 for anyone else, 404 for an employee outside the caller\'s scope, 400 for one who has exited; the caller\'s own id is a normal apply). HR records leave after the fact, so the notice period and the backdate window do not apply; every other rule does (balance per leave year, overlap, frozen attendance days, eligibility, consecutive days, exit date, backup).';

const WORKFLOW = [
  'Workflow: `PendingManager` → (manager approves) → `ManagerApprovedPendingHR` when `requiresHrApproval`, else `Approved`; `ManagerApprovedPendingHR` → (HR approves) → `Approved`. Reject is accepted from both pending statuses and sets `Rejected`.',
  'At the manager stage a manager above the employee (`leave:approve`) decides, or HR (`leave:hr-approve`) acting for the manager (the timeline says so); at the HR stage only HR. Nobody decides their own request (403); a request outside the caller\'s scope is 404; deciding a request already `Approved` or `Rejected` is 409.',
  'A withdrawn request (by the employee, while pending) and a cancelled one (by HR, after approval) keep the spec\'s four statuses: they show `status: Rejected` with `closure` `Withdrawn` / `Cancelled`, `decisionNote` "Withdrawn by the employee[: note]" / "Cancelled by HR: note", and a final timeline entry labelled accordingly in state `rejected`.',
].join('\n\n');

const SUPPORTING_FILES =
  'Supporting documents (a medical certificate, for types with `documentsAboveDays`) go through the documents store: at most `MUSTER_DOCUMENT_MAX_BYTES` (10 MiB by default, else 413), PDF, JPEG, PNG or WebP judged from the bytes whatever the name says (`MUSTER_DOCUMENT_TYPES`, else 415), kept under their SHA-256 and audited under Documents. They are listed in `attachments` of the request to the applicant, the managers in the line and HR (a type HR marked sensitive only to the applicant and holders of `employee:sensitive`), and downloaded with `GET /api/documents/{id}/file`. `documentMissing` says a required one is not there yet; approving is still allowed.';

export function leaveRoutes(api: Api, deps: ModuleDeps): void {
  const files = documentFilesOf(deps.config);
  const form = (req: Parameters<typeof formUpload>[0]) => formUpload(req, { fileField: 'file', maxFileBytes: deps.config.documentMaxBytes });
  /* ---------------------------------------------------------------- types */
  api.op(
    {
      method: 'get',
      path: '/api/leave/types',
      operationId: 'listLeaveTypes',
      summary: 'Leave types with their rules and accrual policy',
      description: 'Active types, or all with `includeInactive=true`.',
      tags: TAGS,
      auth: 'session',
      query: LeaveTypeListQuery,
      response: LeaveTypeList,
    },
    async ({ query, caller }) => types.listLeaveTypes(await deps.ctxFor(caller), query),
  );

  api.op(
    {
      method: 'post',
      path: '/api/leave/types',
      operationId: 'createLeaveType',
      summary: 'Add a leave type and its policy',
      tags: TAGS,
      auth: 'session',
      permission: 'leave:manage',
      body: LeaveTypeCreate,
      response: LeaveType,
      errors: [403, 409],
    },
    async ({ body, caller }) => types.createLeaveType(await deps.ctxFor(caller), body),
  );

  api.op(
    {
      method: 'patch',
      path: '/api/leave/types/{id}',
      operationId: 'updateLeaveType',
      summary: 'Change a leave type or its policy',
      description: 'Send only what changes; `policy` replaces the whole policy. Requests already made keep their cost and approval route.',
      tags: TAGS,
      auth: 'session',
      permission: 'leave:manage',
      params: IdParams,
      body: LeaveTypeUpdate,
      response: LeaveType,
      errors: [403, 409],
    },
    async ({ params, body, caller }) => types.updateLeaveType(await deps.ctxFor(caller), params.id, body),
  );

  /* ---------------------------------------------------------------- requests */
  api.op(
    {
      method: 'get',
      path: '/api/leave/requests',
      operationId: 'listLeaveRequests',
      summary: 'Leave requests (paginated) with pending counts',
      description: `The platform paginated envelope (spec §2.8) with \`pending\` beside \`items\`. Every item is the full spec §2.1 record, \`timeline\` and \`context\` included. An employee sees their own requests, a manager their reporting line's, HR everyone's. \`toApprove=true\`: requests waiting for the caller's decision; \`mine=true\`: the caller's own.\n\n${FORMATS}`,
      tags: TAGS,
      auth: 'session',
      query: LeaveListQuery,
      response: LeaveListResponse,
    },
    async ({ query, caller, res }) => {
      sendJsonBytes(res, await read.listLeaveRequestsJson(await deps.ctxFor(caller), query));
    },
  );

  api.op(
    {
      method: 'post',
      path: '/api/leave/requests',
      operationId: 'applyForLeave',
      summary: 'Apply for leave (or, HR, record leave for an employee)',
      description: [
        '`duration` is `FullDay` (default), `FirstHalf` or `SecondHalf` (a half only when fromDate = toDate). `workingDays` counts the days that cost balance: weekly offs and holidays are excluded unless the type\'s sandwich rule counts them; 0.5 for a half day.',
        'Refused with 400 (naming the field): dates reversed, a half day over several days, more than 366 calendar days, no working day in the range, more than the type\'s consecutive-day limit (adjacent requests of the type included), short notice, too far back, an ineligible type (gender, service), a backup who is the applicant or unknown.',
        'Refused with 409: an overlap with the applicant\'s own pending or approved request, an insufficient balance for a type that does not allow a negative one (pending requests hold their days), a day closed (frozen) in attendance, a backup on leave on those days.',
        'The request starts at `PendingManager`; the manager (or HR when there is no manager with a login) is notified.',
        `${ON_BEHALF} A recorded request goes through the same approvals (the recorder may decide it like any other request that is not their own), shows \`enteredByName\` and a \`submitted\` timeline entry labelled "Recorded by HR" with the recorder as actor; the audit row reads "Applied for … by <recorder> for <employee>", and the employee is notified as well as the manager.`,
        'With a supporting file: send the same fields as `multipart/form-data` text parts and the file in the part `file` (`LeaveApplyForm`). The request and the file are kept together or not at all: a refused file (413, 415) makes no request, a refused request keeps no file.',
        SUPPORTING_FILES,
        FORMATS,
      ].join('\n\n'),
      tags: TAGS,
      auth: 'session',
      permission: 'leave:apply',
      body: LeaveApply,
      form: { schema: LeaveApplyForm, description: 'JSON (`LeaveApply`), or a multipart form with the same fields and the supporting file (`LeaveApplyForm`).' },
      response: LeaveRequest,
      errors: [403, 404, 409],
    },
    async ({ body, caller, req }) => {
      const ctx = await deps.ctxFor(caller);
      if (isMultipart(req) || body === undefined) return attachments.applyLeaveWithDocument(ctx, files, form(req));
      return apply.applyLeave(ctx, body);
    },
  );

  api.op(
    {
      method: 'post',
      path: '/api/leave/requests/{id}/documents',
      operationId: 'attachLeaveDocument',
      summary: 'Attach a supporting document (a medical certificate) to a leave request',
      description: [
        '`multipart/form-data` with the file in the part `file` and nothing else. Each call adds one file; earlier ones stay.',
        'The employee whose leave it is, or HR (`leave:hr-approve`), while the request is pending or approved: 403 for anyone else who can see it (a manager decides on the file, the employee gives it), 409 once it is rejected, withdrawn or cancelled, 404 outside the caller\'s scope. A file the employee attaches awaits HR\'s verification like any upload, one HR attaches is verified by them; while the request is pending, whoever decides it next is told when the employee attaches one.',
        SUPPORTING_FILES,
        'Answers the request as it is now (the file in `attachments`, `documentMissing` cleared).',
      ].join('\n\n'),
      tags: TAGS,
      auth: 'session',
      permission: 'leave:apply',
      params: IdParams,
      form: { schema: LeaveDocumentForm, description: 'The supporting file.' },
      response: LeaveRequest,
      errors: [403, 409],
    },
    async ({ params, caller, req }) => attachments.attachLeaveDocument(await deps.ctxFor(caller), files, params.id, form(req)),
  );

  api.op(
    {
      method: 'get',
      path: '/api/leave/quote',
      operationId: 'quoteLeave',
      summary: 'What a request for these dates would cost, before applying',
      description: `For the apply form: working days, balance, balance after, whether HR approval is needed, the team-load context (spec §2.3) and the problems that would refuse the request if it were submitted now.\n\n${ON_BEHALF} With \`employeeId\` the quote is the one HR's request would get (the same waived checks).`,
      tags: TAGS,
      auth: 'session',
      permission: 'leave:apply',
      query: LeaveQuoteQuery,
      response: LeaveQuote,
      errors: [403, 404],
    },
    async ({ query, caller, req }) => apply.quoteLeave(await deps.ctxFor(caller), query, await readerLocale(deps.db, caller, req.get('accept-language'))),
  );

  api.op(
    {
      method: 'get',
      path: '/api/leave/requests/{id}',
      operationId: 'getLeaveRequest',
      summary: 'One leave request with its timeline and context',
      description: `${WORKFLOW}\n\n${FORMATS}`,
      tags: TAGS,
      auth: 'session',
      params: IdParams,
      response: LeaveRequest,
    },
    async ({ params, caller }) => read.getLeaveRequest(await deps.ctxFor(caller), params.id),
  );

  api.op(
    {
      method: 'post',
      path: '/api/leave/requests/{id}/approve',
      operationId: 'approveLeaveRequest',
      summary: 'Approve at the current stage',
      description: `Body: a JSON object, \`{}\` or \`{ "note": "…" }\` (at most ${LEAVE_NOTE_MAX} characters, or null). The final approval deducts the balance in the ledger and re-reconciles the attendance days in the same transaction; 409 when the balance no longer covers the request.\n\n${WORKFLOW}`,
      tags: TAGS,
      auth: 'session',
      params: IdParams,
      body: LeaveApproveBody,
      response: LeaveRequest,
      errors: [403, 409],
    },
    async ({ params, body, caller }) => decide.approveLeave(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/leave/requests/{id}/reject',
      operationId: 'rejectLeaveRequest',
      summary: 'Reject a pending request (spec §4.3)',
      description: `Body required: a JSON object with \`note\`, a string of at most ${LEAVE_NOTE_MAX} characters, or null (a missing body or a ${LEAVE_NOTE_MAX + 1}-character note is 400). Accepted from \`PendingManager\` (the manager, someone above them, or HR) and from \`ManagerApprovedPendingHR\` (HR); sets \`Rejected\`, records the decider and time in the manager or HR fields of that stage, releases the held days, and answers the updated request with its timeline and context.\n\n${WORKFLOW}`,
      tags: TAGS,
      auth: 'session',
      params: IdParams,
      body: LeaveRejectBody,
      response: LeaveRequest,
      errors: [403, 409],
    },
    async ({ params, body, caller }) => decide.rejectLeave(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/leave/requests/{id}/withdraw',
      operationId: 'withdrawLeaveRequest',
      summary: 'Withdraw your own pending request',
      description:
        'Only the employee, only while pending (409 once approved: HR cancels approved leave). The request shows `status: Rejected`, `closure: Withdrawn`, `decisionNote` "Withdrawn by the employee[: note]", undecided stages `pending` and a final timeline entry "Withdrawn by the employee" in state `rejected`. The held days are released and whoever was to decide is told.',
      tags: TAGS,
      auth: 'session',
      params: IdParams,
      body: LeaveWithdrawBody,
      response: LeaveRequest,
      errors: [403, 409],
    },
    async ({ params, body, caller }) => decide.withdrawLeave(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/leave/requests/{id}/cancel',
      operationId: 'cancelApprovedLeave',
      summary: 'Cancel approved leave (HR)',
      description:
        'Only `Approved` requests (409 otherwise), never your own (403). Reverses the ledger usage, re-reconciles attendance, and shows `status: Rejected`, `closure: Cancelled`, `decisionNote` "Cancelled by HR: note", approvals `done` and a final timeline entry "Cancelled by HR" in state `rejected`.',
      tags: TAGS,
      auth: 'session',
      permission: 'leave:hr-approve',
      params: IdParams,
      body: LeaveCancelBody,
      response: LeaveRequest,
      errors: [403, 409],
    },
    async ({ params, body, caller }) => decide.cancelLeave(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/leave/calendar',
      operationId: 'leaveCalendar',
      summary: 'Team or organisation leave calendar',
      description: `Pending and approved leave from \`from\` to \`to\` (at most 62 days). Team-mates outside the caller's scope show as "On leave" without the type. Load thresholds used elsewhere: tight at ${LOAD_TIGHT_SHARE * 100}%, critical at ${LOAD_CRITICAL_SHARE * 100}% of a team away.`,
      tags: TAGS,
      auth: 'session',
      query: LeaveCalendarQuery,
      response: LeaveCalendar,
    },
    async ({ query, caller }) => read.leaveCalendar(await deps.ctxFor(caller), query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/leave/colleagues',
      operationId: 'listLeaveColleagues',
      summary: 'People the caller can name as backup',
      description: 'The caller\'s team-mates (same manager), manager and direct reports; with `employeeId` (HR, `leave:hr-approve`; 403 otherwise, 404 outside scope) those of that employee, for recording leave for them.',
      tags: TAGS,
      auth: 'session',
      query: ColleagueQuery,
      response: ColleagueList,
      errors: [403, 404],
    },
    async ({ query, caller }) => read.listLeaveColleagues(await deps.ctxFor(caller), query),
  );

  /* ---------------------------------------------------------------- balances and ledger */
  api.op(
    {
      method: 'get',
      path: '/api/leave/balances',
      operationId: 'leaveBalances',
      summary: 'Leave balances of the caller, or of an employee in scope',
      description: 'The balance is the sum of the ledger, never a counter. Managers read their reporting line\'s, HR anyone\'s; outside scope is 404.',
      tags: TAGS,
      auth: 'session',
      query: LeaveBalancesQuery,
      response: LeaveBalances,
      errors: [403, 404],
    },
    async ({ query, caller }) => balance.getLeaveBalances(await deps.ctxFor(caller), query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/leave/ledger',
      operationId: 'leaveLedger',
      summary: 'The ledger behind one balance, for a leave year',
      description: 'Entries (grant, accrual, usage, reversal, adjustment, carry_forward, lapse, encashment) effective in the year, with the opening and closing balance; each says why it exists.',
      tags: TAGS,
      auth: 'session',
      query: LeaveLedgerQuery,
      response: LeaveLedger,
      errors: [403, 404],
    },
    async ({ query, caller }) => balance.getLeaveLedger(await deps.ctxFor(caller), query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/leave/adjustments',
      operationId: 'listLeaveAdjustments',
      summary: 'HR balance adjustments (paginated)',
      tags: TAGS,
      auth: 'session',
      permission: 'leave:manage',
      query: LeaveAdjustmentListQuery,
      response: LeaveAdjustmentList,
      errors: [403, 404],
    },
    async ({ query, caller }) => adjust.listLeaveAdjustments(await deps.ctxFor(caller), query),
  );

  api.op(
    {
      method: 'post',
      path: '/api/leave/adjustments',
      operationId: 'adjustLeaveBalance',
      summary: 'Adjust a balance with a reason (HR)',
      description: 'Writes one `adjustment` entry (audited, category Leave; the employee is notified). A credit to a type with expiring credits (comp-off) expires after the policy\'s days. 409 when a debit would take a type that cannot go negative below zero; 403 for your own balance.',
      tags: TAGS,
      auth: 'session',
      permission: 'leave:manage',
      body: LeaveAdjustmentCreate,
      response: LeaveAdjustmentResult,
      errors: [403, 404, 409],
    },
    async ({ body, caller }) => adjust.adjustLeaveBalance(await deps.ctxFor(caller), body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/leave/year-end',
      operationId: 'previewLeaveYearEnd',
      summary: 'Preview the year end: carry forward, lapse, encashment',
      description: 'For the boundary (first day of a leave year; the next one by default): each employee\'s closing balance per type and how it splits under the policy. Rows already processed are marked `done`.',
      tags: TAGS,
      auth: 'session',
      permission: 'leave:manage',
      query: YearEndQuery,
      response: YearEndPreview,
      errors: [403],
    },
    async ({ query, caller }) => ledgerJobs.previewLeaveYearEnd(await deps.ctxFor(caller), query),
  );

  api.op(
    {
      method: 'post',
      path: '/api/leave/year-end/run',
      operationId: 'runLeaveYearEnd',
      summary: 'Run the year end for a boundary that has been reached',
      description: 'The nightly job does this by itself; running it again writes nothing. 409 before the boundary or for a day that does not start a leave year.',
      tags: TAGS,
      auth: 'session',
      permission: 'leave:manage',
      body: YearEndRunBody,
      response: LedgerRunResult,
      errors: [403, 409],
    },
    async ({ body, caller }) => ledgerJobs.runLeaveYearEnd(await deps.ctxFor(caller), body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/leave/accruals/run',
      operationId: 'runLeaveAccruals',
      summary: 'Run the leave ledger job now (grants, accruals, year ends, expiry)',
      description: 'What the nightly job does, catching up every period due up to today. Idempotent: a rerun writes nothing (`entries: 0`). No body.',
      tags: TAGS,
      auth: 'session',
      permission: 'leave:manage',
      response: LedgerRunResult,
      errors: [403],
    },
    async ({ caller }) => ledgerJobs.runLeaveLedger(await deps.ctxFor(caller)),
  );
}
