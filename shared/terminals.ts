import { z } from 'zod';
import { freeText } from './free-text.ts';
import { IdName, Instant, Uuid } from './common.ts';
import { DirectionPolicy, EmployeeRef } from './attendance/index.ts';
import { RawTerminalUserId, TerminalProtocol } from './ingest.ts';

/** Above this clock difference (seconds) the console warns. */
export const SKEW_WARNING_SECONDS = 120;

export const Terminal = z
  .object({
    id: Uuid,
    name: z.string(),
    serial: z.string().nullable().meta({ description: 'Known once the terminal has reported (or typed in for push terminals).' }),
    terminalType: z.string().nullable(),
    machineNumber: z.number().int(),
    deviceUid: z.string().nullable(),
    location: IdName.nullable(),
    protocol: TerminalProtocol,
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    serialPath: z.string().nullable(),
    baudRate: z.number().int().nullable(),
    commKey: z.number().int(),
    timeZone: z.string().nullable().meta({ description: 'IANA zone of its clock; null = the organisation’s.' }),
    pollSeconds: z.number().int(),
    enabled: z.boolean(),
    directionPolicy: DirectionPolicy,
    offlineAfterMinutes: z.number().int(),
    firmwareNotes: z.string().nullable(),
    online: z.boolean().meta({ description: 'Reached within `offlineAfterMinutes`, and the connector has not reported it unreachable since (`connectorState` `offline` or `error`).' }),
    lastContactAt: Instant.nullable().meta({ description: 'When the terminal was last reached: a record from it, or a keep-alive in which the connector reached it.' }),
    syncedUntil: Instant.nullable().meta({
      description: 'When the connector last reached it with nothing left to deliver: its location’s days are final only up to the slowest terminal’s point. Null: never.',
    }),
    lastPunchAt: Instant.nullable(),
    clockSkewSeconds: z.number().int().nullable().meta({ description: 'Terminal clock minus true time.' }),
    skewWarning: z.boolean(),
    connectorState: z.string().nullable(),
    backlog: z.number().int().nullable().meta({ description: 'Records the connector holds and has not delivered yet.' }),
    deadLetters: z.number().int().nullable(),
    connectorDetail: z.string().nullable(),
    punchesToday: z.number().int(),
    unmatchedCount: z.number().int(),
    unmappedUserIds: z.number().int().meta({ description: 'Terminal user ids that are not plain numbers, reported by the connector and not mapped yet (their records wait in its dead letters).' }),
    createdAt: Instant,
  })
  .meta({ id: 'Terminal' });
export type Terminal = z.infer<typeof Terminal>;

const NETWORK = new Set(['zk-tcp', 'zk-udp', 'anviz-tcp']);
const PUSH = new Set(['zk-push', 'fk-push']);

/** Whether a protocol's terminals call the connector (which listens on `host`:`port`) instead of being polled. */
export const isPushProtocol = (protocol: string): boolean => PUSH.has(protocol);

export const TerminalInput = z
  .object({
    name: freeText().min(1, 'is required').max(80),
    protocol: TerminalProtocol,
    serial: z.string().trim().min(1).max(64).nullable().optional(),
    host: z.string().trim().min(1).max(255).nullable().optional(),
    port: z.number().int().min(1).max(65535).nullable().optional(),
    serialPath: z.string().trim().min(1).max(255).nullable().optional(),
    baudRate: z.number().int().min(1200).max(921_600).nullable().optional(),
    machineNumber: z.number().int().min(0).max(255).default(1),
    commKey: z.number().int().min(0).max(999_999).default(0),
    timeZone: z.string().max(64).nullable().optional(),
    pollSeconds: z.number().int().min(5).max(3600).default(30),
    enabled: z.boolean().default(true),
    directionPolicy: DirectionPolicy.default('by-state'),
    locationId: Uuid.nullable().optional(),
    offlineAfterMinutes: z.number().int().min(1).max(10_080).default(15),
    firmwareNotes: freeText({ multiline: true }).max(500).nullable().optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (NETWORK.has(t.protocol)) {
      if (!t.host) ctx.addIssue({ code: 'custom', path: ['host'], message: `is required for ${t.protocol}` });
      if (!t.port) ctx.addIssue({ code: 'custom', path: ['port'], message: `is required for ${t.protocol}` });
    }
    if (t.protocol === 'anviz-serial') {
      if (!t.serialPath) ctx.addIssue({ code: 'custom', path: ['serialPath'], message: 'is required for a serial terminal' });
      if (!t.baudRate) ctx.addIssue({ code: 'custom', path: ['baudRate'], message: 'is required for a serial terminal' });
    }
    if (PUSH.has(t.protocol)) {
      if (!t.serial) ctx.addIssue({ code: 'custom', path: ['serial'], message: 'is required for a push terminal (it is matched by serial)' });
      if (!t.port) ctx.addIssue({ code: 'custom', path: ['port'], message: 'is required for a push terminal: the port the connector listens on' });
    }
  })
  .meta({ id: 'TerminalInput' });
export type TerminalInput = z.output<typeof TerminalInput>;

export const TerminalList = z.object({ items: z.array(Terminal) }).meta({ id: 'TerminalList' });
export type TerminalList = z.infer<typeof TerminalList>;

export const TerminalTestResult = z
  .object({
    ok: z.boolean(),
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
    detail: z.string(),
    device: z
      .object({
        serial: z.string(),
        name: z.string().nullable(),
        firmware: z.string().nullable(),
        recordCount: z.number().int(),
        clock: z.string().meta({ description: 'The terminal clock, local wall time `YYYY-MM-DDTHH:MM:SS`.' }),
        clockSkewSeconds: z.number().int().meta({ description: 'Terminal clock minus true time.' }),
      })
      .nullable()
      .meta({ description: 'What the terminal answered (polled protocols only).' }),
    lastKnown: z
      .object({
        serial: z.string().nullable(),
        terminalType: z.string().nullable(),
        deviceUid: z.string().nullable(),
        clockSkewSeconds: z.number().int().nullable(),
        lastContactAt: Instant.nullable(),
        records: z.number().int().meta({ description: 'Punches received from it so far.' }),
      })
      .meta({ description: 'What the connector last reported about the device.' }),
  })
  .meta({ id: 'TerminalTestResult' });
export type TerminalTestResult = z.infer<typeof TerminalTestResult>;

export const UnmatchedGroup = z
  .object({
    terminal: IdName.nullable(),
    serial: z.string(),
    terminalUserId: z.number().int(),
    count: z.number().int(),
    firstAt: Instant,
    lastAt: Instant,
  })
  .meta({ id: 'UnmatchedGroup' });
export type UnmatchedGroup = z.infer<typeof UnmatchedGroup>;

export const UnmatchedList = z.object({ items: z.array(UnmatchedGroup), total: z.number().int() }).meta({ id: 'UnmatchedList' });
export type UnmatchedList = z.infer<typeof UnmatchedList>;

export const Enrolment = z
  .object({
    id: Uuid,
    terminal: IdName.nullable().meta({ description: 'null = organisation-wide.' }),
    terminalUserId: z.number().int(),
    employee: EmployeeRef,
    createdByName: z.string(),
    createdAt: Instant,
  })
  .meta({ id: 'Enrolment' });
export type Enrolment = z.infer<typeof Enrolment>;

export const EnrolmentInput = z
  .object({
    terminalId: Uuid.nullable().meta({ description: 'The terminal this id is valid on, or null for every terminal.' }),
    terminalUserId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    employeeId: Uuid,
  })
  .strict()
  .meta({ id: 'EnrolmentInput' });
export type EnrolmentInput = z.infer<typeof EnrolmentInput>;

export const EnrolmentResult = z
  .object({
    enrolment: Enrolment,
    attached: z.number().int().meta({ description: 'Unmatched punches now attached to the employee.' }),
    daysReconciled: z.number().int(),
  })
  .meta({ id: 'EnrolmentResult' });
export type EnrolmentResult = z.infer<typeof EnrolmentResult>;

export const EnrolmentList = z.object({ items: z.array(Enrolment) }).meta({ id: 'EnrolmentList' });
export type EnrolmentList = z.infer<typeof EnrolmentList>;

export const AdminLogEntry = z
  .object({
    id: Uuid,
    terminal: IdName,
    at: Instant,
    adminId: z.number().int().nullable(),
    targetUserId: z.number().int().nullable(),
    employee: EmployeeRef.nullable(),
    action: z.string(),
    result: z.number().int().nullable(),
  })
  .meta({ id: 'AdminLogEntry' });
export type AdminLogEntry = z.infer<typeof AdminLogEntry>;

export const AdminLogList = z.object({ items: z.array(AdminLogEntry) }).meta({ id: 'AdminLogList' });
export type AdminLogList = z.infer<typeof AdminLogList>;

/** A terminal user id that is not a plain number, reported by the connector, and what it maps to. */
export const RawUser = z
  .object({
    id: Uuid,
    terminal: IdName,
    rawUserId: z.string().meta({ description: 'Exactly as the terminal stores it, e.g. `A12` or `007`.' }),
    records: z.number().int().meta({ description: "Records the connector holds back for it (its last report); 0 once they were sent." }),
    firstReportedAt: Instant.nullable(),
    lastReportedAt: Instant.nullable(),
    terminalUserId: z.number().int().nullable().meta({ description: 'The integer its records are sent with; null = not mapped yet.' }),
    employee: EmployeeRef.nullable().meta({ description: 'Who that integer means on this terminal (mapping, then biometric id), if anyone.' }),
    mappedByName: z.string().nullable(),
    mappedAt: Instant.nullable(),
  })
  .meta({ id: 'RawUser' });
export type RawUser = z.infer<typeof RawUser>;

export const RawUserList = z.object({ items: z.array(RawUser) }).meta({ id: 'RawUserList' });
export type RawUserList = z.infer<typeof RawUserList>;

/** Numbers Muster assigns when a raw id is mapped to an employee without a usable biometric id (far above any terminal's own). */
export const ASSIGNED_USER_ID_BASE = 1_000_000_000_000;

export const RawUserMapInput = z
  .object({
    terminalId: Uuid,
    rawUserId: RawTerminalUserId,
    terminalUserId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().meta({ description: '"Map to number": send its records with this terminal user id.' }),
    employeeId: Uuid.optional().meta({
      description: `"Map to employee": the employee's biometric id when it means them on this terminal, else a number from ${ASSIGNED_USER_ID_BASE} on with a mapping of it on this terminal.`,
    }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.terminalUserId === undefined) === (v.employeeId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['terminalUserId'], message: 'give either terminalUserId or employeeId' });
    }
  })
  .meta({ id: 'RawUserMapInput' });
export type RawUserMapInput = z.infer<typeof RawUserMapInput>;
