import { describe, expect, it } from 'vitest';
import { niceScale } from '../../server/src/exports/chart.ts';
import { shapeCelebrations, shapeLeaveLoad, shapeTrend } from '../../server/src/modules/dashboard/shape.ts';
import { dashboardLines } from '../../server/src/modules/dashboard/export.ts';
import { bradfordFactor, shapeAbsenteeism } from '../../server/src/modules/reports/builtin/absenteeism.ts';
import { annualisedAttrition, shapeHeadcount } from '../../server/src/modules/reports/builtin/headcount.ts';
import { shapeLeaveBalances } from '../../server/src/modules/reports/builtin/leave-balances.ts';
import type { Label } from '../../server/src/modules/reports/definition.ts';
import { defaultValue, monthsBetween, resolvePeriod } from '../../server/src/modules/reports/period.ts';
import { sortRows } from '../../server/src/modules/reports/run.ts';
import { renderRow } from '../../server/src/modules/reports/words.ts';
import { AppError } from '../../server/src/http/problem.ts';

/** The pure parts of reports and the dashboard: periods, shapers, sorting, chart scales. */

const labels = new Map<string, Label>([
  ['a', { code: 'E1', name: 'Asha', department: 'Ops', departmentId: 'd1', location: null, status: 'Active' }],
  ['b', { code: 'E2', name: 'Bala', department: 'Ops', departmentId: 'd1', location: null, status: 'Active' }],
]);

function badParam(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError && e.status === 400) return (e.errors ?? []).map((x) => x.path);
    throw e;
  }
  throw new Error('no 400');
}

describe('the integer parameter', () => {
  it('reads a period as a month (YYYYMM) or a year (YYYY), never past today', () => {
    expect(resolvePeriod('period', 202602, '2026-11-25', 4)).toMatchObject({ label: 'February 2026', from: '2026-02-01', end: '2026-02-28', to: '2026-02-28', grain: 'month' });
    expect(resolvePeriod('period', 202402, '2026-11-25', 4)).toMatchObject({ to: '2024-02-29' });
    expect(resolvePeriod('period', 2026, '2026-11-25', 4)).toMatchObject({ label: '2026', from: '2026-01-01', end: '2026-12-31', to: '2026-11-25', grain: 'year' });
    expect(resolvePeriod('period', 202611, '2026-11-25', 4)).toMatchObject({ to: '2026-11-25' });
  });

  it('reads a leave year by the organisation’s year start, and days back from today', () => {
    expect(resolvePeriod('leaveYear', 2026, '2026-11-25', 4)).toMatchObject({ label: 'FY 2026-27', from: '2026-04-01', end: '2027-03-31', to: '2026-11-25' });
    expect(resolvePeriod('leaveYear', 2026, '2026-11-25', 1)).toMatchObject({ label: '2026', from: '2026-01-01', end: '2026-12-31' });
    expect(resolvePeriod('days', 30, '2026-11-25', 4)).toMatchObject({ label: 'Last 30 days', from: '2026-10-27', to: '2026-11-25' });
  });

  it('defaults to this month, this year, the current leave year, 30 days', () => {
    expect(defaultValue('period', '2026-11-25', 4)).toBe(202611);
    expect(defaultValue('year', '2026-11-25', 4)).toBe(2026);
    expect(defaultValue('leaveYear', '2026-02-10', 4)).toBe(2025);
    expect(defaultValue('leaveYear', '2026-04-01', 4)).toBe(2026);
    expect(defaultValue('days', '2026-11-25', 4)).toBe(30);
  });

  it('refuses a value its kind cannot mean, naming the parameter', () => {
    expect(badParam(() => resolvePeriod('period', 202613, '2026-11-25', 4))).toEqual(['query.param']);
    expect(badParam(() => resolvePeriod('period', 99, '2026-11-25', 4))).toEqual(['query.param']);
    expect(badParam(() => resolvePeriod('month', 2026, '2026-11-25', 4))).toEqual(['query.param']);
    expect(badParam(() => resolvePeriod('year', 202611, '2026-11-25', 4, 'body.param'))).toEqual(['body.param']);
    expect(badParam(() => resolvePeriod('days', 0, '2026-11-25', 4))).toEqual(['query.param']);
    expect(badParam(() => resolvePeriod('days', 367, '2026-11-25', 4))).toEqual(['query.param']);
  });

  it('lists the months of a range across a year end', () => {
    expect(monthsBetween('2025-11-20', '2026-02-03')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describe('shapers', () => {
  it('Bradford factor: spells squared times days', () => {
    expect(bradfordFactor(1, 10)).toBe(10);
    expect(bradfordFactor(10, 10)).toBe(1000);
    expect(bradfordFactor(3, 3.5)).toBe(32);
  });

  it('absenteeism adds unplanned leave to the attendance spells and days', () => {
    const { rows, totals } = shapeAbsenteeism(
      [
        { employeeId: 'a', scheduled: 20, absent: 2, halfDays: 1, spells: 2 },
        { employeeId: 'b', scheduled: 0, absent: 0, halfDays: 0, spells: 0 },
      ],
      [{ employeeId: 'a', spells: 1, days: 2 }],
      labels,
    );
    expect(rows).toHaveLength(1); // nobody without scheduled days
    expect(rows[0]).toMatchObject({ absentDays: 2.5, unplannedLeave: 2, unplannedDays: 4.5, spells: 3, rate: 0.225, bradford: 41 });
    expect(totals).toMatchObject({ scheduled: 20, unplannedDays: 4.5, bradford: null });
  });

  it('attrition is annualised from the days covered', () => {
    expect(annualisedAttrition(1, 100, 365)).toBe(0.01);
    expect(annualisedAttrition(1, 100, 73)).toBe(0.05);
    expect(annualisedAttrition(3, 0, 30)).toBeNull();
  });

  it('headcount by month adds the groups up; the period’s average is the mean of its months', () => {
    const months = [
      { key: '2026-01', from: '2026-01-01', to: '2026-01-31' },
      { key: '2026-02', from: '2026-02-01', to: '2026-02-28' },
    ];
    const grouped = [
      { groupId: 'd1', periods: [{ opening: 10, closing: 11, joiners: 1, leavers: 0 }, { opening: 11, closing: 10, joiners: 0, leavers: 1 }] },
      { groupId: 'd2', periods: [{ opening: 4, closing: 4, joiners: 0, leavers: 0 }, { opening: 4, closing: 6, joiners: 2, leavers: 0 }] },
    ];
    const byMonth = shapeHeadcount(grouped, months, 'month', new Map());
    // A month's row is named in the reader's language when the run is answered: English here.
    expect(byMonth.rows.map((r) => renderRow('en-IN', r)).map((r) => [r.group, r.opening, r.closing, r.average])).toEqual([['Jan 2026', 14, 15, 14.5], ['Feb 2026', 15, 16, 15.5]]);
    expect(byMonth.totals).toMatchObject({ opening: 14, joiners: 3, leavers: 1, closing: 16, average: 15 });
    const byDept = shapeHeadcount(grouped, months, 'department', new Map([['d1', 'Ops'], ['d2', 'Sales']]));
    expect(byDept.rows.map((r) => [r.group, r.opening, r.closing, r.joiners, r.leavers])).toEqual([['Ops', 10, 10, 1, 1], ['Sales', 4, 6, 2, 0]]);
    expect(byDept.chart.series.map((s) => [s.label, s.values])).toEqual([['Ops', [11, 10]], ['Sales', [4, 6]]]);
  });

  it('leave balances close as opening + accrued − taken + adjusted − lapsed − encashed − carried out', () => {
    const ledger = { employeeId: 'a', leaveTypeId: 't', code: 'EL', name: 'Earned', sortOrder: 3, before: 1, carriedIn: 4, accrued: 15, used: -6, adjusted: -1, lapsed: -2, encashed: -3, carriedOut: -5, closing: 3 };
    const { rows } = shapeLeaveBalances([ledger], [], labels, ['2026-04']);
    const r = rows[0] ?? {};
    expect(r).toMatchObject({ opening: 5, accrued: 15, taken: 6, adjusted: -1, lapsed: 2, encashed: 3, carriedOut: 5, closing: 3 });
    expect(Number(r.opening) + Number(r.accrued) - Number(r.taken) + Number(r.adjusted) - Number(r.lapsed) - Number(r.encashed) - Number(r.carriedOut)).toBe(r.closing);
    // Nothing on the ledger in the year: no row.
    expect(shapeLeaveBalances([{ ...ledger, before: 0, carriedIn: 0, accrued: 0, used: 0, adjusted: 0, lapsed: 0, encashed: 0, carriedOut: 0, closing: 0 }], [], labels, []).rows).toEqual([]);
  });

  it('sorts numbers as numbers and text by words, nulls last either way, ties in their own order', () => {
    const rows = [{ k: 2, n: 'b10' }, { k: null, n: 'a' }, { k: 10, n: 'b9' }, { k: 2, n: 'c' }];
    expect(sortRows(rows, 'k', 'asc').map((r) => r.n)).toEqual(['b10', 'c', 'b9', 'a']);
    expect(sortRows(rows, 'k', 'desc').map((r) => r.n)).toEqual(['b9', 'b10', 'c', 'a']);
    expect(sortRows(rows, 'n', 'asc').map((r) => r.n)).toEqual(['a', 'b9', 'b10', 'c']);
  });
});

describe('charts', () => {
  it('round the value axis to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceScale(7)).toEqual({ top: 8, step: 2 });
    expect(niceScale(142)).toEqual({ top: 150, step: 50 });
    expect(niceScale(100)).toEqual({ top: 100, step: 25 });
    expect(niceScale(0)).toEqual({ top: 1, step: 0.25 });
  });
});

describe('the dashboard', () => {
  it('gives every day of the trend, with no rate on a day nobody was expected', () => {
    const trend = shapeTrend([{ date: '2026-11-02', expected: 4, present: 3.5, late: 1 }], '2026-11-01', '2026-11-03');
    expect(trend).toEqual([
      { date: '2026-11-01', expected: 0, late: 0, attendanceRate: null },
      { date: '2026-11-02', expected: 4, late: 1, attendanceRate: 0.875 },
      { date: '2026-11-03', expected: 0, late: 0, attendanceRate: null },
    ]);
  });

  it('finds the busiest day of the leave load (the first of equals)', () => {
    const load = shapeLeaveLoad([{ date: '2026-11-03', away: 2 }, { date: '2026-11-04', away: 2 }], [], '2026-11-01', '2026-11-05');
    expect(load.days.map((d) => d.away)).toEqual([0, 0, 2, 2, 0]);
    expect(load.peak).toEqual({ date: '2026-11-03', away: 2 });
    expect(shapeLeaveLoad([], [], '2026-11-01', '2026-11-02').peak).toBeNull();
  });

  it('puts birthdays and anniversaries on their day of a week that crosses the new year', () => {
    const week = '2026-12-28'; // Monday 28 December to Sunday 3 January
    const found = {
      birthdays: [{ id: 'a', full_name: 'Asha', day: '1990-01-02' }, { id: 'b', full_name: 'Bala', day: '1985-12-29' }, { id: 'c', full_name: 'Chan', day: '1985-06-01' }],
      anniversaries: [{ id: 'd', full_name: 'Dev', day: '2020-12-31' }, { id: 'e', full_name: 'Esha', day: '2026-12-30' }],
    };
    expect(shapeCelebrations(found, week).map((c) => `${c.name} ${c.kind} ${c.date} ${c.years}`)).toEqual([
      'Bala birthday 2026-12-29 null',
      'Dev anniversary 2026-12-31 6',
      'Asha birthday 2027-01-02 null',
    ]);
  });

  it('exports the same numbers, section by section, and nothing an employee may not see', () => {
    const lines = dashboardLines({
      scope: 'self',
      generatedAt: '2026-11-25T08:00:00.000Z',
      today: '2026-11-25',
      timeZone: 'Asia/Kolkata',
      attendance: null,
      approvals: null,
      terminals: null,
      trend: null,
      leaveLoad: null,
      celebrations: null,
      headcount: null,
      me: { month: '2026-11', live: 'In', present: 17, halfDays: 1, absent: 2, late: 3, leave: 1, workedMinutes: 8130, otMinutes: 0, pendingRequests: 1, balances: [{ code: 'CL', name: 'Casual leave', available: 9 }] },
    });
    expect(new Set(lines.map((l) => l.section))).toEqual(new Set(['My month', 'My leave']));
    expect(lines.find((l) => l.measure === 'Present days')).toMatchObject({ value: 17, detail: '1 half day(s)' });
    expect(lines.find((l) => l.measure === 'Worked')?.value).toBe('135h30');
  });
});
