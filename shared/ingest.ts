import { z } from 'zod';
import { Instant, IsoDate, SafeInt, Uuid } from './common.ts';

/**
 * Spec §4.6 date-time: ISO 8601 with calendar validation (leap days
 * included), seconds optional, and either `Z` or a numeric offset
 * (`+05:30`, `+0530` or `+05`). A local time without an offset is refused:
 * terminal clocks carry no zone, the connector must add it.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2})(?::?(\d{2}))?)$/;

export function isIngestDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi, s, , zone, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  if (day > days) return false;
  if (Number(h) > 23 || Number(mi) > 59 || (s !== undefined && Number(s) > 59)) return false;
  if (zone !== 'Z' && (Number(oh) > 14 || (om !== undefined && Number(om) > 59))) return false;
  return true;
}

export const IngestDateTime = z
  .string()
  .refine(isIngestDateTime, 'must be an ISO 8601 date-time with seconds optional and Z or a numeric offset, e.g. 2026-04-01T09:02+05:30')
  .meta({ format: 'date-time', example: '2026-04-01T09:02:17+05:30' });

/** The instant an ingest date-time denotes (valid input assumed). */
export function ingestInstant(value: string): Date {
  // Date.parse accepts ±hh:mm; normalise ±hhmm and ±hh first.
  const normalised = value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(normalised);
}

const Serial = z.string().min(1, 'must not be empty').max(64);
const TerminalType = z.string().min(1, 'must not be empty').max(64);

/** Largest decoded photo the server keeps (JPEG or PNG); above it the request answers 413. */
export const PHOTO_MAX_BYTES = 1024 * 1024;
/**
 * Standard base64 in groups of four, padded; whitespace allowed between groups (MIME line breaks
 * come every 76 characters, 19 groups). Exactly what the decoder reads, so the documented pattern
 * and the server agree; about 30 ms for a 1 MiB photo on a loaded machine. The decoder then checks
 * the image's magic bytes (400) and its size (413), which a pattern cannot say.
 */
export const PHOTO_BASE64 = /^(?:[A-Za-z0-9+/]{4}|\s+)*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?\s*$/;

/**
 * Optional on every ingest body (added compatibly): the terminal's id in the
 * registry when the connector knows it from `GET /config`. A terminal added
 * by address without a serial is matched by it, and its serial filled in from
 * the first record, instead of a second registry row appearing.
 */
const RegistryId = Uuid.optional().meta({
  description:
    "The terminal's registry id from `GET /api/ingest/biometric/config`, when the connector has one. A terminal registered without a serial is matched by it and gets the reported serial; an unknown id falls back to matching by serial.",
});

/** Spec §4.6 `POST /api/ingest/biometric/timelog`: one punch. */
export const TimeLog = z
  .object({
    serial: Serial.meta({ description: "The terminal's serial number." }),
    terminalType: TerminalType.meta({ description: 'Protocol family, e.g. `zk`, `anviz`, `fk`.' }),
    terminalId: SafeInt.meta({ description: "The terminal's machine number (1 when it has none)." }),
    transId: SafeInt.meta({ description: "The terminal's own record number, or the connector's per-terminal counter." }),
    at: IngestDateTime.meta({ description: 'When the punch happened, with the offset of the terminal clock.' }),
    terminalUserId: SafeInt.meta({ description: "The person's enrolment number on the terminal." }),
    attendStat: z.string().max(32).optional().meta({ description: 'The punch state the terminal gave, e.g. `0` check-in, `1` check-out, `255` unknown.' }),
    verifyMode: z.string().max(32).optional().meta({ description: 'How the person was verified, e.g. `fingerprint`, `card`, `face`, `password`.' }),
    deviceUid: z.string().max(128).optional(),
    photoBase64: z
      .string()
      .regex(PHOTO_BASE64, 'must be base64')
      .optional()
      .meta({ contentEncoding: 'base64', description: `A JPEG or PNG, standard base64 (whitespace between characters is ignored), at most ${PHOTO_MAX_BYTES} bytes decoded (413 above).` }),
    registryId: RegistryId,
  })
  .meta({ id: 'TimeLog' });
export type TimeLog = z.infer<typeof TimeLog>;

/** Spec §4.6 `POST /api/ingest/biometric/adminlog`: an administrative event on a terminal. */
export const AdminLog = z
  .object({
    serial: Serial,
    terminalType: TerminalType,
    terminalId: SafeInt,
    transId: SafeInt,
    at: IngestDateTime,
    adminId: SafeInt.optional().meta({ description: 'The terminal administrator who acted.' }),
    targetUserId: SafeInt.optional().meta({ description: 'The enrolment number acted upon.' }),
    action: z.string().min(1).max(64).meta({ example: 'EnrollFinger' }),
    result: SafeInt.optional(),
    deviceUid: z.string().max(128).optional(),
    registryId: RegistryId,
  })
  .meta({ id: 'AdminLog' });
export type AdminLog = z.infer<typeof AdminLog>;

/** A raw terminal user id exactly as the terminal stores it (it may have letters or a leading zero). */
export const RawTerminalUserId = z.string().min(1, 'must not be empty').max(64);

/** At most this many unmapped ids in one keep-alive. */
export const UNMAPPED_REPORT_MAX = 500;

export const UnmappedUserId = z
  .object({
    userId: RawTerminalUserId,
    records: z.number().int().min(0).meta({ description: 'Records held back for it (punches and admin logs).' }),
  })
  .meta({ id: 'UnmappedUserId' });
export type UnmappedUserId = z.infer<typeof UnmappedUserId>;

/** Spec §4.6 `POST /api/ingest/biometric/keepalive`, with the connector's optional status of that terminal. */
export const KeepAlive = z
  .object({
    serial: Serial,
    terminalType: TerminalType,
    terminalId: SafeInt.optional(),
    transId: SafeInt.optional(),
    deviceUid: z.string().max(128).optional(),
    state: z
      .enum(['online', 'offline', 'error'])
      .optional()
      .meta({ description: 'Whether the connector can reach the terminal. Only `online` (or no state, from older connectors) counts as contact with the terminal.' }),
    clockSkewSeconds: z.number().int().min(-10_000_000).max(10_000_000).optional().meta({ description: 'Terminal clock minus true time, in seconds.' }),
    backlog: z
      .number()
      .int()
      .min(0)
      .optional()
      .meta({ description: 'Records the connector has still to deliver: spooled and not yet accepted, plus new ones of a log read in progress. Above 0, the terminal is not synced (its days wait).' }),
    detail: z.string().max(500).optional().meta({ description: 'Last error or note, for the console.' }),
    deadLetters: z.number().int().min(0).optional().meta({ description: 'Records the server refused (4xx) that wait in the connector’s dead-letter table.' }),
    firmware: z.string().max(200).optional().meta({ description: 'Firmware or platform the device reported, kept as the terminal’s firmware notes.' }),
    registryId: RegistryId,
    unmappedUserIds: z
      .array(UnmappedUserId)
      .max(UNMAPPED_REPORT_MAX)
      .optional()
      .meta({
        description:
          'Terminal user ids the connector cannot send as integers (letters, a leading zero) and holds as dead letters, with how many records each. When present it is the whole current list for this terminal. The server keeps them per terminal so an administrator can map them (`userIdMap` in the config).',
      }),
  })
  .meta({ id: 'KeepAlive' });
export type KeepAlive = z.infer<typeof KeepAlive>;

export const IngestAccepted = z
  .object({
    ok: z.literal(true),
    duplicate: z.boolean().meta({ description: 'True when this record was already received: nothing changed.' }),
    id: Uuid.meta({ description: 'The stored punch or admin log.' }),
  })
  .meta({ id: 'IngestAccepted' });
export type IngestAccepted = z.infer<typeof IngestAccepted>;

export const KeepAliveAccepted = z
  .object({ ok: z.literal(true), terminalId: Uuid.meta({ description: "The terminal's id in the registry." }) })
  .meta({ id: 'KeepAliveAccepted' });
export type KeepAliveAccepted = z.infer<typeof KeepAliveAccepted>;

export const TERMINAL_PROTOCOLS = ['zk-tcp', 'zk-udp', 'anviz-tcp', 'anviz-serial', 'zk-push', 'fk-push'] as const;
export const TerminalProtocol = z.enum(TERMINAL_PROTOCOLS);
export type TerminalProtocol = z.infer<typeof TerminalProtocol>;

/** What the connector needs to poll (or receive from) one terminal. */
export const ConnectorTerminal = z
  .object({
    id: Uuid,
    name: z.string(),
    protocol: TerminalProtocol,
    serial: z.string().nullable().meta({ description: 'Known once the terminal has reported; push terminals are matched by it.' }),
    host: z.string().nullable(),
    port: z.number().int().min(1).max(65535).nullable(),
    serialPath: z.string().nullable().meta({ description: 'Serial device for RS-232/RS-485 terminals, e.g. /dev/ttyUSB0 or COM3.' }),
    baudRate: z.number().int().nullable(),
    machineNumber: z.number().int().min(0).max(255).meta({ description: 'Device id on an RS-485 bus (Anviz) or ZK machine number.' }),
    commKey: z.number().int().min(0).max(999_999).meta({ description: 'ZK comm key (0 = none) / Anviz password.' }),
    timeZone: z.string().meta({ description: 'IANA zone of the terminal clock.' }),
    pollSeconds: z.number().int().min(5).max(3600),
    enabled: z.boolean(),
    userIdMap: z
      .record(RawTerminalUserId, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER))
      .default({})
      .meta({
        description:
          'Terminal user ids that are not plain numbers (e.g. `A12`, `007`), mapped by an administrator to the integer sent as `terminalUserId`. Added compatibly: absent means none. The connector applies it and re-sends the records it held back for those ids.',
      }),
  })
  .meta({ id: 'ConnectorTerminal' });
export type ConnectorTerminal = z.infer<typeof ConnectorTerminal>;

/** `GET /api/ingest/biometric/config`: the terminals a connector serves. */
export const ConnectorConfig = z
  .object({
    organisationTimeZone: z.string(),
    terminals: z.array(ConnectorTerminal),
    serverBootId: z
      .string()
      .max(64)
      .optional()
      .meta({
        description:
          'Added compatibly: an id of this server process, new at each start. A connector that sees it change re-sends once what the server acknowledged within its replay window (ingest is idempotent): a power cut can undo commits already answered 200.',
      }),
  })
  .meta({ id: 'ConnectorConfig' });
export type ConnectorConfig = z.infer<typeof ConnectorConfig>;

/** At most this many records in one `POST /api/ingest/biometric/timelogs`. */
export const TIMELOG_BATCH_MAX = 500;

/**
 * `POST /api/ingest/biometric/timelogs`: several time logs in one request.
 * Each record is validated on its own (an invalid one is refused alone), so
 * the envelope only checks that `records` is a list of 1 to 500 items.
 */
export const TimeLogBatch = z
  .object({
    records: z
      .array(z.unknown().meta({ override: { $ref: '#/components/schemas/TimeLog' } }))
      .min(1, 'must hold at least one record')
      .max(TIMELOG_BATCH_MAX, `must hold at most ${TIMELOG_BATCH_MAX} records`)
      .meta({ description: `1 to ${TIMELOG_BATCH_MAX} time logs, each exactly as the body of \`POST /api/ingest/biometric/timelog\`.` }),
  })
  .meta({ id: 'TimeLogBatch' });
export type TimeLogBatch = z.infer<typeof TimeLogBatch>;

/** One record's answer in a batch: accepted as by the single route, or refused with its own problem. */
export const TimeLogResult = z
  .union([
    IngestAccepted,
    z
      .object({
        ok: z.literal(false),
        status: z.number().int().meta({ description: 'What the single route would have answered: 400 invalid, 413 photo too large, 500 not stored now (send it again).' }),
        detail: z.string(),
        errors: z.array(z.object({ path: z.string(), message: z.string() })).optional().meta({ description: 'Field errors, paths as on the single route (`body.at`).' }),
      })
      .meta({ id: 'TimeLogRefused' }),
  ])
  .meta({ id: 'TimeLogResult' });
export type TimeLogResult = z.infer<typeof TimeLogResult>;

export const TimeLogBatchAccepted = z
  .object({ results: z.array(TimeLogResult).meta({ description: 'One per record, in the order sent.' }) })
  .meta({ id: 'TimeLogBatchAccepted' });
export type TimeLogBatchAccepted = z.infer<typeof TimeLogBatchAccepted>;

/** One shift day a demo employee works (not on leave, not a holiday or weekly off, employed). */
export const DemoShiftDay = z
  .object({
    terminalUserId: SafeInt,
    locationId: Uuid.nullable(),
    day: IsoDate.meta({ description: 'The day the shift starts (a night shift ends on the next calendar day).' }),
    shiftStart: Instant,
    shiftEnd: Instant,
    state: z.enum(['none', 'in', 'out']).meta({ description: 'Where the person is by the punches of this shift day so far: none yet, in, or out.' }),
  })
  .meta({ id: 'DemoShiftDay' });
export type DemoShiftDay = z.infer<typeof DemoShiftDay>;

export const DemoSchedule = z
  .object({
    timeZone: z.string(),
    now: Instant,
    terminals: z.array(z.object({ serial: z.string(), name: z.string(), locationId: Uuid.nullable() })),
    days: z.array(DemoShiftDay),
  })
  .meta({ id: 'DemoSchedule' });
export type DemoSchedule = z.infer<typeof DemoSchedule>;
