import type { Regularization } from '../../../../shared/attendance/index.ts';
import { type Ctx, inTransaction } from '../../context.ts';
import type { RegularizationTable } from '../../db/schema.ts';
import { conflict, forbidden } from '../../http/problem.ts';
import { directoryOf, frozenDates, localParts, recordPunches } from '../attendance/index.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { emitEvent } from '../outbox/index.ts';
import { type Decider, type StoredPunch, deciderOf, findRow, getRegularization, mayDecide } from './read.ts';
import * as regsRepo from './repo.ts';
import { REGULARIZATION_KIND_LABELS, formatDate, labelOf } from '../../../../shared/labels.ts';

const kindLabel = (kind: string) => labelOf(REGULARIZATION_KIND_LABELS, kind);

/**
 * Deciding (spec §2.5): the manager approves, then HR where the policy asks
 * for it per kind; on the final approval the proposed punches become
 * `manual` punches and the day is reconciled, in one transaction. Status
 * flow: AwaitingManager → (ManagerApprovedAwaitingHR) → Approved; Rejected
 * from either waiting state; anything else is a 409.
 */

async function assertMayDecide(ctx: Ctx, row: RegularizationTable): Promise<Decider> {
  if (row.status === 'Approved' || row.status === 'Rejected') {
    throw conflict(`This request is already ${row.status}: it cannot be decided again.`).withText({ id: 'problemDetail.regularizationDecision.settled', values: { status: row.status } });
  }
  const decider = await deciderOf(ctx);
  if (row.employee_id === decider.employeeId) throw forbidden('Nobody decides their own request.').withText({ id: 'problemDetail.regularizationDecision.own' });
  if (!mayDecide(decider, row)) {
    const needsHr = row.status === 'ManagerApprovedAwaitingHR';
    throw forbidden(needsHr ? 'The manager approved this request; it now needs HR (regularization:hr-approve).' : "This request waits for the employee's manager (or HR).").withText({
      id: needsHr ? 'problemDetail.regularizationDecision.needsHr' : 'problemDetail.regularizationDecision.waitsForManager',
    });
  }
  return decider;
}

type Stage = 'manager' | 'hr';

/** Who decided a stage, and when. */
function signed(ctx: Ctx, stage: Stage, now: string): Partial<RegularizationTable> {
  return stage === 'manager'
    ? { manager_decided_by: ctx.caller.userId, manager_decided_by_name: ctx.caller.name, manager_decided_at: now }
    : { hr_decided_by: ctx.caller.userId, hr_decided_by_name: ctx.caller.name, hr_decided_at: now };
}

/**
 * The one decision step of approve and reject: inside a transaction, the
 * request is read again, the caller checked against it, `outcome` says what
 * the decision changes, and the request moves on from the state it was read
 * in (409 when another decision got there first); then `after` records and
 * announces it. Answers the request as it now is.
 */
async function decide(
  ctx: Ctx,
  id: string,
  outcome: (row: RegularizationTable, decider: Decider, now: string) => Partial<RegularizationTable>,
  after: (t: Ctx, row: RegularizationTable, patch: Partial<RegularizationTable>) => Promise<void>,
): Promise<Regularization> {
  await inTransaction(ctx, async (t) => {
    const row = await findRow(t, id);
    const decider = await assertMayDecide(t, row);
    const now = ctx.clock.now().toISOString();
    const patch = { ...outcome(row, decider, now), updated_at: now };
    if (!(await regsRepo.updateRegularizationFrom(t.db, id, row.status, patch))) throw conflict('This request changed meanwhile; reload it.').withText({ id: 'problemDetail.regularizationDecision.changed' });
    await after(t, row, patch);
    await emitEvent(t, 'regularization.decided', await getRegularization(t, id));
  });
  return getRegularization(ctx, id);
}

/** Approves at the current stage; the final approval adds the punches and reconciles the day. */
export async function approveRegularization(ctx: Ctx, id: string, note: string | null | undefined): Promise<Regularization> {
  return decide(
    ctx,
    id,
    (row, decider, now) => {
      const managerStage = row.status === 'AwaitingManager';
      const toHr = managerStage && row.requires_hr === 1 && !decider.canHrApprove;
      return {
        decision_note: note ?? row.decision_note,
        status: toHr ? 'ManagerApprovedAwaitingHR' : 'Approved',
        ...(managerStage ? signed(ctx, 'manager', now) : {}),
        // The HR stage: reached, or stood in for by an HR approver acting at the manager stage.
        ...(!managerStage || (!toHr && row.requires_hr === 1) ? signed(ctx, 'hr', now) : {}),
      };
    },
    async (t, row, patch) => {
      if (patch.status === 'ManagerApprovedAwaitingHR') {
        const employee = (await directoryOf(t.db)).byId.get(row.employee_id);
        await recordAudit(t, {
          employeeId: row.employee_id,
          category: 'Attendance',
          action: 'regularization.manager-approved',
          summary: `Regularization of ${formatDate(row.date)} (${kindLabel(row.kind)}) approved by the manager; waiting for HR${note ? `. Note: ${note}` : ''}`,
        });
        await notify(t, { roles: ['HR'] }, {
          kind: 'regularization.awaiting-hr',
          title: `${employee ? `${employee.fullName}'s` : 'A'} regularization of ${formatDate(row.date)} needs HR`,
          message: { id: 'regularization.awaitingHr', values: { name: employee?.fullName ?? '—', date: { date: row.date } } },
          body: `${kindLabel(row.kind)}, approved by ${ctx.caller.name}.`,
          bodyMessage: { id: 'regularization.approvedBy', values: { kind: { label: `regularizationKind.${row.kind}` }, name: ctx.caller.name } },
          link: '/attendance/regularizations',
        });
        return;
      }
      await applyRegularization(t, row);
      await recordAudit(t, {
        employeeId: row.employee_id,
        category: 'Attendance',
        action: 'regularization.approved',
        summary: `Regularization of ${formatDate(row.date)} (${kindLabel(row.kind)}) approved; punches added and the day reconciled${note ? `. Note: ${note}` : ''}`,
      });
      await notify(t, { employeeIds: [row.employee_id] }, {
        kind: 'regularization.approved',
        title: `Your regularization of ${formatDate(row.date)} was approved`,
        message: { id: 'regularization.approved', values: { date: { date: row.date } } },
        body: `${kindLabel(row.kind)}, approved by ${ctx.caller.name}.`,
        bodyMessage: { id: 'regularization.approvedBy', values: { kind: { label: `regularizationKind.${row.kind}` }, name: ctx.caller.name } },
        link: `/attendance/me?date=${row.date}`,
      });
    },
  );
}

/** Rejects from either waiting state, with a note. */
export async function rejectRegularization(ctx: Ctx, id: string, note: string): Promise<Regularization> {
  return decide(
    ctx,
    id,
    (row, _decider, now) => ({ ...signed(ctx, row.status === 'AwaitingManager' ? 'manager' : 'hr', now), status: 'Rejected', decision_note: note }),
    async (t, row) => {
      await recordAudit(t, {
        employeeId: row.employee_id,
        category: 'Attendance',
        action: 'regularization.rejected',
        summary: `Regularization of ${formatDate(row.date)} (${kindLabel(row.kind)}) rejected: ${note}`,
      });
      await notify(t, { employeeIds: [row.employee_id] }, {
        kind: 'regularization.rejected',
        title: `Your regularization of ${formatDate(row.date)} was rejected`,
        message: { id: 'regularization.rejected', values: { date: { date: row.date } } },
        body: note,
        link: `/attendance/me?date=${row.date}`,
      });
    },
  );
}

/** Adds the approved punches as `manual` rows (superseding what they replace) and reconciles the day. */
async function applyRegularization(ctx: Ctx, row: RegularizationTable): Promise<void> {
  if ((await frozenDates(ctx.db, row.employee_id, row.date, row.date)).length > 0) {
    throw conflict(`${row.date} was frozen by HR meanwhile: the request cannot be applied.`).withText({
      id: 'problemDetail.regularizationDecision.frozenMeanwhile',
      values: { date: { date: row.date } },
    });
  }
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
