import { addDays, dayInZone, weekdayOf } from '../../../../shared/dates.ts';
import { LeaveTypeCreate, SandwichRule, type LeaveStatus } from '../../../../shared/leave/index.ts';
import type { Clock } from '../../clock.ts';
import { type Caller, type Ctx, systemCaller } from '../../context.ts';
import type { LeaveRequestTable } from '../../db/schema.ts';
import { newId } from '../../ids.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { prng } from '../../../../shared/prng.ts';
import { leaveYearStart } from './accrual.ts';
import { workCalendarFor } from './calendar-inputs.ts';
import { countLeaveDays } from './day-count.ts';
import { INDIAN_DEFAULT_LEAVE_TYPES } from './defaults.ts';
import { balanceIn } from './balance.ts';
import { writeReversal, writeUsage } from './ledger-entries.ts';
import { runLeaveLedger } from './ledger-jobs.ts';
import * as dayRepo from './repo/leave-days.ts';
import * as peopleRepo from './repo/people.ts';
import * as requestRepo from './repo/requests.ts';
import * as typeRepo from './repo/leave-types.ts';
import { createLeaveType } from './types-service.ts';
import { getOrganisationRow } from '../org/index.ts';
import { LEAVE_STATUS_LABELS } from '../../../../shared/labels.ts';
import { spanOf } from './words.ts';

/**
 * Demo leave: the Indian default types, this leave year's grants and
 * accruals for everyone, and requests in every state — past leave taken,
 * leave coming up, requests waiting for managers and for HR, rejected ones
 * with a note, one withdrawn and one cancelled — so the inbox, calendar and
 * balances are full on first start. Deterministic for a given date.
 */

interface Person {
  id: string;
  full_name: string;
  email: string | null;
  manager_id: string | null;
  gender: string | null;
  joined_date: string;
  status: string;
}

interface Plan {
  who: Person;
  code: string;
  from: string;
  to: string;
  duration?: 'FullDay' | 'FirstHalf' | 'SecondHalf';
  reason: string;
  status: LeaveStatus;
  /** Who rejected (when status is Rejected without a closure). */
  rejectedBy?: 'manager' | 'hr';
  closure?: 'Withdrawn' | 'Cancelled';
  managerNote?: string;
  hrNote?: string;
  note?: string;
  backupId?: string;
  /** Applied for on (or the day after) its first day: sick leave, an emergency. */
  unplanned?: boolean;
}

const atHour = (day: string, hourUtc: number) => `${day}T${String(hourUtc).padStart(2, '0')}:${hourUtc % 2 ? '15' : '40'}:00.000Z`;

function clockAt(iso: string): Clock {
  return { now: () => new Date(iso) };
}

function callerOf(person: { id: string; full_name: string }): Caller {
  return { ...systemCaller('console'), kind: 'session', employeeId: person.id, name: person.full_name };
}

export async function seedDemoLeave(ctx: Ctx, opts: { historyDays?: number } = {}): Promise<void> {
  const random = prng(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const org = await getOrganisationRow(ctx.db);
  const today = dayInZone(ctx.clock.now(), ctx.timeZone);
  const yearStart = leaveYearStart(today, org.fy_start_month);
  const historyFrom = addDays(today, -(opts.historyDays ?? 150));
  // Credits start with the leave year the history starts in, so leave taken in it has a balance to come from.
  const accrualFrom = leaveYearStart(historyFrom, org.fy_start_month);

  for (const t of INDIAN_DEFAULT_LEAVE_TYPES) await createLeaveType(ctx, LeaveTypeCreate.parse({ ...t, policy: { ...t.policy, accrualFrom } }));
  // History crossing into last leave year: its credits first (the year end, run below, must see its leave taken).
  const lastYearEnd = addDays(yearStart, -1);
  if (accrualFrom < yearStart) await runLeaveLedger({ ...ctx, caller: systemCaller(), clock: clockAt(`${lastYearEnd}T12:00:00.000Z`) });

  const types = new Map((await typeRepo.listTypeRows(ctx.db)).map((t) => [t.code, t]));
  const people: (Person & { location_id: string | null })[] = await peopleRepo.employeesForDemo(ctx.db);
  const byEmail = (local: string) => people.find((p) => p.email === `${local}@kaveri.example`);
  const byId = new Map(people.map((p) => [p.id, p]));
  const hr = byEmail('hr');
  const manager = byEmail('manager');
  const employee = byEmail('employee');
  if (!hr || !manager || !employee) return;
  const busy = new Map<string, Set<string>>();

  const seed = async (plan: Plan): Promise<void> => {
    const type = types.get(plan.code);
    const who = byId.get(plan.who.id) as (Person & { location_id: string | null }) | undefined;
    if (!type || !who) return;
    const taken = busy.get(who.id) ?? new Set<string>();
    for (let d = plan.from; d <= plan.to; d = addDays(d, 1)) if (taken.has(d)) return;
    const duration = plan.duration ?? 'FullDay';
    const calendar = await workCalendarFor(ctx.db, { id: who.id, locationId: who.location_id }, plan.from, plan.to);
    const count = countLeaveDays({ from: plan.from, to: plan.to, duration, sandwich: SandwichRule.parse(type.sandwich), calendar });
    if (count.workingDays === 0) return;
    for (let d = plan.from; d <= plan.to; d = addDays(d, 1)) taken.add(d);
    busy.set(who.id, taken);

    const requiresHr = type.hr_approval === 'always' || (type.hr_approval === 'aboveDays' && count.workingDays > (type.hr_approval_above_days ?? 0));
    const status: LeaveStatus = plan.status === 'ManagerApprovedPendingHR' && !requiresHr ? 'PendingManager' : plan.status;
    const now = ctx.clock.now().toISOString();
    // Submitted a few days before the leave (or before today for what is still pending), decided the days after.
    const submittedDay = plan.unplanned && plan.from <= today
      ? (addDays(plan.from, Math.floor(random() * 2)) > today ? today : addDays(plan.from, Math.floor(random() * 2)))
      : plan.from <= today || status === 'PendingManager' || status === 'ManagerApprovedPendingHR'
      ? addDays(plan.from <= today ? plan.from : today, -(2 + Math.floor(random() * 6)))
      : addDays(today, -(3 + Math.floor(random() * 10)));
    const createdAt = atHour(submittedDay, 4 + Math.floor(random() * 6));
    const managerAt = atHour(addDays(submittedDay, 1), 5);
    const hrAt = atHour(addDays(submittedDay, 2), 6);
    const cap = (iso: string) => (iso > now ? now : iso);
    const line = who.manager_id ? (byId.get(who.manager_id) ?? hr) : hr;
    const managerDecider = line.id === who.id ? hr : line;

    const managerDecided = status !== 'PendingManager' && !(status === 'Rejected' && plan.rejectedBy === undefined && plan.closure === 'Withdrawn');
    const rejectedAtHr = status === 'Rejected' && plan.rejectedBy === 'hr';
    const hrDecided = requiresHr && (status === 'Approved' || rejectedAtHr || plan.closure === 'Cancelled');
    const row: LeaveRequestTable = {
      id: newId(),
      employee_id: who.id,
      leave_type_id: type.id,
      from_date: plan.from,
      to_date: plan.to,
      duration,
      working_days: count.workingDays,
      reason: plan.reason,
      backup_employee_id: plan.backupId ?? null,
      status: plan.closure ? 'Rejected' : status,
      requires_hr_approval: requiresHr ? 1 : 0,
      documents_required: type.documents_above_days !== null && count.workingDays > type.documents_above_days ? 1 : 0,
      manager_decision_by: managerDecided ? managerDecider.id : null,
      manager_decided_at: managerDecided ? cap(managerAt) : null,
      manager_note: managerDecided ? (plan.rejectedBy === 'manager' ? (plan.note ?? null) : (plan.managerNote ?? null)) : null,
      manager_stage_by_hr: managerDecider.id === hr.id && line.id !== hr.id ? 1 : 0,
      hr_decision_by: hrDecided ? hr.id : null,
      hr_decided_at: hrDecided ? cap(hrAt) : null,
      hr_note: hrDecided ? (rejectedAtHr ? (plan.note ?? null) : (plan.hrNote ?? null)) : null,
      decision_note: null,
      closure: plan.closure ?? null,
      closed_by_name: plan.closure === 'Withdrawn' ? who.full_name : plan.closure === 'Cancelled' ? hr.full_name : null,
      closed_at: plan.closure ? cap(atHour(addDays(submittedDay, 3), 7)) : null,
      balance_after: 0,
      created_at: cap(createdAt),
      updated_at: now,
    };
    if (status === 'Rejected' && !plan.closure) row.decision_note = plan.note ?? null;
    else if (plan.closure === 'Withdrawn') row.decision_note = `Withdrawn by the employee${plan.note ? `: ${plan.note}` : ''}`;
    else if (plan.closure === 'Cancelled') row.decision_note = `Cancelled by HR: ${plan.note ?? 'business need'}`;
    else if (status === 'Approved') row.decision_note = row.hr_note ?? row.manager_note;
    await requestRepo.insertRequestRow(ctx.db, row);

    const live = row.status !== 'Rejected';
    if (live) {
      await dayRepo.insertLeaveDays(
        ctx.db,
        count.days.map((d) => ({ request_id: row.id, employee_id: who.id, date: d.date, portion: duration, counted: d.counted ? 1 : 0, approved: status === 'Approved' ? 1 : 0 })),
      );
    }
    const decidedCtx = (by: Person, at: string): Ctx => ({ ...ctx, caller: callerOf(by), clock: clockAt(at) });
    if (status === 'Approved' || plan.closure === 'Cancelled') {
      const approver = hrDecided ? hr : managerDecider;
      const counted = count.days.filter((d) => d.counted).map((d) => ({ date: d.date, portion: duration }));
      await writeUsage(decidedCtx(approver, row.hr_decided_at ?? row.manager_decided_at ?? now), { ...row, type_code: type.code }, counted, org.fy_start_month);
    }
    if (plan.closure === 'Cancelled') {
      await writeReversal(decidedCtx(hr, row.closed_at ?? now), row.id, who.id, type.id, `${type.code} ${plan.from} to ${plan.to} cancelled by HR: ${plan.note ?? 'business need'}`);
    }
    await requestRepo.updateRequestRow(ctx.db, row.id, { balance_after: await balanceIn(ctx, who.id, type, plan.from, { holds: false }) });

    const span = spanOf(plan.from, plan.to);
    await recordAudit({ ...ctx, caller: callerOf(who), clock: clockAt(row.created_at) }, {
      employeeId: who.id,
      category: 'Leave',
      action: 'leave.submitted',
      summary: `Applied for ${count.workingDays} day(s) of ${type.name} (${span})`,
      changes: [{ field: 'status', before: null, after: 'PendingManager' }],
    });
    if (status !== 'PendingManager') {
      // The audit names who decided, at the time of the decision: the employee withdrew, HR cancelled or
      // decided at its stage, else the manager (or HR standing in for the manager).
      const decision: { by: Person; at: string } = plan.closure === 'Withdrawn'
        ? { by: who, at: row.closed_at ?? now }
        : plan.closure === 'Cancelled'
          ? { by: hr, at: row.closed_at ?? now }
          : hrDecided
            ? { by: hr, at: row.hr_decided_at ?? now }
            : { by: managerDecider, at: row.manager_decided_at ?? now };
      const outcome = plan.closure ?? (status === 'Rejected' ? 'Rejected' : LEAVE_STATUS_LABELS[status]);
      await recordAudit({ ...ctx, caller: callerOf(decision.by), clock: clockAt(decision.at) }, {
        employeeId: who.id,
        category: 'Leave',
        action: `leave.${plan.closure ? plan.closure.toLowerCase() : status === 'Rejected' ? 'rejected' : 'approved'}`,
        summary: `${type.name} (${span}): ${outcome}${row.decision_note ? ` — ${row.decision_note}` : ''}`,
        changes: [{ field: 'status', before: 'PendingManager', after: status }],
      });
    }
    if (status === 'PendingManager' && who.manager_id) {
      await notify({ ...ctx, clock: clockAt(row.created_at) }, { employeeIds: [who.manager_id] }, {
        kind: 'leave.submitted',
        title: `${who.full_name} applied for ${count.workingDays} day(s) of ${type.name} (${span})`,
        body: plan.reason,
        link: `/leave/approvals?request=${row.id}`,
      });
    }
    if (status === 'ManagerApprovedPendingHR') {
      await notify({ ...ctx, clock: clockAt(row.manager_decided_at ?? now) }, { roles: ['HR', 'Admin'] }, {
        kind: 'leave.awaiting-hr',
        title: `${who.full_name}'s ${type.name} (${count.workingDays} days, ${span}) needs HR approval`,
        body: plan.reason,
        link: `/leave/approvals?request=${row.id}`,
      });
    }
  };

  const team = people.filter((p) => p.manager_id === manager.id && p.id !== employee.id);
  const colleague = team[0];

  // The next Monday-to-Friday day at or after `day`.
  const weekday = (day: string): string => {
    let d = day;
    while ([0, 6].includes(weekdayOf(d))) d = addDays(d, 1);
    return d;
  };

  // History: leave taken over the months the demo covers — casual leave planned ahead, sick
  // leave applied for on return (unplanned), now and then earned leave, a few refusals.
  // Last leave year's first, then its year end and this year's credits, then this year's.
  const reasonsPast = { CL: ['Family function', 'Personal work', 'Festival at home', 'Bank work'], SL: ['Fever', 'Viral infection', 'Back pain', 'Food poisoning', 'Migraine'], EL: ['Vacation with family', 'Travelling home', 'House shifting'] };
  const history: Plan[] = [];
  const lastDay = addDays(today, -3);
  for (const p of people) {
    if (p.status === 'Exited' || [hr.id, manager.id, employee.id].includes(p.id)) continue;
    const r = random();
    const k = r < 0.2 ? 0 : r < 0.55 ? 1 : r < 0.85 ? 2 : 3;
    for (let i = 0; i < k; i++) {
      const start = p.joined_date > historyFrom ? p.joined_date : historyFrom;
      const span = Math.max(0, (Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
      if (span < 5) break;
      const from = weekday(addDays(start, Math.floor(random() * span)));
      if (from > lastDay) continue;
      const t = random();
      const code = t < 0.5 ? 'CL' : t < 0.85 ? 'SL' : 'EL';
      const length = code === 'EL' ? 1 + Math.floor(random() * 3) : random() < 0.6 ? 0 : 1;
      const rejected = code !== 'SL' && random() < 0.06;
      history.push({
        who: p,
        code,
        from,
        to: addDays(from, length),
        reason: pick(reasonsPast[code]),
        status: rejected ? 'Rejected' : 'Approved',
        ...(rejected ? { rejectedBy: 'manager' as const, note: 'Month-end closing that week; please move it.' } : {}),
        ...(code === 'SL' ? { unplanned: true } : {}),
      });
    }
  }
  history.sort((a, b) => a.from.localeCompare(b.from));
  for (const plan of history.filter((h) => h.from < yearStart)) await seed(plan);
  await runLeaveLedger({ ...ctx, caller: systemCaller() });
  for (const plan of history.filter((h) => h.from >= yearStart)) await seed(plan);

  // The demo employee: leave taken, a rejection with a note.
  await seed({ who: employee, code: 'CL', from: weekday(addDays(today, -40)), to: addDays(weekday(addDays(today, -40)), 1), reason: "Cousin's wedding in Mysuru", status: 'Approved', managerNote: 'Enjoy the wedding!' });
  await seed({ who: employee, code: 'SL', from: weekday(addDays(today, -15)), to: weekday(addDays(today, -15)), reason: 'Fever', status: 'Approved' });
  await seed({
    who: employee,
    code: 'CL',
    from: weekday(addDays(today, 10)),
    to: weekday(addDays(today, 10)),
    reason: 'Personal errand',
    status: 'Rejected',
    rejectedBy: 'manager',
    note: 'That is the day of the customer demo; could you take the Friday after instead?',
    ...(colleague ? { backupId: colleague.id } : {}),
  });

  // The demo manager's team: requests waiting for them, one waiting for HR, leave coming up, a withdrawal.
  const reasons = ['Family function', 'Travelling home', 'Personal work', 'Child’s school event', 'House shifting', 'Festival at home', 'Medical appointment', 'Vacation with family'];
  for (const [i, p] of team.slice(0, 4).entries()) {
    const from = weekday(addDays(today, 3 + i * 2));
    await seed({ who: p, code: i % 2 ? 'EL' : 'CL', from, to: i % 2 ? addDays(from, 1) : from, reason: pick(reasons), status: 'PendingManager' });
  }
  const [hrStage, upcoming, withdrawn] = [team[4], team[5], team[6]];
  if (hrStage) {
    const from = weekday(addDays(today, 14));
    await seed({ who: hrStage, code: 'EL', from, to: addDays(from, 8), reason: 'Trip to Kerala with parents', status: 'ManagerApprovedPendingHR', managerNote: 'Fine by me; the release is done by then.' });
  }
  if (upcoming) await seed({ who: upcoming, code: 'CL', from: weekday(addDays(today, 5)), to: weekday(addDays(today, 5)), reason: 'Bank work', status: 'Approved' });
  if (withdrawn) await seed({ who: withdrawn, code: 'CL', from: weekday(addDays(today, 8)), to: weekday(addDays(today, 8)), reason: 'Plumber visit', status: 'Rejected', closure: 'Withdrawn', note: 'Got it sorted over the weekend' });

  // The rest of the organisation: leave taken this year, leave coming up, decisions waiting, a few refusals.
  const others = people.filter((p) => ![hr.id, manager.id, employee.id].includes(p.id) && !team.includes(p));
  for (const [i, p] of others.entries()) {
    const r = random();
    if (r < 0.35) {
      // Past leave: the history above.
    } else if (r < 0.5) {
      const from = weekday(addDays(today, Math.floor(random() * 30) + 2));
      await seed({ who: p, code: pick(['CL', 'EL']), from, to: random() < 0.6 ? from : addDays(from, 1), reason: pick(reasons), status: 'Approved' });
    } else if (r < 0.6) {
      const from = weekday(addDays(today, Math.floor(random() * 20) + 1));
      await seed({ who: p, code: 'CL', from, to: from, reason: pick(reasons), status: 'PendingManager' });
    } else if (r < 0.63) {
      const from = weekday(addDays(today, Math.floor(random() * 20) + 10));
      await seed({ who: p, code: 'EL', from, to: addDays(from, 7), reason: 'Annual vacation', status: 'ManagerApprovedPendingHR', managerNote: 'Recommended.' });
    } else if (r < 0.67) {
      const from = weekday(addDays(today, Math.floor(random() * 20) + 1));
      await seed({ who: p, code: 'CL', from, to: from, reason: pick(reasons), status: 'Rejected', rejectedBy: 'manager', note: 'Quarter-end closing that week; please pick another day.' });
    } else if (i % 40 === 0) {
      const from = weekday(addDays(today, -20));
      await seed({ who: p, code: 'LOP', from, to: addDays(from, 1), reason: 'Extended stay after a family emergency', status: 'Approved', managerNote: 'Take care.' });
    }
  }
  const woman = others.find((p) => p.gender === 'Female' && p.joined_date < addDays(today, -400) && !busy.has(p.id));
  if (woman) await seed({ who: woman, code: 'ML', from: addDays(today, -60), to: addDays(today, 121), reason: 'Maternity', status: 'Approved', hrNote: 'Congratulations! Documents received.' });
  const man = others.find((p) => p.gender === 'Male' && !busy.has(p.id) && p.manager_id !== null);
  if (man) await seed({ who: man, code: 'PL', from: weekday(addDays(today, 4)), to: addDays(weekday(addDays(today, 4)), 2), reason: 'Birth of our daughter', status: 'PendingManager' });
  const hrRejected = others.find((p) => !busy.has(p.id) && p.manager_id !== null && p.id !== man?.id);
  if (hrRejected) {
    const from = weekday(addDays(today, 20));
    await seed({ who: hrRejected, code: 'EL', from, to: addDays(from, 9), reason: 'Long vacation', status: 'Rejected', rejectedBy: 'hr', managerNote: 'OK from my side.', note: 'Annual audit fieldwork that fortnight: HR cannot release more people from Finance.' });
  }
  const cancelled = others.find((p) => !busy.has(p.id) && p.manager_id !== null && p.id !== man?.id && p.id !== hrRejected?.id);
  if (cancelled) {
    const from = weekday(addDays(today, 12));
    await seed({ who: cancelled, code: 'CL', from, to: from, reason: 'Personal work', status: 'Approved', closure: 'Cancelled', note: 'Plant shutdown moved to that week; leave re-planned with the employee.' });
  }
}
