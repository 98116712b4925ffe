import type { DirectionPolicy } from '../../../../shared/attendance/index.ts';
import type { TerminalProtocol } from '../../../../shared/ingest.ts';
import { isKnownTimeZone } from '../../../../shared/org.ts';
import { type AdminLogEntry, type Terminal, type TerminalInput, SKEW_WARNING_SECONDS } from '../../../../shared/terminals.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import type { TerminalTable } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { dayOfInstant, reconcileOwners, zonedInstant } from '../attendance/index.ts';
import { listAdminLogRows } from './repo/admin-logs.ts';
import * as punches from './repo/punches.ts';
import { countUnmappedPerTerminal } from './repo/raw-users.ts';
import * as repo from './repo/terminals.ts';
import { shownOnline } from './state.ts';

/**
 * The terminal registry as the console's Terminals page manages it (a
 * terminal also appears on its first ingest message: `contact.ts`), and the
 * terminals' admin logs. Every use case here needs `device:manage`.
 */

/** The registry row of a terminal; 404 when there is none. */
export async function findTerminalRow(ctx: Ctx, id: string): Promise<TerminalTable> {
  const row = await repo.findTerminal(ctx.db, id);
  if (!row) throw notFound('Terminal');
  return row;
}

/** Every terminal with its state, by name. */
export async function listTerminals(ctx: Ctx): Promise<Terminal[]> {
  requirePermission(ctx, 'device:manage');
  return presentTerminals(ctx);
}

async function presentTerminals(ctx: Ctx): Promise<Terminal[]> {
  const now = ctx.clock.now().getTime();
  const startOfToday = new Date(zonedInstant(dayOfInstant(now, ctx.timeZone), 0, ctx.timeZone)).toISOString();
  const [rows, locations, todayCounts, unmatchedCounts, unmapped] = await Promise.all([
    repo.listTerminalRows(ctx.db),
    repo.listLocationNames(ctx.db),
    punches.countPunchesPerTerminalSince(ctx.db, startOfToday),
    punches.countUnmatchedPerSerial(ctx.db),
    countUnmappedPerTerminal(ctx.db),
  ]);
  const locationNames = new Map(locations.map((l) => [l.id, l.name]));
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
  const found = (await presentTerminals(ctx)).find((t) => t.id === id);
  if (!found) throw notFound('Terminal');
  return found;
}

async function checkInput(ctx: Ctx, input: TerminalInput, exceptId?: string): Promise<void> {
  if (input.timeZone && !isKnownTimeZone(input.timeZone)) throw badRequest('Unknown time zone.', [{ path: 'body.timeZone', message: 'must be an IANA time zone such as Asia/Kolkata' }]).withText({ id: 'problemDetail.import.unknownZone' });
  if (input.locationId && !(await repo.locationExists(ctx.db, input.locationId.toLowerCase()))) {
    throw badRequest('No such location.', [{ path: 'body.locationId', message: 'no such location' }]);
  }
  for (const [field, value] of [
    ['serial', input.serial],
    ['name', input.name],
  ] as const) {
    if (!value) continue;
    if (await repo.terminalIdHolding(ctx.db, field, value, exceptId)) throw conflict(`Another terminal already has this ${field}.`, [{ path: `body.${field}`, message: `another terminal has this ${field}` }]);
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

/** Adds a terminal for the connector to poll (or receive); 409 when its serial or name is taken. */
export async function createTerminal(ctx: Ctx, input: TerminalInput): Promise<Terminal> {
  requirePermission(ctx, 'device:manage');
  await checkInput(ctx, input);
  const id = newId();
  await inTransaction(ctx, async (t) => {
    const now = ctx.clock.now().toISOString();
    await repo.insertTerminal(t.db, { id, serial: null, terminal_type: null, device_uid: null, connector_state_since: null, synced_until: null, ...columnsOf(input), created_at: now, updated_at: now });
  });
  return terminalById(ctx, id);
}

/**
 * Changes a terminal. A changed direction policy reconciles the days of its
 * punches since yesterday at once (in/out comes from the policy at reconciliation).
 */
export async function updateTerminal(ctx: Ctx, id: string, input: TerminalInput): Promise<Terminal> {
  requirePermission(ctx, 'device:manage');
  const before = await findTerminalRow(ctx, id);
  await checkInput(ctx, input, id);
  await inTransaction(ctx, async (t) => {
    await repo.updateTerminal(t.db, id, { ...columnsOf(input), updated_at: ctx.clock.now().toISOString() });
  });
  const after = await terminalById(ctx, id);
  if (before.direction_policy !== after.directionPolicy) {
    const today = dayOfInstant(ctx.clock.now().getTime(), ctx.timeZone);
    const start = new Date(zonedInstant(today, 0, ctx.timeZone) - 86_400_000).toISOString();
    const rows = await punches.listMatchedPunchesOfTerminalSince(ctx.db, id, start);
    if (rows.length) await reconcileOwners(ctx, rows.map((r) => ({ employeeId: r.employeeId, at: Date.parse(r.at) })));
  }
  return after;
}

/** Deletes a terminal; 409 when it has punches (disable it instead). */
export async function deleteTerminal(ctx: Ctx, id: string): Promise<void> {
  requirePermission(ctx, 'device:manage');
  await findTerminalRow(ctx, id);
  await inTransaction(ctx, async (t) => {
    if (await punches.terminalHasPunches(t.db, id)) throw conflict('This terminal has punches: disable it instead of deleting it.');
    await repo.deleteTerminal(t.db, id);
  });
}

/** Admin logs of the terminals (or of one), newest first. */
export async function listAdminLogs(ctx: Ctx, terminalId: string | undefined, limit = 500): Promise<AdminLogEntry[]> {
  requirePermission(ctx, 'device:manage');
  const rows = await listAdminLogRows(ctx.db, terminalId, limit);
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
