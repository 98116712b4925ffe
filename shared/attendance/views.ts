import { z } from 'zod';
import { ExportFormat, Instant, IsoDate, IsoMonth, PageQuery, QueryBool, Uuid, UuidInput, paginated } from '../common.ts';
import { AttendanceDay, EmployeeRef, OverrideEntry, PunchView } from './days.ts';
import { AttendanceStatus, Direction, PunchSource } from './enums.ts';
import { Regularization } from './regularizations.ts';

/** Read views: one employee's day and month, the calendar, the day view, the live board. */

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
    wrongLocation: z.number().int().meta({ description: "Days with a punch at a terminal of another location than the employee's (kept, counted, and named on the day)." }),
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

const DayFilterQuery = {
  ...AttendanceFilterQuery,
  status: AttendanceStatus.optional(),
  late: QueryBool.optional().meta({ description: '`true`: only days with a late arrival (what the dashboard’s trend counts as late).' }),
};
export const DayViewQuery = PageQuery.extend(DayFilterQuery);
export type DayViewQuery = z.output<typeof DayViewQuery>;
export const DayExportQuery = z.object({ ...DayFilterQuery, format: ExportFormat.default('csv') });
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
    note: z.string().nullable().meta({
      description:
        'What HR should notice about the day so far, in a sentence: a punch at another location\'s terminal ("Punched at Pune Plant gate; works at Bengaluru HQ"), a first punch long before the shift or after it ended. Null when nothing stands out.',
    }),
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

export const LiveQuery = z.object({
  ...AttendanceFilterQuery,
  state: LiveState.optional(),
  present: QueryBool.optional().meta({ description: '`true`: only people who punched in today (`In` or `Out`), as the dashboard counts them present.' }),
  late: QueryBool.optional().meta({ description: '`true`: only people who came in after the start + grace today.' }),
});
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
