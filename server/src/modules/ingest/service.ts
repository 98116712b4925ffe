import { type AdminLog, type ConnectorConfig, type IngestAccepted, type KeepAlive, type KeepAliveAccepted, ingestInstant } from '../../../../shared/ingest.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { directoryOf, employeeForTerminalUser, policyOf } from '../attendance/index.ts';
import { connectorConfigTerminals, connectorStateOf, recordUnmappedReport, terminalForContact, touchTerminal } from '../terminals/index.ts';
import { asReceived, contactOf, requireConnector } from './records.ts';
import * as repo from './repo.ts';

/**
 * The connector's other calls (spec §4.6): admin logs, keep-alives and its
 * configuration. Time logs have their own path (`time-logs.ts`).
 */

/** Stores an admin log once per (serial, transId) and audits it (Devices) on the mapped employee. */
export async function ingestAdminLog(ctx: Ctx, body: AdminLog): Promise<IngestAccepted> {
  requireConnector(ctx);
  const at = ingestInstant(body.at).getTime();
  const received = asReceived(body.at);
  const contact = contactOf(body);
  return inTransaction(ctx, async (t) => {
    const existing = await repo.findAdminLogId(t.db, body.serial, body.transId);
    if (existing) return { ok: true as const, duplicate: true, id: existing };
    const terminal = await terminalForContact(t, contact);
    const [policy, directory] = await Promise.all([policyOf(t.db), directoryOf(t.db)]);
    const employee = body.targetUserId !== undefined ? employeeForTerminalUser(policy, directory, terminal.id, body.targetUserId) : null;
    const id = newId();
    await repo.insertAdminLog(t.db, {
      id,
      terminal_id: terminal.id,
      terminal_serial: body.serial,
      trans_id: body.transId,
      at: new Date(at).toISOString(),
      utc_offset_minutes: received.offsetMinutes,
      admin_id: body.adminId ?? null,
      target_user_id: body.targetUserId ?? null,
      employee_id: employee?.id ?? null,
      action: body.action,
      result: body.result ?? null,
      created_at: ctx.clock.now().toISOString(),
    });
    if (employee) {
      await recordAudit(t, {
        employeeId: employee.id,
        category: 'Devices',
        action: 'terminal.admin-log',
        summary: `${body.action} on ${terminal.name} for terminal user ${body.targetUserId}${body.adminId !== undefined ? ` by terminal admin ${body.adminId}` : ''}${body.result !== undefined ? ` (result ${body.result})` : ''} at ${received.localDate} ${received.localTime}`,
      });
    }
    await touchTerminal(t, terminal.id, contact, {});
    return { ok: true as const, duplicate: false, id };
  });
}

/**
 * A keep-alive counts as contact only when the connector reached the terminal
 * (`state` online, or absent from older connectors); it marks the terminal
 * synced (attendance may close days up to now) only when, besides, nothing
 * is left to deliver (`backlog` 0 or absent).
 */
export async function ingestKeepAlive(ctx: Ctx, body: KeepAlive): Promise<KeepAliveAccepted> {
  requireConnector(ctx);
  const contact = contactOf(body);
  const reached = body.state === undefined || body.state === 'online';
  return inTransaction(ctx, async (t) => {
    const terminal = await terminalForContact(t, contact);
    if (body.unmappedUserIds !== undefined) await recordUnmappedReport(t, terminal.id, body.unmappedUserIds);
    let stateSince: string | undefined;
    if (body.state !== undefined) {
      const before = await connectorStateOf(t, terminal.id);
      if (before?.state !== body.state || !before.since) stateSince = ctx.clock.now().toISOString();
    }
    await touchTerminal(
      t,
      terminal.id,
      contact,
      {
        ...(body.state !== undefined ? { connector_state: body.state } : {}),
        ...(stateSince ? { connector_state_since: stateSince } : {}),
        ...(body.backlog !== undefined ? { connector_backlog: body.backlog } : {}),
        ...(body.deadLetters !== undefined ? { connector_dead_letters: body.deadLetters } : {}),
        // With a state, the detail describes it: none clears an old error.
        ...(body.state !== undefined || body.detail !== undefined ? { connector_detail: body.detail ?? null } : {}),
        ...(body.clockSkewSeconds !== undefined ? { clock_skew_seconds: body.clockSkewSeconds } : {}),
        ...(body.firmware !== undefined ? { firmware_notes: body.firmware } : {}),
      },
      { reached, synced: reached && !body.backlog },
    );
    return { ok: true as const, terminalId: terminal.id };
  });
}

/** This server process's id: a connector seeing it change re-sends what it delivered lately (a power cut may have undone it). */
const SERVER_BOOT_ID = newId();

/** The organisation's time zone, the terminals the connector serves, and this process's boot id. */
export async function connectorConfig(ctx: Ctx): Promise<ConnectorConfig> {
  requireConnector(ctx);
  return { organisationTimeZone: ctx.timeZone, terminals: await connectorConfigTerminals(ctx), serverBootId: SERVER_BOOT_ID };
}
