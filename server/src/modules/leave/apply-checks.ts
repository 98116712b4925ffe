import { addDays } from '../../../../shared/dates.ts';
import { type LeaveDuration, SandwichRule } from '../../../../shared/leave/index.ts';
import type { Ctx } from '../../context.ts';
import type { Message } from '../../../../shared/i18n/messages.ts';
import { type AppError, type FieldError, badRequest, conflict } from '../../http/problem.ts';
import { leaveYearLabel, type YearPosition } from './accrual.ts';
import { askedOf, leaveToday, positionOn, shortfalls, yearPositions } from './balance.ts';
import { workCalendarFor } from './calendar-inputs.ts';
import { countLeaveDays, dayKind, type LeaveCount } from './day-count.ts';
import * as typeRepo from './repo/leave-types.ts';
import * as dayRepo from './repo/leave-days.ts';
import * as peopleRepo from './repo/people.ts';
import * as requestRepo from './repo/requests.ts';
import { eligibleByGender, isEntitled } from './types-service.ts';
import { firstOf, fmtDays, spanOf } from './words.ts';

/**
 * The rules a new request must pass (apply and quote share them): each one
 * broken is a problem with its field, 400 for the request's own faults, 409
 * for a clash with what exists (overlap, balance, frozen days, the backup's
 * own leave).
 */

/** The longest single request, in calendar days (maternity leave fits). */
export const MAX_REQUEST_SPAN_DAYS = 366;

/** Calendar days from a to b. */
export const daysFrom = (a: string, b: string): number => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** "only 2 days of CL available (1 day held by pending requests), 3 days asked", naming the year when it is not the current one or the request spans years. */
function shortOf(code: string, p: YearPosition, positions: readonly YearPosition[], currentYear: string): string {
  const spans = positions.filter((x) => x.asked > 0).length > 1;
  const year = ` in ${leaveYearLabel(p.yearStart)}`;
  const held = p.pending ? ` (${fmtDays(p.pending)} held by pending requests)` : '';
  return `only ${fmtDays(Math.max(0, p.balance - p.pending))} of ${code} available${spans || p.yearStart !== currentYear ? year : ''}${held}, ${fmtDays(p.asked)} asked${spans ? year : ''}`;
}

/** The same shortfall for readers of another language (the year is left to the English). */
function shortText(code: string, p: YearPosition): Message {
  const values = { code, available: { days: Math.max(0, p.balance - p.pending) }, asked: { days: p.asked } };
  return p.pending ? { id: 'leaveRule.shortHeld', values: { ...values, pending: { days: p.pending } } } : { id: 'leaveRule.short', values };
}

interface Problem extends FieldError {
  status: 400 | 409;
}

export interface Draft {
  type: typeRepo.LeaveTypeRow;
  applicant: peopleRepo.ApplicantRow;
  from: string;
  to: string;
  duration: LeaveDuration;
  backupEmployeeId: string | null;
  /** HR records it for the employee after the fact: the notice period and the backdate window do not apply. */
  recordedByHr: boolean;
}

export interface Checked {
  count: LeaveCount;
  workingDays: number;
  /** The leave year of the first day: its balance, pending holds, and what is left after this request's days in it. */
  balance: number;
  pending: number;
  balanceAfter: number;
  requiresHrApproval: boolean;
  documentsRequired: boolean;
  problems: Problem[];
}

/** Throws the problems of a check: 400 for the request's own faults, else 409 for clashes with what exists. */
export function throwProblems(problems: readonly Problem[]): void {
  const error = problemsError(problems);
  if (error) throw error;
}

/** The answer for a check's problems (none when there are none). */
export function problemsError(problems: readonly Problem[]): AppError | undefined {
  const bad = problems.filter((p) => p.status === 400);
  const list = bad.length ? bad : problems;
  if (list.length === 0) return undefined;
  const errors = list.map(({ path, message, text }) => ({ path, message, ...(text ? { text } : {}) }));
  const detail = list.map((p) => `${p.path.replace(/^body\./, '')}: ${p.message}`).join('; ');
  // Readers of another language get the reasons without the field names (the form marks the fields).
  const text: Message = { id: 'leaveRule.cannot', values: { problems: { list: list.map((p) => p.text ?? { id: 'problem.detail.fields', values: { fields: p.message } }) } } };
  return (bad.length ? badRequest(`This leave request cannot be made. ${detail}.`, errors) : conflict(`This leave request cannot be made. ${detail}.`, errors)).withText(text);
}

/**
 * What the overlap check answers when it cannot name the other request: also the answer when the
 * leave_day unique indexes (migration 0017) refuse a day another connection wrote after the check read.
 */
export const overlapRefusal = (): AppError => problemsError([{ status: 409, path: 'body.fromDate', message: 'overlaps another request', text: { id: 'leaveRule.overlapOther' } }]) as AppError;

/** Working days of the same type adjacent to from..to (only non-working days between), for the consecutive-days limit. */
async function adjacentSpell(ctx: Ctx, d: Draft): Promise<number> {
  const windowFrom = addDays(d.from, -45);
  const windowTo = addDays(d.to, 45);
  const [others, calendar] = await Promise.all([
    requestRepo.liveRequestsOfTypeAround(ctx.db, d.applicant.id, d.type.id, windowFrom, windowTo),
    workCalendarFor(ctx.db, { id: d.applicant.id, locationId: d.applicant.location_id }, windowFrom, windowTo),
  ]);
  let extra = 0;
  const used = new Set<string>();
  for (const step of [-1, 1] as const) {
    let cursor = step < 0 ? addDays(d.from, -1) : addDays(d.to, 1);
    while (cursor >= windowFrom && cursor <= windowTo) {
      const r = others.find((o) => !used.has(o.id) && o.from_date <= cursor && o.to_date >= cursor);
      if (r) {
        used.add(r.id);
        extra += r.working_days;
        cursor = step < 0 ? addDays(r.from_date, -1) : addDays(r.to_date, 1);
      } else if (dayKind(cursor, calendar) !== 'working') cursor = addDays(cursor, step);
      else break;
    }
  }
  return extra;
}

/** Every rule a new request must pass, as a list of problems (empty: it may be made). */
export async function checkDraft(ctx: Ctx, d: Draft, today: string): Promise<Checked> {
  const problems: Problem[] = [];
  const add = (status: 400 | 409, path: string, message: string, text: Message) => problems.push({ status, path, message, text });
  const { type, applicant } = d;
  const typeValue = { leaveType: { code: type.code, name: type.name } };
  const span = daysFrom(d.from, d.to) + 1;
  const empty: Checked = { count: { workingDays: 0, days: [] }, workingDays: 0, balance: 0, pending: 0, balanceAfter: 0, requiresHrApproval: false, documentsRequired: false, problems };
  if (d.to < d.from) {
    add(400, 'body.toDate', 'must not be before fromDate', { id: 'leaveRule.toBeforeFrom' });
    return empty;
  }
  if (span > MAX_REQUEST_SPAN_DAYS) {
    add(400, 'body.toDate', `a request covers at most ${MAX_REQUEST_SPAN_DAYS} calendar days`, { id: 'leaveRule.tooLong', values: { max: MAX_REQUEST_SPAN_DAYS } });
    return empty;
  }
  if (d.duration !== 'FullDay' && d.from !== d.to) add(400, 'body.duration', 'a half day needs fromDate and toDate to be the same day', { id: 'leaveRule.halfDaySpan' });
  if (type.active === 0) add(400, 'body.leaveTypeId', `${type.name} is no longer offered`, { id: 'leaveRule.inactive', values: { type: typeValue } });
  if (d.duration !== 'FullDay' && type.half_day_allowed === 0) add(400, 'body.duration', `${type.name} cannot be taken in half days`, { id: 'leaveRule.noHalfDays', values: { type: typeValue } });
  if (!eligibleByGender(type, applicant.gender)) {
    add(400, 'body.leaveTypeId', `${type.name} is for ${type.eligible_gender === 'Female' ? 'women' : 'men'} only`, { id: 'leaveRule.gender', values: { type: typeValue, gender: type.eligible_gender === 'Female' ? 'Female' : 'Male' } });
  }
  if (type.min_service_days !== null && addDays(applicant.joined_date, type.min_service_days) > d.from) {
    add(400, 'body.leaveTypeId', `${type.name} can be taken from ${addDays(applicant.joined_date, type.min_service_days)} (after ${type.min_service_days} days of service)`, {
      id: 'leaveRule.service',
      values: { type: typeValue, date: { date: addDays(applicant.joined_date, type.min_service_days) }, count: type.min_service_days },
    });
  }
  if (!d.recordedByHr && d.from >= today && daysFrom(today, d.from) < type.notice_days) {
    add(400, 'body.fromDate', `${type.name} needs ${fmtDays(type.notice_days)} notice: the earliest start is ${addDays(today, type.notice_days)}`, {
      id: 'leaveRule.notice',
      values: { type: typeValue, days: { days: type.notice_days }, date: { date: addDays(today, type.notice_days) } },
    });
  }
  if (!d.recordedByHr && d.from < today && daysFrom(d.from, today) > type.backdate_days) {
    add(
      400,
      'body.fromDate',
      type.backdate_days === 0
        ? `${type.name} cannot be applied for past days; ask HR`
        : `${type.name} can be applied at most ${fmtDays(type.backdate_days)} back (from ${addDays(today, -type.backdate_days)}); ask HR for older days`,
      type.backdate_days === 0
        ? { id: 'leaveRule.noPast', values: { type: typeValue } }
        : { id: 'leaveRule.backdate', values: { type: typeValue, days: { days: type.backdate_days }, date: { date: addDays(today, -type.backdate_days) } } },
    );
  }
  if (applicant.exit_date !== null && d.to > applicant.exit_date) add(400, 'body.toDate', `must not be after the last working day ${applicant.exit_date}`, { id: 'leaveRule.afterExit', values: { date: { date: applicant.exit_date } } });

  const calendar = await workCalendarFor(ctx.db, { id: applicant.id, locationId: applicant.location_id }, d.from, d.to);
  const count = countLeaveDays({ from: d.from, to: d.to, duration: d.duration, sandwich: SandwichRule.parse(type.sandwich), calendar });
  const workingDays = count.workingDays;
  if (workingDays === 0) add(400, 'body.toDate', 'these dates are all weekly offs or holidays: there is no working day to take off', { id: 'leaveRule.noWorkingDay' });
  if (type.max_consecutive_days !== null && workingDays > 0) {
    const spell = workingDays + (await adjacentSpell(ctx, d));
    if (spell > type.max_consecutive_days) {
      add(400, 'body.toDate', `${type.name} is at most ${fmtDays(type.max_consecutive_days)} in a row; this makes ${fmtDays(spell)} with the requests next to it`, {
        id: 'leaveRule.consecutive',
        values: { type: typeValue, max: { days: type.max_consecutive_days }, spell: { days: spell } },
      });
    }
  }

  // Clashes with what exists: overlap, balance, the backup's own leave.
  const mine = await dayRepo.leaveDaysOf(ctx.db, applicant.id, d.from, d.to);
  const clash = mine.find((m) => !(d.duration !== 'FullDay' && m.portion !== 'FullDay' && m.portion !== d.duration));
  if (clash) {
    const other = await requestRepo.findRequestSpan(ctx.db, clash.request_id);
    const whose = d.recordedByHr ? `${applicant.full_name}'s` : 'your';
    const what = other ? `${whose} ${other.status === 'Approved' ? 'approved' : 'pending'} request for ${spanOf(other.from_date, other.to_date)}` : 'another request';
    const status = other?.status === 'Approved' ? 'Approved' : 'Pending';
    const text: Message = !other
      ? { id: 'leaveRule.overlapOther' }
      : d.recordedByHr
        ? { id: 'leaveRule.overlapTheirs', values: { name: applicant.full_name, status, span: { span: { from: other.from_date, to: other.to_date } } } }
        : { id: 'leaveRule.overlapMine', values: { status, span: { span: { from: other.from_date, to: other.to_date } } } };
    add(409, 'body.fromDate', `overlaps ${what}`, text);
  }
  const closed = await ctx.links.attendance.frozenDays(ctx.db, applicant.id, d.from, d.to);
  if (closed.length) {
    add(409, 'body.fromDate', `${firstOf(closed)} is closed in attendance (frozen): ${d.recordedByHr ? 'unfreeze it first' : 'ask HR to unfreeze it first'}`, {
      id: 'leaveRule.frozen',
      values: { date: { date: closed[0] ?? d.from }, hr: d.recordedByHr ? 'yes' : 'no' },
    });
  }
  const { yearStart: currentYear, yearStartMonth } = await leaveToday(ctx);
  const asked = askedOf(count.days.filter((c) => c.counted).map((c) => ({ date: c.date, portion: d.duration })));
  const positions = await yearPositions(ctx, applicant.id, type, asked.length ? asked : [{ date: d.from, days: 0 }], { holds: true });
  if (isEntitled(type) && type.allow_negative === 0) {
    for (const shortfall of shortfalls(positions)) add(409, 'body.leaveTypeId', shortOf(type.code, shortfall, positions, currentYear), shortText(type.code, shortfall));
  }
  const first = positionOn(positions, d.from, yearStartMonth);
  if (d.backupEmployeeId) {
    if (d.backupEmployeeId === applicant.id) add(400, 'body.backupEmployeeId', 'must be someone else', { id: 'leaveRule.backupSelf' });
    else {
      const backup = await peopleRepo.employeeExists(ctx.db, d.backupEmployeeId);
      if (!backup || backup.status === 'Exited') add(400, 'body.backupEmployeeId', 'no such employee', { id: 'leaveRule.backupUnknown' });
      else {
        const away = await dayRepo.leaveDaysOf(ctx.db, backup.id, d.from, d.to);
        const firstAway = away.map((a) => a.date).sort()[0];
        if (firstAway) add(409, 'body.backupEmployeeId', `${backup.full_name} is on leave on ${firstAway}`, { id: 'leaveRule.backupAway', values: { name: backup.full_name, date: { date: firstAway } } });
      }
    }
  }
  const requiresHrApproval = type.hr_approval === 'always' || (type.hr_approval === 'aboveDays' && workingDays > (type.hr_approval_above_days ?? 0));
  const documentsRequired = type.documents_above_days !== null && workingDays > type.documents_above_days;
  return { count, workingDays, balance: first.balance, pending: first.pending, balanceAfter: first.balance - first.pending - first.asked, requiresHrApproval, documentsRequired, problems };
}

