import { z } from 'zod';
import { freeText } from './free-text.ts';
import { weekdayOf } from './dates.ts';
import { IsoDate, Uuid } from './common.ts';
import { Email, Password } from './auth.ts';
import { Locale } from './i18n/locales.ts';

/** Every IANA zone this runtime knows; validated where Intl can tell. */
export const TimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine(isKnownTimeZone, 'must be an IANA time zone such as Asia/Kolkata')
  .meta({ example: 'Asia/Kolkata' });

export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A weekly-off rule: a weekday (0 = Sunday … 6 = Saturday) and which of its
 * occurrences in the month are off (`[2, 4]` = 2nd and 4th), or every one.
 */
export const WeeklyOffRule = z
  .object({
    weekday: z.number().int().min(0).max(6),
    weeks: z.union([z.literal('all'), z.array(z.number().int().min(1).max(5)).min(1).max(5)]),
  })
  .meta({ id: 'WeeklyOffRule' });
export type WeeklyOffRule = z.infer<typeof WeeklyOffRule>;

const weekdays = new Map<string, number>();

/**
 * Whether a weekly-off rule set makes a day off: its weekday matches a rule
 * for every, or the nth, occurrence in the month (e.g. every Sunday, 2nd and
 * 4th Saturday). The one definition, for attendance, leave and the console.
 */
export function isWeeklyOff(day: string, rules: readonly WeeklyOffRule[]): boolean {
  if (rules.length === 0) return false;
  let weekday = weekdays.get(day);
  if (weekday === undefined) {
    weekday = weekdayOf(day);
    if (weekdays.size > 50_000) weekdays.clear();
    weekdays.set(day, weekday);
  }
  const nth = Math.ceil(Number(day.slice(8, 10)) / 7);
  for (const r of rules) if (r.weekday === weekday && (r.weeks === 'all' || r.weeks.includes(nth))) return true;
  return false;
}

export const Organisation = z
  .object({
    name: z.string(),
    timeZone: z.string(),
    financialYearStartMonth: z.number().int().min(1).max(12).meta({ description: '1 = January … 4 = April (default).' }),
    weeklyOffs: z.array(WeeklyOffRule).meta({ description: 'Days off every week, e.g. every Sunday and the 2nd and 4th Saturday.' }),
    setupCompleted: z.boolean(),
    defaultLocale: Locale.meta({ description: 'The language of everyone who has not chosen their own (the sign-in page follows the browser). Set with `PUT /api/org/language`.' }),
  })
  .meta({ id: 'Organisation' });
export type Organisation = z.infer<typeof Organisation>;

export const OrganisationUpdate = z
  .object({
    name: freeText().min(1).max(120),
    timeZone: TimeZone,
    financialYearStartMonth: z.number().int().min(1).max(12),
    weeklyOffs: z.array(WeeklyOffRule).max(14),
  })
  .partial()
  .strict()
  .meta({ id: 'OrganisationUpdate' });
export type OrganisationUpdate = z.infer<typeof OrganisationUpdate>;

export const OrganisationLanguageUpdate = z.object({ defaultLocale: Locale }).strict().meta({ id: 'OrganisationLanguageUpdate' });
export type OrganisationLanguageUpdate = z.infer<typeof OrganisationLanguageUpdate>;

export const Department = z
  .object({ id: Uuid, name: z.string(), code: z.string().nullable(), headcount: z.number().int() })
  .meta({ id: 'Department' });
export type Department = z.infer<typeof Department>;
export const DepartmentInput = z
  .object({
    name: freeText().min(1, 'is required').max(80),
    code: z.string().trim().max(16).nullable().optional(),
  })
  .strict()
  .meta({ id: 'DepartmentInput' });
export type DepartmentInput = z.infer<typeof DepartmentInput>;

export const Location = z
  .object({
    id: Uuid,
    name: z.string(),
    addressLine: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    postalCode: z.string().nullable(),
    country: z.string(),
    headcount: z.number().int(),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof Location>;
export const LocationInput = z
  .object({
    name: freeText().min(1, 'is required').max(80),
    addressLine: freeText().max(200).nullable().optional(),
    city: freeText().max(80).nullable().optional(),
    state: freeText().max(80).nullable().optional(),
    postalCode: z.string().trim().max(12).nullable().optional(),
    country: freeText().min(2).max(80).optional(),
  })
  .strict()
  .meta({ id: 'LocationInput' });
export type LocationInput = z.infer<typeof LocationInput>;

export const Designation = z
  .object({ id: Uuid, name: z.string(), headcount: z.number().int() })
  .meta({ id: 'Designation' });
export type Designation = z.infer<typeof Designation>;
export const DesignationInput = z
  .object({ name: freeText().min(1, 'is required').max(80) })
  .strict()
  .meta({ id: 'DesignationInput' });
export type DesignationInput = z.infer<typeof DesignationInput>;

export const Holiday = z
  .object({
    id: Uuid,
    date: IsoDate,
    name: z.string(),
    locationId: Uuid.nullable().meta({ description: 'null = every location.' }),
    optional: z.boolean().meta({ description: 'A restricted holiday an employee opts into.' }),
  })
  .meta({ id: 'Holiday' });
export type Holiday = z.infer<typeof Holiday>;

export const SetupStatus = z
  .object({ needsSetup: z.boolean(), organisationName: z.string().nullable() })
  .meta({ id: 'SetupStatus' });
export type SetupStatus = z.infer<typeof SetupStatus>;

export const SetupRequest = z
  .object({
    organisationName: freeText().min(1, 'is required').max(120),
    timeZone: TimeZone,
    admin: z.object({
      fullName: freeText().min(1, 'is required').max(120),
      email: Email,
      password: Password,
    }),
  })
  .strict()
  .meta({ id: 'SetupRequest' });
export type SetupRequest = z.infer<typeof SetupRequest>;

export const Health = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    database: z.literal('ok'),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;

export const Shift = z
  .object({
    id: Uuid,
    name: z.string(),
    startTime: z.string().meta({ description: 'Local time `HH:MM`.' }),
    endTime: z.string().meta({ description: 'Local time `HH:MM`; earlier than the start for a night shift.' }),
    isDefault: z.boolean(),
  })
  .meta({ id: 'Shift' });
export type Shift = z.infer<typeof Shift>;

export const ShiftList = z.object({ items: z.array(Shift) }).meta({ id: 'ShiftList' });
export type ShiftList = z.infer<typeof ShiftList>;
