import type { Enrolment, EnrolmentInput, EnrolmentResult, UnmatchedGroup } from '../../../../shared/terminals.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { diffFields, recordAudit } from '../audit/index.ts';
import { directoryOf, policyOf, reconcileOwners } from '../attendance/index.ts';
import * as enrolments from './repo/enrolments.ts';
import * as punches from './repo/punches.ts';
import { findTerminalName } from './repo/terminals.ts';

/**
 * Enrolment: which employee a terminal user id means. Without a mapping it
 * means the employee whose biometric id it is; a mapping (on one terminal, or
 * on every terminal) says otherwise. Punches of a user id that means nobody
 * are kept as unmatched until a mapping or a biometric id attaches them.
 */

/** Unmatched punches grouped by terminal and user id, and how many in all. */
export async function listUnmatched(ctx: Ctx): Promise<{ items: UnmatchedGroup[]; total: number }> {
  requirePermission(ctx, 'device:manage');
  const rows = await punches.listUnmatchedGroups(ctx.db);
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

function toEnrolment(r: enrolments.EnrolmentRow): Enrolment {
  return {
    id: r.id,
    terminal: r.terminal_id ? { id: r.terminal_id, name: r.terminal_name ?? '' } : null,
    terminalUserId: r.terminal_user_id,
    employee: { id: r.employee_id, code: r.code, fullName: r.full_name },
    createdByName: r.created_by_name,
    createdAt: r.created_at,
  };
}

export async function listEnrolments(ctx: Ctx): Promise<Enrolment[]> {
  requirePermission(ctx, 'device:manage');
  return (await enrolments.listEnrolmentRows(ctx.db)).map(toEnrolment);
}

/**
 * Attaches the unmatched punches of a terminal user id to an employee and
 * reconciles their days, in the caller's transaction: the punches of one
 * terminal (by serial), or of every terminal except `exceptTerminals`.
 */
async function attachUnmatched(t: Ctx, employeeId: string, terminalUserId: number, where: punches.UnmatchedWhere): Promise<{ attached: number; daysReconciled: number }> {
  const found = await punches.listUnmatchedPunches(t.db, terminalUserId, where);
  if (found.length === 0) return { attached: 0, daysReconciled: 0 };
  await punches.attachPunches(t.db, found.map((p) => p.id), employeeId);
  const days = await reconcileOwners(t, found.map((p) => ({ employeeId, at: Date.parse(p.at) })));
  return { attached: found.length, daysReconciled: [...days.values()].reduce((s, d) => s + d.size, 0) };
}

/**
 * An employee's biometric id (terminal user id) was set: the unmatched
 * punches of that id become theirs on every terminal without an explicit
 * mapping of it (an organisation-wide mapping covers every terminal: then
 * nothing changes), and those days are reconciled, in the caller's
 * transaction. Audited (Devices) when any were attached. A reaction to the
 * directory's write (`ctx.links.terminals`), which checked its own permission.
 */
export async function attachPunchesOfBiometricId(ctx: Ctx, employeeId: string, terminalUserId: number): Promise<{ attached: number; daysReconciled: number }> {
  return inTransaction(ctx, async (t) => {
    const mappings = await enrolments.listMappingsOfUserId(t.db, terminalUserId);
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
 * their days reconciled, in the same transaction. Audited (Devices). 400 for
 * an unknown terminal or employee, 409 when the id is already mapped there.
 */
export async function createEnrolment(ctx: Ctx, input: EnrolmentInput): Promise<EnrolmentResult> {
  requirePermission(ctx, 'device:manage');
  const terminalId = input.terminalId?.toLowerCase() ?? null;
  const employeeId = input.employeeId.toLowerCase();
  const terminal = terminalId ? await findTerminalName(ctx.db, terminalId) : undefined;
  if (terminalId && !terminal) throw badRequest('No such terminal.', [{ path: 'body.terminalId', message: 'no such terminal' }]).withText({ id: 'problemDetail.import.noTerminal' });
  const employee = (await directoryOf(ctx.db)).byId.get(employeeId);
  if (!employee) throw badRequest('No such employee.', [{ path: 'body.employeeId', message: 'no such employee' }]);
  const id = newId();
  let attached = 0;
  let daysReconciled = 0;
  await inTransaction(ctx, async (t) => {
    const scopeKey = terminalId ?? '*';
    if (await enrolments.mappingExists(t.db, scopeKey, input.terminalUserId)) {
      throw conflict(`Terminal user ${input.terminalUserId} is already mapped${terminal ? ` on ${terminal.name}` : ''}; remove that mapping first.`, [
        { path: 'body.terminalUserId', message: 'already mapped' },
      ]);
    }
    await enrolments.insertEnrolment(t.db, {
      id,
      scope_key: scopeKey,
      terminal_id: terminalId,
      terminal_user_id: input.terminalUserId,
      employee_id: employeeId,
      created_by_name: ctx.caller.name,
      created_at: ctx.clock.now().toISOString(),
    });
    // Terminals with their own mapping of this id keep it: an organisation-wide mapping does not override them.
    const ownMappings = terminalId
      ? []
      : (await enrolments.listMappingsOfUserId(t.db, input.terminalUserId)).filter((m) => m.scope_key !== '*').map((m) => m.terminal_id as string);
    ({ attached, daysReconciled } = await attachUnmatched(t, employeeId, input.terminalUserId, terminal ? { serial: terminal.serial } : { exceptTerminals: ownMappings }));
    await recordAudit(t, {
      employeeId,
      category: 'Devices',
      action: 'terminal.enrolment-mapped',
      summary: `Terminal user ${input.terminalUserId} ${terminal ? `on ${terminal.name}` : 'on every terminal'} mapped to this employee; ${attached} unmatched punch${attached === 1 ? '' : 'es'} attached`,
      changes: diffFields({ terminalUserId: null }, { terminalUserId: input.terminalUserId }),
    });
  });
  const row = await enrolments.findEnrolmentRow(ctx.db, id);
  if (!row) throw new Error(`enrolment ${id} missing after its insert`);
  return { enrolment: toEnrolment(row), attached, daysReconciled };
}

/** Removes a mapping (punches already attached stay). Audited (Devices). */
export async function deleteEnrolment(ctx: Ctx, id: string): Promise<void> {
  requirePermission(ctx, 'device:manage');
  const row = await enrolments.findEnrolmentRow(ctx.db, id);
  if (!row) throw notFound('Enrolment');
  await inTransaction(ctx, async (t) => {
    await enrolments.deleteEnrolmentRow(t.db, id);
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Devices',
      action: 'terminal.enrolment-removed',
      summary: `Mapping of terminal user ${row.terminal_user_id}${row.terminal_name ? ` on ${row.terminal_name}` : ''} removed (punches already attached stay)`,
    });
  });
}
