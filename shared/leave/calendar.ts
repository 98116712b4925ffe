import { z } from 'zod';
import { IsoDate, Uuid, UuidInput } from '../common.ts';
import { LeaveDuration, LeaveStatus } from './requests.ts';
import { ColorTone } from './types.ts';

/** The leave calendar and the colleagues a request can name as backup. */

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
