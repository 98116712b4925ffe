import { z } from 'zod';
import { freeText } from '../free-text.ts';
import { IdName, Instant, IsoDate, IsoMonth, Uuid, UuidInput } from '../common.ts';
import { AttendanceStatus, Direction, PunchFlag, PunchSource } from './enums.ts';
import { DayReasonMessage, DayReasonValue } from './reasons.ts';

/** A reconciled day, HR's override of it, and the punches behind it. */

export const DayReason = z
  .object({
    rule: z.string().meta({ description: 'Which rule fired, e.g. `late`, `half-day`, `leave`, `debounce`.' }),
    text: z.string().meta({ description: 'The rule in words, e.g. "late by 17 min (grace 10)".' }),
    messageId: DayReasonMessage.optional().meta({
      description: 'The reason as a message, for showing it in another language: `employee:dayReason.<messageId>` of the catalogues, with `messageValues`. Absent on days computed before reasons carried it.',
    }),
    messageValues: z.record(z.string(), DayReasonValue).optional().meta({
      description: "The message's values: a string as it is; `{ duration }` minutes, `{ nextDay }` a clock time on the next day, `{ list }` places, `{ leaveType }` a leave type, each written in the reader's language.",
    }),
  })
  .meta({ id: 'DayReason' });
export type DayReason = z.infer<typeof DayReason>;

export const ShiftRef = z.object({ id: Uuid, name: z.string(), startTime: z.string(), endTime: z.string() });

export const AttendanceDay = z
  .object({
    employeeId: Uuid,
    date: IsoDate.meta({ description: 'The day the shift starts (a night shift never splits).' }),
    shift: ShiftRef.nullable(),
    status: AttendanceStatus,
    provisional: z.boolean().meta({ description: 'True until the day is final (see `Pending`).' }),
    frozen: z.boolean().meta({ description: 'A frozen day is never changed by reconciliation.' }),
    workedMinutes: z.number().int(),
    otMinutes: z.number().int(),
    lateMinutes: z.number().int(),
    earlyMinutes: z.number().int(),
    firstIn: Instant.nullable(),
    lastOut: Instant.nullable(),
    punchCount: z.number().int(),
    presentDays: z.number().meta({ description: '0, 0.5 or 1.' }),
    leaveDays: z.number(),
    lopDays: z.number().meta({ description: 'Loss-of-pay days of this day (0, 0.5 or 1).' }),
    holidayName: z.string().nullable(),
    leaveCode: z.string().nullable(),
    reasons: z.array(DayReason),
    override: z
      .object({ workedMinutes: z.number().int().nullable(), otMinutes: z.number().int().nullable(), reason: z.string() })
      .nullable()
      .meta({ description: 'The HR override in force, if any.' }),
    computedAt: Instant,
  })
  .meta({ id: 'AttendanceDay' });
export type AttendanceDay = z.infer<typeof AttendanceDay>;

/** Spec §4.2 body: `reason` required, at least one of the other three. */
export const DayOverride = z
  .object({
    reason: freeText({ multiline: true }).min(1, 'is required').max(500),
    workedMinutes: z.number().int().min(0).max(1440).optional(),
    otMinutes: z.number().int().min(0).max(1440).optional(),
    frozen: z.boolean().optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.workedMinutes === undefined && b.otMinutes === undefined && b.frozen === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'send at least one of workedMinutes, otMinutes, frozen' });
    }
  })
  .meta({ id: 'DayOverride' });
export type DayOverride = z.infer<typeof DayOverride>;

export const EmployeeDayParams = z.object({ id: UuidInput, date: IsoDate });
export const EmployeeMonthParams = z.object({ id: UuidInput, month: IsoMonth });

export const PunchView = z
  .object({
    id: Uuid,
    employeeId: Uuid.nullable(),
    source: PunchSource,
    at: Instant,
    utcOffsetMinutes: z.number().int(),
    localDate: IsoDate.meta({ description: 'Date as received (in the offset it came with).' }),
    localTime: z.string().meta({ description: 'Time as received, HH:MM:SS.' }),
    direction: Direction.nullable().meta({ description: 'In or out as the terminal policy or the person said; null = by alternation.' }),
    attendStat: z.string(),
    verifyMode: z.string().nullable(),
    terminal: IdName.nullable(),
    terminalUserId: z.number().int().nullable(),
    photoUrl: z.string().nullable(),
    geo: z.object({ lat: z.number(), lng: z.number(), accuracy: z.number().nullable() }).nullable(),
    flags: z.array(PunchFlag),
    supersedesId: Uuid.nullable(),
    supersededById: Uuid.nullable(),
    regularizationId: Uuid.nullable(),
    note: z.string().nullable(),
    createdByName: z.string().nullable(),
    createdAt: Instant,
    /** How reconciliation used it. */
    role: z
      .enum(['in', 'out', 'unpaired', 'bounce', 'flagged', 'superseded'])
      .nullable()
      .meta({ description: 'How the engine used it: `in`/`out` of a pair, `unpaired`, a `bounce` (debounced), `flagged` (off-zone, not counted until regularized), `superseded`.' }),
  })
  .meta({ id: 'PunchView' });
export type PunchView = z.infer<typeof PunchView>;

export const OverrideEntry = z
  .object({
    id: Uuid,
    reason: z.string(),
    workedMinutes: z.number().int().nullable(),
    otMinutes: z.number().int().nullable(),
    frozen: z.boolean().nullable(),
    before: z.object({ status: z.string(), workedMinutes: z.number(), otMinutes: z.number(), frozen: z.boolean() }),
    after: z.object({ status: z.string(), workedMinutes: z.number(), otMinutes: z.number(), frozen: z.boolean() }),
    actorName: z.string(),
    at: Instant,
  })
  .meta({ id: 'OverrideEntry' });
export type OverrideEntry = z.infer<typeof OverrideEntry>;

export const EmployeeRef = z.object({ id: Uuid, code: z.string(), fullName: z.string() });
export type EmployeeRef = z.infer<typeof EmployeeRef>;
