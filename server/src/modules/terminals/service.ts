import type { DirectionPolicy } from '../../../../shared/attendance/index.ts';
import type { TerminalProtocol } from '../../../../shared/ingest.ts';
import { isKnownTimeZone } from '../../../../shared/org.ts';
import {
  type AdminLogEntry,
  type Enrolment,
  type EnrolmentInput,
  type Terminal,
  type TerminalInput,
  type TerminalTestResult,
  type UnmatchedGroup,
  SKEW_WARNING_SECONDS,
  isPushProtocol,
} from '../../../../shared/terminals.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { TerminalTable } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { diffFields, recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { dayOfInstant } from '../attendance/index.ts';
import { directoryOf, policyOf } from '../attendance/index.ts';
import { reconcileOwners } from '../attendance/index.ts';
import { zonedInstant } from '../attendance/index.ts';
import { unmappedCounts, userIdMaps } from './raw-users.ts';

/**
 * The terminal registry (managed from the console's Terminals page; a
 * terminal also appears on its first ingest message), enrolment mappings of
 * terminal user ids to employees, and the terminals' admin logs.
 */

export const TERMINAL_COLUMNS = [
  'id',
  'serial',
  'terminal_type',
  'machine_number',
  'device_uid',
  'name',
  'location_id',
  'protocol',
  'host',
  'port',
  'serial_path',
  'baud_rate',
  'comm_key',
  'time_zone',
  'poll_seconds',
  'enabled',
  'direction_policy',
  'offline_after_minutes',
  'firmware_notes',
  'last_contact_at',
  'last_punch_at',
  'clock_skew_seconds',
  'connector_state',
  'connector_backlog',
  'connector_dead_letters',
  'connector_detail',
  'connector_state_since',
  'offline_notified_at',
  'synced_until',
  'created_at',
  'updated_at',
] as const;


export function isOnline(row: Pick<TerminalTable, 'last_contact_at' | 'offline_after_minutes'>, now: number): boolean {
  return row.last_contact_at !== null && now - Date.parse(row.last_contact_at) <= row.offline_after_minutes * 60_000;
}

/** The connector's word that it cannot reach the terminal (its last keep-alive). */
export function reportedUnreachable(state: string | null): boolean {
  return state === 'offline' || state === 'error';
}

/** What the console shows as "online": heard from recently, and not reported unreachable since. */
function shownOnline(row: Pick<TerminalTable, 'last_contact_at' | 'offline_after_minutes' | 'connector_state'>, now: number): boolean {
  return isOnline(row, now) && !reportedUnreachable(row.connector_state);
}

export async function findTerminalRow(ctx: Ctx, id: string): Promise<TerminalTable> {
  const row = await ctx.db.selectFrom('terminal').select([...TERMINAL_COLUMNS]).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Terminal');
  return row;
}

export async function listTerminals(ctx: Ctx): Promise<Terminal[]> {
  const now = ctx.clock.now().getTime();
  const startOfToday = new Date(zonedInstant(dayOfInstant(now, ctx.timeZone), 0, ctx.timeZone)).toISOString();
  const [rows, locations, today, unmatched, unmapped] = await Promise.all([
    ctx.db.selectFrom('terminal').select([...TERMINAL_COLUMNS]).orderBy('name').execute(),
    ctx.db.selectFrom('location').select(['id', 'name']).execute(),
    ctx.db
      .selectFrom('punch')
      .select((eb) => ['terminal_id', eb.fn.countAll<number>().as('n')])
      .where('at', '>=', startOfToday)
      .where('terminal_id', 'is not', null)
      .groupBy('terminal_id')
      .execute(),
    ctx.db
      .selectFrom('punch')
      .select((eb) => ['terminal_serial', eb.fn.countAll<number>().as('n')])
      .where('employee_id', 'is', null)
      .where('terminal_serial', 'is not', null)
      .groupBy('terminal_serial')
      .execute(),
    unmappedCounts(ctx),
  ]);
  const locationNames = new Map(locations.map((l) => [l.id, l.name]));
  const todayCounts = new Map(today.map((r) => [r.terminal_id, Number(r.n)]));
  const unmatchedCounts = new Map(unmatched.map((r) => [r.terminal_serial, Number(r.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    serial: r.serial,
    terminalType: r.terminal_type,
    machineNumber: r.machine_number,
    deviceUid: r.device_uid,
    location: r.location_id ? { id: r.location_id, name: locationNames.get(r.location_id) ?? '' } : null,
    protocol: r.protocol as TerminalProtocol,
    host: r.host,
    port: r.port,
    serialPath: r.serial_path,
    baudRate: r.baud_rate,
    commKey: r.comm_key,
    timeZone: r.time_zone,
    pollSeconds: r.poll_seconds,
    enabled: r.enabled === 1,
    directionPolicy: r.direction_policy as DirectionPolicy,
    offlineAfterMinutes: r.offline_after_minutes,
    firmwareNotes: r.firmware_notes,
    online: shownOnline(r, now),
    lastContactAt: r.last_contact_at,
    syncedUntil: r.synced_until,
    lastPunchAt: r.last_punch_at,
    clockSkewSeconds: r.clock_skew_seconds,
    skewWarning: r.clock_skew_seconds !== null && Math.abs(r.clock_skew_seconds) > SKEW_WARNING_SECONDS,
    connectorState: r.connector_state,
    backlog: r.connector_backlog,
    deadLetters: r.connector_dead_letters,
    connectorDetail: r.connector_detail,
    punchesToday: todayCounts.get(r.id) ?? 0,
    unmatchedCount: r.serial ? (unmatchedCounts.get(r.serial) ?? 0) : 0,
    unmappedUserIds: unmapped.get(r.id) ?? 0,
    createdAt: r.created_at,
  }));
}

async function terminalById(ctx: Ctx, id: string): Promise<Terminal> {
  const found = (await listTerminals(ctx)).find((t) => t.id === id);
  if (!found) throw notFound('Terminal');
  return found;
}

async function checkInput(ctx: Ctx, input: TerminalInput, exceptId?: string): Promise<void> {
  if (input.timeZone && !isKnownTimeZone(input.timeZone)) throw badRequest('Unknown time zone.', [{ path: 'body.timeZone', message: 'must be an IANA time zone such as Asia/Kolkata' }]);
  if (input.locationId && !(await ctx.db.selectFrom('location').select('id').where('id', '=', input.locationId.toLowerCase()).executeTakeFirst())) {
    throw badRequest('No such location.', [{ path: 'body.locationId', message: 'no such location' }]);
  }
  for (const [field, column, value] of [
    ['serial', 'serial', input.serial],
    ['name', 'name', input.name],
  ] as const) {
    if (!value) continue;
    let q = ctx.db.selectFrom('terminal').select('id').where(column, '=', value);
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw conflict(`Another terminal already has this ${field}.`, [{ path: `body.${field}`, message: `another terminal has this ${field}` }]);
  }
}

function columnsOf(input: TerminalInput) {
  return {
    name: input.name,
    protocol: input.protocol,
    ...(input.serial !== undefined ? { serial: input.serial } : {}),
    host: input.host ?? null,
    port: input.port ?? null,
    serial_path: input.serialPath ?? null,
    baud_rate: input.baudRate ?? null,
    machine_number: input.machineNumber,
    comm_key: input.commKey,
    time_zone: input.timeZone ?? null,
    poll_seconds: input.pollSeconds,
    enabled: input.enabled ? (1 as const) : (0 as const),
    direction_policy: input.directionPolicy,
    location_id: input.locationId?.toLowerCase() ?? null,
    offline_after_minutes: input.offlineAfterMinutes,
    firmware_notes: input.firmwareNotes ?? null,
  };
}

export async function createTerminal(ctx: Ctx, input: TerminalInput): Promise<Terminal> {
  await checkInput(ctx, input);
  const id = newId();
  await inTransaction(ctx, async (t) => {
    const now = ctx.clock.now().toISOString();
    await t.db
      .insertInto('terminal')
      .values({ id, serial: null, terminal_type: null, device_uid: null, connector_state_since: null, synced_until: null, ...columnsOf(input), created_at: now, updated_at: now })
      .execute();
  });
  return terminalById(ctx, id);
}

export async function updateTerminal(ctx: Ctx, id: string, input: TerminalInput): Promise<Terminal> {
  const before = await findTerminalRow(ctx, id);
  await checkInput(ctx, input, id);
  await inTransaction(ctx, async (t) => {
    await t.db.updateTable('terminal').set({ ...columnsOf(input), updated_at: ctx.clock.now().toISOString() }).where('id', '=', id).execute();
  });
  const after = await terminalById(ctx, id);
  if (before.direction_policy !== after.directionPolicy) {
    // In/out comes from the policy at reconciliation: today's days of its punches reflect it at once.
    const today = dayOfInstant(ctx.clock.now().getTime(), ctx.timeZone);
    const start = new Date(zonedInstant(today, 0, ctx.timeZone) - 86_400_000).toISOString();
    const rows = await ctx.db.selectFrom('punch').select(['employee_id', 'at']).where('terminal_id', '=', id).where('at', '>=', start).where('employee_id', 'is not', null).execute();
    if (rows.length) await reconcileOwners(ctx, rows.map((r) => ({ employeeId: r.employee_id as string, at: Date.parse(r.at) })));
  }
  return after;
}

export async function deleteTerminal(ctx: Ctx, id: string): Promise<void> {
  await findTerminalRow(ctx, id);
  await inTransaction(ctx, async (t) => {
    const used = await t.db.selectFrom('punch').select('id').where('terminal_id', '=', id).executeTakeFirst();
    if (used) throw conflict('This terminal has punches: disable it instead of deleting it.');
    await t.db.deleteFrom('terminal').where('id', '=', id).execute();
  });
}

// ------------------------------------------------------------------ ingest side

function protocolFor(terminalType: string): TerminalProtocol {
  if (/anviz/i.test(terminalType)) return 'anviz-tcp';
  if (/fk/i.test(terminalType)) return 'fk-push';
  if (/push|adms|iclock/i.test(terminalType)) return 'zk-push';
  return 'zk-tcp';
}

export interface Contact {
  serial: string;
  terminalType: string;
  terminalId?: number | undefined;
  deviceUid?: string | undefined;
  /** The registry id the connector was configured with, if it sent one. */
  registryId?: string | undefined;
}

/**
 * The registry row of a reporting terminal, registering it on its first
 * message. A terminal added by address without a serial is found by the
 * registry id the connector sends, and its serial is filled in from the
 * record; otherwise terminals are matched by serial.
 */
export async function terminalForContact(ctx: Ctx, contact: Contact): Promise<{ id: string; name: string }> {
  const policy = await policyOf(ctx.db);
  const registered = contact.registryId ? policy.terminals.get(contact.registryId.toLowerCase()) : undefined;
  if (registered?.serial === contact.serial) return { id: registered.id, name: registered.name };
  const known = policy.terminalsBySerial.get(contact.serial);
  if (known) return { id: known.id, name: known.name };
  const row = await ctx.db.selectFrom('terminal').select(['id', 'name']).where('serial', '=', contact.serial).executeTakeFirst();
  if (row) return row;
  if (registered && registered.serial === null) {
    // Its first record: the serial nobody holds yet becomes this row's. (A different serial on a row
    // that has one means another device answers at that address: it gets its own row, below.)
    const filled = await ctx.db
      .updateTable('terminal')
      .set({ serial: contact.serial, terminal_type: contact.terminalType, updated_at: ctx.clock.now().toISOString() })
      .where('id', '=', registered.id)
      .where('serial', 'is', null)
      .executeTakeFirst();
    if (Number(filled.numUpdatedRows) === 1) return { id: registered.id, name: registered.name };
  }
  const id = newId();
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('terminal')
    .values({
      id,
      serial: contact.serial,
      terminal_type: contact.terminalType,
      machine_number: Math.min(255, Math.max(0, contact.terminalId ?? 1)),
      device_uid: contact.deviceUid ?? null,
      name: `${contact.terminalType} ${contact.serial}`.slice(0, 80),
      location_id: null,
      protocol: protocolFor(contact.terminalType),
      host: null,
      port: null,
      serial_path: null,
      baud_rate: null,
      comm_key: 0,
      time_zone: null,
      poll_seconds: 30,
      enabled: 1,
      direction_policy: 'by-state',
      offline_after_minutes: 15,
      firmware_notes: null,
      last_contact_at: null,
      last_punch_at: null,
      clock_skew_seconds: null,
      connector_state: null,
      connector_backlog: null,
      connector_dead_letters: null,
      connector_detail: null,
      connector_state_since: null,
      offline_notified_at: null,
      synced_until: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, name: `${contact.terminalType} ${contact.serial}` };
}

/**
 * What a message proves: `reached` — the terminal was reachable now (last
 * contact, and any offline notice is over); `synced` — besides, nothing of it
 * is left to deliver, so attendance may treat its records up to now as complete.
 */
export interface Heard {
  reached: boolean;
  synced: boolean;
}

/** Records a message about a terminal (and what it said about itself). */
export async function touchTerminal(
  ctx: Ctx,
  id: string,
  contact: Contact,
  extra: Partial<
    Pick<TerminalTable, 'last_punch_at' | 'clock_skew_seconds' | 'connector_state' | 'connector_state_since' | 'connector_backlog' | 'connector_dead_letters' | 'connector_detail' | 'firmware_notes'>
  >,
  heard: Heard = { reached: true, synced: false },
): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const patch: Record<string, unknown> = { ...extra };
  if (heard.reached) Object.assign(patch, { last_contact_at: now, offline_notified_at: null });
  if (heard.synced) patch.synced_until = now;
  if (contact.deviceUid) patch.device_uid = contact.deviceUid;
  await ctx.db
    .updateTable('terminal')
    .set({ ...patch, terminal_type: contact.terminalType })
    .where('id', '=', id)
    .execute();
}

export async function connectorConfigTerminals(ctx: Ctx) {
  const [rows, maps] = await Promise.all([ctx.db.selectFrom('terminal').select([...TERMINAL_COLUMNS]).orderBy('name').execute(), userIdMaps(ctx)]);
  return rows
    .filter((r) => (isPushProtocol(r.protocol) ? Boolean(r.serial && r.port) : Boolean((r.host && r.port) || (r.serial_path && r.baud_rate))))
    .map((r) => ({
      id: r.id,
      name: r.name,
      protocol: r.protocol as TerminalProtocol,
      serial: r.serial,
      host: r.host,
      port: r.port,
      serialPath: r.serial_path,
      baudRate: r.baud_rate,
      machineNumber: Math.min(255, Math.max(0, r.machine_number)),
      commKey: r.comm_key,
      timeZone: r.time_zone ?? ctx.timeZone,
      pollSeconds: Math.min(3600, Math.max(5, r.poll_seconds)),
      enabled: r.enabled === 1,
      userIdMap: maps.get(r.id) ?? {},
    }));
}

/**
 * Notifies admins once about each enabled terminal that has been unreachable
 * longer than its threshold: nothing heard since its last contact (keep-alives
 * saying the connector cannot reach it do not count), or, never reached, the
 * connector has reported it unreachable for that long. Returns how many.
 */
export async function notifyOfflineTerminals(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now().getTime();
  const rows = await ctx.db
    .selectFrom('terminal')
    .select(['id', 'name', 'last_contact_at', 'offline_after_minutes', 'connector_state', 'connector_state_since', 'connector_detail'])
    .where('enabled', '=', 1)
    .where('offline_notified_at', 'is', null)
    .where((eb) => eb.or([eb('last_contact_at', 'is not', null), eb('connector_state', 'in', ['offline', 'error'])]))
    .execute();
  let n = 0;
  for (const r of rows) {
    const since = r.last_contact_at ?? r.connector_state_since;
    if (since === null || now - Date.parse(since) <= r.offline_after_minutes * 60_000) continue;
    const reported = reportedUnreachable(r.connector_state) ? ` The connector reports it ${r.connector_state}${r.connector_detail ? `: ${r.connector_detail}` : ''}.` : '';
    await inTransaction(ctx, async (t) => {
      await t.db.updateTable('terminal').set({ offline_notified_at: new Date(now).toISOString() }).where('id', '=', r.id).execute();
      await notify(t, { roles: ['Admin'] }, {
        kind: 'terminal.offline',
        title: `Terminal ${r.name} is offline`,
        body: `${r.last_contact_at ? `Nothing heard since ${r.last_contact_at}` : `Never reached; reported unreachable since ${since}`} (threshold ${r.offline_after_minutes} min).${reported} Days of its location stay provisional until it reports.`,
        link: '/terminals',
      });
    });
    n++;
  }
  return n;
}

// ------------------------------------------------------------------ test connection

/** Connects to a polled terminal through the connector's own driver: device info, clock, record count. */
export async function testTerminal(ctx: Ctx, id: string): Promise<TerminalTestResult> {
  const row = await findTerminalRow(ctx, id);
  const records = await ctx.db
    .selectFrom('punch')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('terminal_id', '=', id)
    .executeTakeFirstOrThrow();
  const lastKnown = {
    serial: row.serial,
    terminalType: row.terminal_type,
    deviceUid: row.device_uid,
    clockSkewSeconds: row.clock_skew_seconds,
    lastContactAt: row.last_contact_at,
    records: Number(records.n),
  };
  const started = Date.now();
  const zone = row.time_zone ?? ctx.timeZone;
  try {
    let driver;
    if ((row.protocol === 'zk-tcp' || row.protocol === 'zk-udp') && row.host && row.port) {
      const { ZkDriver } = await import('../../../../connector/src/drivers/zk.ts');
      driver = new ZkDriver({ host: row.host, port: row.port, transport: row.protocol === 'zk-udp' ? 'udp' : 'tcp', commKey: row.comm_key, timeoutMs: 4000 });
    } else if (row.protocol === 'anviz-tcp' && row.host && row.port) {
      const { AnvizDriver } = await import('../../../../connector/src/drivers/anviz.ts');
      driver = new AnvizDriver({ link: { kind: 'tcp', host: row.host, port: row.port }, deviceId: row.machine_number, timeoutMs: 4000 });
    } else if (row.protocol === 'anviz-serial' && row.serial_path && row.baud_rate) {
      const { AnvizDriver } = await import('../../../../connector/src/drivers/anviz.ts');
      driver = new AnvizDriver({ link: { kind: 'serial', path: row.serial_path, baudRate: row.baud_rate }, deviceId: row.machine_number, timeoutMs: 4000 });
    } else {
      const push = row.protocol === 'zk-push' || row.protocol === 'fk-push';
      return {
        ok: push && shownOnline(row, ctx.clock.now().getTime()),
        reachable: false,
        latencyMs: null,
        detail: push
          ? `A push terminal calls the connector; it cannot be dialled. Last contact: ${row.last_contact_at ?? 'never'}.`
          : 'Set the address (host and port) or the serial port first.',
        device: null,
        lastKnown,
      };
    }
    try {
      const info = await driver.connect();
      const clock = await driver.readClock();
      const count = await driver.recordCount();
      const latencyMs = Date.now() - started;
      const clockText = `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}T${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}:${String(clock.second).padStart(2, '0')}`;
      const terminalMs = zonedInstant(clockText.slice(0, 10), clock.hour * 60 + clock.minute, zone) + clock.second * 1000;
      const skew = Math.round((terminalMs - ctx.clock.now().getTime()) / 1000);
      await inTransaction(ctx, async (t) => {
        const patch: Partial<TerminalTable> = { clock_skew_seconds: skew, updated_at: ctx.clock.now().toISOString() };
        if (!row.serial && info.serial && !(await t.db.selectFrom('terminal').select('id').where('serial', '=', info.serial).executeTakeFirst())) patch.serial = info.serial;
        if (!row.device_uid && info.deviceUid) patch.device_uid = info.deviceUid;
        if (info.firmware && !row.firmware_notes) patch.firmware_notes = info.firmware;
        await t.db.updateTable('terminal').set(patch).where('id', '=', id).execute();
      });
      return {
        ok: true,
        reachable: true,
        latencyMs,
        detail: `Connected to ${info.name ?? row.name} (serial ${info.serial}): ${count} records, clock ${clockText.replace('T', ' ')} (${skew >= 0 ? '+' : ''}${skew} s).`,
        device: { serial: info.serial, name: info.name ?? null, firmware: info.firmware ?? null, recordCount: count, clock: clockText, clockSkewSeconds: skew },
        lastKnown,
      };
    } finally {
      await driver.disconnect().catch(() => undefined);
    }
  } catch (err) {
    return {
      ok: false,
      reachable: false,
      latencyMs: null,
      detail: `Could not talk to the terminal: ${err instanceof Error ? err.message : String(err)}. If the connector is reading it right now, the terminal may refuse a second client: try again in a moment.`,
      device: null,
      lastKnown,
    };
  }
}

// ------------------------------------------------------------------ enrolment

export async function listUnmatched(ctx: Ctx): Promise<{ items: UnmatchedGroup[]; total: number }> {
  const rows = await ctx.db
    .selectFrom('punch')
    .select((eb) => [
      'terminal_serial',
      'terminal_user_id',
      eb.fn.max('terminal_id').as('terminal_id'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.min('at').as('first_at'),
      eb.fn.max('at').as('last_at'),
    ])
    .where('employee_id', 'is', null)
    .where('terminal_serial', 'is not', null)
    .where('terminal_user_id', 'is not', null)
    .groupBy(['terminal_serial', 'terminal_user_id'])
    .orderBy('terminal_serial')
    .orderBy('terminal_user_id')
    .execute();
  const policy = await policyOf(ctx.db);
  const items = rows.map((r) => {
    const terminal = r.terminal_id ? policy.terminals.get(r.terminal_id as string) : undefined;
    return {
      terminal: terminal ? { id: terminal.id, name: terminal.name } : null,
      serial: r.terminal_serial as string,
      terminalUserId: Number(r.terminal_user_id),
      count: Number(r.n),
      firstAt: r.first_at as string,
      lastAt: r.last_at as string,
    };
  });
  return { items, total: items.reduce((s, i) => s + i.count, 0) };
}

const ENROLMENT_SELECT = ['terminal_enrolment.id', 'terminal_enrolment.terminal_id', 'terminal_enrolment.terminal_user_id', 'terminal_enrolment.employee_id', 'terminal_enrolment.created_by_name', 'terminal_enrolment.created_at', 'terminal.name as terminal_name', 'employee.code', 'employee.full_name'] as const;

function toEnrolment(r: { id: string; terminal_id: string | null; terminal_user_id: number; employee_id: string; created_by_name: string; created_at: string; terminal_name: string | null; code: string; full_name: string }): Enrolment {
  return {
    id: r.id,
    terminal: r.terminal_id ? { id: r.terminal_id, name: r.terminal_name ?? '' } : null,
    terminalUserId: r.terminal_user_id,
    employee: { id: r.employee_id, code: r.code, fullName: r.full_name },
    createdByName: r.created_by_name,
    createdAt: r.created_at,
  };
}

function enrolmentQuery(ctx: Ctx) {
  return ctx.db
    .selectFrom('terminal_enrolment')
    .leftJoin('terminal', 'terminal.id', 'terminal_enrolment.terminal_id')
    .innerJoin('employee', 'employee.id', 'terminal_enrolment.employee_id')
    .select([...ENROLMENT_SELECT]);
}

export async function listEnrolments(ctx: Ctx): Promise<Enrolment[]> {
  return (await enrolmentQuery(ctx).orderBy('terminal_enrolment.terminal_user_id').execute()).map(toEnrolment);
}

/**
 * Attaches the unmatched punches of a terminal user id to an employee and
 * reconciles their days, in the caller's transaction: the punches of one
 * terminal (by serial), or of every terminal except `exceptTerminals`.
 */
async function attachUnmatched(
  t: Ctx,
  employeeId: string,
  terminalUserId: number,
  where: { serial: string | null } | { exceptTerminals: readonly string[] },
): Promise<{ attached: number; daysReconciled: number }> {
  let q = t.db.selectFrom('punch').select(['id', 'at']).where('employee_id', 'is', null).where('terminal_user_id', '=', terminalUserId);
  if ('serial' in where) q = q.where('terminal_serial', '=', where.serial ?? '\u0000');
  else if (where.exceptTerminals.length) q = q.where((eb) => eb.or([eb('terminal_id', 'is', null), eb('terminal_id', 'not in', [...where.exceptTerminals])]));
  const punches = await q.execute();
  if (punches.length === 0) return { attached: 0, daysReconciled: 0 };
  for (let i = 0; i < punches.length; i += 500) {
    await t.db.updateTable('punch').set({ employee_id: employeeId }).where('id', 'in', punches.slice(i, i + 500).map((p) => p.id)).where('employee_id', 'is', null).execute();
  }
  const days = await reconcileOwners(t, punches.map((p) => ({ employeeId, at: Date.parse(p.at) })));
  return { attached: punches.length, daysReconciled: [...days.values()].reduce((s, d) => s + d.size, 0) };
}

/**
 * An employee's biometric id (terminal user id) was set: the unmatched
 * punches of that id become theirs on every terminal without an explicit
 * mapping of it (an organisation-wide mapping covers every terminal: then
 * nothing changes), and those days are reconciled, in the caller's
 * transaction. Audited (Devices) when any were attached.
 */
export async function attachPunchesOfBiometricId(ctx: Ctx, employeeId: string, terminalUserId: number): Promise<{ attached: number; daysReconciled: number }> {
  return inTransaction(ctx, async (t) => {
    const mappings = await t.db.selectFrom('terminal_enrolment').select(['scope_key', 'terminal_id']).where('terminal_user_id', '=', terminalUserId).execute();
    if (mappings.some((m) => m.scope_key === '*')) return { attached: 0, daysReconciled: 0 };
    const result = await attachUnmatched(t, employeeId, terminalUserId, { exceptTerminals: mappings.map((m) => m.terminal_id as string) });
    if (result.attached) {
      await recordAudit(t, {
        employeeId,
        category: 'Devices',
        action: 'terminal.punches-attached',
        summary: `Biometric id ${terminalUserId} set: ${result.attached} unmatched punch${result.attached === 1 ? '' : 'es'} of terminal user ${terminalUserId} attached (terminals without their own mapping of it); ${result.daysReconciled} day${result.daysReconciled === 1 ? '' : 's'} reconciled`,
      });
    }
    return result;
  });
}

/**
 * Maps a terminal user id to an employee (on one terminal, or on every
 * terminal). Unmatched punches it covers are attached to the employee and
 * their days reconciled, in the same transaction. Audited (Devices).
 */
export async function createEnrolment(ctx: Ctx, input: EnrolmentInput) {
  const terminalId = input.terminalId?.toLowerCase() ?? null;
  const employeeId = input.employeeId.toLowerCase();
  const terminal = terminalId ? await ctx.db.selectFrom('terminal').select(['id', 'name', 'serial']).where('id', '=', terminalId).executeTakeFirst() : undefined;
  if (terminalId && !terminal) throw badRequest('No such terminal.', [{ path: 'body.terminalId', message: 'no such terminal' }]);
  const employee = (await directoryOf(ctx.db)).byId.get(employeeId);
  if (!employee) throw badRequest('No such employee.', [{ path: 'body.employeeId', message: 'no such employee' }]);
  const id = newId();
  let attached = 0;
  let daysReconciled = 0;
  await inTransaction(ctx, async (t) => {
    const scopeKey = terminalId ?? '*';
    const clash = await t.db.selectFrom('terminal_enrolment').select('employee_id').where('scope_key', '=', scopeKey).where('terminal_user_id', '=', input.terminalUserId).executeTakeFirst();
    if (clash) {
      throw conflict(`Terminal user ${input.terminalUserId} is already mapped${terminal ? ` on ${terminal.name}` : ''}; remove that mapping first.`, [
        { path: 'body.terminalUserId', message: 'already mapped' },
      ]);
    }
    await t.db
      .insertInto('terminal_enrolment')
      .values({ id, scope_key: scopeKey, terminal_id: terminalId, terminal_user_id: input.terminalUserId, employee_id: employeeId, created_by_name: ctx.caller.name, created_at: ctx.clock.now().toISOString() })
      .execute();
    // Terminals with their own mapping of this id keep it: an organisation-wide mapping does not override them.
    const ownMappings = terminalId
      ? []
      : (await t.db.selectFrom('terminal_enrolment').select('terminal_id').where('terminal_user_id', '=', input.terminalUserId).where('scope_key', '!=', '*').execute()).map((r) => r.terminal_id as string);
    ({ attached, daysReconciled } = await attachUnmatched(t, employeeId, input.terminalUserId, terminal ? { serial: terminal.serial } : { exceptTerminals: ownMappings }));
    await recordAudit(t, {
      employeeId,
      category: 'Devices',
      action: 'terminal.enrolment-mapped',
      summary: `Terminal user ${input.terminalUserId} ${terminal ? `on ${terminal.name}` : 'on every terminal'} mapped to this employee; ${attached} unmatched punch${attached === 1 ? '' : 'es'} attached`,
      changes: diffFields({ terminalUserId: null }, { terminalUserId: input.terminalUserId }),
    });
  });
  const row = await enrolmentQuery(ctx).where('terminal_enrolment.id', '=', id).executeTakeFirstOrThrow();
  return { enrolment: toEnrolment(row), attached, daysReconciled };
}

export async function deleteEnrolment(ctx: Ctx, id: string): Promise<void> {
  const row = await enrolmentQuery(ctx).where('terminal_enrolment.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Enrolment');
  await inTransaction(ctx, async (t) => {
    await t.db.deleteFrom('terminal_enrolment').where('id', '=', id).execute();
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Devices',
      action: 'terminal.enrolment-removed',
      summary: `Mapping of terminal user ${row.terminal_user_id}${row.terminal_name ? ` on ${row.terminal_name}` : ''} removed (punches already attached stay)`,
    });
  });
}

export async function listAdminLogs(ctx: Ctx, terminalId: string | undefined, limit = 500): Promise<AdminLogEntry[]> {
  let q = ctx.db
    .selectFrom('terminal_admin_log')
    .innerJoin('terminal', 'terminal.id', 'terminal_admin_log.terminal_id')
    .leftJoin('employee', 'employee.id', 'terminal_admin_log.employee_id')
    .select([
      'terminal_admin_log.id',
      'terminal_admin_log.terminal_id',
      'terminal.name as terminal_name',
      'terminal_admin_log.at',
      'terminal_admin_log.admin_id',
      'terminal_admin_log.target_user_id',
      'terminal_admin_log.employee_id',
      'employee.code',
      'employee.full_name',
      'terminal_admin_log.action',
      'terminal_admin_log.result',
    ]);
  if (terminalId) q = q.where('terminal_admin_log.terminal_id', '=', terminalId);
  const rows = await q.orderBy('terminal_admin_log.at', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    terminal: { id: r.terminal_id, name: r.terminal_name },
    at: r.at,
    adminId: r.admin_id,
    targetUserId: r.target_user_id,
    employee: r.employee_id ? { id: r.employee_id, code: r.code ?? '', fullName: r.full_name ?? '' } : null,
    action: r.action,
    result: r.result,
  }));
}
