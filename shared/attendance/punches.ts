import { z } from 'zod';
import { Instant, Uuid } from '../common.ts';
import { AttendanceDay, EmployeeRef, PunchView } from './days.ts';
import { Direction } from './enums.ts';
import { LiveRow } from './views.ts';

/** Punches from the console: a self check-in or check-out, and a terminal's USB export imported. */

export const SelfPunchInput = z
  .object({
    direction: Direction,
    geo: z
      .object({
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
        accuracy: z.number().min(0).max(100_000).nullable().optional(),
      })
      .nullable()
      .optional()
      .meta({ description: "The browser's position, when the person allowed it." }),
  })
  .strict()
  .meta({ id: 'SelfPunchInput' });
export type SelfPunchInput = z.infer<typeof SelfPunchInput>;

export const SelfToday = z
  .object({
    employee: EmployeeRef,
    live: LiveRow,
    punches: z.array(PunchView),
    geoFenceRequired: z.boolean().meta({ description: 'True when fences exist: a check-in outside them is flagged OffZone.' }),
  })
  .meta({ id: 'SelfToday' });
export type SelfToday = z.infer<typeof SelfToday>;

export const SelfPunchResult = z
  .object({ punch: PunchView, day: AttendanceDay.nullable(), duplicate: z.boolean() })
  .meta({ id: 'SelfPunchResult' });
export type SelfPunchResult = z.infer<typeof SelfPunchResult>;

export const PunchImportInput = z
  .object({
    content: z.string().min(1, 'is empty').max(8 * 1024 * 1024),
    terminalId: Uuid.nullable().optional().meta({ description: 'The terminal the file came from: its serial dedupes against live punches, its zone reads the times.' }),
    timeZone: z.string().max(64).optional().meta({ description: 'Zone of the times in the file; default the terminal’s or the organisation’s.' }),
    commit: z.boolean().meta({ description: 'false: preview only; true: store the good rows.' }),
  })
  .strict()
  .meta({ id: 'PunchImportInput' });
export type PunchImportInput = z.infer<typeof PunchImportInput>;

export const ImportRow = z
  .object({
    line: z.number().int(),
    raw: z.string(),
    userKey: z.string().nullable().meta({ description: 'Terminal user id or employee code as read.' }),
    at: Instant.nullable(),
    attendStat: z.string(),
    employee: EmployeeRef.nullable(),
    result: z.enum(['ok', 'duplicate', 'unmatched', 'error']),
    message: z.string().nullable(),
  })
  .meta({ id: 'ImportRow' });
export type ImportRow = z.infer<typeof ImportRow>;

export const PunchImportResult = z
  .object({
    committed: z.boolean(),
    counts: z.object({ ok: z.number().int(), duplicate: z.number().int(), unmatched: z.number().int(), error: z.number().int() }),
    rows: z.array(ImportRow).meta({ description: 'Every row of the file with its outcome (at most 5,000 listed).' }),
  })
  .meta({ id: 'PunchImportResult' });
export type PunchImportResult = z.infer<typeof PunchImportResult>;
