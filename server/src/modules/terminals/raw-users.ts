import type { UnmappedUserId } from '../../../../shared/ingest.ts';
import { ASSIGNED_USER_ID_BASE, type RawUser, type RawUserMapInput } from '../../../../shared/terminals.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { diffFields, recordAudit } from '../audit/index.ts';
import { directoryOf, employeeForTerminalUser, policyOf } from '../attendance/index.ts';
import { createEnrolment } from './enrolment.ts';
import { maxEnrolledUserId } from './repo/enrolments.ts';
import * as repo from './repo/raw-users.ts';
import { findTerminalName } from './repo/terminals.ts';

/**
 * Terminal user ids that are not plain numbers ("A12", "007"). The ingest
 * contract carries an integer, so the connector holds their records back as
 * dead letters and reports the ids in its keep-alives; they are kept here per
 * terminal until an administrator maps each one ("map to number" or "map to
 * employee"). The map reaches the connector in its configuration
 * (`userIdMap`), which then sends the held-back records by itself.
 */

const PLAIN = /^(0|[1-9]\d*)$/;

async function toRawUsers(ctx: Ctx, rows: readonly repo.RawUserRow[]): Promise<RawUser[]> {
  const [policy, directory] = await Promise.all([policyOf(ctx.db), directoryOf(ctx.db)]);
  return rows.map((r) => {
    const employee = r.terminal_user_id !== null ? employeeForTerminalUser(policy, directory, r.terminal_id, r.terminal_user_id) : null;
    return {
      id: r.id,
      terminal: { id: r.terminal_id, name: r.terminal_name },
      rawUserId: r.raw_user_id,
      records: r.records,
      firstReportedAt: r.first_reported_at,
      lastReportedAt: r.last_reported_at,
      terminalUserId: r.terminal_user_id,
      employee: employee ? { id: employee.id, code: employee.code, fullName: employee.fullName } : null,
      mappedByName: r.mapped_by_name,
      mappedAt: r.mapped_at,
    };
  });
}

/** Raw ids waiting for a mapping first, then the mapped ones. */
export async function listRawUsers(ctx: Ctx): Promise<RawUser[]> {
  requirePermission(ctx, 'device:manage');
  const items = await toRawUsers(ctx, await repo.listRawUserRows(ctx.db));
  return [...items.filter((i) => i.terminalUserId === null), ...items.filter((i) => i.terminalUserId !== null)];
}

/**
 * A keep-alive's list of unmapped ids: the whole current list for that
 * terminal. Listed ids are added or updated; ids no longer listed (sent after
 * a mapping, or given up by an operator) are kept with 0 records. The
 * connector's message: its secret is the permission.
 */
export async function recordUnmappedReport(ctx: Ctx, terminalId: string, report: readonly UnmappedUserId[]): Promise<void> {
  const now = ctx.clock.now().toISOString();
  const existing = await repo.listReportedOfTerminal(ctx.db, terminalId);
  const byRaw = new Map(existing.map((r) => [r.raw_user_id, r]));
  const listed = new Set<string>();
  for (const item of report) {
    if (listed.has(item.userId)) continue;
    listed.add(item.userId);
    const row = byRaw.get(item.userId);
    if (row) {
      await repo.updateRawUser(ctx.db, row.id, { records: item.records, last_reported_at: now });
    } else {
      await repo.insertRawUser(ctx.db, {
        id: newId(),
        terminal_id: terminalId,
        raw_user_id: item.userId,
        records: item.records,
        first_reported_at: now,
        last_reported_at: now,
        terminal_user_id: null,
        mapped_by_name: null,
        mapped_at: null,
      });
    }
  }
  const gone = existing.filter((r) => !listed.has(r.raw_user_id) && r.records !== 0).map((r) => r.id);
  if (gone.length) await repo.clearRecords(ctx.db, gone);
}

/** The next number Muster assigns on a terminal (above every assigned one there). */
async function nextAssignedNumber(ctx: Ctx, terminalId: string): Promise<number> {
  const [enrolled, mapped] = await Promise.all([maxEnrolledUserId(ctx.db, terminalId, ASSIGNED_USER_ID_BASE), repo.maxMappedUserId(ctx.db, terminalId, ASSIGNED_USER_ID_BASE)]);
  return Math.max(ASSIGNED_USER_ID_BASE - 1, enrolled, mapped) + 1;
}

/**
 * Maps a raw id of one terminal to an integer: a number given as is ("map to
 * number"), or an employee ("map to employee": their biometric id when it
 * means them on this terminal, else an assigned number with a mapping of it
 * on this terminal). The connector picks the map up with its configuration
 * and sends the records it held back. Audited (Devices) on the employee the
 * number means, when it means someone.
 */
export async function mapRawUser(ctx: Ctx, input: RawUserMapInput): Promise<RawUser> {
  requirePermission(ctx, 'device:manage');
  const terminalId = input.terminalId.toLowerCase();
  const rawUserId = input.rawUserId;
  if (PLAIN.test(rawUserId) && Number.isSafeInteger(Number(rawUserId))) {
    throw badRequest(`"${rawUserId}" is a plain number: the connector sends it as it is, no mapping is needed.`, [
      { path: 'body.rawUserId', message: 'is a plain number; only ids with letters or a leading zero are mapped' },
    ]);
  }
  const terminal = await findTerminalName(ctx.db, terminalId);
  if (!terminal) throw badRequest('No such terminal.', [{ path: 'body.terminalId', message: 'no such terminal' }]).withText({ id: 'problemDetail.import.noTerminal' });
  const employeeId = input.employeeId?.toLowerCase();
  const directory = await directoryOf(ctx.db);
  const employee = employeeId ? directory.byId.get(employeeId) : undefined;
  if (employeeId && !employee) throw badRequest('No such employee.', [{ path: 'body.employeeId', message: 'no such employee' }]);

  const id = await inTransaction(ctx, async (t) => {
    const row = await repo.findRawUserOfTerminal(t.db, terminalId, rawUserId);
    if (row?.terminal_user_id != null) {
      throw conflict(`"${rawUserId}" on ${terminal.name} is already mapped to ${row.terminal_user_id}; remove that mapping first.`, [
        { path: 'body.rawUserId', message: 'already mapped' },
      ]);
    }
    let number: number;
    if (input.terminalUserId !== undefined) {
      number = input.terminalUserId;
    } else {
      const policy = await policyOf(t.db);
      const own = employee?.terminalUserId ?? null;
      if (own !== null && employeeForTerminalUser(policy, directory, terminalId, own)?.id === employee?.id) {
        number = own;
      } else {
        number = await nextAssignedNumber(t, terminalId);
        await createEnrolment(t, { terminalId, terminalUserId: number, employeeId: employeeId as string });
      }
    }
    const clash = await repo.findRawUserMappedTo(t.db, terminalId, number);
    if (clash !== undefined) {
      throw conflict(`"${clash}" on ${terminal.name} is already mapped to ${number}: two ids of one terminal cannot share a number.`, [
        { path: input.terminalUserId !== undefined ? 'body.terminalUserId' : 'body.employeeId', message: `already used by "${clash}"` },
      ]);
    }
    const now = ctx.clock.now().toISOString();
    const mapped = { terminal_user_id: number, mapped_by_name: ctx.caller.name, mapped_at: now };
    let rowId = row?.id;
    if (rowId) {
      await repo.updateRawUser(t.db, rowId, mapped);
    } else {
      // Mapped before the connector reported it: kept the same way.
      rowId = newId();
      await repo.insertRawUser(t.db, { id: rowId, terminal_id: terminalId, raw_user_id: rawUserId, records: 0, first_reported_at: null, last_reported_at: null, ...mapped });
    }
    const who = employeeForTerminalUser(await policyOf(t.db), directory, terminalId, number);
    if (who) {
      await recordAudit(t, {
        employeeId: who.id,
        category: 'Devices',
        action: 'terminal.raw-user-mapped',
        summary: `Terminal user "${rawUserId}" on ${terminal.name} mapped to terminal user ${number} (this employee); the connector sends its held-back records`,
        changes: diffFields({ terminalUserId: null }, { terminalUserId: number }),
      });
    }
    return rowId;
  });
  return rawUserById(ctx, id);
}

/** Removes a mapping: records of that raw id are held back again from now on (those already sent stay). 409 when it is not mapped. */
export async function unmapRawUser(ctx: Ctx, id: string): Promise<void> {
  requirePermission(ctx, 'device:manage');
  const row = await repo.findRawUserRow(ctx.db, id);
  if (!row) throw notFound('Terminal user id');
  if (row.terminal_user_id === null) throw conflict(`"${row.raw_user_id}" is not mapped.`);
  await inTransaction(ctx, async (t) => {
    const who = employeeForTerminalUser(await policyOf(t.db), await directoryOf(t.db), row.terminal_id, row.terminal_user_id as number);
    await repo.updateRawUser(t.db, id, { terminal_user_id: null, mapped_by_name: null, mapped_at: null });
    if (who) {
      await recordAudit(t, {
        employeeId: who.id,
        category: 'Devices',
        action: 'terminal.raw-user-unmapped',
        summary: `Mapping of terminal user "${row.raw_user_id}" on ${row.terminal_name} to ${row.terminal_user_id} removed (records already sent stay)`,
        changes: diffFields({ terminalUserId: row.terminal_user_id }, { terminalUserId: null }),
      });
    }
  });
}

async function rawUserById(ctx: Ctx, id: string): Promise<RawUser> {
  const row = await repo.findRawUserRow(ctx.db, id);
  const [item] = row ? await toRawUsers(ctx, [row]) : [];
  if (!item) throw notFound('Terminal user id');
  return item;
}
