import { z } from 'zod';
import { Instant, Uuid } from './common.ts';

/**
 * A long-running piece of work (recomputing attendance, building a compliance
 * bundle, a large export): started, polled for progress, cancelled, and read
 * for its result. A server restart marks a job that was running as failed.
 */

export const JOB_STATUSES = ['running', 'done', 'failed', 'cancelled'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

export const JobFile = z
  .object({
    filename: z.string(),
    contentType: z.string(),
    sizeBytes: z.number().int().min(0),
    sha256: z.string().meta({ description: 'Hex SHA-256 of the file.' }),
  })
  .meta({ id: 'JobFile', description: 'The file a finished job produced: download it from `GET /api/jobs/{id}/result`.' });
export type JobFile = z.infer<typeof JobFile>;

export const Job = z
  .object({
    id: Uuid,
    kind: z.string().meta({ example: 'compliance.bundle' }),
    title: z.string(),
    status: JobStatus,
    total: z.number().int().min(0).meta({ description: 'Units of work (what a unit is depends on the kind).' }),
    done: z.number().int().min(0),
    message: z.string().nullable().meta({ description: 'What it is doing now, e.g. "Form D (attendance register), PDF".' }),
    error: z.string().nullable().meta({ description: 'Why it failed, e.g. "failed: server restarted".' }),
    file: JobFile.nullable(),
    createdByName: z.string(),
    startedAt: Instant,
    finishedAt: Instant.nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof Job>;
