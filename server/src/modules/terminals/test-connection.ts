import type { TerminalTestResult } from '../../../../shared/terminals.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import type { TerminalTable } from '../../db/schema.ts';
import { zonedInstant } from '../attendance/index.ts';
import { findTerminalRow } from './registry.ts';
import { countPunchesOfTerminal } from './repo/punches.ts';
import * as repo from './repo/terminals.ts';
import { shownOnline } from './state.ts';
// The connector's drivers, by the named path package.json "imports" maps (`#terminal-drivers/*`).
// Why the server dials a terminal itself instead of asking the connector: "test connection" is an
// immediate probe from the PC the console's server runs on (in the desktop app the same PC runs the
// connector), while the connector's minute-by-minute keep-alives already tell the server whether
// each terminal is reachable from the connector's side. One driver implementation serves both
// processes; the named path keeps the server from reaching into the connector's folders, and
// `dist/package.json` (desktop/scripts/write-dist-package.ts) maps it to the compiled drivers.
import type { TerminalDriver } from '#terminal-drivers/types';

/** How long a probe waits for the terminal to answer. */
const PROBE_TIMEOUT_MS = 4000;

/** A driver for a terminal the server can dial, or null (a push terminal, or no address yet). Loaded on first use. */
async function driverFor(row: TerminalTable): Promise<TerminalDriver | null> {
  if ((row.protocol === 'zk-tcp' || row.protocol === 'zk-udp') && row.host && row.port) {
    const { ZkDriver } = await import('#terminal-drivers/zk');
    return new ZkDriver({ host: row.host, port: row.port, transport: row.protocol === 'zk-udp' ? 'udp' : 'tcp', commKey: row.comm_key, timeoutMs: PROBE_TIMEOUT_MS });
  }
  if (row.protocol === 'anviz-tcp' && row.host && row.port) {
    const { AnvizDriver } = await import('#terminal-drivers/anviz');
    return new AnvizDriver({ link: { kind: 'tcp', host: row.host, port: row.port }, deviceId: row.machine_number, timeoutMs: PROBE_TIMEOUT_MS });
  }
  if (row.protocol === 'anviz-serial' && row.serial_path && row.baud_rate) {
    const { AnvizDriver } = await import('#terminal-drivers/anviz');
    return new AnvizDriver({ link: { kind: 'serial', path: row.serial_path, baudRate: row.baud_rate }, deviceId: row.machine_number, timeoutMs: PROBE_TIMEOUT_MS });
  }
  return null;
}

/**
 * Connects to a polled terminal through the connector's own driver: device
 * info, clock, record count; records the clock skew (and a serial, device id
 * or firmware the registry lacks). Never throws for an unreachable terminal:
 * the answer says so. 404 for an unknown terminal.
 */
export async function testTerminal(ctx: Ctx, id: string): Promise<TerminalTestResult> {
  requirePermission(ctx, 'device:manage');
  const row = await findTerminalRow(ctx, id);
  const lastKnown = {
    serial: row.serial,
    terminalType: row.terminal_type,
    deviceUid: row.device_uid,
    clockSkewSeconds: row.clock_skew_seconds,
    lastContactAt: row.last_contact_at,
    records: await countPunchesOfTerminal(ctx.db, id),
  };
  const started = Date.now();
  const zone = row.time_zone ?? ctx.timeZone;
  try {
    const driver = await driverFor(row);
    if (!driver) {
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
        if (!row.serial && info.serial && !(await repo.terminalIdHolding(t.db, 'serial', info.serial))) patch.serial = info.serial;
        if (!row.device_uid && info.deviceUid) patch.device_uid = info.deviceUid;
        if (info.firmware && !row.firmware_notes) patch.firmware_notes = info.firmware;
        await repo.updateTerminal(t.db, id, patch);
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
