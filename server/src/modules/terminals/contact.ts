import type { ConnectorTerminal, TerminalProtocol } from '../../../../shared/ingest.ts';
import { formatInstant } from '../../../../shared/labels.ts';
import { isPushProtocol } from '../../../../shared/terminals.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { TerminalTable } from '../../db/schema.ts';
import { newId } from '../../ids.ts';
import { policyOf } from '../attendance/index.ts';
import { notify } from '../notifications/index.ts';
import { recordContactSlot } from './repo/health.ts';
import { emitEvent } from '../outbox/index.ts';
import type { TerminalStatusEvent } from '../../../../shared/webhooks.ts';
import { listMappedRawUsers } from './repo/raw-users.ts';
import * as repo from './repo/terminals.ts';
import { reportedUnreachable } from './state.ts';

/**
 * The registry as the connector meets it: a reporting terminal is found (or
 * registered on its first message) and its contact noted; the connector reads
 * its list of terminals; admins hear about terminals gone quiet. The connector
 * and jobs call these: the connector's secret (or the system) is the permission.
 */

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
  const row = await repo.findTerminalBySerial(ctx.db, contact.serial);
  if (row) return row;
  if (registered && registered.serial === null) {
    // Its first record: the serial nobody holds yet becomes this row's. (A different serial on a row
    // that has one means another device answers at that address: it gets its own row, below.)
    const filled = await repo.claimSerial(ctx.db, registered.id, { serial: contact.serial, terminal_type: contact.terminalType, updated_at: ctx.clock.now().toISOString() });
    if (filled) return { id: registered.id, name: registered.name };
  }
  const id = newId();
  const now = ctx.clock.now().toISOString();
  await repo.insertTerminal(ctx.db, {
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
  });
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
  const patch: Partial<TerminalTable> = { ...extra };
  if (heard.reached) patch.last_contact_at = now;
  if (heard.synced) patch.synced_until = now;
  if (contact.deviceUid) patch.device_uid = contact.deviceUid;
  await repo.updateTerminal(ctx.db, id, { ...patch, terminal_type: contact.terminalType });
  // Uptime for the terminal health report: the ten-minute slot it was reached in.
  if (heard.reached) await recordContactSlot(ctx.db, id, ctx.clock.now().getTime());
  // Reported offline before and heard now: the notice ends and webhooks hear it is back.
  if (heard.reached) {
    await inTransaction(ctx, async (t) => {
      if (await repo.clearOfflineNotice(t.db, id)) await emitTerminalEvent(t, 'terminal.online', id, true);
    });
  }
}

/** `terminal.offline` / `terminal.online` with the terminal as the list shows it (no connection settings). */
async function emitTerminalEvent(ctx: Ctx, type: 'terminal.offline' | 'terminal.online', id: string, online: boolean): Promise<void> {
  const r = await repo.terminalStatusRow(ctx.db, id);
  if (!r) return;
  const data: TerminalStatusEvent = {
    id: r.id,
    name: r.name,
    location: r.location_id ? { id: r.location_id, name: r.location_name ?? '' } : null,
    online,
    lastContactAt: r.last_contact_at,
    offlineAfterMinutes: r.offline_after_minutes,
  };
  await emitEvent(ctx, type, data);
}

/** The connector's last reported state of a terminal (`null` before any) and since when. */
export async function connectorStateOf(ctx: Ctx, id: string): Promise<{ state: string | null; since: string | null } | undefined> {
  const row = await repo.findConnectorState(ctx.db, id);
  return row && { state: row.connector_state, since: row.connector_state_since };
}

/** The terminals a connector serves: those it can reach (an address, a serial port, or a push terminal's serial and port). */
export async function connectorConfigTerminals(ctx: Ctx): Promise<ConnectorTerminal[]> {
  const [rows, maps] = await Promise.all([repo.listTerminalRows(ctx.db), userIdMaps(ctx)]);
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

/** Per terminal, raw id → integer, for the connector's configuration. */
async function userIdMaps(ctx: Ctx): Promise<Map<string, Record<string, number>>> {
  const maps = new Map<string, Record<string, number>>();
  for (const r of await listMappedRawUsers(ctx.db)) {
    const map = maps.get(r.terminal_id) ?? {};
    map[r.raw_user_id] = r.terminal_user_id as number;
    maps.set(r.terminal_id, map);
  }
  return maps;
}

/**
 * Notifies admins once about each enabled terminal that has been unreachable
 * longer than its threshold: nothing heard since its last contact (keep-alives
 * saying the connector cannot reach it do not count), or, never reached, the
 * connector has reported it unreachable for that long. Returns how many.
 */
export async function notifyOfflineTerminals(ctx: Ctx): Promise<number> {
  const now = ctx.clock.now().getTime();
  const rows = await repo.listOfflineCandidates(ctx.db);
  let n = 0;
  for (const r of rows) {
    const since = r.last_contact_at ?? r.connector_state_since;
    if (since === null || now - Date.parse(since) <= r.offline_after_minutes * 60_000) continue;
    const reported = reportedUnreachable(r.connector_state) ? ` The connector reports it ${r.connector_state}${r.connector_detail ? `: ${r.connector_detail}` : ''}.` : '';
    const notified = await inTransaction(ctx, async (t) => {
      if (!(await repo.claimOfflineNotice(t.db, r.id, r.last_contact_at, new Date(now).toISOString()))) return false;
      await notify(t, { roles: ['Admin'] }, {
        kind: 'terminal.offline',
        title: `Terminal ${r.name} is offline`,
        body: `${r.last_contact_at ? `Nothing heard since ${formatInstant(r.last_contact_at, ctx.timeZone)}` : `Never reached; reported unreachable since ${formatInstant(since, ctx.timeZone)}`} (threshold ${r.offline_after_minutes} min).${reported} Days of its location stay provisional until it reports.`,
        link: '/terminals',
      });
      await emitTerminalEvent(t, 'terminal.offline', r.id, false);
      return true;
    });
    if (notified) n++;
  }
  return n;
}
