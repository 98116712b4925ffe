import { z } from 'zod';
import { LiveState } from './attendance/views.ts';
import { ExportFormat, Instant, IsoDate, IsoMonth, Uuid } from './common.ts';

/**
 * The home page (spec §1 "a dashboard", §4.7 `/api/dashboard/export`):
 * role-aware. HR and Admin see the organisation, a manager the reporting
 * line, an employee their own month. Sections a caller has no business with
 * are null.
 */

export const DashboardToday = z
  .object({
    employees: z.number().int().meta({ description: 'People employed today in scope.' }),
    present: z.number().int().meta({ description: 'Punched in today (in now or gone out): the live board’s In + Out.' }),
    inNow: z.number().int(),
    late: z.number().int().meta({ description: 'Of those present, came in after the start + grace.' }),
    absentSoFar: z.number().int().meta({ description: 'No punch yet and their shift started more than the grace ago (the live board’s “Late”).' }),
    notYetIn: z.number().int().meta({ description: 'No punch yet, shift not started (or within the grace).' }),
    onLeave: z.number().int(),
    off: z.number().int().meta({ description: 'On a weekly off or holiday without punching.' }),
  })
  .meta({ id: 'DashboardToday' });
export type DashboardToday = z.infer<typeof DashboardToday>;

export const DashboardApprovals = z
  .object({
    leave: z.number().int().meta({ description: 'Leave requests waiting for the caller’s decision.' }),
    regularizations: z.number().int().meta({ description: 'Regularizations waiting for the caller’s decision.' }),
    documents: z.number().int().nullable().meta({ description: 'Uploaded documents waiting for verification (the documents overview’s list), for those who verify them (`documents:manage`); null otherwise.' }),
    total: z.number().int(),
  })
  .meta({ id: 'DashboardApprovals' });

export const DashboardTerminal = z.object({
  id: Uuid,
  name: z.string(),
  location: z.string().nullable(),
  online: z.boolean(),
  lastContactAt: Instant.nullable(),
  syncedUntil: Instant.nullable(),
  backlog: z.number().int().nullable(),
});

export const DashboardTerminals = z
  .object({
    total: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    todayCanBeFinal: z.boolean().meta({
      description: 'Every enabled terminal is online with nothing left to deliver: today’s days can become final when their shifts end. False means some days will stay provisional (no absences marked) until the named terminals report.',
    }),
    provisionalYesterday: z.number().int().meta({ description: 'Days of yesterday still pending — not final, waiting for a terminal (the day view filtered to Pending lists them).' }),
    items: z.array(DashboardTerminal),
  })
  .meta({ id: 'DashboardTerminals' });

export const DashboardTrendPoint = z.object({
  date: IsoDate,
  attendanceRate: z.number().nullable().meta({ description: 'Present days / expected working days, 0..1; null on a day nobody was expected.' }),
  late: z.number().int().meta({ description: 'Late arrivals that day (stored days).' }),
  expected: z.number().int(),
});

export const DashboardLeaveLoad = z
  .object({
    from: IsoDate,
    to: IsoDate,
    days: z.array(z.object({ date: IsoDate, away: z.number().int() })),
    peak: z.object({ date: IsoDate, away: z.number().int() }).nullable(),
    people: z
      .array(z.object({ employeeId: Uuid, name: z.string(), from: IsoDate, to: IsoDate, leaveType: z.string(), pending: z.boolean() }))
      .meta({ description: 'Who is away in the window (approved, and pending marked as such), soonest first, at most 12.' }),
  })
  .meta({ id: 'DashboardLeaveLoad' });

export const DashboardCelebration = z.object({
  employeeId: Uuid,
  name: z.string(),
  kind: z.enum(['birthday', 'anniversary']),
  date: IsoDate.meta({ description: 'The day this week.' }),
  years: z.number().int().nullable().meta({ description: 'Years of service for an anniversary.' }),
});

export const DashboardHeadcount = z
  .object({
    headcount: z.number().int().meta({ description: 'On the rolls (active or on notice).' }),
    onNotice: z.number().int(),
    joiners: z.number().int().meta({ description: 'Joined this month.' }),
    leavers: z.number().int().meta({ description: 'Left this month (last day this month, up to today).' }),
    month: IsoMonth,
  })
  .meta({ id: 'DashboardHeadcount' });

export const DashboardMe = z
  .object({
    month: IsoMonth,
    live: LiveState.nullable().meta({ description: 'Where the caller is today, as the live board sees them.' }),
    present: z.number().int(),
    halfDays: z.number().int(),
    absent: z.number().int(),
    late: z.number().int(),
    leave: z.number(),
    workedMinutes: z.number().int(),
    otMinutes: z.number().int(),
    pendingRequests: z.number().int().meta({ description: 'The caller’s own leave requests still waiting for a decision.' }),
    balances: z.array(z.object({ code: z.string(), name: z.string(), available: z.number() })),
  })
  .meta({ id: 'DashboardMe' });

export const Dashboard = z
  .object({
    scope: z.enum(['org', 'team', 'self']),
    generatedAt: Instant,
    today: IsoDate,
    timeZone: z.string(),
    attendance: DashboardToday.nullable(),
    approvals: DashboardApprovals.nullable(),
    terminals: DashboardTerminals.nullable(),
    trend: z.array(DashboardTrendPoint).nullable().meta({ description: 'The last 30 days up to yesterday.' }),
    leaveLoad: DashboardLeaveLoad.nullable(),
    celebrations: z.array(DashboardCelebration).nullable().meta({ description: 'Birthdays and work anniversaries this week (Monday to Sunday).' }),
    headcount: DashboardHeadcount.nullable(),
    me: DashboardMe.nullable(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof Dashboard>;

export const DashboardExportQuery = z.object({ format: ExportFormat.default('pdf') });
export type DashboardExportQuery = z.output<typeof DashboardExportQuery>;
