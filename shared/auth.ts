import { z } from 'zod';
import { Instant, IsoDate, Uuid } from './common.ts';
import { Permission, Role } from './permissions.ts';
import { Locale } from './i18n/locales.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

/** An email, trimmed and lower-cased before it is checked. */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'must be an email address' }).max(254))
  .meta({ override: { type: 'string', format: 'email', maxLength: 254 }, example: 'asha.rao@example.in' });

export const Password = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const LoginRequest = z
  .object({
    email: z.string().min(1, 'is required').max(254).meta({ example: 'admin@kaveri.example' }),
    password: z.string().min(1, 'is required').max(PASSWORD_MAX),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionUser = z
  .object({
    id: Uuid.meta({ description: 'The user (login) id.' }),
    employeeId: Uuid,
    fullName: z.string(),
    email: z.string(),
    roles: z.array(Role),
    permissions: z.array(Permission),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginResponse = z.object({ user: SessionUser }).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** The organisation as the console needs it at hand: its calendar "today" comes from the server. */
export const OrganisationClock = z
  .object({
    name: z.string(),
    timeZone: z.string(),
    today: IsoDate.meta({ description: "Today's date in the organisation's time zone." }),
  })
  .meta({ id: 'OrganisationClock' });
export type OrganisationClock = z.infer<typeof OrganisationClock>;

/** The language a person reads Muster in: their own choice, or else the organisation's. */
export const MyLanguage = z
  .object({
    locale: Locale.meta({ description: 'The language in effect: the choice, or else the organisation\'s default.' }),
    choice: Locale.nullable().meta({ description: "The person's own choice; null follows the organisation's default." }),
    organisationDefault: Locale,
  })
  .meta({ id: 'MyLanguage' });
export type MyLanguage = z.infer<typeof MyLanguage>;

export const MyLanguageUpdate = z
  .object({ locale: Locale.nullable().meta({ description: "A language Muster ships, or null to follow the organisation's default." }) })
  .strict()
  .meta({ id: 'MyLanguageUpdate' });
export type MyLanguageUpdate = z.infer<typeof MyLanguageUpdate>;

export const MeResponse = LoginResponse.extend({ organisation: OrganisationClock, language: MyLanguage }).meta({ id: 'MeResponse' });
export type MeResponse = z.infer<typeof MeResponse>;

export const PasswordChangeRequest = z
  .object({ currentPassword: z.string().min(1, 'is required').max(PASSWORD_MAX), newPassword: Password })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: 'must differ from the current password',
    path: ['newPassword'],
  })
  .meta({ id: 'PasswordChangeRequest' });
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

export const SessionInfo = z
  .object({
    id: Uuid,
    userId: Uuid,
    employeeId: Uuid,
    fullName: z.string(),
    email: z.string(),
    createdAt: Instant,
    lastSeenAt: Instant,
    expiresAt: Instant.meta({ description: 'When the session ends even if used (absolute expiry).' }),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    current: z.boolean().meta({ description: 'True for the session making this request.' }),
  })
  .meta({ id: 'Session' });
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SessionList = z.object({ items: z.array(SessionInfo) }).meta({ id: 'SessionList' });
export type SessionList = z.infer<typeof SessionList>;

/** Idle and absolute session lifetimes. */
export const SESSION_IDLE_MINUTES = 12 * 60;
export const SESSION_ABSOLUTE_DAYS = 7;
