import { z } from 'zod';
import { IsoDate, UuidInput } from '../../../../../shared/common.ts';
import { addDays } from '../../../../../shared/dates.ts';
import {
  LEAVE_CALENDAR_MAX_DAYS,
  LEAVE_NOTE_MAX,
  LEAVE_REASON_MAX,
  LeaveApply,
  LeaveCalendarQuery,
  LeaveDuration,
  LeaveStatus,
  LeaveWithdrawBody,
  noteLength,
} from '../../../../../shared/leave/index.ts';
import type { Ctx } from '../../../context.ts';
import { applyLeave, getLeaveBalances, leaveCalendar, listLeaveColleagues, listLeaveRequests, quoteLeave, withdrawLeave } from '../../leave/index.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { ToolRefusal } from '../errors.ts';
import { LeaveRequestOut, TeamLoadOut, leaveRequestOut, teamLoadOut } from '../present.ts';
import { type PersonRef, personOrSelf, resolveLeaveType, resolvePerson } from '../resolve.ts';
import { defineTool, fixedInput, has, inputVariants, seesOthers } from '../tool.ts';

/** Leave: balances, the quote, applying, withdrawing and listing requests. */

const PAGE = 20;
const LEAVE_TYPE_ARG = 'The leave type by name or code, e.g. "Casual Leave", "casual" or "CL" (leave_balances lists them).';

const Note = z
  .string()
  .max(LEAVE_NOTE_MAX * 2)
  .refine((s) => noteLength(s) <= LEAVE_NOTE_MAX, `must be at most ${LEAVE_NOTE_MAX} characters`)
  .describe(`At most ${LEAVE_NOTE_MAX} characters.`);

export const leaveBalances = defineTool({
  name: 'leave_balances',
  title: 'Leave balances',
  description:
    'How many days of each leave type the person has this leave year: available (balance minus pending requests), the balance, days held by pending requests, used and credited this year. Managers may ask about someone in their reporting line, HR about anyone (`employee`).',
  acts: false,
  destructive: false,
  idempotent: true,
  allowed: (c) => has(c, 'leave:apply', 'leave:approve', 'leave:hr-approve'),
  ...inputVariants(z.object({}), { employee: z.string().trim().max(120).optional().describe('Whose balances (name, code or email); leave it out for yourself.') }, seesOthers),
  output: z.object({
    employee: z.string(),
    leaveYear: z.object({ from: z.string(), to: z.string() }),
    balances: z.array(
      z.object({
        leaveType: z.string(),
        code: z.string(),
        paid: z.boolean(),
        available: z.number().describe('What can still be applied for: balance − pending.'),
        balance: z.number(),
        pending: z.number(),
        usedThisYear: z.number(),
        creditedThisYear: z.number(),
      }),
    ),
  }),
  async run(ctx, args: { employee?: string }) {
    const who = args.employee ? await resolvePerson(ctx, args.employee) : undefined;
    const b = await getLeaveBalances(ctx, { employeeId: who?.id });
    return {
      employee: b.employeeName,
      leaveYear: { from: b.yearStart, to: b.yearEnd },
      balances: b.items.map((i) => ({
        leaveType: i.leaveType.name,
        code: i.leaveType.code,
        paid: i.leaveType.paid,
        available: i.available,
        balance: i.balance,
        pending: i.pending,
        usedThisYear: i.usedThisYear,
        creditedThisYear: i.creditedThisYear,
      })),
    };
  },
});

const Away = z.object({ name: z.string(), from: z.string(), to: z.string(), leave: z.string(), status: z.string() });

/** Who else on the applicant's team is away over the dates (the console's apply page shows the same), the applicant excluded. */
async function othersAway(ctx: Ctx, applicant: PersonRef, from: string, to: string): Promise<z.infer<typeof Away>[]> {
  if (applicant.id !== ctx.caller.employeeId) return [];
  const last = to < from ? from : to > addDays(from, LEAVE_CALENDAR_MAX_DAYS - 1) ? addDays(from, LEAVE_CALENDAR_MAX_DAYS - 1) : to;
  const cal = await leaveCalendar(ctx, LeaveCalendarQuery.parse({ from, to: last, scope: 'team' }));
  return cal.people
    .filter((p) => p.employeeId !== applicant.id)
    .flatMap((p) => p.entries.map((e) => ({ name: p.fullName, from: e.fromDate, to: e.toDate, leave: e.leaveTypeName, status: e.status === 'Approved' ? 'approved' : e.status === 'Rejected' ? 'rejected' : 'pending' })))
    .filter((a) => a.status !== 'rejected');
}

function dateArgs() {
  return {
    leaveType: z.string().trim().min(1).max(80).describe(LEAVE_TYPE_ARG),
    fromDate: IsoDate.describe('First day, YYYY-MM-DD.'),
    toDate: IsoDate.describe('Last day (inclusive), YYYY-MM-DD; the same as fromDate for one day.'),
    duration: LeaveDuration.default('FullDay').describe('FullDay, or FirstHalf / SecondHalf for half a day (fromDate = toDate).'),
  };
}

const ON_BEHALF_ARG = 'HR only: record leave for this employee (name, code or email); notice and backdate limits do not apply. Leave it out to apply for yourself.';

export const leaveQuote = defineTool({
  name: 'leave_quote',
  title: 'What a leave request would cost',
  description:
    'Before applying: how many working days the dates cost (weekly offs and holidays excluded unless the type counts them), the balance and the balance after, whether HR must approve too, the team load on those days and who else on the team is away, and every problem that would refuse the request now (short notice, insufficient balance, overlap…). Nothing is sent.',
  acts: false,
  destructive: false,
  idempotent: true,
  allowed: (c) => has(c, 'leave:apply'),
  ...inputVariants(z.object(dateArgs()), { employee: z.string().trim().max(120).optional().describe(ON_BEHALF_ARG) }, (c) => has(c, 'leave:hr-approve')),
  output: z.object({
    employee: z.string(),
    leaveType: z.string(),
    from: z.string(),
    to: z.string(),
    workingDays: z.number(),
    balance: z.number(),
    pendingOfThisType: z.number(),
    balanceAfter: z.number(),
    needsHrApproval: z.boolean(),
    documentsRequired: z.boolean(),
    wouldBeRefusedBecause: z.array(z.string()).describe('Empty when the request would be accepted now.'),
    teamLoad: TeamLoadOut,
    othersAway: z.array(Away).describe('Teammates on approved or pending leave over these dates.'),
  }),
  async run(ctx, args: { leaveType: string; fromDate: string; toDate: string; duration: 'FullDay' | 'FirstHalf' | 'SecondHalf'; employee?: string }) {
    const [type, who] = await Promise.all([resolveLeaveType(ctx, args.leaveType), personOrSelf(ctx, args.employee)]);
    const q = await quoteLeave(ctx, {
      leaveTypeId: type.id,
      fromDate: args.fromDate,
      toDate: args.toDate,
      duration: args.duration,
      employeeId: who.id === ctx.caller.employeeId ? undefined : who.id,
    });
    return {
      employee: who.name,
      leaveType: `${type.name} (${type.code})`,
      from: args.fromDate,
      to: args.toDate,
      workingDays: q.workingDays,
      balance: q.balance,
      pendingOfThisType: q.pending,
      balanceAfter: q.balanceAfter,
      needsHrApproval: q.requiresHrApproval,
      documentsRequired: q.documentsRequired,
      wouldBeRefusedBecause: q.problems.map((p) => p.message),
      teamLoad: teamLoadOut(q.context),
      othersAway: await othersAway(ctx, who, args.fromDate, args.toDate),
    };
  },
});

export const leaveApply = defineTool({
  name: 'leave_apply',
  title: 'Apply for leave',
  description:
    'Applies for leave for the person (HR may record it for someone else), exactly as the console\'s apply form: the request starts waiting for the manager, who is notified. Refused with the reason when the balance is short, the notice too short, the dates overlap another request, a day is closed in attendance, and so on — call leave_quote first to check and to tell the person what it costs. Answers the request with working days, balance after, the team load and who else is away.',
  acts: true,
  destructive: false,
  idempotent: false,
  allowed: (c) => has(c, 'leave:apply'),
  ...inputVariants(
    z.object({
      ...dateArgs(),
      reason: z.string().max(LEAVE_REASON_MAX).optional().describe('Why, in the person\'s words (optional).'),
      backup: z.string().trim().max(120).optional().describe('A colleague who covers (name or code): someone on the team, the manager or a direct report.'),
    }),
    { employee: z.string().trim().max(120).optional().describe(ON_BEHALF_ARG) },
    (c) => has(c, 'leave:hr-approve'),
  ),
  output: z.object({ request: LeaveRequestOut, othersAway: z.array(Away), message: z.string() }),
  async run(ctx, args: { leaveType: string; fromDate: string; toDate: string; duration: 'FullDay' | 'FirstHalf' | 'SecondHalf'; reason?: string; backup?: string; employee?: string }) {
    const [type, who] = await Promise.all([resolveLeaveType(ctx, args.leaveType), personOrSelf(ctx, args.employee)]);
    const onBehalf = who.id !== ctx.caller.employeeId;
    let backupId: string | null = null;
    if (args.backup) {
      const choices = (await listLeaveColleagues(ctx, { employeeId: onBehalf ? who.id : undefined })).items;
      const text = args.backup.trim().toLowerCase();
      const matches = choices.filter((c) => c.code.toLowerCase() === text || c.fullName.toLowerCase() === text || c.fullName.toLowerCase().includes(text));
      if (matches.length !== 1) {
        throw new ToolRefusal(
          matches.length === 0
            ? `"${args.backup}" cannot be the backup. The choices are: ${choices.map((c) => `${c.fullName} (${c.code})`).join(', ') || 'nobody'}.`
            : `Several colleagues match "${args.backup}": ${matches.map((c) => `${c.fullName} (${c.code})`).join(', ')}. Say which by code.`,
        );
      }
      backupId = matches[0]?.id ?? null;
    }
    const input = LeaveApply.parse({
      leaveTypeId: type.id,
      fromDate: args.fromDate,
      toDate: args.toDate,
      duration: args.duration,
      reason: args.reason ?? null,
      backupEmployeeId: backupId,
      ...(onBehalf ? { employeeId: who.id } : {}),
    });
    const request = leaveRequestOut(await applyLeave(ctx, input));
    return {
      request,
      othersAway: await othersAway(ctx, who, args.fromDate, args.toDate),
      message: `Applied: ${request.workingDays} day(s) of ${request.leaveType}, ${request.from}${request.to !== request.from ? ` to ${request.to}` : ''}; now ${request.statusLabel.toLowerCase()}. Balance after: ${request.balanceAfter}.`,
    };
  },
});

export const leaveWithdraw = defineTool({
  name: 'leave_withdraw',
  title: 'Withdraw a leave request',
  description:
    'Withdraws one of the person\'s own requests while it still waits for a decision (the held days return to the balance and the approvers are told). An approved request cannot be withdrawn: HR cancels it. Get the request id from leave_requests.',
  acts: true,
  destructive: true,
  idempotent: false,
  allowed: (c) => has(c, 'leave:apply'),
  ...fixedInput(z.object({ requestId: UuidInput.describe('The request id from leave_requests.'), note: Note.optional().describe(`Why (optional), at most ${LEAVE_NOTE_MAX} characters.`) }).strict()),
  output: z.object({ request: LeaveRequestOut, message: z.string() }),
  async run(ctx, args) {
    const request = leaveRequestOut(await withdrawLeave(ctx, args.requestId, LeaveWithdrawBody.parse({ note: args.note ?? null })));
    return { request, message: `Withdrawn: ${request.leaveType}, ${request.from}${request.to !== request.from ? ` to ${request.to}` : ''}.` };
  },
});

export const leaveRequests = defineTool({
  name: 'leave_requests',
  title: 'Leave requests',
  description:
    'Lists leave requests, newest first: the person\'s own (`whose: "mine"`, the default) or, for managers and HR, everyone\'s they may see (`whose: "visible"`: a manager\'s reporting line, HR the organisation). Filter by `status` (PendingManager, ManagerApprovedPendingHR, Approved, Rejected) and by dates (`from`/`to`: requests overlapping that range). 20 a page; pass `cursor` for more. For requests waiting for your decision use approvals_pending.',
  acts: false,
  destructive: false,
  idempotent: true,
  allowed: (c) => has(c, 'leave:apply', 'leave:approve', 'leave:hr-approve'),
  ...inputVariants(
    z.object({
      status: LeaveStatus.optional(),
      from: IsoDate.optional().describe('Requests ending on or after this day.'),
      to: IsoDate.optional().describe('Requests starting on or before this day.'),
      cursor: z.string().max(200).optional(),
    }),
    { whose: z.enum(['mine', 'visible']).default('mine').describe('"mine" (default) or "visible": everyone you may see.') },
    seesOthers,
  ),
  output: z.object({ requests: z.array(LeaveRequestOut), total: z.number(), nextCursor: z.string().nullable() }),
  async run(ctx, args: { status?: 'PendingManager' | 'ManagerApprovedPendingHR' | 'Approved' | 'Rejected'; from?: string; to?: string; cursor?: string; whose?: 'mine' | 'visible' }) {
    const page = (decodeCursor('leave-requests', args.cursor, ['p'])?.p ?? 0) + 1;
    const list = await listLeaveRequests(ctx, {
      page,
      pageSize: PAGE,
      mine: (args.whose ?? 'mine') === 'mine',
      status: args.status,
      from: args.from,
      to: args.to,
      sort: 'createdAt',
      order: 'desc',
    } as Parameters<typeof listLeaveRequests>[1]);
    return {
      requests: list.items.map(leaveRequestOut),
      total: list.total,
      nextCursor: page * PAGE < list.total ? encodeCursor('leave-requests', { p: page }) : null,
    };
  },
});

export const leaveTools = [leaveBalances, leaveQuote, leaveApply, leaveWithdraw, leaveRequests];
