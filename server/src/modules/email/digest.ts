import { LeaveListQuery } from '../../../../shared/leave/index.ts';
import { RegularizationListQuery } from '../../../../shared/attendance/index.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import type { Message } from '../../../../shared/i18n/messages.ts';
import type { Caller, Ctx } from '../../context.ts';
import { directoryOf } from '../attendance/index.ts';
import { callerOfUserId } from '../auth/index.ts';
import { visibleEmployeeIds } from '../employees/index.ts';
import { listLeaveRequests } from '../leave/index.ts';
import { enqueueMessage } from '../outbox/index.ts';
import { listRegularizations } from '../regularizations/index.ts';
import { emailWanted } from './preferences.ts';
import type { EmailMessageData } from './queue.ts';
import * as repo from './repo.ts';
import { smtpSettings } from './settings.ts';

const MAX_LINES = 15;

/**
 * The morning digest (job `email-morning-digest`, 08:00 in the organisation's
 * zone): for each person with a team who chose it, what waits for their
 * decision and who of the people they may see is on leave today — read
 * through the same use cases as the console, as that person, so it holds
 * nothing they could not see there. Nothing when SMTP or the digest is off.
 */
export async function sendMorningDigest(ctx: Ctx, ctxFor: (caller: Caller) => Promise<Ctx>): Promise<number> {
  const smtp = await smtpSettings(ctx);
  if (!smtp || smtp.enabled !== 1 || smtp.digest_enabled !== 1) return 0;
  const candidates = await repo.usersWithRoles(ctx.db, ['Manager', 'HR', 'Admin']);
  const wanted = await emailWanted(ctx, candidates.map((c) => c.id), 'digest');
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const directory = await directoryOf(ctx.db);
  let sent = 0;
  for (const userId of wanted) {
    const caller = await callerOfUserId(ctx, userId);
    if (!caller?.permissions.includes('team:read')) continue;
    const as = await ctxFor(caller);
    const [leave, regs, ids] = await Promise.all([
      listLeaveRequests(as, LeaveListQuery.parse({ toApprove: 'true', pageSize: String(MAX_LINES), sort: 'fromDate', order: 'asc' })),
      caller.permissions.includes('regularization:approve') ? listRegularizations(as, RegularizationListQuery.parse({ awaitingMe: 'true', pageSize: String(MAX_LINES) })) : undefined,
      visibleEmployeeIds(as),
    ]);
    const away = (await as.links.leave.approvedDays(as.db, ids, today, today)).filter((d) => d.employeeId !== caller.employeeId);
    const waiting = [
      ...leave.items.map((r) => `${r.employeeName}: ${r.workingDays} day${r.workingDays === 1 ? '' : 's'} of ${r.leaveTypeName}, ${r.fromDate === r.toDate ? r.fromDate : `${r.fromDate} to ${r.toDate}`}`),
      ...(regs?.items ?? []).map((r) => `${r.employee.fullName}: regularization of ${r.date}`),
    ];
    // The same lines as catalogue messages: each manager reads the digest in their own language when it is sent.
    const waitingText: Message[] = [
      ...leave.items.map((r) => ({
        id: 'digest.leaveLine',
        values: { name: r.employeeName, days: { days: r.workingDays }, type: { leaveType: { code: r.leaveTypeCode, name: r.leaveTypeName } }, span: { span: { from: r.fromDate, to: r.toDate } } },
      })),
      ...(regs?.items ?? []).map((r) => ({ id: 'digest.regularizationLine', values: { name: r.employee.fullName, date: { date: r.date } } })),
    ];
    const total = leave.total + (regs?.total ?? 0);
    const onLeave = away.map((d) => `${directory.byId.get(d.employeeId)?.fullName ?? 'Someone'}: ${d.leaveTypeName}${d.portion === 'FullDay' ? '' : d.portion === 'FirstHalf' ? ' (first half)' : ' (second half)'}`);
    const onLeaveText: Message[] = away.map((d) => ({
      id: 'digest.awayLine',
      values: { name: directory.byId.get(d.employeeId)?.fullName ?? '—', type: { leaveType: { code: d.leaveTypeCode ?? '', name: d.leaveTypeName } }, portion: d.portion },
    }));
    const data: EmailMessageData = {
      kind: 'digest.morning',
      category: 'digest',
      title: `Your morning digest for ${today}: ${total} waiting for you, ${away.length} on leave`,
      message: { id: 'digest.title', values: { date: { date: today }, waiting: total, away: away.length } },
      body: null,
      link: total ? '/leave/approvals' : '/leave/calendar',
      at: ctx.clock.now().toISOString(),
      sections: [
        { heading: `Waiting for your decision (${total})`, lines: total > waiting.length ? [...waiting, `…and ${total - waiting.length} more`] : waiting },
        { heading: `On leave today (${away.length})`, lines: onLeave.slice(0, MAX_LINES * 2) },
      ],
      sectionMessages: [
        {
          heading: { id: 'digest.waiting', values: { count: total } },
          lines: total > waitingText.length ? [...waitingText, { id: 'digest.more', values: { count: total - waitingText.length } }] : waitingText,
        },
        { heading: { id: 'digest.onLeave', values: { count: away.length } }, lines: onLeaveText.slice(0, MAX_LINES * 2) },
      ],
    };
    await enqueueMessage(ctx, 'email', userId, 'email.digest', data);
    sent++;
  }
  return sent;
}
