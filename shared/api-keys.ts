import { z } from 'zod';
import { Instant, Uuid } from './common.ts';

/** Spec §5.1: every key starts with this prefix. */
export const API_KEY_PREFIX = 'mst_';

export const ApiKeyScope = z.enum(['ReadOnly', 'ReadWrite']).meta({
  description: 'Both grant `employee:read` and `attendance:read`: the public surface has no writes (spec §5.1).',
});
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const ApiKeyCreate = z
  .object({
    name: z.string().trim().min(1, 'is required').max(80),
    scope: ApiKeyScope,
    employeeId: Uuid.nullable().optional().meta({
      description: 'Bind the key to one employee: the agent endpoint then acts as that person.',
    }),
  })
  .strict()
  .meta({ id: 'ApiKeyCreate' });
export type ApiKeyCreate = z.infer<typeof ApiKeyCreate>;

export const ApiKey = z
  .object({
    id: Uuid,
    name: z.string(),
    prefix: z.string().meta({ description: 'The first characters of the key, to recognise it.', example: 'mst_3fK9aQ' }),
    scope: ApiKeyScope,
    employeeId: Uuid.nullable(),
    employeeName: z.string().nullable(),
    createdAt: Instant,
    createdByName: z.string().nullable(),
    lastUsedAt: Instant.nullable(),
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
