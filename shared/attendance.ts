import { z } from 'zod';
import { ExportFormat, IdName, Instant, IsoDate, IsoMonth, PageQuery, Uuid, UuidInput, paginated, QueryBool } from './common.ts';
import { WeeklyOffRule } from './org.ts';

/** A local wall-clock time `HH:MM` (00:00–23:59). */
export const LocalTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (00:00–23:59)')
  .meta({ example: '09:30' });

/** Minutes since midnight of `HH:MM`. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** `HH:MM` of minutes since midnight (wrapping past 24 h). */
export function timeOf(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** `7h05` for 425 minutes. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- statuses

/**
 * The status of a reconciled day. `Pending` is a day that is not final yet
 * (still in progress, or a terminal of the employee's location has not
 * reported past the end of the shift window): no absence is marked on it.
 */
export const ATTENDANCE_STATUSES = [
  'Present',
  'HalfDay',
  'Absent',
  'MissingPunch',
  'OnLeave',
  'HalfDayLeave',
  'Holiday',
  'WeeklyOff',
  'WorkedOnHoliday',
  'WorkedOnWeeklyOff',
  'Pending',
] as const;
export const AttendanceStatus = z.enum(ATTENDANCE_STATUSES);
export type AttendanceStatus = z.infer<typeof AttendanceStatus>;

export interface StatusMeta {
  /** Short code for grid cells and exports. */
  code: string;
  label: string;
  /** Background colour (hex RRGGBB) in exports and the console grid. */
  fill: string;
  /** Mantine colour name for badges. */
  color: string;
}

export const STATUS_META: Readonly<Record<AttendanceStatus, StatusMeta>> = {
  Present: { code: 'P', label: 'Present', fill: 'C6EFCE', color: 'teal' },
  HalfDay: { code: 'HD', label: 'Half day', fill: 'FFEB9C', color: 'yellow' },
  Absent: { code: 'A', label: 'Absent', fill: 'FFC7CE', color: 'red' },
  MissingPunch: { code: 'MP', label: 'Missing punch', fill: 'F8CBAD', color: 'orange' },
  OnLeave: { code: 'L', label: 'On leave', fill: 'BDD7EE', color: 'blue' },
  HalfDayLeave: { code: 'HL', label: 'Half-day leave', fill: 'DDEBF7', color: 'cyan' },
  Holiday: { code: 'H', label: 'Holiday', fill: 'E4DFEC', color: 'grape' },
  WeeklyOff: { code: 'WO', label: 'Weekly off', fill: 'EDEDED', color: 'gray' },
  WorkedOnHoliday: { code: 'WH', label: 'Worked on holiday', fill: 'A9D08E', color: 'lime' },
  WorkedOnWeeklyOff: { code: 'WW', label: 'Worked on weekly off', fill: 'A9D08E', color: 'lime' },
  Pending: { code: '…', label: 'Pending (day not final)', fill: 'FFFFFF', color: 'gray' },
};

export const PUNCH_SOURCES = ['terminal', 'self', 'manual', 'import'] as const;
export const PunchSource = z.enum(PUNCH_SOURCES);
export type PunchSource = z.infer<typeof PunchSource>;

export const Direction = z.enum(['in', 'out']);
export type Direction = z.infer<typeof Direction>;

export const PUNCH_FLAGS = ['OffZone', 'WrongLocation'] as const;
export const PunchFlag = z.enum(PUNCH_FLAGS);
export type PunchFlag = z.infer<typeof PunchFlag>;

// ---------------------------------------------------------------- policy

export const DIRECTION_POLICIES = ['fixed-in', 'fixed-out', 'by-state', 'alternating'] as const;
export const DirectionPolicy = z.enum(DIRECTION_POLICIES);
export type DirectionPolicy = z.infer<typeof DirectionPolicy>;

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
  name: z.string().trim().min(1, 'is required').max(60),
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
    name: z.string().trim().min(1, 'is required').max(80),
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

export const REGULARIZATION_KINDS = ['MissingPunchIn', 'MissingPunchOut', 'OffZone', 'ManualEntry', 'WrongLocation'] as const;
export const RegularizationKind = z.enum(REGULARIZATION_KINDS);
export type RegularizationKind = z.infer<typeof RegularizationKind>;

export const REGULARIZATION_STATUSES = ['AwaitingManager', 'ManagerApprovedAwaitingHR', 'Approved', 'Rejected'] as const;
export const RegularizationStatus = z.enum(REGULARIZATION_STATUSES);
export type RegularizationStatus = z.infer<typeof RegularizationStatus>;

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
    summary: z.string(),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    actorName: z.string(),
    at: Instant,
  })
  .meta({ id: 'PolicyLogEntry' });
export type PolicyLogEntry = z.infer<typeof PolicyLogEntry>;

// ---------------------------------------------------------------- days

export const DayReason = z
  .object({
    rule: z.string().meta({ description: 'Which rule fired, e.g. `late`, `half-day`, `leave`, `debounce`.' }),
    text: z.string().meta({ description: 'The rule in words, e.g. "late by 17 min (grace 10)".' }),
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
    reason: z.string().trim().min(1, 'is required').max(500),
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

// ---------------------------------------------------------------- regularizations

export const ProposedPunch = z
  .object({
    time: LocalTime.meta({ description: 'Local time; a time after midnight of a night shift falls on the next calendar day.' }),
    direction: Direction,
  })
  .meta({ id: 'ProposedPunch' });
export type ProposedPunch = z.infer<typeof ProposedPunch>;

export const Regularization = z
  .object({
    id: Uuid,
    employee: EmployeeRef,
    date: IsoDate,
    kind: RegularizationKind,
    status: RegularizationStatus,
    reason: z.string(),
    punches: z.array(ProposedPunch.extend({ at: Instant })),
    supersedes: z.array(Uuid).meta({ description: 'Punches this request replaces (e.g. an off-zone check-in).' }),
    requiresHr: z.boolean(),
    managerDecisionBy: z.string().nullable(),
    managerDecidedAt: Instant.nullable(),
    hrDecisionBy: z.string().nullable(),
    hrDecidedAt: Instant.nullable(),
    decisionNote: z.string().nullable(),
    createdByName: z.string(),
    createdAt: Instant,
    canDecide: z.boolean().meta({ description: 'Whether the caller may approve or reject it now.' }),
  })
  .meta({ id: 'Regularization' });
export type Regularization = z.infer<typeof Regularization>;

export const REGULARIZATION_REASON_MAX = 500;

export const RegularizationCreate = z
  .object({
    date: IsoDate,
    kind: RegularizationKind,
    reason: z.string().trim().min(1, 'is required').max(REGULARIZATION_REASON_MAX),
    punches: z.array(ProposedPunch).max(8).default([]),
    supersedes: z.array(UuidInput).max(8).default([]),
  })
  .strict()
  .meta({ id: 'RegularizationCreate' });
export type RegularizationCreate = z.output<typeof RegularizationCreate>;

export const RegularizationPreviewRequest = RegularizationCreate.extend({
  reason: z.string().max(REGULARIZATION_REASON_MAX).optional().meta({ description: 'Not needed to preview; checked when the request is sent.' }),
})
  .strict()
  .meta({ id: 'RegularizationPreviewRequest' });
export type RegularizationPreviewRequest = z.output<typeof RegularizationPreviewRequest>;

export const RegularizationPreview = z
  .object({ date: IsoDate, before: AttendanceDay, after: AttendanceDay })
  .meta({
    id: 'RegularizationPreview',
    description: '`before`: the day as its punches make it now. `after`: the day once the proposed punches are added and the superseded ones set aside. Nothing is stored.',
  });
export type RegularizationPreview = z.infer<typeof RegularizationPreview>;

export const RegularizationDecision = z
  .object({ note: z.string().trim().max(REGULARIZATION_REASON_MAX).nullable().optional() })
  .strict()
  .meta({ id: 'RegularizationDecision' });
export const RegularizationRejection = z
  .object({ note: z.string().trim().min(1, 'is required: say why').max(REGULARIZATION_REASON_MAX) })
  .strict()
  .meta({ id: 'RegularizationRejection' });

const RegularizationFilter = {
  status: RegularizationStatus.optional(),
  kind: RegularizationKind.optional(),
  employeeId: UuidInput.optional().meta({ description: 'One employee (the uuid filter of spec §4.7).' }),
};
export const RegularizationListQuery = PageQuery.extend({
  ...RegularizationFilter,
  awaitingMe: QueryBool.optional().meta({ description: 'Only requests the caller may decide now.' }),
});
export type RegularizationListQuery = z.output<typeof RegularizationListQuery>;
export const RegularizationExportQuery = z.object({ ...RegularizationFilter, format: ExportFormat.default('csv') });
export type RegularizationExportQuery = z.output<typeof RegularizationExportQuery>;

export const RegularizationList = paginated(Regularization)
  .extend({ pending: z.number().int().meta({ description: 'Requests the caller may decide now (all pages).' }) })
  .meta({ id: 'RegularizationList' });
export type RegularizationList = z.infer<typeof RegularizationList>;

// ---------------------------------------------------------------- views

export const DayDetail = z
  .object({
    employee: EmployeeRef,
    date: IsoDate,
    day: AttendanceDay.nullable().meta({ description: 'null when the day is outside employment or not reconciled yet.' }),
    employed: z.boolean(),
    window: z.object({ start: Instant, end: Instant }).nullable().meta({ description: 'Punches in this span belong to this shift day.' }),
    punches: z.array(PunchView),
    pairs: z.array(z.object({ in: Instant, out: Instant, minutes: z.number().int() })),
    overrides: z.array(OverrideEntry),
    regularizations: z.array(Regularization),
    canOverride: z.boolean(),
    canRegularize: z.boolean(),
  })
  .meta({ id: 'DayDetail' });
export type DayDetail = z.infer<typeof DayDetail>;

export const Totals = z
  .object({
    present: z.number().int(),
    halfDays: z.number().int(),
    absent: z.number().int(),
    missingPunch: z.number().int(),
    leave: z.number().meta({ description: 'Leave days (a half-day leave counts 0.5).' }),
    holidays: z.number().int(),
    weeklyOffs: z.number().int(),
    workedOnOff: z.number().int().meta({ description: 'Days worked on a holiday or weekly off.' }),
    lateCount: z.number().int(),
    workedMinutes: z.number().int(),
    otMinutes: z.number().int(),
    lopDays: z.number().meta({ description: 'Absent + half of half days + unpaid leave + late-mark penalties.' }),
    pending: z.number().int(),
  })
  .meta({ id: 'AttendanceTotals' });
export type Totals = z.infer<typeof Totals>;

export const MonthView = z
  .object({
    employee: EmployeeRef,
    month: IsoMonth,
    days: z.array(AttendanceDay),
    totals: Totals,
  })
  .meta({ id: 'AttendanceMonth' });
export type MonthView = z.infer<typeof MonthView>;

/** One employee-day of the calendar; cells line up with `days`. Zero and false fields are left out to keep a month small. */
export const CalendarCell = z
  .object({
    status: AttendanceStatus.nullable().meta({ description: 'null: not employed that day, not reconciled yet, or a future working day.' }),
    workedMinutes: z.number().int().optional().meta({ description: 'Absent when 0.' }),
    otMinutes: z.number().int().optional().meta({ description: 'Absent when 0.' }),
    lateMinutes: z.number().int().optional().meta({ description: 'Absent when 0.' }),
    frozen: z.literal(true).optional().meta({ description: 'Present (true) only on a frozen day.' }),
    provisional: z.literal(true).optional().meta({ description: 'Present (true) only while the day is not final, or for a future day known in advance.' }),
  })
  .meta({ id: 'CalendarCell' });
export type CalendarCell = z.infer<typeof CalendarCell>;

export const CalendarRow = z
  .object({
    employee: EmployeeRef,
    department: z.string().nullable(),
    location: z.string().nullable(),
    cells: z.array(CalendarCell),
    totals: Totals,
  })
  .meta({ id: 'CalendarRow' });
export type CalendarRow = z.infer<typeof CalendarRow>;

export const AttendanceFilterQuery = {
  departmentId: UuidInput.optional(),
  locationId: UuidInput.optional(),
  q: z.string().trim().max(100).optional().meta({ description: 'Name, code or email contains.' }),
};

export const CalendarQuery = PageQuery.extend(AttendanceFilterQuery);
export type CalendarQuery = z.output<typeof CalendarQuery>;
export const CalendarExportQuery = z.object({ ...AttendanceFilterQuery, format: ExportFormat.default('csv') });
export type CalendarExportQuery = z.output<typeof CalendarExportQuery>;

export const CalendarResponse = paginated(CalendarRow)
  .extend({
    month: IsoMonth,
    days: z.array(z.object({ date: IsoDate, weekday: z.number().int(), holiday: z.string().nullable() })),
    kpis: Totals.extend({
      employees: z.number().int(),
      attendanceRate: z.number().meta({ description: 'Present days / expected working days so far, 0..1.' }),
    }),
  })
  .meta({ id: 'AttendanceCalendar' });
export type CalendarResponse = z.infer<typeof CalendarResponse>;

export const DayRow = z
  .object({
    employee: EmployeeRef,
    department: z.string().nullable(),
    location: z.string().nullable(),
    day: AttendanceDay.nullable(),
  })
  .meta({ id: 'AttendanceDayRow' });
export type DayRow = z.infer<typeof DayRow>;

export const DayViewQuery = PageQuery.extend({ ...AttendanceFilterQuery, status: AttendanceStatus.optional() });
export type DayViewQuery = z.output<typeof DayViewQuery>;
export const DayExportQuery = z.object({ ...AttendanceFilterQuery, status: AttendanceStatus.optional(), format: ExportFormat.default('csv') });
export type DayExportQuery = z.output<typeof DayExportQuery>;

export const DayView = paginated(DayRow)
  .extend({
    date: IsoDate,
    kpis: z.object({ byStatus: z.record(z.string(), z.number().int()), employees: z.number().int(), notReconciled: z.number().int() }),
  })
  .meta({ id: 'AttendanceDayView' });
export type DayView = z.infer<typeof DayView>;

export const LIVE_STATES = ['In', 'Out', 'NotYetIn', 'Late', 'OnLeave', 'Off'] as const;
export const LiveState = z.enum(LIVE_STATES);
export type LiveState = z.infer<typeof LiveState>;

export const LiveRow = z
  .object({
    employee: EmployeeRef,
    department: z.string().nullable(),
    location: z.string().nullable(),
    shift: z.string().nullable(),
    shiftDate: IsoDate,
    state: LiveState.meta({
      description: '`In`/`Out` by the last punch; `NotYetIn` before the shift start + grace; `Late` after it with no punch; `OnLeave`; `Off` (holiday or weekly off).',
    }),
    lateMinutes: z.number().int(),
    firstIn: Instant.nullable(),
    workedMinutes: z.number().int(),
    lastPunch: z
      .object({ at: Instant, source: PunchSource, direction: Direction.nullable(), terminal: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'LiveRow' });
export type LiveRow = z.infer<typeof LiveRow>;

export const LiveTerminal = z
  .object({
    id: Uuid,
    name: z.string(),
    location: z.string().nullable(),
    online: z.boolean(),
    lastContactAt: Instant.nullable(),
    clockSkewSeconds: z.number().int().nullable(),
  })
  .meta({ id: 'LiveTerminal' });

export const LiveQuery = z.object({ ...AttendanceFilterQuery, state: LiveState.optional() });
export type LiveQuery = z.output<typeof LiveQuery>;
export const LiveExportQuery = LiveQuery.extend({ format: ExportFormat.default('csv') });

export const LiveView = z
  .object({
    now: Instant,
    counts: z.object({
      In: z.number().int(),
      Out: z.number().int(),
      NotYetIn: z.number().int(),
      Late: z.number().int(),
      OnLeave: z.number().int(),
      Off: z.number().int(),
      total: z.number().int(),
    }),
    items: z.array(LiveRow),
    terminals: z.array(LiveTerminal),
  })
  .meta({ id: 'AttendanceLive' });
export type LiveView = z.infer<typeof LiveView>;

export const SelfPunchInput = z
  .object({
    direction: Direction,
    geo: z
      .object({
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
        accuracy: z.number().min(0).max(100_000).nullable().optional(),
      })
      .nullable()
      .optional()
      .meta({ description: "The browser's position, when the person allowed it." }),
  })
  .strict()
  .meta({ id: 'SelfPunchInput' });
export type SelfPunchInput = z.infer<typeof SelfPunchInput>;

export const SelfToday = z
  .object({
    employee: EmployeeRef,
    live: LiveRow,
    punches: z.array(PunchView),
    geoFenceRequired: z.boolean().meta({ description: 'True when fences exist: a check-in outside them is flagged OffZone.' }),
  })
  .meta({ id: 'SelfToday' });
export type SelfToday = z.infer<typeof SelfToday>;

export const SelfPunchResult = z
  .object({ punch: PunchView, day: AttendanceDay.nullable(), duplicate: z.boolean() })
  .meta({ id: 'SelfPunchResult' });
export type SelfPunchResult = z.infer<typeof SelfPunchResult>;

export const PunchImportInput = z
  .object({
    content: z.string().min(1, 'is empty').max(8 * 1024 * 1024),
    terminalId: Uuid.nullable().optional().meta({ description: 'The terminal the file came from: its serial dedupes against live punches, its zone reads the times.' }),
    timeZone: z.string().max(64).optional().meta({ description: 'Zone of the times in the file; default the terminal’s or the organisation’s.' }),
    commit: z.boolean().meta({ description: 'false: preview only; true: store the good rows.' }),
  })
  .strict()
  .meta({ id: 'PunchImportInput' });
export type PunchImportInput = z.infer<typeof PunchImportInput>;

export const ImportRow = z
  .object({
    line: z.number().int(),
    raw: z.string(),
    userKey: z.string().nullable().meta({ description: 'Terminal user id or employee code as read.' }),
    at: Instant.nullable(),
    attendStat: z.string(),
    employee: EmployeeRef.nullable(),
    result: z.enum(['ok', 'duplicate', 'unmatched', 'error']),
    message: z.string().nullable(),
  })
  .meta({ id: 'ImportRow' });
export type ImportRow = z.infer<typeof ImportRow>;

export const PunchImportResult = z
  .object({
    committed: z.boolean(),
    counts: z.object({ ok: z.number().int(), duplicate: z.number().int(), unmatched: z.number().int(), error: z.number().int() }),
    rows: z.array(ImportRow).meta({ description: 'Every row of the file with its outcome (at most 5,000 listed).' }),
  })
  .meta({ id: 'PunchImportResult' });
export type PunchImportResult = z.infer<typeof PunchImportResult>;

export const RecomputeInput = z
  .object({ from: IsoDate, to: IsoDate, employeeId: Uuid.nullable().optional() })
  .strict()
  .meta({ id: 'RecomputeInput' });
export type RecomputeInput = z.infer<typeof RecomputeInput>;

export const RecomputeJob = z
  .object({
    id: Uuid,
    from: IsoDate,
    to: IsoDate,
    employeeId: Uuid.nullable(),
    total: z.number().int().meta({ description: 'Employee-days to reconcile.' }),
    done: z.number().int(),
    status: z.enum(['running', 'done', 'failed']),
    error: z.string().nullable(),
    createdByName: z.string(),
    startedAt: Instant,
    finishedAt: Instant.nullable(),
  })
  .meta({ id: 'RecomputeJob' });
export type RecomputeJob = z.infer<typeof RecomputeJob>;
