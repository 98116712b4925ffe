import { z } from 'zod';
import { IsoDate, Instant, Uuid, publicList } from './common.ts';
import { EmployeeStatus, EmploymentType } from './employees.ts';

/** A directory record for integrators: no salary, bank or government ids. */
export const PublicEmployee = z
  .object({
    id: Uuid,
    code: z.string(),
    fullName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    designation: z.string().nullable(),
    department: z.string().nullable(),
    location: z.string().nullable(),
    managerId: Uuid.nullable(),
    managerName: z.string().nullable(),
    joinedDate: IsoDate,
    exitDate: IsoDate.nullable(),
    status: EmployeeStatus,
    employmentType: EmploymentType,
  })
  .meta({ id: 'PublicEmployee' });
export type PublicEmployee = z.infer<typeof PublicEmployee>;

export const PublicEmployeeList = publicList(PublicEmployee).meta({ id: 'PublicEmployeeList' });
export type PublicEmployeeList = z.infer<typeof PublicEmployeeList>;

export const PUBLIC_ATTENDANCE_STATUSES = [
  'NotReconciled',
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

export const PublicAttendance = z
  .object({
    employeeId: Uuid,
    employeeCode: z.string(),
    fullName: z.string(),
    date: IsoDate,
    status: z.enum(PUBLIC_ATTENDANCE_STATUSES).meta({
      description: '`NotReconciled` until the attendance engine has computed the day; `Pending` while the day is not final (in progress, or a terminal has not reported past it); no absence is marked before then.',
    }),
    reconciled: z.boolean(),
    provisional: z.boolean().meta({ description: 'True while terminals have not yet reported past the day.' }),
    firstIn: Instant.nullable(),
    lastOut: Instant.nullable(),
    workedMinutes: z.number().int().nullable(),
    otMinutes: z.number().int().nullable(),
    lateMinutes: z.number().int().nullable(),
  })
  .meta({ id: 'PublicAttendance' });
export type PublicAttendance = z.infer<typeof PublicAttendance>;

export const PublicAttendanceList = publicList(PublicAttendance).meta({ id: 'PublicAttendanceList' });
export type PublicAttendanceList = z.infer<typeof PublicAttendanceList>;

export const PublicAttendanceQuery = z.object({
  date: IsoDate.meta({ description: 'The calendar day, `YYYY-MM-DD`, in the organisation time zone.' }),
});

/** Spec §8: 600 requests per minute per API key, across both endpoints. */
export const PUBLIC_RATE_LIMIT = 600;
export const PUBLIC_RATE_WINDOW_MS = 60_000;
