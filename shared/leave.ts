import { z } from 'zod';
import { Instant, IsoDate, PageQuery, QueryBool, SortOrder, Uuid, UuidInput, paginated } from './common.ts';

/** Spec §8: a decision note (approve, reject, withdraw, cancel) is at most this long. */
export const LEAVE_NOTE_MAX = 500;
export const LEAVE_REASON_MAX = 500;

/** Spec §2.1 value sets, exactly. */
export const COLOR_TONES = ['neutral', 'accent', 'ok', 'warn', 'bad', 'info'] as const;
export const ColorTone = z.enum(COLOR_TONES);
export type ColorTone = z.infer<typeof ColorTone>;

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

/** Spec §2.3. */
export const LEAVE_LOADS = ['ok', 'tight', 'critical'] as const;
export const LeaveLoad = z.enum(LEAVE_LOADS);
export type LeaveLoad = z.infer<typeof LeaveLoad>;

/** Share of the team away on the busiest day at which the load is `tight` / `critical`. */
export const LOAD_TIGHT_SHARE = 0.25;
export const LOAD_CRITICAL_SHARE = 0.4;

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
    label: z.string(),
    state: TimelineState,
    actorName: z.string().nullable(),
    at: Instant.nullable().meta({ description: 'UTC ISO 8601 instant, or null when the step has not happened.' }),
    note: z.string().nullable(),
  })
  .meta({ id: 'LeaveTimelineEntry', description: 'Spec §2.2. Keys in order: `submitted`, `manager`, `hr` (only when HR approval is required), `final`.' });
export type LeaveTimelineEntry = z.infer<typeof LeaveTimelineEntry>;

export const LeaveContextDay = z
  .object({
    date: IsoDate,
    weekend: z.boolean().meta({ description: "A weekly off under the organisation's weekly-off rules." }),
    team: z.number().int().meta({ description: 'Members of the team on approved or pending leave that day.' }),
    dept: z.number().int().meta({ description: 'People of the department on approved or pending leave that day.' }),
    org: z.number().int().meta({ description: 'People of the organisation on approved or pending leave that day.' }),
  })
  .meta({ id: 'LeaveContextDay' });
export type LeaveContextDay = z.infer<typeof LeaveContextDay>;

export const LeaveContext = z
  .object({
    teamSize: z.number().int().meta({ description: "The applicant's team: everyone (not exited) reporting to the applicant's manager, the applicant included." }),
    peakTeamOnLeave: z.number().int(),
    peakDeptOnLeave: z.number().int(),
    peakOrgOnLeave: z.number().int(),
    load: LeaveLoad.meta({
      description: `The team share away on the busiest day (peakTeamOnLeave / teamSize): \`critical\` at ${LOAD_CRITICAL_SHARE * 100}% or more, \`tight\` at ${LOAD_TIGHT_SHARE * 100}% or more, else \`ok\`.`,
    }),
    managerName: z.string().nullable(),
    priorSameType: z.number().meta({ description: 'Days of this leave type the applicant has taken (approved, net of reversals) in the current financial year, this request excluded.' }),
    days: z.array(LeaveContextDay).meta({ description: 'Every calendar day from fromDate to toDate.' }),
  })
  .meta({
    id: 'LeaveContext',
    description:
      "Spec §2.3. Counts are distinct people on approved or pending leave that day, and always include the applicant on the request's own days (the load as it would be if this request is granted).",
  });
export type LeaveContext = z.infer<typeof LeaveContext>;

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
    enteredByName: z.string().nullable().meta({
      description:
        'Not in spec §2.1 (an addition): who recorded the request for the employee (HR, with `employeeId` on apply); the `submitted` timeline entry then reads "Recorded by HR" with this name as its actor. Null when the employee applied.',
    }),
  })
  .meta({ id: 'LeaveRequest', description: 'Spec §2.1: every field is always present.' });
export type LeaveRequest = z.infer<typeof LeaveRequest>;

/** Characters as a person counts them (Unicode code points, as JSON Schema's `maxLength`): an emoji is one. */
export const noteLength = (s: string): number => [...s].length;

const Note = z
  .string()
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
    note: z
      .string()
      .trim()
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
    reason: z
      .string()
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

/* ---------------------------------------------------------------- types and policies */

export const HR_APPROVAL_RULES = ['always', 'never', 'aboveDays'] as const;
export const HrApprovalRule = z.enum(HR_APPROVAL_RULES);
export type HrApprovalRule = z.infer<typeof HrApprovalRule>;

/**
 * Which non-working days inside a full-day request cost balance: `none`;
 * `weekends` / `holidays` / `both` between leave days (leading and trailing
 * non-working days are trimmed); `calendar`: every day from start to end
 * (e.g. maternity leave under the Maternity Benefit Act).
 */
export const SANDWICH_RULES = ['none', 'weekends', 'holidays', 'both', 'calendar'] as const;
export const SandwichRule = z.enum(SANDWICH_RULES);
export type SandwichRule = z.infer<typeof SandwichRule>;

export const ACCRUAL_METHODS = ['annual', 'monthly', 'none'] as const;
export const AccrualMethod = z.enum(ACCRUAL_METHODS);
export type AccrualMethod = z.infer<typeof AccrualMethod>;

export const EligibleGender = z.enum(['Female', 'Male']);

const days = (max: number) => z.number().min(0).max(max);

export const LeavePolicy = z
  .object({
    accrual: AccrualMethod.meta({ description: '`annual`: granted on the first day of the leave year; `monthly`: credited on the first of each month; `none`: only HR credits (adjustments), e.g. comp-off, or no entitlement at all (loss of pay).' }),
    annualDays: days(366).meta({ description: 'Days granted per leave year (`annual`).' }),
    monthlyDays: days(31).meta({ description: 'Days credited per month (`monthly`), e.g. 1.25.' }),
    prorateJoiners: z.boolean().meta({ description: 'A joiner gets the share of the year (annual) or month (monthly) left from the joining date, rounded to half days.' }),
    carryForwardCap: days(366).nullable().meta({ description: 'Most days carried into the next leave year; the rest lapses (or is encashed). Null: no cap.' }),
    encashable: z.boolean().meta({ description: 'Days above the cap are encashed at year end (an `encashment` entry for payroll) instead of lapsing.' }),
    creditExpiryDays: z.number().int().min(1).max(3650).nullable().meta({ description: 'A credit not used within this many days lapses (comp-off). Null: no expiry.' }),
    accrualFrom: IsoDate.meta({ description: 'First day from which the jobs grant and accrue (the leave year in which the type was set up); earlier periods are never credited.' }),
  })
  .meta({ id: 'LeavePolicy' });
export type LeavePolicy = z.infer<typeof LeavePolicy>;

export const LeaveType = z
  .object({
    id: Uuid,
    code: z.string(),
    name: z.string(),
    colorTone: ColorTone,
    paid: z.boolean().meta({ description: 'False for loss of pay.' }),
    halfDayAllowed: z.boolean(),
    hrApproval: HrApprovalRule,
    hrApprovalAboveDays: z.number().nullable().meta({ description: 'With `aboveDays`: HR approval is needed when workingDays is above this.' }),
    noticeDays: z.number().int().meta({ description: 'Apply at least this many days before the first day.' }),
    backdateDays: z.number().int().meta({ description: 'An employee may apply for days up to this many days in the past (HR adjusts anything older).' }),
    maxConsecutiveDays: z.number().nullable().meta({ description: 'Most working days in one spell, counting adjacent requests of the same type.' }),
    documentsAboveDays: z.number().nullable().meta({ description: 'Supporting documents are required above this many working days.' }),
    minServiceDays: z.number().int().nullable().meta({ description: 'Eligible only after this many days since joining (e.g. after probation).' }),
    eligibleGender: EligibleGender.nullable().meta({ description: 'Only employees of this gender (maternity, paternity).' }),
    sandwich: SandwichRule,
    allowNegative: z.boolean().meta({ description: 'Whether the balance may go below zero (loss of pay has no entitlement and always may).' }),
    active: z.boolean(),
    policy: LeavePolicy,
  })
  .meta({ id: 'LeaveType' });
export type LeaveType = z.infer<typeof LeaveType>;

export const LeaveTypeList = z.object({ items: z.array(LeaveType) }).meta({ id: 'LeaveTypeList' });
export type LeaveTypeList = z.infer<typeof LeaveTypeList>;

const halfDays = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .refine((n) => Number.isInteger(n * 4), 'must be a multiple of 0.25');

export const LeavePolicyInput = z
  .object({
    accrual: AccrualMethod,
    annualDays: halfDays(366).default(0),
    monthlyDays: halfDays(31).default(0),
    prorateJoiners: z.boolean().default(true),
    carryForwardCap: halfDays(366).nullable().default(0),
    encashable: z.boolean().default(false),
    creditExpiryDays: z.number().int().min(1).max(3650).nullable().default(null),
    accrualFrom: IsoDate.optional().meta({ description: 'Defaults to the first day of the current leave year.' }),
  })
  .strict()
  .meta({ id: 'LeavePolicyInput' });
export type LeavePolicyInput = z.output<typeof LeavePolicyInput>;

const LeaveTypeFields = {
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9_-]{0,11}$/, 'must be 1–12 letters or digits, starting with a letter'),
  name: z.string().trim().min(1, 'is required').max(60),
  colorTone: ColorTone.default('neutral'),
  paid: z.boolean().default(true),
  halfDayAllowed: z.boolean().default(true),
  hrApproval: HrApprovalRule.default('never'),
  hrApprovalAboveDays: z.number().min(0).max(366).nullable().default(null),
  noticeDays: z.number().int().min(0).max(365).default(0),
  backdateDays: z.number().int().min(0).max(365).default(0),
  maxConsecutiveDays: z.number().min(0.5).max(366).nullable().default(null),
  documentsAboveDays: z.number().min(0).max(366).nullable().default(null),
  minServiceDays: z.number().int().min(0).max(3650).nullable().default(null),
  eligibleGender: EligibleGender.nullable().default(null),
  sandwich: SandwichRule.default('none'),
  allowNegative: z.boolean().default(false),
  active: z.boolean().default(true),
};

export const LeaveTypeCreate = z
  .object({ ...LeaveTypeFields, policy: LeavePolicyInput })
  .strict()
  .superRefine((v, ctx) => {
    if (v.hrApproval === 'aboveDays' && v.hrApprovalAboveDays === null) {
      ctx.addIssue({ code: 'custom', path: ['hrApprovalAboveDays'], message: 'is required when hrApproval is aboveDays' });
    }
  })
  .meta({ id: 'LeaveTypeCreate' });
export type LeaveTypeCreate = z.output<typeof LeaveTypeCreate>;
export type LeaveTypeCreateInput = z.input<typeof LeaveTypeCreate>;

/** Every field optional; `policy` replaces the whole policy when sent. */
export const LeaveTypeUpdate = z
  .object({
    code: LeaveTypeFields.code,
    name: LeaveTypeFields.name,
    colorTone: ColorTone,
    paid: z.boolean(),
    halfDayAllowed: z.boolean(),
    hrApproval: HrApprovalRule,
    hrApprovalAboveDays: z.number().min(0).max(366).nullable(),
    noticeDays: z.number().int().min(0).max(365),
    backdateDays: z.number().int().min(0).max(365),
    maxConsecutiveDays: z.number().min(0.5).max(366).nullable(),
    documentsAboveDays: z.number().min(0).max(366).nullable(),
    minServiceDays: z.number().int().min(0).max(3650).nullable(),
    eligibleGender: EligibleGender.nullable(),
    sandwich: SandwichRule,
    allowNegative: z.boolean(),
    active: z.boolean(),
    policy: LeavePolicyInput,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'send at least one field to change')
  .meta({ id: 'LeaveTypeUpdate' });
export type LeaveTypeUpdate = z.output<typeof LeaveTypeUpdate>;

/* ---------------------------------------------------------------- balances and ledger */

export const LEDGER_KINDS = ['grant', 'accrual', 'usage', 'reversal', 'adjustment', 'carry_forward', 'lapse', 'encashment'] as const;
export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;

export const LeaveTypeRef = z
  .object({ id: Uuid, code: z.string(), name: z.string(), colorTone: ColorTone, paid: z.boolean() })
  .meta({ id: 'LeaveTypeRef' });
export type LeaveTypeRef = z.infer<typeof LeaveTypeRef>;

export const LeaveBalance = z
  .object({
    leaveType: LeaveTypeRef,
    entitled: z.boolean().meta({ description: 'False for a type without an entitlement (accrual `none` and negative allowed, e.g. loss of pay): its balance is minus the days taken.' }),
    balance: z.number().meta({ description: 'The sum of every ledger entry: approved leave (also future days) already deducted.' }),
    pending: z.number().meta({ description: 'Working days of pending requests (held, not yet deducted).' }),
    available: z.number().meta({ description: 'balance − pending.' }),
    creditedThisYear: z.number().meta({ description: 'Grants, accruals, credits brought forward and positive adjustments in the current leave year.' }),
    usedThisYear: z.number().meta({ description: 'Approved leave days in the current leave year, net of reversals.' }),
  })
  .meta({ id: 'LeaveBalance' });
export type LeaveBalance = z.infer<typeof LeaveBalance>;

export const LeaveBalancesQuery = z.object({
  employeeId: UuidInput.optional().meta({ description: "Whose balances: the caller's by default; a manager for their reporting line, HR for anyone." }),
});
export type LeaveBalancesQuery = z.output<typeof LeaveBalancesQuery>;

export const LeaveBalances = z
  .object({
    employeeId: Uuid,
    employeeName: z.string(),
    yearStart: IsoDate.meta({ description: 'First day of the current leave (financial) year.' }),
    yearEnd: IsoDate,
    items: z.array(LeaveBalance),
  })
  .meta({ id: 'LeaveBalances' });
export type LeaveBalances = z.infer<typeof LeaveBalances>;

export const LedgerEntry = z
  .object({
    id: Uuid,
    kind: LedgerKind,
    days: z.number().meta({ description: 'Signed: credits positive, debits negative.' }),
    effectiveDate: IsoDate.meta({ description: 'The day the entry counts for (a usage entry: the first leave day it covers).' }),
    reason: z.string().meta({ description: 'Why the entry exists, in words.' }),
    requestId: Uuid.nullable(),
    expiresOn: IsoDate.nullable().meta({ description: 'For expiring credits (comp-off): the last day it can be used.' }),
    actorName: z.string(),
    createdAt: Instant,
  })
  .meta({ id: 'LeaveLedgerEntry' });
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LeaveLedgerQuery = z.object({
  leaveTypeId: UuidInput,
  employeeId: UuidInput.optional(),
  yearStart: IsoDate.optional().meta({ description: 'First day of the leave year to show; the current one by default.' }),
});
export type LeaveLedgerQuery = z.output<typeof LeaveLedgerQuery>;

export const LeaveLedger = z
  .object({
    employeeId: Uuid,
    leaveType: LeaveTypeRef,
    yearStart: IsoDate,
    yearEnd: IsoDate,
    opening: z.number().meta({ description: 'Sum of the entries effective before yearStart.' }),
    entries: z.array(LedgerEntry).meta({ description: 'Entries effective within the year, oldest first.' }),
    closing: z.number().meta({ description: 'opening + the entries of the year.' }),
    balance: z.number().meta({ description: 'Sum of every entry (later years included).' }),
  })
  .meta({ id: 'LeaveLedger' });
export type LeaveLedger = z.infer<typeof LeaveLedger>;

export const LeaveAdjustmentCreate = z
  .object({
    employeeId: UuidInput,
    leaveTypeId: UuidInput,
    days: z
      .number()
      .min(-366)
      .max(366)
      .refine((n) => n !== 0, 'must not be zero')
      .refine((n) => Number.isInteger(n * 4), 'must be a multiple of 0.25'),
    reason: z.string().trim().min(3, 'give a reason').max(LEAVE_NOTE_MAX),
    effectiveDate: IsoDate.optional().meta({ description: 'Defaults to today.' }),
  })
  .strict()
  .meta({ id: 'LeaveAdjustmentCreate' });
export type LeaveAdjustmentCreate = z.output<typeof LeaveAdjustmentCreate>;

export const LeaveAdjustmentResult = z
  .object({ entry: LedgerEntry, balance: z.number() })
  .meta({ id: 'LeaveAdjustmentResult' });
export type LeaveAdjustmentResult = z.infer<typeof LeaveAdjustmentResult>;

export const LeaveAdjustmentListQuery = PageQuery.extend({ employeeId: UuidInput.optional() });
export type LeaveAdjustmentListQuery = z.output<typeof LeaveAdjustmentListQuery>;

export const LeaveAdjustmentRow = LedgerEntry.extend({
  employeeId: Uuid,
  employeeName: z.string(),
  employeeCode: z.string(),
  leaveType: LeaveTypeRef,
}).meta({ id: 'LeaveAdjustmentRow' });
export type LeaveAdjustmentRow = z.infer<typeof LeaveAdjustmentRow>;

export const LeaveAdjustmentList = paginated(LeaveAdjustmentRow).meta({ id: 'LeaveAdjustmentList' });
export type LeaveAdjustmentList = z.infer<typeof LeaveAdjustmentList>;

/* ---------------------------------------------------------------- quote, calendar, colleagues */

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

export const LEAVE_CALENDAR_MAX_DAYS = 62;

export const LeaveCalendarQuery = z
  .object({
    from: IsoDate,
    to: IsoDate,
    scope: z.enum(['team', 'org']).default('team').meta({ description: '`team`: the caller\'s team and reporting line; `org`: everyone the caller may see.' }),
    departmentId: UuidInput.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    const span = (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 + 1;
    if (span > LEAVE_CALENDAR_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `at most ${LEAVE_CALENDAR_MAX_DAYS} days from from` });
  });
export type LeaveCalendarQuery = z.output<typeof LeaveCalendarQuery>;

export const LeaveCalendarEntry = z
  .object({
    requestId: Uuid,
    leaveTypeCode: z.string(),
    leaveTypeName: z.string(),
    colorTone: ColorTone,
    fromDate: IsoDate,
    toDate: IsoDate,
    duration: LeaveDuration,
    status: LeaveStatus,
  })
  .meta({ id: 'LeaveCalendarEntry' });
export type LeaveCalendarEntry = z.infer<typeof LeaveCalendarEntry>;

export const LeaveCalendar = z
  .object({
    from: IsoDate,
    to: IsoDate,
    days: z.array(z.object({ date: IsoDate, weekend: z.boolean(), holiday: z.string().nullable() })),
    people: z.array(
      z.object({
        employeeId: Uuid,
        fullName: z.string(),
        code: z.string(),
        department: z.string().nullable(),
        entries: z.array(LeaveCalendarEntry),
      }),
    ),
  })
  .meta({ id: 'LeaveCalendar', description: 'Approved and pending leave. For `team`: every member, with or without leave; for `org`: the people with leave in the range.' });
export type LeaveCalendar = z.infer<typeof LeaveCalendar>;

export const Colleague = z.object({ id: Uuid, fullName: z.string(), code: z.string() }).meta({ id: 'LeaveColleague' });
export const ColleagueQuery = z.object({
  employeeId: UuidInput.optional().meta({ description: "Whose colleagues: the caller's by default; another employee's for holders of `leave:hr-approve` (the backup choices when HR records leave)." }),
});
export type ColleagueQuery = z.output<typeof ColleagueQuery>;
export const ColleagueList = z.object({ items: z.array(Colleague) }).meta({ id: 'LeaveColleagueList' });
export type ColleagueList = z.infer<typeof ColleagueList>;

/* ---------------------------------------------------------------- year end and jobs */

export const YearEndQuery = z.object({
  boundary: IsoDate.optional().meta({ description: 'First day of the new leave year; the next one by default.' }),
});
export type YearEndQuery = z.output<typeof YearEndQuery>;

export const YearEndRow = z.object({
  employeeId: Uuid,
  employeeName: z.string(),
  employeeCode: z.string(),
  leaveType: LeaveTypeRef,
  closing: z.number().meta({ description: 'Balance of entries effective before the boundary.' }),
  carryForward: z.number(),
  lapse: z.number(),
  encash: z.number(),
  done: z.boolean().meta({ description: 'Already carried forward for this boundary.' }),
});
export type YearEndRow = z.infer<typeof YearEndRow>;

export const YearEndPreview = z
  .object({
    boundary: IsoDate,
    closingYearStart: IsoDate,
    due: z.boolean().meta({ description: 'The boundary has been reached, so the run may happen (the nightly job does it by itself).' }),
    rows: z.array(YearEndRow),
    totals: z.object({ carryForward: z.number(), lapse: z.number(), encash: z.number() }),
  })
  .meta({ id: 'LeaveYearEndPreview' });
export type YearEndPreview = z.infer<typeof YearEndPreview>;

export const YearEndRunBody = z.object({ boundary: IsoDate }).strict().meta({ id: 'LeaveYearEndRun' });
export type YearEndRunBody = z.output<typeof YearEndRunBody>;

export const LedgerRunResult = z
  .object({
    entries: z.number().int().meta({ description: 'Ledger entries written by this run (0 on a rerun).' }),
    employees: z.number().int().meta({ description: 'Employees whose ledger changed.' }),
  })
  .meta({ id: 'LeaveLedgerRunResult' });
export type LedgerRunResult = z.infer<typeof LedgerRunResult>;

/** The load of a team for a share of it away (spec §2.3 thresholds above). */
export function loadFor(peakTeamOnLeave: number, teamSize: number): LeaveLoad {
  if (teamSize <= 0) return 'ok';
  const share = peakTeamOnLeave / teamSize;
  if (share >= LOAD_CRITICAL_SHARE) return 'critical';
  if (share >= LOAD_TIGHT_SHARE) return 'tight';
  return 'ok';
}
