import { z } from 'zod';
import { freeText } from './free-text.ts';
import { Instant, Uuid } from './common.ts';

/** Spec §5.1: every key starts with this prefix. */
export const API_KEY_PREFIX = 'mst_';

/** A person may hold at most this many live personal keys. */
export const PERSONAL_KEYS_MAX = 10;
/** The furthest expiry a key may be given (two years). */
export const KEY_EXPIRY_MAX_DAYS = 730;

export const ApiKeyScope = z.enum(['ReadOnly', 'ReadWrite']).meta({
  description:
    'On the public API both grant `employee:read` and `attendance:read` (it has no writes, spec §5.1). On the agent endpoint (`/api/mcp`) a `ReadOnly` key sees only the tools that read; `ReadWrite` also those that act (check in, apply for leave, approve…), within the bound employee\'s permissions.',
});
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

const ExpiresAt = Instant.nullable()
  .optional()
  .meta({ description: `When the key stops working (UTC instant, in the future, at most ${KEY_EXPIRY_MAX_DAYS} days ahead); null or absent: never.` });

export const ApiKeyCreate = z
  .object({
    name: freeText().min(1, 'is required').max(80),
    scope: ApiKeyScope,
    employeeId: Uuid.nullable().optional().meta({
      description: 'Bind the key to one employee: the agent endpoint then acts as that person, with their current permissions and scope. A key bound to nobody is refused there (401).',
    }),
    expiresAt: ExpiresAt,
  })
  .strict()
  .meta({ id: 'ApiKeyCreate' });
export type ApiKeyCreate = z.infer<typeof ApiKeyCreate>;

export const PersonalKeyCreate = z
  .object({
    name: freeText().min(1, 'is required').max(80).meta({ description: 'What will use it, e.g. "Claude Desktop on my laptop".' }),
    scope: ApiKeyScope.default('ReadWrite'),
    expiresAt: ExpiresAt,
  })
  .strict()
  .meta({
    id: 'PersonalKeyCreate',
    description: 'A key for the caller\'s own AI assistants: bound to the caller, usable only on the agent endpoint (`/api/mcp`), never on the public API.',
  });
export type PersonalKeyCreate = z.infer<typeof PersonalKeyCreate>;

export const ApiKey = z
  .object({
    id: Uuid,
    name: z.string(),
    prefix: z.string().meta({ description: 'The first characters of the key, to recognise it.', example: 'mst_3fK9aQ' }),
    scope: ApiKeyScope,
    employeeId: Uuid.nullable(),
    employeeName: z.string().nullable(),
    personal: z.boolean().meta({ description: 'Made by the employee for their own assistants: works only on `/api/mcp`.' }),
    createdAt: Instant,
    createdByName: z.string().nullable(),
    lastUsedAt: Instant.nullable(),
    expiresAt: Instant.nullable(),
    revokedAt: Instant.nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyIssued = ApiKey.extend({
  key: z.string().meta({ description: 'The whole key. Shown this once; only a hash is kept.' }),
}).meta({ id: 'ApiKeyIssued' });
export type ApiKeyIssued = z.infer<typeof ApiKeyIssued>;

export const ApiKeyList = z.object({ items: z.array(ApiKey) }).meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof ApiKeyList>;
