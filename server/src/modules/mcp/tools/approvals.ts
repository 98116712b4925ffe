import { z } from 'zod';
import { RegularizationRejection, type Regularization } from '../../../../../shared/attendance/index.ts';
import { UuidInput } from '../../../../../shared/common.ts';
import { LEAVE_NOTE_MAX, LeaveApproveBody, LeaveRejectBody, noteLength } from '../../../../../shared/leave/index.ts';
import type { Ctx } from '../../../context.ts';
import { AppError } from '../../../http/problem.ts';
import { approveLeave, getLeaveRequest, listLeaveRequests, rejectLeave } from '../../leave/index.ts';
import { approveRegularization, getRegularization, listRegularizations, rejectRegularization } from '../../regularizations/index.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { ToolRefusal } from '../errors.ts';
import { LeaveRequestOut, leaveRequestOut } from '../present.ts';
import { defineTool, fixedInput, has } from '../tool.ts';

/** Approvals: what waits for the caller's decision (with team-load context), approve, reject with a note. */

const PAGE = 10;

const RegularizationOut = z.object({
  id: z.string().describe('The request id (for approvals_approve / approvals_reject with kind "regularization").'),
  employee: z.string(),
  employeeCode: z.string(),
  date: z.string(),
  kind: z.string().describe('MissingPunchIn, MissingPunchOut, OffZone, ManualEntry or WrongLocation.'),
  status: z.string(),
  reason: z.string(),
  proposedPunches: z.array(z.string()).describe('Local times with direction, e.g. "09:30 in".'),
  needsHrApproval: z.boolean(),
  decisionNote: z.string().nullable(),
  submittedOn: z.string(),
});

function regularizationOut(r: Regularization): z.infer<typeof RegularizationOut> {
  return {
    id: r.id,
    employee: r.employee.fullName,
    employeeCode: r.employee.code,
    date: r.date,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    proposedPunches: r.punches.map((p) => `${p.time} ${p.direction}`),
    needsHrApproval: r.requiresHr,
    decisionNote: r.decisionNote,
    submittedOn: r.createdAt.slice(0, 10),
  };
}

const deciders = (c: Parameters<typeof has>[0]) => has(c, 'leave:approve', 'leave:hr-approve', 'regularization:approve', 'regularization:hr-approve');
const Kind = z.enum(['leave', 'regularization']);
type Kind = z.infer<typeof Kind>;

export const approvalsPending = defineTool({
  name: 'approvals_pending',
  title: 'Requests waiting for my decision',
  description:
    'Leave requests and attendance regularizations waiting for this person\'s decision (a manager: their reporting line at the manager stage; HR: the HR stage, and the manager stage where there is no manager). Each leave request comes with its team-load context: the team size, how many are away on the busiest day (load ok / tight / critical), the department peak and the days of this type already taken this year — say these when you recommend a decision. Oldest first, 10 of each a page; pass `cursor` for more.',
  acts: false,
  destructive: false,
  idempotent: true,
  allowed: deciders,
  ...fixedInput(z.object({ kind: Kind.optional().describe('Only leave, or only regularizations; both by default.'), cursor: z.string().max(200).optional() }).strict()),
  output: z.object({
    leave: z.array(LeaveRequestOut),
    regularizations: z.array(RegularizationOut),
    waiting: z.object({ leave: z.number(), regularizations: z.number() }).describe('How many wait in all.'),
    nextCursor: z.string().nullable(),
  }),
  async run(ctx, args) {
    // Page numbers of each list and whether it is done (1) once a cursor exists.
    const at = decodeCursor('approvals', args.cursor, ['l', 'r', 'ld', 'rd']) ?? { l: 0, r: 0, ld: 0, rd: 0 };
    const wantLeave = args.kind !== 'regularization' && at.ld === 0 && has(ctx.caller, 'leave:approve', 'leave:hr-approve');
    const wantRegs = args.kind !== 'leave' && at.rd === 0 && has(ctx.caller, 'regularization:approve', 'regularization:hr-approve');
    const [leave, regs] = await Promise.all([
      wantLeave
        ? listLeaveRequests(ctx, { page: at.l + 1, pageSize: PAGE, toApprove: true, sort: 'fromDate', order: 'asc' } as Parameters<typeof listLeaveRequests>[1])
        : undefined,
      wantRegs ? listRegularizations(ctx, { page: at.r + 1, pageSize: PAGE, awaitingMe: true } as Parameters<typeof listRegularizations>[1]) : undefined,
    ]);
    const moreLeave = leave !== undefined && (at.l + 1) * PAGE < leave.total;
    const moreRegs = regs !== undefined && (at.r + 1) * PAGE < regs.total;
    return {
      leave: (leave?.items ?? []).map(leaveRequestOut),
      regularizations: (regs?.items ?? []).map(regularizationOut),
      waiting: { leave: leave?.total ?? 0, regularizations: regs?.total ?? 0 },
      nextCursor:
        moreLeave || moreRegs ? encodeCursor('approvals', { l: at.l + 1, r: at.r + 1, ld: moreLeave ? 0 : 1, rd: moreRegs ? 0 : 1 }) : null,
    };
  },
});

/** Which kind of request an id names, when the model did not say (a leave request first). */
async function kindOf(ctx: Ctx, id: string, given: Kind | undefined): Promise<Kind> {
  if (given) return given;
  try {
    await getLeaveRequest(ctx, id);
    return 'leave';
  } catch (e) {
    if (!(e instanceof AppError) || e.status !== 404) throw e;
  }
  try {
    await getRegularization(ctx, id);
    return 'regularization';
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw new ToolRefusal('There is no leave request or regularization with this id that you can see. Use the ids from approvals_pending.');
    throw e;
  }
}

const Note = z
  .string()
  .max(LEAVE_NOTE_MAX * 2)
  .refine((s) => noteLength(s) <= LEAVE_NOTE_MAX, `must be at most ${LEAVE_NOTE_MAX} characters`);

const DecisionOut = z.object({
  kind: Kind,
  leave: LeaveRequestOut.nullable(),
  regularization: RegularizationOut.nullable(),
  message: z.string(),
});

const decisionInput = (noteText: string) =>
  fixedInput(
  z
    .object({
      requestId: UuidInput.describe('The id from approvals_pending.'),
      kind: Kind.optional().describe('leave or regularization; found from the id when left out.'),
      note: Note.optional().describe(noteText),
    })
    .strict(),
  );

export const approvalsApprove = defineTool({
  name: 'approvals_approve',
  title: 'Approve a request',
  description:
    'Approves a leave request or a regularization waiting for this person\'s decision, exactly as the console\'s Approve button: a manager approves at the manager stage (the request then goes to HR where the type or policy says so), HR at the HR stage. Nobody decides their own request. The employee is notified. Confirm with the person before approving.',
  acts: true,
  destructive: true,
  idempotent: false,
  allowed: deciders,
  ...decisionInput(`A note for the employee (optional), at most ${LEAVE_NOTE_MAX} characters.`),
  output: DecisionOut,
  async run(ctx, args) {
    const kind = await kindOf(ctx, args.requestId, args.kind);
    if (kind === 'leave') {
      const r = leaveRequestOut(await approveLeave(ctx, args.requestId, LeaveApproveBody.parse({ note: args.note ?? null })));
      return { kind, leave: r, regularization: null, message: `Approved ${r.employee}'s ${r.leaveType} (${r.from}${r.to !== r.from ? ` to ${r.to}` : ''}): now ${r.statusLabel.toLowerCase()}.` };
    }
    const r = regularizationOut(await approveRegularization(ctx, args.requestId, args.note ?? null));
    return { kind, leave: null, regularization: r, message: `Approved ${r.employee}'s correction of ${r.date} (${r.kind}): now ${r.status}.` };
  },
});

export const approvalsReject = defineTool({
  name: 'approvals_reject',
  title: 'Reject a request',
  description: `Rejects a leave request or a regularization waiting for this person's decision, with a note for the employee (at most ${LEAVE_NOTE_MAX} characters; optional for leave, required for a regularization). Held leave days return to the balance; the employee is notified. Confirm with the person before rejecting.`,
  acts: true,
  destructive: true,
  idempotent: false,
  allowed: deciders,
  ...decisionInput(`Why, for the employee: at most ${LEAVE_NOTE_MAX} characters (required for a regularization).`),
  output: DecisionOut,
  async run(ctx, args) {
    const kind = await kindOf(ctx, args.requestId, args.kind);
    if (kind === 'leave') {
      const r = leaveRequestOut(await rejectLeave(ctx, args.requestId, LeaveRejectBody.parse({ note: args.note ?? null })));
      return { kind, leave: r, regularization: null, message: `Rejected ${r.employee}'s ${r.leaveType} (${r.from}${r.to !== r.from ? ` to ${r.to}` : ''}).` };
    }
    const { note } = RegularizationRejection.parse({ note: args.note ?? '' });
    const r = regularizationOut(await rejectRegularization(ctx, args.requestId, note));
    return { kind, leave: null, regularization: r, message: `Rejected ${r.employee}'s correction of ${r.date} (${r.kind}).` };
  },
});
