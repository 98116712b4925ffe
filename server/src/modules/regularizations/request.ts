import {
  type ProposedPunch,
  type Regularization,
  type RegularizationCreate,
  type RegularizationKind,
  type RegularizationPreview,
  type RegularizationPreviewRequest,
  minutesOf,
} from '../../../../shared/attendance/index.ts';
import { addDays } from '../../../../shared/dates.ts';
import type { Message, MessageValue } from '../../../../shared/i18n/messages.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import {
  type EmployeeInfo,
  type Inputs,
  dayWithPunchesChanged,
  directoryOf,
  employedOn,
  frozenIn,
  loadInputs,
  localParts,
  policyOf,
  punchesAround,
  todayOf,
  windowOf,
  zonedInstant,
} from '../attendance/index.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { emitEvent } from '../outbox/index.ts';
import { type StoredPunch, findRow, getRegularization } from './read.ts';
import * as regsRepo from './repo.ts';
import { REGULARIZATION_KIND_LABELS, formatDate } from '../../../../shared/labels.ts';

/**
 * Asking: an employee sends a request to fix one of their days, or first
 * sees what it would make of the day. Both check the same rules; the
 * day engine is attendance's (its public surface), so a preview is computed
 * exactly as approval would reconcile the day.
 */

/** The instants of proposed local times: each on the day, or the next calendar day, whichever lies in the shift window. */
function proposedInstants(ctx: Ctx, inputs: Inputs, employee: EmployeeInfo, date: string, punches: readonly ProposedPunch[]): StoredPunch[] {
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
      ]).withText({ id: 'problemDetail.regularization.outsideWindow', values: { time: p.time, date: { date }, span } });
    }
    if (at > now) throw badRequest(`${p.time} on ${date} is in the future.`, [{ path: `body.punches.${i}.time`, message: 'is in the future' }]).withText({
        id: 'problemDetail.regularization.punchInFuture',
        values: { time: p.time, date: { date } },
      });
    return { ...p, at: new Date(at).toISOString() };
  });
}

/** A request of the wrong shape: the English sentence (also the field's message) and the same words as a catalogue message. */
function shapeError(message: string, text: Message, path = 'body.punches') {
  return badRequest(message, [{ path, message }]).withText(text);
}

/** A kind in a message: its label (English readers keep the enum's name: they get the English detail, not the message). */
const kindValues = (kind: RegularizationKind): Record<string, MessageValue> => ({ kind: { label: `regularizationKind.${kind}` } });

/** One waiting request per day and kind. */
async function assertNoWaitingRequest(ctx: Ctx, employeeId: string, date: string, kind: RegularizationKind): Promise<void> {
  if (await regsRepo.waitingRequestExists(ctx.db, employeeId, date, kind)) throw conflict(`You already have a ${kind} request for ${date} waiting for a decision.`).withText({ id: 'regularizationRule.waiting', values: { date: { date } } });
}

/** A request checked against every rule, with its punches as instants: what `create` stores and `preview` shows. */
async function checkedRequest(ctx: Ctx, input: RegularizationPreviewRequest) {
  requirePermission(ctx, 'regularization:apply');
  const employeeId = ctx.caller.employeeId;
  if (!employeeId) throw forbidden('Only an employee can request a regularization.').withText({ id: 'problemDetail.regularization.employeeOnly' });
  const [policy, directory] = await Promise.all([policyOf(ctx.db), directoryOf(ctx.db)]);
  const employee = directory.byId.get(employeeId);
  if (!employee) throw notFound('Employee');
  const today = todayOf(ctx);
  if (input.date > today) {
    throw badRequest(`${input.date} is in the future: only past days and today can be regularized.`, [
      { path: 'body.date', message: 'must not be in the future', text: { id: 'regularizationRule.futureField' } },
    ]).withText({ id: 'regularizationRule.future', values: { date: { date: input.date } } });
  }
  const oldest = addDays(today, -policy.settings.regularizationWindowDays);
  if (input.date < oldest) {
    throw badRequest(`${input.date} is older than ${policy.settings.regularizationWindowDays} days: ask HR to override the day instead.`, [
      { path: 'body.date', message: `must be on or after ${oldest}` },
    ]).withText({ id: 'regularizationRule.tooOld', values: { date: { date: input.date }, count: policy.settings.regularizationWindowDays } });
  }
  if (!employedOn(employee, input.date)) {
    throw badRequest(`You were not employed on ${input.date}.`, [{ path: 'body.date', message: 'is outside your employment' }]).withText({
      id: 'regularizationRule.notEmployed',
      values: { date: { date: input.date } },
    });
  }

  const inputs = await loadInputs(ctx, [employeeId], input.date, input.date);
  if (frozenIn(inputs, employeeId, input.date)) throw conflict(`${input.date} is frozen by HR: it cannot be regularized.`).withText({ id: 'regularizationRule.frozen', values: { date: { date: input.date } } });
  await assertNoWaitingRequest(ctx, employeeId, input.date, input.kind);

  // What each kind must carry.
  let proposed = input.punches;
  const supersedes = [...new Set(input.supersedes)];
  if (input.kind === 'MissingPunchIn' || input.kind === 'MissingPunchOut') {
    const want = input.kind === 'MissingPunchIn' ? 'in' : 'out';
    if (proposed.length !== 1 || proposed[0]?.direction !== want) {
      throw shapeError(`${input.kind} carries exactly one "${want}" punch.`, { id: `problemDetail.regularization.${want === 'in' ? 'missingInShape' : 'missingOutShape'}` });
    }
  }
  if (input.kind === 'ManualEntry' && proposed.length === 0) throw shapeError('ManualEntry carries at least one punch.', { id: 'problemDetail.regularization.manualShape' });
  const existing = supersedes.length ? await punchesAround(ctx, employeeId, input.date) : [];
  for (const [i, id] of supersedes.entries()) {
    const p = existing.find((e) => e.id === id);
    if (!p) throw shapeError('Each superseded punch must be one of your punches of that day.', { id: 'problemDetail.regularization.notYourPunch' }, `body.supersedes.${i}`);
    if (p.supersededById) throw conflict('That punch was already corrected.', [{ path: `body.supersedes.${i}`, message: 'is already superseded' }]).withText({ id: 'problemDetail.regularization.alreadyCorrected' });
    if ((input.kind === 'OffZone' || input.kind === 'WrongLocation') && !p.flags.includes(input.kind)) {
      throw shapeError(`That punch is not flagged ${input.kind}.`, { id: 'problemDetail.regularization.notFlagged', values: kindValues(input.kind) }, `body.supersedes.${i}`);
    }
  }
  if (input.kind === 'OffZone' || input.kind === 'WrongLocation') {
    if (supersedes.length === 0) throw shapeError(`${input.kind} names the flagged punch(es) it asks to accept.`, { id: 'problemDetail.regularization.namesFlagged', values: kindValues(input.kind) }, 'body.supersedes');
    if (proposed.length === 0) {
      // Accept the flagged punches as they were.
      proposed = supersedes.map((id) => {
        const p = existing.find((e) => e.id === id);
        const local = localParts(Date.parse(p?.at ?? ''), ctx.timeZone);
        return { time: local.time.slice(0, 5), direction: p?.direction === 'out' ? 'out' : 'in' };
      });
    }
  }
  if (supersedes.length > proposed.length) throw shapeError('Each superseded punch needs a replacement punch.', { id: 'problemDetail.regularization.needsReplacement' }, 'body.supersedes');
  const punches = proposedInstants(ctx, inputs, employee, input.date, proposed);
  return { employeeId, employee, policy, inputs, punches, supersedes };
}

/** An employee asks to fix one of their days (`regularization:apply`); the manager (or HR) is notified. */
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
      summary: `Regularization requested for ${formatDate(input.date)}: ${REGULARIZATION_KIND_LABELS[input.kind]} (${punches.map((p) => `${p.direction} ${p.time}`).join(', ')}). Reason: ${input.reason}`,
    });
    await notify(t, employee.managerId ? { employeeIds: [employee.managerId] } : { roles: ['HR'] }, {
      kind: 'regularization.requested',
      title: `${employee.fullName} asks to regularize ${formatDate(input.date)}`,
      message: { id: 'regularization.requested', values: { name: employee.fullName, date: { date: input.date } } },
      body: `${REGULARIZATION_KIND_LABELS[input.kind]}: ${input.reason}`,
      bodyMessage: { id: 'regularization.requestedBody', values: { kind: { label: `regularizationKind.${input.kind}` }, reason: input.reason } },
      link: '/attendance/regularizations',
    });
    await emitEvent(t, 'regularization.submitted', await getRegularization(t, id));
  });
  return getRegularization(ctx, id);
}

/** What a request would make of the day, computed as approval would (nothing is stored). */
export async function previewRegularization(ctx: Ctx, input: RegularizationPreviewRequest): Promise<RegularizationPreview> {
  const { employee, inputs, punches, supersedes } = await checkedRequest(ctx, input);
  return preview(inputs, ctx, employee, input.date, punches, supersedes);
}

/** The effect of a waiting request, for anyone who can see it (its author, the approval line, HR). */
export async function previewOfRequest(ctx: Ctx, id: string): Promise<RegularizationPreview> {
  const row = await findRow(ctx, id);
  if (row.status !== 'AwaitingManager' && row.status !== 'ManagerApprovedAwaitingHR') {
    throw conflict(`This request is ${row.status === 'Approved' ? 'approved: its punches are in the day already' : 'rejected'}; only a waiting request has an effect to preview.`).withText({
      id: 'problemDetail.regularization.previewSettled',
      values: { status: row.status },
    });
  }
  const employee = (await directoryOf(ctx.db)).byId.get(row.employee_id);
  if (!employee) throw notFound('Employee');
  const inputs = await loadInputs(ctx, [employee.id], row.date, row.date);
  return preview(inputs, ctx, employee, row.date, JSON.parse(row.punches) as StoredPunch[], JSON.parse(row.supersedes) as string[]);
}

function preview(inputs: Inputs, ctx: Ctx, employee: EmployeeInfo, date: string, punches: readonly StoredPunch[], supersedes: readonly string[]): RegularizationPreview {
  if (frozenIn(inputs, employee.id, date)) throw conflict(`${date} is frozen by HR: a regularization cannot change it.`).withText({ id: 'problemDetail.regularization.previewFrozen', values: { date: { date } } });
  return { date, ...dayWithPunchesChanged(ctx, inputs, employee, date, { add: punches, setAside: supersedes }) };
}
