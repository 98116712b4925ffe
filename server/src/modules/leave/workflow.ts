import { translatorFor } from '../../../../shared/i18n/translate.ts';
import { boundedMemo } from '../../memo.ts';
import type { LeaveClosure, LeaveStatus, LeaveTimelineEntry, TimelineState } from '../../../../shared/leave/index.ts';

/**
 * The approval workflow, pure: which status follows a decision, and the
 * timeline (spec §2.2) a request's fields describe.
 *
 *   PendingManager ─approve→ ManagerApprovedPendingHR (HR approval required) ─approve→ Approved
 *                  ─approve→ Approved (no HR approval)
 *   PendingManager | ManagerApprovedPendingHR ─reject→ Rejected
 *   PendingManager | ManagerApprovedPendingHR ─withdraw (employee)→ Rejected, closure Withdrawn
 *   Approved ─cancel (HR)→ Rejected, closure Cancelled
 */

export type Stage = 'manager' | 'hr';

export function isOpen(status: LeaveStatus): boolean {
  return status === 'PendingManager' || status === 'ManagerApprovedPendingHR';
}

/** The stage waiting for a decision, or null when the request is settled. */
export function stageOf(status: LeaveStatus): Stage | null {
  if (status === 'PendingManager') return 'manager';
  if (status === 'ManagerApprovedPendingHR') return 'hr';
  return null;
}

/** The status after an approval at the current stage. */
export function statusAfterApproval(status: LeaveStatus, requiresHrApproval: boolean): LeaveStatus {
  if (status === 'PendingManager') return requiresHrApproval ? 'ManagerApprovedPendingHR' : 'Approved';
  if (status === 'ManagerApprovedPendingHR') return 'Approved';
  throw new Error(`no approval from ${status}`);
}

export interface TimelineFacts {
  status: LeaveStatus;
  requiresHrApproval: boolean;
  closure: LeaveClosure | null;
  employeeName: string;
  /** HR recorded the request for the employee: their name; absent or null when the employee applied. */
  enteredByName?: string | null;
  reason: string | null;
  createdAt: string;
  managerDecisionName: string | null;
  managerDecidedAt: string | null;
  managerNote: string | null;
  /** HR (not the line manager) decided at the manager stage. */
  managerStageByHr: boolean;
  /** A manager above the employee's own manager decided at the manager stage. */
  managerStageAbove: boolean;
  hrDecisionName: string | null;
  hrDecidedAt: string | null;
  hrNote: string | null;
  decisionNote: string | null;
  closedByName: string | null;
  closedAt: string | null;
}

type Said = { id: string; values?: Record<string, string> };

/**
 * A step's English words by message and values. Every record of a leave page builds four steps, and
 * i18next's lookup and ICU formatting were ≈ 8% of the server's CPU on an uncached page (profile,
 * issue 18); the words depend on nothing else (the catalogue ships with the code), so a remembered
 * label is exactly what formatting again would give. Bounded: names are among the values.
 */
const englishLabel = boundedMemo(4096, (key: string) => {
  const [id, values] = JSON.parse(key) as [string, Record<string, string>];
  return translatorFor('en-IN')(`labels:timeline.${id}`, values);
});

/** The step's words: a `labels:timeline.*` message, so each reader's console says it in their language; `label` is its English. */
function entry(
  key: LeaveTimelineEntry['key'],
  said: Said,
  state: TimelineState,
  actorName: string | null = null,
  at: string | null = null,
  note: string | null = null,
): LeaveTimelineEntry {
  const values = said.values ?? {};
  const label = englishLabel(JSON.stringify([said.id, values]));
  return { key, label, labelId: said.id, labelValues: values, state, actorName, at, note };
}

/**
 * The timeline: `submitted`, `manager`, `hr` (only when HR approval is
 * required), `final`. The stage waiting is `current`, later ones `pending`;
 * a rejection marks its stage and the final entry `rejected`; an approved
 * request is `done` throughout. A withdrawn request leaves the undecided
 * stages `pending` and marks the final entry `rejected`; a cancelled one
 * keeps its approvals `done` and marks the final entry `rejected`. A request
 * HR recorded for the employee is "Recorded by HR", its actor the recorder.
 * The final entry of a rejected request is the outcome ("Not approved"), without
 * repeating the actor or the note its stage entry ("Rejected by HR") carries.
 */
export function buildTimeline(f: TimelineFacts): LeaveTimelineEntry[] {
  const submitted = f.enteredByName
    ? entry('submitted', { id: 'recordedByHr' }, 'done', f.enteredByName, f.createdAt, f.reason)
    : entry('submitted', { id: 'submitted' }, 'done', f.employeeName, f.createdAt, f.reason);
  const managerDecided = f.managerDecidedAt !== null;
  const hrDecided = f.hrDecidedAt !== null;
  const rejectedAt: Stage | null =
    f.status === 'Rejected' && f.closure === null ? (hrDecided ? 'hr' : 'manager') : null;

  const managerBy = f.managerStageByHr ? 'HrForManager' : f.managerStageAbove ? (f.managerDecisionName ? 'AboveForManager' : 'SeniorForManager') : 'Manager';
  const byValues: Record<string, string> = f.managerStageAbove && f.managerDecisionName ? { name: f.managerDecisionName } : {};
  const manager =
    rejectedAt === 'manager'
      ? entry('manager', { id: `rejectedBy${managerBy}`, values: byValues }, 'rejected', f.managerDecisionName, f.managerDecidedAt, f.managerNote)
      : managerDecided
        ? entry('manager', { id: `approvedBy${managerBy}`, values: byValues }, 'done', f.managerDecisionName, f.managerDecidedAt, f.managerNote)
        : f.status === 'PendingManager'
          ? entry('manager', { id: 'waitingForManager' }, 'current')
          : entry('manager', { id: 'managerApproval' }, 'pending');

  const hr =
    rejectedAt === 'hr'
      ? entry('hr', { id: 'rejectedByHr' }, 'rejected', f.hrDecisionName, f.hrDecidedAt, f.hrNote)
      : hrDecided
        ? entry('hr', { id: 'approvedByHr' }, 'done', f.hrDecisionName, f.hrDecidedAt, f.hrNote)
        : f.status === 'ManagerApprovedPendingHR'
          ? entry('hr', { id: 'waitingForHr' }, 'current')
          : entry('hr', { id: 'hrApproval' }, 'pending');

  const lastApproval = hrDecided
    ? { name: f.hrDecisionName, at: f.hrDecidedAt }
    : { name: f.managerDecisionName, at: f.managerDecidedAt };
  let final: LeaveTimelineEntry;
  if (f.closure === 'Withdrawn') final = entry('final', { id: 'withdrawn' }, 'rejected', f.closedByName, f.closedAt, f.decisionNote);
  else if (f.closure === 'Cancelled') final = entry('final', { id: 'cancelled' }, 'rejected', f.closedByName, f.closedAt, f.decisionNote);
  else if (f.status === 'Approved') final = entry('final', { id: 'approved' }, 'done', lastApproval.name, lastApproval.at, f.decisionNote);
  else if (f.status === 'Rejected') {
    // The stage entry already says who rejected it and why; the outcome reads as the outcome, once.
    final = entry('final', { id: 'notApproved' }, 'rejected', null, rejectedAt === 'hr' ? f.hrDecidedAt : f.managerDecidedAt, null);
  } else final = entry('final', { id: 'decision' }, 'pending');

  return f.requiresHrApproval ? [submitted, manager, hr, final] : [submitted, manager, final];
}
