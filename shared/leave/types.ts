import { z } from 'zod';
import { freeText } from '../free-text.ts';
import { IsoDate, QueryBool, Uuid } from '../common.ts';

/** Leave types and their policies: the rules a request is checked against and the credits the ledger jobs write. */

/** Spec §2.1 value sets, exactly. */
export const COLOR_TONES = ['neutral', 'accent', 'ok', 'warn', 'bad', 'info'] as const;
export const ColorTone = z.enum(COLOR_TONES);
export type ColorTone = z.infer<typeof ColorTone>;

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
    .multipleOf(0.25, 'must be a multiple of 0.25');

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
  name: freeText().min(1, 'is required').max(60),
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

export const LeaveTypeRef = z
  .object({ id: Uuid, code: z.string(), name: z.string(), colorTone: ColorTone, paid: z.boolean() })
  .meta({ id: 'LeaveTypeRef' });
export type LeaveTypeRef = z.infer<typeof LeaveTypeRef>;

export const LeaveTypeListQuery = z.object({ includeInactive: QueryBool.default(false) });
export type LeaveTypeListQuery = z.output<typeof LeaveTypeListQuery>;
