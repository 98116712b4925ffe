import { z } from 'zod';
import { freeText } from '../free-text.ts';
import { Instant, IsoDate, PageQuery, QueryBool, SortOrder, Uuid, UuidInput, paginated } from '../common.ts';
import { AttachedDocument } from '../documents.ts';
import { LeaveContext } from './team-load.ts';
import { ColorTone } from './types.ts';

/** Leave requests: the spec §2.1 record, its workflow states and timeline, applying, quoting, deciding and listing. */

/** Spec §8: a decision note (approve, reject, withdraw, cancel) is at most this long. */
export const LEAVE_NOTE_MAX = 500;
export const LEAVE_REASON_MAX = 500;

export const LEAVE_DURATIONS = ['FullDay', 'FirstHalf', 'SecondHalf'] as const;
export const LeaveDuration = z.enum(LEAVE_DURATIONS);
export type LeaveDuration = z.infer<typeof LeaveDuration>;

export const LEAVE_STATUSES = ['PendingManager', 'ManagerApprovedPendingHR', 'Approved', 'Rejected'] as const;
export const LeaveStatus = z.enum(LEAVE_STATUSES);
export type LeaveStatus = z.infer<typeof LeaveStatus>;

/** The two statuses that still wait for a decision (and hold balance). */
export const OPEN_LEAVE_STATUSES = ['PendingManager', 'ManagerApprovedPendingHR'] as const satisfies readonly LeaveStatus[];

/** Spec §2.2. */
export const TIMELINE_KEYS = ['submitted', 'manager', 'hr', 'final'] as const;
export const TimelineKey = z.enum(TIMELINE_KEYS);
export const TIMELINE_STATES = ['done', 'current', 'pending', 'rejected'] as const;
export const TimelineState = z.enum(TIMELINE_STATES);
export type TimelineState = z.infer<typeof TimelineState>;

/**
 * How a request that will never be taken ended, beside the spec's four
 * statuses: `Withdrawn` (the employee withdrew it while pending) and
 * `Cancelled` (HR cancelled it after approval). Both show status `Rejected`.
 */
export const LEAVE_CLOSURES = ['Withdrawn', 'Cancelled'] as const;
export const LeaveClosure = z.enum(LEAVE_CLOSURES);
export type LeaveClosure = z.infer<typeof LeaveClosure>;

export const LeaveTimelineEntry = z
  .object({
    key: TimelineKey,
    label: z.string().meta({ description: 'The step in English.' }),
    labelId: z.string().meta({ description: 'The message the label is, for showing it in another language: `labels:timeline.<labelId>` of the catalogues.' }),
    labelValues: z.record(z.string(), z.string()).meta({ description: "The message's values (a decider's name)." }),
    state: TimelineState,
    actorName: z.string().nullable(),
    at: Instant.nullable().meta({ description: 'UTC ISO 8601 instant, or null when the step has not happened.' }),
    note: z.string().nullable(),
  })
  .meta({ id: 'LeaveTimelineEntry', description: 'Spec §2.2. Keys in order: `submitted`, `manager`, `hr` (only when HR approval is required), `final`.' });
export type LeaveTimelineEntry = z.infer<typeof LeaveTimelineEntry>;

export const LeaveRequest = z
  .object({
    id: Uuid,
    employeeId: Uuid,
    employeeName: z.string(),
    employeeCode: z.string(),
    leaveTypeId: Uuid,
    leaveTypeCode: z.string(),
    leaveTypeName: z.string(),
    colorTone: ColorTone,
    fromDate: IsoDate.meta({ description: 'First day, `YYYY-MM-DD` in the organisation time zone.' }),
    toDate: IsoDate.meta({ description: 'Last day (inclusive), `YYYY-MM-DD`.' }),
    duration: LeaveDuration.meta({ description: '`FirstHalf` / `SecondHalf` only when fromDate = toDate.' }),
    workingDays: z.number().meta({ description: 'Days that cost balance: weekly offs and holidays excluded unless the type\'s sandwich rule counts them; 0.5 for a half day.' }),
    reason: z.string().nullable(),
    backupEmployeeId: Uuid.nullable(),
    backupName: z.string().nullable(),
    balanceAfter: z.number().meta({
      description:
        'The balance of this type once this request is taken into account. While the request is pending: the current balance less every pending request of the type (this one included). Once decided: the balance right after the decision.',
    }),
    status: LeaveStatus,
    requiresHrApproval: z.boolean(),
    managerDecisionBy: Uuid.nullable().meta({ description: 'Employee id of whoever decided at the manager stage (the manager, someone above them, or HR acting for them).' }),
    managerDecisionName: z.string().nullable(),
    managerDecidedAt: Instant.nullable().meta({ description: 'UTC ISO 8601 instant.' }),
    hrDecisionBy: Uuid.nullable(),
    hrDecisionName: z.string().nullable(),
    hrDecidedAt: Instant.nullable().meta({ description: 'UTC ISO 8601 instant.' }),
    decisionNote: z.string().nullable().meta({
      description:
        'The note of the decision that settled the request: the rejecting note, the last approval note, or for a withdrawn / cancelled request "Withdrawn by the employee" / "Cancelled by HR" followed by the note given.',
    }),
    createdAt: Instant.meta({ description: 'UTC ISO 8601 instant of submission.' }),
    timeline: z.array(LeaveTimelineEntry),
    context: LeaveContext,
    closure: LeaveClosure.nullable().meta({
      description:
        'Not in spec §2.1 (an addition): `Withdrawn` when the employee withdrew the request while pending, `Cancelled` when HR cancelled it after approval; both keep the spec status `Rejected`. Null otherwise.',
    }),
    documentsRequired: z.boolean().meta({ description: 'Not in spec §2.1 (an addition): the type asks for supporting documents at this length.' }),
    attachments: z.array(AttachedDocument).meta({
      description:
        'Not in spec §2.1 (an addition): the supporting files attached to the request (a medical certificate), oldest first, as the caller may read them: the applicant, their managers in the line and HR; a type HR marked sensitive only for the applicant and holders of `employee:sensitive`. Deleted files are left out. Attach with `POST /api/leave/requests/{id}/documents` or with the file on apply.',
    }),
    documentMissing: z.boolean().meta({
      description:
        'Not in spec §2.1 (an addition): the request is pending or approved, `documentsRequired`, and no supporting file is attached yet (deleted files and files HR rejected do not count). Approving is still allowed; attaching a file clears it. Always false for a rejected, withdrawn or cancelled request.',
    }),
    enteredByName: z.string().nullable().meta({
      description:
        'Not in spec §2.1 (an addition): who recorded the request for the employee (HR, with `employeeId` on apply); the `submitted` timeline entry then reads "Recorded by HR" with this name as its actor. Null when the employee applied.',
    }),
  })
  .meta({ id: 'LeaveRequest', description: 'Spec §2.1: every field is always present.' });
export type LeaveRequest = z.infer<typeof LeaveRequest>;

/** Characters as a person counts them (Unicode code points, as JSON Schema's `maxLength`): an emoji is one. */
export const noteLength = (s: string): number => [...s].length;

const Note = freeText({ multiline: true })
  // Code units first, so a huge string is refused before it is split.
  .max(LEAVE_NOTE_MAX * 2, `must be at most ${LEAVE_NOTE_MAX} characters`)
  .refine((s) => noteLength(s) <= LEAVE_NOTE_MAX, `must be at most ${LEAVE_NOTE_MAX} characters`)
  .meta({ maxLength: LEAVE_NOTE_MAX })
  .transform((s) => s.trim() || null);

/** Spec §4.3: a JSON object whose `note` is a string of at most 500 characters, or null. */
export const LeaveRejectBody = z
  .object({ note: Note.nullable().meta({ description: `At most ${LEAVE_NOTE_MAX} characters, or null.` }) })
  .strict()
  .meta({ id: 'LeaveRejectBody' });
export type LeaveRejectBody = z.output<typeof LeaveRejectBody>;

export const LeaveApproveBody = z
  .object({ note: Note.nullable().optional().meta({ description: `At most ${LEAVE_NOTE_MAX} characters, or null.` }) })
  .strict()
  .meta({ id: 'LeaveApproveBody', description: 'Send `{}` when there is no note.' });
export type LeaveApproveBody = z.output<typeof LeaveApproveBody>;

export const LeaveWithdrawBody = LeaveApproveBody.meta({ id: 'LeaveWithdrawBody' });
export type LeaveWithdrawBody = LeaveApproveBody;

export const LeaveCancelBody = z
  .object({
    note: freeText({ multiline: true })
      .min(1, 'give a reason')
      .max(LEAVE_NOTE_MAX, `must be at most ${LEAVE_NOTE_MAX} characters`),
  })
  .strict()
  .meta({ id: 'LeaveCancelBody' });
export type LeaveCancelBody = z.output<typeof LeaveCancelBody>;

/** `employeeId` on apply and quote: HR records leave for someone else. */
const ON_BEHALF =
  "Whose leave: the caller's by default (the caller's own id is the same). Another employee only for holders of `leave:hr-approve` (403 otherwise; 404 outside the caller's scope): HR recording leave after the fact, so the notice period and the backdate window do not apply; every other rule does (balance per leave year, overlap, frozen attendance days, eligibility, consecutive days, exit date, backup). The request still starts at `PendingManager` and goes through the normal approvals.";

export const LeaveApply = z
  .object({
    leaveTypeId: UuidInput,
    fromDate: IsoDate,
    toDate: IsoDate,
    duration: LeaveDuration.default('FullDay'),
    reason: freeText({ multiline: true })
      .max(LEAVE_REASON_MAX, `must be at most ${LEAVE_REASON_MAX} characters`)
      .transform((s) => s.trim() || null)
      .nullable()
      .optional(),
    backupEmployeeId: UuidInput.nullable().optional(),
    employeeId: UuidInput.optional().meta({ description: ON_BEHALF }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.toDate < v.fromDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'must not be before fromDate' });
    if (v.duration !== 'FullDay' && v.toDate !== v.fromDate) {
      ctx.addIssue({ code: 'custom', path: ['duration'], message: 'a half day needs fromDate and toDate to be the same day' });
    }
  })
  .meta({ id: 'LeaveApply' });
export type LeaveApply = z.output<typeof LeaveApply>;
export type LeaveApplyInput = z.input<typeof LeaveApply>;

const SupportingFile = z.string().meta({
  format: 'binary',
  description: 'The supporting file (a medical certificate): PDF, JPEG, PNG or WebP, decided from its bytes (415 otherwise); 10 MiB at most by default (413 above).',
});

/** The apply body as a multipart form (the OpenAPI description of it): the same fields as text parts, plus the file. */
export const LeaveApplyForm = z
  .object({
    leaveTypeId: Uuid,
    fromDate: IsoDate,
    toDate: IsoDate,
    duration: LeaveDuration.optional().meta({ description: '`FullDay` when absent.' }),
    reason: freeText({ multiline: true }).max(LEAVE_REASON_MAX).optional(),
    backupEmployeeId: Uuid.optional(),
    employeeId: Uuid.optional().meta({ description: ON_BEHALF }),
    file: SupportingFile.optional(),
  })
  .meta({ id: 'LeaveApplyForm', description: 'The fields of `LeaveApply` as text parts (an empty part counts as absent) and the supporting file in the part `file`.' });

/** Attaching a supporting file to a request later: the file only. */
export const LeaveDocumentForm = z.object({ file: SupportingFile }).meta({ id: 'LeaveDocumentForm' });

export const LeavePendingCounts = z
  .object({
    toApprove: z.number().int().meta({ description: 'Requests waiting for a decision by the caller.' }),
    mine: z.number().int().meta({ description: "The caller's own requests still pending." }),
    pendingManager: z.number().int().meta({ description: 'Visible requests at status PendingManager.' }),
    pendingHr: z.number().int().meta({ description: 'Visible requests at status ManagerApprovedPendingHR.' }),
  })
  .meta({ id: 'LeavePendingCounts', description: 'Counts over everything the caller may see, whatever the list filters.' });
export type LeavePendingCounts = z.infer<typeof LeavePendingCounts>;

export const LeaveListQuery = PageQuery.extend({
  status: LeaveStatus.optional(),
  employeeId: UuidInput.optional(),
  leaveTypeId: UuidInput.optional(),
  from: IsoDate.optional().meta({ description: 'Requests that end on or after this day.' }),
  to: IsoDate.optional().meta({ description: 'Requests that start on or before this day.' }),
  mine: QueryBool.optional().meta({ description: "Only the caller's own requests." }),
  toApprove: QueryBool.optional().meta({ description: 'Only requests waiting for a decision by the caller.' }),
  sort: z.enum(['createdAt', 'fromDate']).default('createdAt'),
  order: SortOrder.default('desc'),
});
export type LeaveListQuery = z.output<typeof LeaveListQuery>;

export const LeaveListResponse = paginated(LeaveRequest).extend({ pending: LeavePendingCounts }).meta({ id: 'LeaveRequestList' });
export type LeaveListResponse = z.infer<typeof LeaveListResponse>;

export const LeaveQuoteQuery = z.object({
  leaveTypeId: UuidInput,
  fromDate: IsoDate,
  toDate: IsoDate,
  duration: LeaveDuration.default('FullDay'),
  employeeId: UuidInput.optional().meta({ description: ON_BEHALF }),
});
export type LeaveQuoteQuery = z.output<typeof LeaveQuoteQuery>;

export const LeaveQuote = z
  .object({
    workingDays: z.number(),
    balance: z.number(),
    pending: z.number(),
    balanceAfter: z.number().meta({ description: 'balance − pending − workingDays.' }),
    requiresHrApproval: z.boolean(),
    documentsRequired: z.boolean(),
    context: LeaveContext,
    problems: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .meta({ description: 'What would refuse this request if it were submitted now (same paths and words as the 4xx answers). Empty when it would be accepted.' }),
  })
  .meta({ id: 'LeaveQuote' });
export type LeaveQuote = z.infer<typeof LeaveQuote>;
