import { z } from 'zod';
import { Instant, Uuid } from './common.ts';
import { Email, Password } from './auth.ts';
import { Role } from './permissions.ts';

export const UserAccount = z
  .object({
    id: Uuid,
    employeeId: Uuid,
    employeeCode: z.string(),
    fullName: z.string(),
    email: z.string(),
    roles: z.array(Role),
    active: z.boolean(),
    lastLoginAt: Instant.nullable(),
    createdAt: Instant,
  })
  .meta({ id: 'UserAccount' });
export type UserAccount = z.infer<typeof UserAccount>;

export const UserList = z.object({ items: z.array(UserAccount) }).meta({ id: 'UserList' });
export type UserList = z.infer<typeof UserList>;

export const UserCreate = z
  .object({
    employeeId: Uuid,
    email: Email.optional().meta({ description: "Login email; defaults to the employee's email." }),
    roles: z.array(Role).min(1, 'give at least one role'),
    password: Password,
  })
  .strict()
  .meta({ id: 'UserCreate' });
export type UserCreate = z.infer<typeof UserCreate>;

export const UserUpdate = z
  .object({
    roles: z.array(Role).min(1, 'give at least one role'),
    active: z.boolean(),
    password: Password.meta({ description: 'Set a new password (ends the user\'s sessions).' }),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'send at least one field to change')
  .meta({ id: 'UserUpdate' });
export type UserUpdate = z.infer<typeof UserUpdate>;
