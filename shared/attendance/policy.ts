import { z } from 'zod';
import { freeText } from '../free-text.ts';
import { IdName, Instant, IsoDate, Uuid } from '../common.ts';
import { WeeklyOffRule } from '../org.ts';
import { RegularizationKind } from './enums.ts';
import { LocalTime, minutesOf } from './time.ts';

/** Attendance policy: shifts and the roster, location weekly offs and fences, holidays, settings, the policy log. */

const Minutes = (max: number) => z.number().int().min(0).max(max);

export const Overtime = z
  .object({
    eligible: z.boolean(),
    afterMinutes: Minutes(720).meta({ description: 'Overtime starts only when at least this many minutes are worked beyond the shift.' }),
    blockMinutes: z.number().int().min(1).max(240).meta({ description: 'Overtime is rounded down to a multiple of this (e.g. 15 or 30).' }),
    maxMinutes: Minutes(1440).nullable().meta({ description: 'Cap per day; null = no cap.' }),
    beforeStart: z.boolean().meta({ description: 'Whether work before the shift start counts as overtime too.' }),
  })
  .meta({ id: 'Overtime' });
export type Overtime = z.infer<typeof Overtime>;

export const FlexibleHours = z
  .object({
    coreStart: LocalTime.meta({ description: 'Core hours start: later arrival is late.' }),
    coreEnd: LocalTime.meta({ description: 'Core hours end: earlier departure is an early leave.' }),
    requiredMinutes: z.number().int().min(1).max(1440).meta({ description: 'Minutes to work in the day (after the unpaid break).' }),
  })
  .meta({ id: 'FlexibleHours' });
export type FlexibleHours = z.infer<typeof FlexibleHours>;

const shiftFields = {
  name: freeText().min(1, 'is required').max(60),
  startTime: LocalTime.meta({ description: 'Local time the shift starts.' }),
  endTime: LocalTime.meta({ description: 'Local time it ends; earlier than the start for a shift that crosses midnight.' }),
  isDefault: z.boolean().meta({ description: 'The shift of employees without an assignment.' }),
  breakMinutes: Minutes(480).meta({ description: 'Unpaid break deducted from a day longer than a half day.' }),
  lateGraceMinutes: Minutes(240),
  earlyGraceMinutes: Minutes(240),
  halfDayMinutes: Minutes(1440).meta({ description: 'Worked minutes below this: Absent.' }),
  fullDayMinutes: Minutes(1440).meta({ description: 'Worked minutes below this (and at least the half day): HalfDay.' }),
  overtime: Overtime,
  windowBeforeMinutes: Minutes(720).meta({ description: 'How long before the start a punch still belongs to this shift.' }),
  windowAfterMinutes: Minutes(720).meta({ description: 'How long after the end a punch still belongs to this shift.' }),
  flexible: FlexibleHours.nullable().meta({ description: 'Flexible hours (core hours and required minutes), or null for fixed hours.' }),
  hoursMode: z.enum(['pairs', 'firstLast']).meta({ description: '`pairs`: sum of every in/out pair; `firstLast`: first in to last out.' }),
};

export const ShiftPolicy = z
  .object({ id: Uuid, ...shiftFields, assignedCount: z.number().int().min(0) })
  .meta({ id: 'ShiftPolicy' });
export type ShiftPolicy = z.infer<typeof ShiftPolicy>;

export const ShiftPolicyInput = z
  .object(shiftFields)
  .strict()
  .superRefine((s, ctx) => {
    if (s.startTime === s.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'must differ from the start time' });
    if (s.halfDayMinutes > s.fullDayMinutes) {
      ctx.addIssue({ code: 'custom', path: ['halfDayMinutes'], message: 'must not exceed the full-day minutes' });
    }
    if (s.flexible && minutesOf(s.flexible.coreStart) >= minutesOf(s.flexible.coreEnd)) {
      ctx.addIssue({ code: 'custom', path: ['flexible', 'coreEnd'], message: 'must be after the core start' });
    }
  })
  .meta({ id: 'ShiftPolicyInput' });
export type ShiftPolicyInput = z.infer<typeof ShiftPolicyInput>;

export const ShiftPolicyList = z.object({ items: z.array(ShiftPolicy) }).meta({ id: 'ShiftPolicyList' });

export const ShiftAssignment = z
  .object({
    id: Uuid,
    shiftId: Uuid,
    shiftName: z.string(),
    effectiveFrom: IsoDate,
    effectiveTo: IsoDate.nullable().meta({ description: 'Last day, or null while it is the current one.' }),
    createdByName: z.string(),
    createdAt: Instant,
  })
  .meta({ id: 'ShiftAssignment' });
export type ShiftAssignment = z.infer<typeof ShiftAssignment>;

export const ShiftAssignmentInput = z
  .object({
    shiftId: Uuid,
    effectiveFrom: IsoDate.meta({ description: 'First day on the new shift; days before it keep their shift.' }),
  })
  .strict()
  .meta({ id: 'ShiftAssignmentInput' });
export type ShiftAssignmentInput = z.infer<typeof ShiftAssignmentInput>;

export const ShiftAssignmentList = z
  .object({ items: z.array(ShiftAssignment), defaultShift: IdName.nullable() })
  .meta({ id: 'ShiftAssignmentList' });
export type ShiftAssignmentList = z.infer<typeof ShiftAssignmentList>;

export const GeoFence = z
  .object({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    radiusMeters: z.number().int().min(10).max(50_000),
  })
  .meta({ id: 'GeoFence' });
export type GeoFence = z.infer<typeof GeoFence>;

export const LocationPolicy = z
  .object({
    locationId: Uuid,
    locationName: z.string(),
    weeklyOffs: z.array(WeeklyOffRule).nullable().meta({ description: "This location's weekly offs, or null for the organisation's." }),
    effectiveWeeklyOffs: z.array(WeeklyOffRule),
    geoFence: GeoFence.nullable(),
  })
  .meta({ id: 'LocationPolicy' });
export type LocationPolicy = z.infer<typeof LocationPolicy>;

export const LocationPolicyInput = z
  .object({
    weeklyOffs: z.array(WeeklyOffRule).max(14).nullable(),
    geoFence: GeoFence.nullable(),
  })
  .strict()
  .meta({ id: 'LocationPolicyInput' });
export type LocationPolicyInput = z.infer<typeof LocationPolicyInput>;

export const HolidayInput = z
  .object({
    date: IsoDate,
    name: freeText().min(1, 'is required').max(80),
    locationId: Uuid.nullable().meta({ description: 'null = every location.' }),
    optional: z.boolean().meta({ description: 'A restricted holiday that an employee opts into.' }),
  })
  .strict()
  .meta({ id: 'HolidayInput' });
export type HolidayInput = z.infer<typeof HolidayInput>;

export const AttendanceHoliday = z
  .object({
    id: Uuid,
    date: IsoDate,
    name: z.string(),
    locationId: Uuid.nullable(),
    locationName: z.string().nullable(),
    optional: z.boolean(),
    optedIn: z.boolean().meta({ description: 'Whether the caller opted into this optional holiday.' }),
    optInCount: z.number().int(),
  })
  .meta({ id: 'AttendanceHoliday' });
export type AttendanceHoliday = z.infer<typeof AttendanceHoliday>;

export const AttendanceSettings = z
  .object({
    debounceSeconds: z.number().int().min(0).max(900).meta({ description: 'Punches of one person closer than this are one punch.' }),
    regularizationWindowDays: z.number().int().min(1).max(366).meta({ description: 'How many days back a day may be regularized.' }),
    hrApprovalKinds: z.array(RegularizationKind).meta({ description: 'Regularization kinds that need HR after the manager.' }),
    lateMark: z
      .object({ every: z.number().int().min(1).max(31), days: z.number().min(0.5).max(1).multipleOf(0.5) })
      .nullable()
      .meta({ description: 'E.g. every 3rd late arrival in a month costs half a day of pay; null = off.' }),
    optionalHolidaysPerYear: z.number().int().min(0).max(30),
  })
  .meta({ id: 'AttendanceSettings' });
export type AttendanceSettings = z.infer<typeof AttendanceSettings>;
export const AttendanceSettingsUpdate = AttendanceSettings.partial().strict().meta({ id: 'AttendanceSettingsUpdate' });
export type AttendanceSettingsUpdate = z.infer<typeof AttendanceSettingsUpdate>;

export const PolicyLogEntry = z
  .object({
    id: Uuid,
    entity: z.string(),
    entityId: z.string(),
    action: z.string(),
    summary: z.string().meta({ description: "What changed, in the reader's language (English as stored for callers without one)." }),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    actorName: z.string(),
    at: Instant,
  })
  .meta({ id: 'PolicyLogEntry' });
export type PolicyLogEntry = z.infer<typeof PolicyLogEntry>;
