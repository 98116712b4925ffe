import { describe, expect, it } from 'vitest';
import { LeaveContext, LeaveTimelineEntry, loadFor } from '../../shared/leave/index.ts';
import type { WeeklyOffRule } from '../../shared/org.ts';
import {
  dueCredits,
  dueExpiries,
  expiryKey,
  leaveYearEnd,
  leaveYearLabel,
  monthsLeftInYear,
  projectYears,
  splitYearEnd,
  type AccrualPolicy,
  type YearFigures,
} from '../../server/src/modules/leave/accrual.ts';
import { computeContext } from '../../server/src/modules/leave/team-load.ts';
import { countLeaveDays, type WorkCalendar } from '../../server/src/modules/leave/day-count.ts';
import { isWeeklyOff } from '../../shared/org.ts';
import { mergeRanges } from '../../server/src/modules/leave/present.ts';
import { buildTimeline, statusAfterApproval, type TimelineFacts } from '../../server/src/modules/leave/workflow.ts';

// November 2026: Sun 1, Sat 14 (2nd), Sat 28 (4th). Every Sunday and the 2nd and 4th Saturday are off.
const OFFS: WeeklyOffRule[] = [
  { weekday: 0, weeks: 'all' },
  { weekday: 6, weeks: [2, 4] },
];
const cal = (holidays: string[] = [], weeklyOffs: WeeklyOffRule[] = OFFS): WorkCalendar => ({ weeklyOffs, holidays: new Set(holidays) });
const count = (from: string, to: string, sandwich: 'none' | 'weekends' | 'holidays' | 'both' | 'calendar', calendar = cal(), duration: 'FullDay' | 'FirstHalf' | 'SecondHalf' = 'FullDay') =>
  countLeaveDays({ from, to, duration, sandwich, calendar }).workingDays;

describe('working-day counting', () => {
  it('knows every-week and nth-occurrence weekly offs', () => {
    expect(isWeeklyOff('2026-11-01', OFFS)).toBe(true); // Sunday
    expect(isWeeklyOff('2026-11-07', OFFS)).toBe(false); // 1st Saturday
    expect(isWeeklyOff('2026-11-14', OFFS)).toBe(true); // 2nd Saturday
    expect(isWeeklyOff('2026-11-21', OFFS)).toBe(false); // 3rd Saturday
    expect(isWeeklyOff('2026-11-28', OFFS)).toBe(true); // 4th Saturday
    expect(isWeeklyOff('2026-11-30', OFFS)).toBe(false); // Monday
  });

  it('excludes weekly offs and holidays without a sandwich rule', () => {
    // Thu 12 .. Tue 17 Nov: Sat 14 (2nd) and Sun 15 off; Mon 16 a holiday.
    expect(count('2026-11-12', '2026-11-17', 'none', cal(['2026-11-16']))).toBe(3);
    // Fri 6 .. Mon 9: the 1st Saturday is a working day, Sunday is not.
    expect(count('2026-11-06', '2026-11-09', 'none')).toBe(3);
  });

  it('counts the weekend inside a sandwich: Fri–Mon over a weekend is 4', () => {
    expect(count('2026-11-13', '2026-11-16', 'weekends')).toBe(4);
    expect(count('2026-11-13', '2026-11-16', 'both')).toBe(4);
    expect(count('2026-11-13', '2026-11-16', 'holidays')).toBe(2);
    expect(count('2026-11-13', '2026-11-16', 'none')).toBe(2);
  });

  it('counts a holiday inside a sandwich: Tue–Thu with a Wednesday holiday is 3', () => {
    const holiday = cal(['2026-11-18']);
    expect(count('2026-11-17', '2026-11-19', 'holidays', holiday)).toBe(3);
    expect(count('2026-11-17', '2026-11-19', 'both', holiday)).toBe(3);
    expect(count('2026-11-17', '2026-11-19', 'weekends', holiday)).toBe(2);
    expect(count('2026-11-17', '2026-11-19', 'none', holiday)).toBe(2);
  });

  it('trims leading and trailing non-working days and costs 0 when only those remain', () => {
    // Sat 14 .. Mon 16: the weekend leads, so only Monday counts.
    expect(count('2026-11-14', '2026-11-16', 'both')).toBe(1);
    // Fri 27 .. Sun 29: 4th Saturday and Sunday trail.
    expect(count('2026-11-27', '2026-11-29', 'both')).toBe(1);
    expect(count('2026-11-14', '2026-11-15', 'both')).toBe(0);
    expect(count('2026-11-16', '2026-11-16', 'both', cal(['2026-11-16']))).toBe(0);
  });

  it('counts every calendar day for the calendar rule (maternity)', () => {
    expect(count('2026-11-01', '2026-11-30', 'calendar')).toBe(30);
    expect(count('2026-11-14', '2026-11-15', 'calendar')).toBe(2);
  });

  it('costs half a day for a half day on a working day, nothing on a day off', () => {
    expect(count('2026-11-16', '2026-11-16', 'none', cal(), 'FirstHalf')).toBe(0.5);
    expect(count('2026-11-16', '2026-11-16', 'both', cal(), 'SecondHalf')).toBe(0.5);
    expect(count('2026-11-15', '2026-11-15', 'none', cal(), 'FirstHalf')).toBe(0);
    expect(count('2026-11-16', '2026-11-16', 'none', cal(['2026-11-16']), 'FirstHalf')).toBe(0);
  });

  it('says which days count', () => {
    const r = countLeaveDays({ from: '2026-11-13', to: '2026-11-16', duration: 'FullDay', sandwich: 'none', calendar: cal() });
    expect(r.days.map((d) => [d.date, d.kind, d.counted])).toEqual([
      ['2026-11-13', 'working', true],
      ['2026-11-14', 'weeklyOff', false],
      ['2026-11-15', 'weeklyOff', false],
      ['2026-11-16', 'working', true],
    ]);
  });
});

const ANNUAL: AccrualPolicy = { accrual: 'annual', annualDays: 12, monthlyDays: 0, prorateJoiners: true, accrualFrom: '2026-04-01' };
const MONTHLY: AccrualPolicy = { accrual: 'monthly', annualDays: 0, monthlyDays: 1.25, prorateJoiners: true, accrualFrom: '2026-04-01' };

describe('accrual and pro-rating', () => {
  it('grants the annual days on the first day of each leave year, catching up missed years', () => {
    const credits = dueCredits({ policy: ANNUAL, joinedDate: '2015-06-01', exitDate: null, today: '2028-04-02', yearStartMonth: 4 });
    expect(credits.map((c) => [c.periodKey, c.days, c.effectiveDate])).toEqual([
      ['grant:2026-04-01', 12, '2026-04-01'],
      ['grant:2027-04-01', 12, '2027-04-01'],
      ['grant:2028-04-01', 12, '2028-04-01'],
    ]);
    expect(credits[0]?.reason).toBe('Annual grant for FY 2026-27');
  });

  it('pro-rates a joiner by whole months left (the joining month counts when joined by the 15th)', () => {
    expect(monthsLeftInYear('2026-07-10', '2027-03-31')).toBe(9);
    expect(monthsLeftInYear('2026-07-20', '2027-03-31')).toBe(8);
    const early = dueCredits({ policy: ANNUAL, joinedDate: '2026-07-10', exitDate: null, today: '2026-11-21', yearStartMonth: 4 });
    expect(early).toEqual([expect.objectContaining({ days: 9, effectiveDate: '2026-07-10', periodKey: 'grant:2026-04-01' })]);
    const late = dueCredits({ policy: ANNUAL, joinedDate: '2026-07-20', exitDate: null, today: '2026-11-21', yearStartMonth: 4 });
    expect(late[0]?.days).toBe(8);
    expect(late[0]?.reason).toContain('pro-rated');
    // 12 × 5/12 = 5; 7 × 5/12 = 2.92 → 3 (half days).
    const seven = dueCredits({ policy: { ...ANNUAL, annualDays: 7 }, joinedDate: '2026-11-01', exitDate: null, today: '2026-11-21', yearStartMonth: 4 });
    expect(seven[0]?.days).toBe(3);
    const noProrate = dueCredits({ policy: { ...ANNUAL, prorateJoiners: false }, joinedDate: '2026-07-20', exitDate: null, today: '2026-11-21', yearStartMonth: 4 });
    expect(noProrate[0]?.days).toBe(12);
  });

  it('accrues monthly on the first of each month up to today, the joining month pro-rated', () => {
    const old = dueCredits({ policy: MONTHLY, joinedDate: '2012-01-01', exitDate: null, today: '2026-11-21', yearStartMonth: 4 });
    expect(old).toHaveLength(8); // April .. November
    expect(old.reduce((s, c) => s + c.days, 0)).toBe(10);
    expect(old[7]).toMatchObject({ periodKey: 'accrual:2026-11', effectiveDate: '2026-11-01', reason: 'Monthly accrual for November 2026' });
    // Joined 16 Sep: 15 of 30 days → 0.625 → 0.75 (nearest quarter day).
    const joiner = dueCredits({ policy: MONTHLY, joinedDate: '2026-09-16', exitDate: null, today: '2026-11-21', yearStartMonth: 4 });
    expect(joiner.map((c) => [c.periodKey, c.days, c.effectiveDate])).toEqual([
      ['accrual:2026-09', 0.75, '2026-09-16'],
      ['accrual:2026-10', 1.25, '2026-10-01'],
      ['accrual:2026-11', 1.25, '2026-11-01'],
    ]);
  });

  it('credits nothing before joining, after the exit or before the policy starts', () => {
    expect(dueCredits({ policy: MONTHLY, joinedDate: '2026-12-01', exitDate: null, today: '2026-11-21', yearStartMonth: 4 })).toEqual([]);
    const leaver = dueCredits({ policy: MONTHLY, joinedDate: '2012-01-01', exitDate: '2026-06-10', today: '2026-11-21', yearStartMonth: 4 });
    expect(leaver.map((c) => c.periodKey)).toEqual(['accrual:2026-04', 'accrual:2026-05', 'accrual:2026-06']);
    const none = dueCredits({ policy: { ...MONTHLY, accrual: 'none' }, joinedDate: '2012-01-01', exitDate: null, today: '2026-11-21', yearStartMonth: 4 });
    expect(none).toEqual([]);
  });

  it('gives every period its own key, so a rerun finds nothing new', () => {
    const a = dueCredits({ policy: MONTHLY, joinedDate: '2012-01-01', exitDate: null, today: '2027-06-01', yearStartMonth: 4 });
    expect(new Set(a.map((c) => c.periodKey)).size).toBe(a.length);
    expect(a).toHaveLength(15);
  });

  it('handles a calendar leave year', () => {
    expect(leaveYearEnd('2026-01-01')).toBe('2026-12-31');
    expect(leaveYearLabel('2026-01-01')).toBe('2026');
    expect(leaveYearLabel('2026-04-01')).toBe('FY 2026-27');
    const jan = dueCredits({ policy: { ...ANNUAL, accrualFrom: '2026-01-01' }, joinedDate: '2012-01-01', exitDate: null, today: '2027-01-01', yearStartMonth: 1 });
    expect(jan.map((c) => c.periodKey)).toEqual(['grant:2026-01-01', 'grant:2027-01-01']);
  });
});

describe('carry forward and lapse', () => {
  it('carries up to the cap and lapses the rest', () => {
    expect(splitYearEnd(42, 30, false)).toEqual({ carryForward: 30, lapse: 12, encash: 0 });
    expect(splitYearEnd(12, 30, false)).toEqual({ carryForward: 12, lapse: 0, encash: 0 });
  });
  it('encashes instead of lapsing when the policy allows', () => {
    expect(splitYearEnd(42, 30, true)).toEqual({ carryForward: 30, lapse: 0, encash: 12 });
  });
  it('lapses everything with a cap of zero and carries everything without a cap', () => {
    expect(splitYearEnd(7.5, 0, false)).toEqual({ carryForward: 0, lapse: 7.5, encash: 0 });
    expect(splitYearEnd(55, null, false)).toEqual({ carryForward: 55, lapse: 0, encash: 0 });
  });
  it('carries a negative balance as it is', () => {
    expect(splitYearEnd(-2, 0, false)).toEqual({ carryForward: -2, lapse: 0, encash: 0 });
  });
});

describe('balance per leave year', () => {
  const year = (yearStart: string, f: Partial<Omit<YearFigures, 'yearStart'>> = {}): YearFigures => ({ yearStart, entries: 0, creditsToDate: 0, creditsInYear: 0, pending: 0, asked: 0, ...f });

  it('checks this year against its own entries, a later year against its credits and what the year end carries', () => {
    // Casual leave: 10 left this year, no carry forward; next year's grant of 12 is not written yet; 9 days already approved there.
    const [now, next] = projectYears([year('2026-04-01', { entries: 10, asked: 3 }), year('2027-04-01', { entries: -9, creditsToDate: 12, creditsInYear: 12, asked: 3 })], 0, false);
    expect(now).toEqual({ yearStart: '2026-04-01', balance: 10, pending: 0, asked: 3 });
    expect(next).toEqual({ yearStart: '2027-04-01', balance: 3, pending: 0, asked: 3 });
  });

  it('carries into the next year what the year end will: this year after holds and the request, up to the cap', () => {
    const el = (entries: number, pending: number, asked: number) =>
      projectYears([year('2026-04-01', { entries, pending, asked }), year('2027-04-01', { creditsToDate: 1.25, creditsInYear: 15, asked: 1 })], 30, true)[1]?.balance;
    expect(el(20, 2, 3)).toBe(15 + 1.25);
    expect(el(50, 0, 0)).toBe(30 + 1.25); // capped (the rest is encashed)
    expect(el(-2, 0, 0)).toBe(-2 + 1.25); // a negative balance is carried
    // Two years on: the year between brings its whole year's credits.
    const far = projectYears([year('2026-04-01', { entries: 25 }), year('2027-04-01', { creditsToDate: 15, creditsInYear: 15 }), year('2028-04-01', { creditsToDate: 2.5, creditsInYear: 15, pending: 1 })], 30, true);
    expect(far.map((p) => p.balance)).toEqual([25, 25 + 15, 30 + 2.5]);
    expect(far[2]?.pending).toBe(1);
  });
});

describe('expiring credits (comp-off)', () => {
  const credit = (id: string, days: number, effectiveDate: string, expiresOn: string) => ({ id, kind: 'adjustment', days, effectiveDate, expiresOn, periodKey: null });
  const use = (id: string, days: number, effectiveDate: string) => ({ id, kind: 'usage', days: -days, effectiveDate, expiresOn: null, periodKey: null });

  it('lapses the unused part of a credit after its last day, using the oldest credit first', () => {
    const entries = [credit('a', 2, '2026-09-01', '2026-10-31'), credit('b', 1, '2026-10-01', '2026-11-30'), use('u', 1.5, '2026-10-15')];
    expect(dueExpiries(entries, '2026-11-10')).toEqual([{ creditId: 'a', days: 0.5, expiresOn: '2026-10-31', effectiveDate: '2026-11-01' }]);
    expect(dueExpiries(entries, '2026-12-05').map((x) => [x.creditId, x.days])).toEqual([
      ['a', 0.5],
      ['b', 1],
    ]);
  });

  it('does not lapse a credit twice, and not one used up', () => {
    const entries = [
      credit('a', 2, '2026-09-01', '2026-10-31'),
      use('u', 1.5, '2026-10-15'),
      { id: 'x', kind: 'lapse', days: -0.5, effectiveDate: '2026-11-01', expiresOn: null, periodKey: expiryKey('a') },
      credit('c', 1, '2026-10-01', '2026-10-20'),
      use('v', 1, '2026-10-02'),
    ];
    expect(dueExpiries(entries, '2026-12-01')).toEqual([]);
  });
});

const base: TimelineFacts = {
  status: 'PendingManager',
  requiresHrApproval: false,
  closure: null,
  employeeName: 'Sneha Kulkarni',
  reason: 'Wedding',
  createdAt: '2026-11-01T04:00:00.000Z',
  managerDecisionName: null,
  managerDecidedAt: null,
  managerNote: null,
  managerStageByHr: false,
  managerStageAbove: false,
  hrDecisionName: null,
  hrDecidedAt: null,
  hrNote: null,
  decisionNote: null,
  closedByName: null,
  closedAt: null,
};
const mgr = { managerDecisionName: 'Rahul Deshmukh', managerDecidedAt: '2026-11-02T04:00:00.000Z' };
const hr = { hrDecisionName: 'Priya Sharma', hrDecidedAt: '2026-11-03T04:00:00.000Z' };
const states = (f: Partial<TimelineFacts>) => buildTimeline({ ...base, ...f }).map((e) => `${e.key}:${e.state}`);

describe('timeline states for every path', () => {
  it('follows the statuses', () => {
    expect(statusAfterApproval('PendingManager', false)).toBe('Approved');
    expect(statusAfterApproval('PendingManager', true)).toBe('ManagerApprovedPendingHR');
    expect(statusAfterApproval('ManagerApprovedPendingHR', true)).toBe('Approved');
    expect(() => statusAfterApproval('Approved', true)).toThrow();
  });

  it('pending at the manager, without and with an HR stage', () => {
    expect(states({})).toEqual(['submitted:done', 'manager:current', 'final:pending']);
    expect(states({ requiresHrApproval: true })).toEqual(['submitted:done', 'manager:current', 'hr:pending', 'final:pending']);
  });

  it('waiting for HR after the manager approved', () => {
    expect(states({ requiresHrApproval: true, status: 'ManagerApprovedPendingHR', ...mgr })).toEqual(['submitted:done', 'manager:done', 'hr:current', 'final:pending']);
  });

  it('approved is done throughout', () => {
    expect(states({ status: 'Approved', ...mgr })).toEqual(['submitted:done', 'manager:done', 'final:done']);
    const withHr = buildTimeline({ ...base, requiresHrApproval: true, status: 'Approved', ...mgr, ...hr, decisionNote: 'Enjoy' });
    expect(withHr.map((e) => e.state)).toEqual(['done', 'done', 'done', 'done']);
    expect(withHr[3]).toEqual({ key: 'final', label: 'Approved', labelId: 'approved', labelValues: {}, state: 'done', actorName: 'Priya Sharma', at: hr.hrDecidedAt, note: 'Enjoy' });
    for (const e of withHr) expect(LeaveTimelineEntry.safeParse(e).success).toBe(true);
  });

  it('a rejection marks its stage and the final entry rejected, later stages pending', () => {
    expect(states({ requiresHrApproval: true, status: 'Rejected', ...mgr, managerNote: 'No' })).toEqual(['submitted:done', 'manager:rejected', 'hr:pending', 'final:rejected']);
    expect(states({ requiresHrApproval: true, status: 'Rejected', ...mgr, ...hr })).toEqual(['submitted:done', 'manager:done', 'hr:rejected', 'final:rejected']);
    const t = buildTimeline({ ...base, status: 'Rejected', ...mgr, managerNote: 'Busy week', decisionNote: 'Busy week' });
    expect(t[1]).toMatchObject({ label: 'Rejected by manager', actorName: 'Rahul Deshmukh', note: 'Busy week' });
    // "Rejected by manager" once; the outcome without the actor or the note again.
    expect(t[2]).toMatchObject({ key: 'final', label: 'Not approved', state: 'rejected', actorName: null, note: null, at: mgr.managerDecidedAt });
    expect(t.filter((e) => e.actorName === 'Rahul Deshmukh')).toHaveLength(1);
  });

  it('names a manager above the line who decided for the manager', () => {
    const above = { managerDecisionName: 'Deependra Reddy', managerDecidedAt: mgr.managerDecidedAt, managerStageAbove: true };
    expect(buildTimeline({ ...base, status: 'Approved', ...above })[1]).toMatchObject({ key: 'manager', label: 'Approved by Deependra Reddy for the manager', actorName: 'Deependra Reddy' });
    expect(buildTimeline({ ...base, status: 'Rejected', ...above })[1]).toMatchObject({ label: 'Rejected by Deependra Reddy for the manager', state: 'rejected' });
    expect(buildTimeline({ ...base, status: 'Approved', ...mgr })[1]?.label).toBe('Approved by manager');
    // The label is a catalogue message each reader's console can say in their language.
    expect(buildTimeline({ ...base, status: 'Approved', ...above })[1]).toMatchObject({ labelId: 'approvedByAboveForManager', labelValues: { name: 'Deependra Reddy' } });
  });

  it('remembers a label by its message and values, never across different names', () => {
    const by = (name: string) => buildTimeline({ ...base, status: 'Approved', managerDecisionName: name, managerDecidedAt: mgr.managerDecidedAt, managerStageAbove: true })[1]?.label;
    expect(by('Deependra Reddy')).toBe('Approved by Deependra Reddy for the manager');
    expect(by('Asha Rao')).toBe('Approved by Asha Rao for the manager');
    expect(by('Deependra Reddy')).toBe('Approved by Deependra Reddy for the manager');
    // Far more names than the memo keeps: each still gets its own words.
    for (let i = 0; i < 4200; i++) expect(by(`Person ${i}`)).toBe(`Approved by Person ${i} for the manager`);
    expect(by('Asha Rao')).toBe('Approved by Asha Rao for the manager');
  });

  it('a withdrawal leaves undecided stages pending; a cancellation keeps the approvals done', () => {
    const closed = { closedByName: 'Sneha Kulkarni', closedAt: '2026-11-04T04:00:00.000Z' };
    expect(states({ status: 'Rejected', closure: 'Withdrawn', ...closed })).toEqual(['submitted:done', 'manager:pending', 'final:rejected']);
    expect(states({ requiresHrApproval: true, status: 'Rejected', closure: 'Withdrawn', ...mgr, ...closed })).toEqual(['submitted:done', 'manager:done', 'hr:pending', 'final:rejected']);
    const cancelled = buildTimeline({ ...base, requiresHrApproval: true, status: 'Rejected', closure: 'Cancelled', ...mgr, ...hr, closedByName: 'Priya Sharma', closedAt: closed.closedAt, decisionNote: 'Cancelled by HR: audit' });
    expect(cancelled.map((e) => e.state)).toEqual(['done', 'done', 'done', 'rejected']);
    expect(cancelled[3]).toMatchObject({ label: 'Cancelled by HR', actorName: 'Priya Sharma', note: 'Cancelled by HR: audit' });
    expect(buildTimeline({ ...base, status: 'Rejected', closure: 'Withdrawn', ...closed })[2]?.label).toBe('Withdrawn by the employee');
  });

  it('says when HR acted for the manager', () => {
    const t = buildTimeline({ ...base, status: 'Approved', managerDecisionName: 'Priya Sharma', managerDecidedAt: mgr.managerDecidedAt, managerStageByHr: true });
    expect(t[1]?.label).toBe('Approved by HR for the manager');
  });
});

describe('team-load context', () => {
  const team = new Set(['me', 't1', 't2', 't3']);
  const input = {
    from: '2026-11-13',
    to: '2026-11-16',
    applicant: { id: 'me', departmentId: 'eng' },
    teamIds: team,
    managerName: 'Rahul Deshmukh',
    priorSameType: 2,
    weeklyOffs: OFFS,
    away: [
      { employeeId: 't1', date: '2026-11-13', departmentId: 'eng' },
      { employeeId: 't1', date: '2026-11-13', departmentId: 'eng' },
      { employeeId: 't2', date: '2026-11-13', departmentId: 'eng' },
      { employeeId: 'x1', date: '2026-11-13', departmentId: 'eng' },
      { employeeId: 'y1', date: '2026-11-16', departmentId: 'ops' },
      { employeeId: 'y2', date: '2026-11-16', departmentId: 'ops' },
      { employeeId: 'y3', date: '2026-11-16', departmentId: 'ops' },
      { employeeId: 'z', date: '2026-11-20', departmentId: 'ops' },
    ],
  };

  it('counts distinct people per day, the applicant included, and takes the maxima', () => {
    const c = computeContext(input);
    expect(LeaveContext.safeParse(c).success).toBe(true);
    expect(c.days).toEqual([
      { date: '2026-11-13', weekend: false, team: 3, dept: 4, org: 4 },
      { date: '2026-11-14', weekend: true, team: 1, dept: 1, org: 1 },
      { date: '2026-11-15', weekend: true, team: 1, dept: 1, org: 1 },
      { date: '2026-11-16', weekend: false, team: 1, dept: 1, org: 4 },
    ]);
    expect(c).toMatchObject({ teamSize: 4, peakTeamOnLeave: 3, peakDeptOnLeave: 4, peakOrgOnLeave: 4, managerName: 'Rahul Deshmukh', priorSameType: 2, load: 'critical' });
  });

  it('applies the documented thresholds: 25% tight, 40% critical', () => {
    expect(loadFor(0, 10)).toBe('ok');
    expect(loadFor(2, 10)).toBe('ok');
    expect(loadFor(1, 4)).toBe('tight');
    expect(loadFor(3, 10)).toBe('tight');
    expect(loadFor(2, 5)).toBe('critical');
    expect(loadFor(4, 10)).toBe('critical');
    expect(loadFor(1, 0)).toBe('ok');
    const alone = computeContext({ ...input, away: [], teamIds: new Set(['me', ...Array.from({ length: 9 }, (_, i) => `p${i}`)]) });
    expect(alone).toMatchObject({ peakTeamOnLeave: 1, teamSize: 10, load: 'ok' });
  });

  it('merges nearby date ranges so a page of requests takes few queries', () => {
    expect(
      mergeRanges([
        { from: '2026-11-20', to: '2026-11-21' },
        { from: '2026-11-01', to: '2026-11-03' },
        { from: '2026-11-05', to: '2026-11-06' },
        { from: '2027-01-10', to: '2027-01-10' },
      ]),
    ).toEqual([
      { from: '2026-11-01', to: '2026-11-06' },
      { from: '2026-11-20', to: '2026-11-21' },
      { from: '2027-01-10', to: '2027-01-10' },
    ]);
  });
});
