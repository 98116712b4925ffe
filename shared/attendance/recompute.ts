import { z } from 'zod';
import { Instant, IsoDate, Uuid } from '../common.ts';

/** Reconciling a range of days again, as a job with progress. */

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
