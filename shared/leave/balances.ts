import { z } from 'zod';
import { freeText } from '../free-text.ts';
import { Instant, IsoDate, PageQuery, Uuid, UuidInput, paginated } from '../common.ts';
import { LEAVE_NOTE_MAX } from './requests.ts';
import { LeaveTypeRef } from './types.ts';

/** Balances and the ledger behind them: entries, HR adjustments, the year end and the ledger job. */

export const LEDGER_KINDS = ['grant', 'accrual', 'usage', 'reversal', 'adjustment', 'carry_forward', 'lapse', 'encashment'] as const;
export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;

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
      .multipleOf(0.25, 'must be a multiple of 0.25')
      .refine((n) => n !== 0, 'must not be zero')
      .meta({ description: 'Days to add (negative: to take away), in quarter days; not zero.' }),
    reason: freeText({ multiline: true }).min(3, 'give a reason').max(LEAVE_NOTE_MAX),
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
