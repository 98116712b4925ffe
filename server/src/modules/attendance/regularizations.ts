import {
  type ProposedPunch,
  type Regularization,
  type RegularizationCreate,
  type RegularizationKind,
  type RegularizationList,
  type RegularizationListQuery,
  type RegularizationPreview,
  type RegularizationPreviewRequest,
  type RegularizationStatus,
  minutesOf,
} from '../../../../shared/attendance/index.ts';
import { addDays } from '../../../../shared/dates.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { RegularizationTable } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { assertCanSeeEmployee, reportingLineIds, visibleEmployeeIds } from '../employees/index.ts';
import { notify } from '../notifications/index.ts';
import { type Inputs, computeDay, dayOfInstant, loadInputs, toAttendanceDay, toDayRow, windowOf } from './days.ts';
import { type EmployeeInfo, directoryOf, employedOn, policyOf } from './policy.ts';
import type { EnginePunch } from './reconcile.ts';
import { localParts, recordPunches } from './punches.ts';
import { findDay } from './repo/days.ts';
import { listPunchDetails } from './repo/punches.ts';
import * as regsRepo from './repo/regularizations.ts';
import { zonedInstant } from './shift-time.ts';

/**
 * Regularizations (spec §2.5): an employee asks to fix a day; the manager
 * approves, then HR where the policy asks for it per kind; on approval the
 * proposed punches become `manual` punches and the day is reconciled, in
 * one transaction. Status flow: AwaitingManager → (ManagerApprovedAwaitingHR)
 * → Approved; Rejected from either waiting state; anything else is a 409.
 */

interface StoredPunch extends ProposedPunch {
  at: string;
}

type Decider = regsRepo.DeciderScope;

async function deciderOf(ctx: Ctx): Promise<Decider> {
  const { caller } = ctx;
  return {
    employeeId: caller.employeeId,
    team: new Set(caller.employeeId ? await reportingLineIds(ctx.db, caller.employeeId) : []),
    canApprove: caller.permissions.includes('regularization:approve'),
    canHrApprove: caller.permissions.includes('regularization:hr-approve'),
  };
}

/** Whether this decider may act on a request now: never on their own; the manager line (or HR standing in) first, then HR. */
function mayDecide(d: Decider, r: Pick<RegularizationTable, 'employee_id' | 'status'>): boolean {
  if (r.employee_id === d.employeeId) return false;
  if (r.status === 'AwaitingManager') return (d.canApprove && d.team.has(r.employee_id)) || d.canHrApprove;
  if (r.status === 'ManagerApprovedAwaitingHR') return d.canHrApprove;
  return false;
}

function toRegularization(r: RegularizationTable, employee: EmployeeInfo | undefined, canDecide: boolean): Regularization {
  return {
    id: r.id,
    employee: { id: r.employee_id, code: employee?.code ?? '', fullName: employee?.fullName ?? '' },
    date: r.date,
    kind: r.kind as RegularizationKind,
    status: r.status as RegularizationStatus,
    reason: r.reason,
    punches: JSON.parse(r.punches) as StoredPunch[],
    supersedes: JSON.parse(r.supersedes) as string[],
    requiresHr: r.requires_hr === 1,
    managerDecisionBy: r.manager_decided_by_name,
    managerDecidedAt: r.manager_decided_at,
    hrDecisionBy: r.hr_decided_by_name,
    hrDecidedAt: r.hr_decided_at,
    decisionNote: r.decision_note,
    createdByName: r.created_by_name,
    createdAt: r.created_at,
    canDecide,
  };
}

/** The instants of proposed local times: each on the day, or the next calendar day, whichever lies in the shift window. */
async function proposedInstants(ctx: Ctx, inputs: Inputs, employee: EmployeeInfo, date: string, punches: readonly ProposedPunch[]): Promise<StoredPunch[]> {
  const { window } = windowOf(inputs, employee, date);
  const now = ctx.clock.now().getTime();
  return punches.map((p, i) => {
    const minutes = minutesOf(p.time);
    const candidates = [zonedInstant(date, minutes, ctx.timeZone), zonedInstant(addDays(date, 1), minutes, ctx.timeZone), zonedInstant(addDays(date, -1), minutes, ctx.timeZone)];
    const at = candidates.find((c) => c >= window.start && c < window.end);
    if (at === undefined) {
      const span = `${localParts(window.start, ctx.timeZone).time.slice(0, 5)}–${localParts(window.end, ctx.timeZone).time.slice(0, 5)}`;
      throw badRequest(`${p.time} does not fall in the shift window of ${date} (${span}).`, [
        { path: `body.punches.${i}.time`, message: `is outside the shift window ${span}` },
      ]);
    }
    if (at > now) throw badRequest(`${p.time} on ${date} is in the future.`, [{ path: `body.punches.${i}.time`, message: 'is in the future' }]);
    return { ...p, at: new Date(at).toISOString() };
  });
}

function shapeError(message: string, path = 'body.punches') {
  return badRequest(message, [{ path, message }]);
}

/** One waiting request per day and kind. */
async function assertNoWaitingRequest(ctx: Ctx, employeeId: string, date: string, kind: RegularizationKind): Promise<void> {
  if (await regsRepo.waitingRequestExists(ctx.db, employeeId, date, kind)) throw conflict(`You already have a ${kind} request for ${date} waiting for a decision.`);
}

/** A request checked against every rule, with its punches as instants: what `create` stores and `preview` shows. */
async function checkedRequest(ctx: Ctx, input: RegularizationPreviewRequest) {
  const employeeId = ctx.caller.employeeId;
  if (!employeeId) throw forbidden('Only an employee can request a regularization.');
  const [policy, directory] = await Promise.all([policyOf(ctx.db), directoryOf(ctx.db)]);
  const employee = directory.byId.get(employeeId);
  if (!employee) throw notFound('Employee');
  const today = dayOfInstant(ctx.clock.now().getTime(), ctx.timeZone);
  if (input.date > today) throw badRequest(`${input.date} is in the future: only past days and today can be regularized.`, [{ path: 'body.date', message: 'must not be in the future' }]);
  const oldest = addDays(today, -policy.settings.regularizationWindowDays);
  if (input.date < oldest) {
    throw badRequest(`${input.date} is older than ${policy.settings.regularizationWindowDays} days: ask HR to override the day instead.`, [
      { path: 'body.date', message: `must be on or after ${oldest}` },
    ]);
  }
  if (!employedOn(employee, input.date)) throw badRequest(`You were not employed on ${input.date}.`, [{ path: 'body.date', message: 'is outside your employment' }]);

  const inputs = await loadInputs(ctx, [employeeId], input.date, input.date);
  if (inputs.existing.get(employeeId)?.get(input.date)?.frozen === 1) throw conflict(`${input.date} is frozen by HR: it cannot be regularized.`);
  await assertNoWaitingRequest(ctx, employeeId, input.date, input.kind);

  // What each kind must carry.
  let proposed = input.punches;
  const supersedes = [...new Set(input.supersedes)];
  if (input.kind === 'MissingPunchIn' || input.kind === 'MissingPunchOut') {
    const want = input.kind === 'MissingPunchIn' ? 'in' : 'out';
    if (proposed.length !== 1 || proposed[0]?.direction !== want) throw shapeError(`${input.kind} carries exactly one "${want}" punch.`);
  }
  if (input.kind === 'ManualEntry' && proposed.length === 0) throw shapeError('ManualEntry carries at least one punch.');
  const existing = supersedes.length
    ? (await listPunchDetails(ctx.db, employeeId, new Date(zonedInstant(addDays(input.date, -1), 0, ctx.timeZone)).toISOString(), new Date(zonedInstant(addDays(input.date, 2), 0, ctx.timeZone)).toISOString()))
    : [];
  for (const [i, id] of supersedes.entries()) {
    const p = existing.find((e) => e.id === id);
    if (!p) throw shapeError('Each superseded punch must be one of your punches of that day.', `body.supersedes.${i}`);
    if (p.superseded_by) throw conflict('That punch was already corrected.', [{ path: `body.supersedes.${i}`, message: 'is already superseded' }]);
    if ((input.kind === 'OffZone' || input.kind === 'WrongLocation') && !p.flags.split(',').includes(input.kind)) {
      throw shapeError(`That punch is not flagged ${input.kind}.`, `body.supersedes.${i}`);
    }
  }
  if (input.kind === 'OffZone' || input.kind === 'WrongLocation') {
    if (supersedes.length === 0) throw shapeError(`${input.kind} names the flagged punch(es) it asks to accept.`, 'body.supersedes');
    if (proposed.length === 0) {
      // Accept the flagged punches as they were.
      proposed = supersedes.map((id) => {
        const p = existing.find((e) => e.id === id);
        const local = localParts(Date.parse(p?.at ?? ''), ctx.timeZone);
        return { time: local.time.slice(0, 5), direction: p?.direction === 'out' ? 'out' : 'in' };
      });
    }
  }
  if (supersedes.length > proposed.length) throw shapeError('Each superseded punch needs a replacement punch.', 'body.supersedes');
  const punches = await proposedInstants(ctx, inputs, employee, input.date, proposed);
  return { employeeId, employee, policy, inputs, punches, supersedes };
}

/** An employee asks to fix one of their days. */
export async function createRegularization(ctx: Ctx, input: RegularizationCreate): Promise<Regularization> {
  const { employeeId, employee, policy, punches, supersedes } = await checkedRequest(ctx, input);
  const id = newId();
  await inTransaction(ctx, async (t) => {
    await assertNoWaitingRequest(t, employeeId, input.date, input.kind); // again inside the transaction: two sends at once
    const now = ctx.clock.now().toISOString();
    await regsRepo.insertRegularization(t.db, {
      id,
      employee_id: employeeId,
      date: input.date,
      kind: input.kind,
      status: 'AwaitingManager',
      reason: input.reason,
      punches: JSON.stringify(punches),
      supersedes: JSON.stringify(supersedes),
      requires_hr: policy.settings.hrApprovalKinds.includes(input.kind) ? 1 : 0,
      manager_decided_by: null,
      manager_decided_by_name: null,
      manager_decided_at: null,
      hr_decided_by: null,
      hr_decided_by_name: null,
      hr_decided_at: null,
      decision_note: null,
      created_by_name: ctx.caller.name,
      created_at: now,
      updated_at: now,
    });
    await recordAudit(t, {
      employeeId,
      category: 'Attendance',
      action: 'regularization.requested',
      summary: `Regularization requested for ${input.date}: ${input.kind} (${punches.map((p) => `${p.direction} ${p.time}`).join(', ')}). Reason: ${input.reason}`,
    });
    await notify(t, employee.managerId ? { employeeIds: [employee.managerId] } : { roles: ['HR'] }, {
      kind: 'regularization.requested',
      title: `${employee.fullName} asks to regularize ${input.date}`,
      body: `${input.kind}: ${input.reason}`,
      link: '/attendance/regularizations',
    });
  });
  return getRegularization(ctx, id);
}

/** What a request would make of the day, computed as approval would (nothing is stored). */
export async function previewRegularization(ctx: Ctx, input: RegularizationPreviewRequest): Promise<RegularizationPreview> {
  const { employee, inputs, punches, supersedes } = await checkedRequest(ctx, input);
  return dayWithProposal(ctx, inputs, employee, input.date, punches, supersedes);
}

/** The effect of a waiting request, for anyone who can see it (its author, the approval line, HR). */
export async function previewOfRequest(ctx: Ctx, id: string): Promise<RegularizationPreview> {
  const row = await findRow(ctx, id);
  if (row.status !== 'AwaitingManager' && row.status !== 'ManagerApprovedAwaitingHR') {
    throw conflict(`This request is ${row.status === 'Approved' ? 'approved: its punches are in the day already' : 'rejected'}; only a waiting request has an effect to preview.`);
  }
  const employee = (await directoryOf(ctx.db)).byId.get(row.employee_id);
  if (!employee) throw notFound('Employee');
  const inputs = await loadInputs(ctx, [employee.id], row.date, row.date);
  return dayWithProposal(ctx, inputs, employee, row.date, JSON.parse(row.punches) as StoredPunch[], JSON.parse(row.supersedes) as string[]);
}

async function dayWithProposal(
  ctx: Ctx,
  inputs: Inputs,
  employee: EmployeeInfo,
  date: string,
  punches: readonly StoredPunch[],
  supersedes: readonly string[],
): Promise<RegularizationPreview> {
  if (inputs.existing.get(employee.id)?.get(date)?.frozen === 1) throw conflict(`${date} is frozen by HR: a regularization cannot change it.`);
  const now = ctx.clock.now().getTime();
  const computedAt = new Date(now).toISOString();
  const before = computeDay(inputs, employee, date, now);
  const setAside = new Set(supersedes);
  const added: EnginePunch[] = punches.map((p, i) => ({ id: `proposed-${i}`, at: Date.parse(p.at), direction: p.direction, flagged: false, source: 'manual', terminalId: null }));
  const proposed = [...(inputs.punchesByEmployee.get(employee.id) ?? []).filter((p) => !setAside.has(p.id)), ...added].sort((a, b) => a.at - b.at);
  const after = computeDay({ ...inputs, punchesByEmployee: new Map([[employee.id, proposed]]) }, employee, date, now);
  return {
    date,
    before: toAttendanceDay(toDayRow(before, computedAt), inputs.policy),
    after: toAttendanceDay(toDayRow(after, computedAt), inputs.policy),
  };
}

async function findRow(ctx: Ctx, id: string): Promise<RegularizationTable> {
  const row = await regsRepo.findRegularization(ctx.db, id);
  if (!row) throw notFound('Regularization');
  await assertCanSeeEmployee(ctx, row.employee_id);
  return row;
}

export async function getRegularization(ctx: Ctx, id: string): Promise<Regularization> {
  const row = await findRow(ctx, id);
  const directory = await directoryOf(ctx.db);
  return toRegularization(row, directory.byId.get(row.employee_id), mayDecide(await deciderOf(ctx), row));
}

export async function listRegularizationsOfDay(ctx: Ctx, employeeId: string, date: string): Promise<Regularization[]> {
  const rows = await regsRepo.listRegularizationsOfDay(ctx.db, employeeId, date);
  if (rows.length === 0) return [];
  const [directory, decider] = await Promise.all([directoryOf(ctx.db), deciderOf(ctx)]);
  return rows.map((r) => toRegularization(r, directory.byId.get(r.employee_id), mayDecide(decider, r)));
}

/** Requests in the caller's scope (paginated in the database), with how many await the caller. */
export async function listRegularizations(ctx: Ctx, query: RegularizationListQuery): Promise<RegularizationList> {
  const [visible, directory, decider] = await Promise.all([visibleEmployeeIds(ctx), directoryOf(ctx.db), deciderOf(ctx)]);
  const only = query.awaitingMe ? decider : null;
  const [total, rows, pending] = await Promise.all([
    regsRepo.countRegularizations(ctx.db, visible, query, only),
    regsRepo.listRegularizations(ctx.db, visible, query, only, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    regsRepo.countRegularizations(ctx.db, visible, {}, decider),
  ]);
  return {
    items: rows.map((r) => toRegularization(r, directory.byId.get(r.employee_id), mayDecide(decider, r))),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pending,
  };
}

export async function regularizationsForExport(ctx: Ctx, filter: regsRepo.RegularizationFilter): Promise<Regularization[]> {
  const [visible, directory, decider] = await Promise.all([visibleEmployeeIds(ctx), directoryOf(ctx.db), deciderOf(ctx)]);
  const rows = await regsRepo.listRegularizations(ctx.db, visible, filter, null);
  return rows.map((r) => toRegularization(r, directory.byId.get(r.employee_id), mayDecide(decider, r)));
}

async function assertMayDecide(ctx: Ctx, row: RegularizationTable): Promise<Decider> {
  if (row.status === 'Approved' || row.status === 'Rejected') {
    throw conflict(`This request is already ${row.status}: it cannot be decided again.`);
  }
  const decider = await deciderOf(ctx);
  if (row.employee_id === decider.employeeId) throw forbidden('Nobody decides their own request.');
  if (!mayDecide(decider, row)) {
    throw forbidden(
      row.status === 'ManagerApprovedAwaitingHR'
        ? 'The manager approved this request; it now needs HR (regularization:hr-approve).'
        : "This request waits for the employee's manager (or HR).",
    );
  }
  return decider;
}

/** Approves at the current stage; the final approval adds the punches and reconciles the day. */
export async function approveRegularization(ctx: Ctx, id: string, note: string | null | undefined): Promise<Regularization> {
  await inTransaction(ctx, async (t) => {
    const row = await findRow(t, id);
    const decider = await assertMayDecide(t, row);
    const now = ctx.clock.now().toISOString();
    const employee = (await directoryOf(t.db)).byId.get(row.employee_id);
    const managerStage = row.status === 'AwaitingManager';
    const toHr = managerStage && row.requires_hr === 1 && !decider.canHrApprove;
    const patch: Partial<RegularizationTable> = { updated_at: now, decision_note: note ?? row.decision_note };
    if (managerStage) Object.assign(patch, { manager_decided_by: ctx.caller.userId, manager_decided_by_name: ctx.caller.name, manager_decided_at: now });
    // The HR stage: reached, or stood in for by an HR approver acting at the manager stage.
    if (!managerStage || (!toHr && row.requires_hr === 1)) {
      Object.assign(patch, { hr_decided_by: ctx.caller.userId, hr_decided_by_name: ctx.caller.name, hr_decided_at: now });
    }
    patch.status = toHr ? 'ManagerApprovedAwaitingHR' : 'Approved';
    if (!(await regsRepo.updateRegularizationFrom(t.db, id, row.status, patch))) throw conflict('This request changed meanwhile; reload it.');
    if (toHr) {
      await recordAudit(t, {
        employeeId: row.employee_id,
        category: 'Attendance',
        action: 'regularization.manager-approved',
        summary: `Regularization of ${row.date} (${row.kind}) approved by the manager; waiting for HR${note ? `. Note: ${note}` : ''}`,
      });
      await notify(t, { roles: ['HR'] }, {
        kind: 'regularization.awaiting-hr',
        title: `${employee?.fullName ?? 'A'} regularization of ${row.date} needs HR`,
        body: `${row.kind}, approved by ${ctx.caller.name}.`,
        link: '/attendance/regularizations',
      });
      return;
    }
    await applyRegularization(t, row);
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Attendance',
      action: 'regularization.approved',
      summary: `Regularization of ${row.date} (${row.kind}) approved; punches added and the day reconciled${note ? `. Note: ${note}` : ''}`,
    });
    await notify(t, { employeeIds: [row.employee_id] }, {
      kind: 'regularization.approved',
      title: `Your regularization of ${row.date} was approved`,
      body: `${row.kind}, approved by ${ctx.caller.name}.`,
      link: `/attendance/me?date=${row.date}`,
    });
  });
  return getRegularization(ctx, id);
}

/** Adds the approved punches as `manual` rows (superseding what they replace) and reconciles the day. */
async function applyRegularization(ctx: Ctx, row: RegularizationTable): Promise<void> {
  const day = await findDay(ctx.db, row.employee_id, row.date);
  if (day?.frozen === 1) throw conflict(`${row.date} was frozen by HR meanwhile: the request cannot be applied.`);
  const punches = JSON.parse(row.punches) as StoredPunch[];
  const supersedes = JSON.parse(row.supersedes) as string[];
  await recordPunches(
    ctx,
    punches.map((p, i) => {
      const ms = Date.parse(p.at);
      const local = localParts(ms, ctx.timeZone);
      return {
        employeeId: row.employee_id,
        source: 'manual' as const,
        at: ms,
        utcOffsetMinutes: local.offsetMinutes,
        localDate: local.date,
        localTime: local.time,
        direction: p.direction,
        supersedesId: supersedes[i] ?? null,
        regularizationId: row.id,
        note: `${row.kind}: ${row.reason}`,
      };
    }),
  );
}

export async function rejectRegularization(ctx: Ctx, id: string, note: string): Promise<Regularization> {
  await inTransaction(ctx, async (t) => {
    const row = await findRow(t, id);
    await assertMayDecide(t, row);
    const now = ctx.clock.now().toISOString();
    const stage =
      row.status === 'AwaitingManager'
        ? { manager_decided_by: ctx.caller.userId, manager_decided_by_name: ctx.caller.name, manager_decided_at: now }
        : { hr_decided_by: ctx.caller.userId, hr_decided_by_name: ctx.caller.name, hr_decided_at: now };
    if (!(await regsRepo.updateRegularizationFrom(t.db, id, row.status, { ...stage, status: 'Rejected', decision_note: note, updated_at: now }))) throw conflict('This request changed meanwhile; reload it.');
    await recordAudit(t, {
      employeeId: row.employee_id,
      category: 'Attendance',
      action: 'regularization.rejected',
      summary: `Regularization of ${row.date} (${row.kind}) rejected: ${note}`,
    });
    await notify(t, { employeeIds: [row.employee_id] }, {
      kind: 'regularization.rejected',
      title: `Your regularization of ${row.date} was rejected`,
      body: note,
      link: `/attendance/me?date=${row.date}`,
    });
  });
  return getRegularization(ctx, id);
}
