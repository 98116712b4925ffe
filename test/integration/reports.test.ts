import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dashboard } from '../../shared/dashboard.ts';
import { REGULARIZATION_KIND_LABELS } from '../../shared/labels.ts';
import { BUILT_IN_REPORTS, ReportCatalogue, ReportResult } from '../../shared/reports.ts';
import { type ReportWorld, startReportWorld, uptimeSlots } from '../support/reports.ts';

/**
 * Each built-in report's figures against values computed by hand from the
 * fixture organisation (test/support/reports.ts): February 2031, department
 * "Fixture Works", people FM (manager), A, B, X, Y (FM's line) and C (not).
 */

let w: ReportWorld;
beforeAll(async () => {
  w = await startReportWorld();
});
afterAll(async () => w.server.close());

const run = async (id: string, query: string, who: 'hr' | 'manager' = 'hr') => {
  const res = await w[who].get(`/api/reports/${id}?pageSize=100&${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const byCode = (items: Record<string, unknown>[]) => new Map(items.map((r) => [r.code as string, r]));

describe('the catalogue', () => {
  it('lists the nine built-in reports with fixed ids, categories, parameters, filters and typed columns', async () => {
    const res = await w.hr.get('/api/reports');
    expect(res.status).toBe(200);
    const builtIn = res.body.items.filter((r: { builtIn: boolean }) => r.builtIn);
    expect(builtIn.map((r: { id: string }) => r.id).sort()).toEqual(Object.values(BUILT_IN_REPORTS).sort());
    const summary = builtIn.find((r: { id: string }) => r.id === BUILT_IN_REPORTS.attendanceSummary);
    expect(summary).toMatchObject({ category: 'Attendance', parameter: { kind: 'period', default: 203103 }, chart: { type: 'bar' } });
    expect(summary.filters.map((f: { key: string }) => f.key)).toEqual(['departmentId', 'locationId', 'status']);
    expect(summary.columns.find((c: { key: string }) => c.key === 'attendanceRate')).toMatchObject({ type: 'percent' });
    const categories = new Set(builtIn.map((r: { category: string }) => r.category));
    expect([...categories].sort()).toEqual(['Attendance', 'Devices', 'Leave', 'People']);
    expect(builtIn.find((r: { id: string }) => r.id === BUILT_IN_REPORTS.leaveBalances).parameter).toMatchObject({ kind: 'leaveYear', default: 2030 });
    expect(builtIn.find((r: { id: string }) => r.id === BUILT_IN_REPORTS.terminalHealth).parameter).toMatchObject({ kind: 'days', default: 30 });
  });

  it('shows a manager every report of their line but not the organisation-wide terminal health', async () => {
    const res = await w.manager.get('/api/reports');
    const ids = res.body.items.map((r: { id: string }) => r.id);
    expect(ids).toHaveLength(8);
    expect(ids).not.toContain(BUILT_IN_REPORTS.terminalHealth);
  });
});

describe('the contract', () => {
  it('answers every report, the catalogue and the dashboard in the shapes the OpenAPI description declares', async () => {
    expect(ReportCatalogue.safeParse((await w.hr.get('/api/reports')).body).error).toBeUndefined();
    for (const id of Object.values(BUILT_IN_REPORTS)) {
      for (const who of ['hr', 'manager'] as const) {
        if (who === 'manager' && id === BUILT_IN_REPORTS.terminalHealth) continue;
        const filter = id === BUILT_IN_REPORTS.terminalHealth ? `locationId=${w.locationId}` : `departmentId=${w.departmentId}`;
        const res = await w[who].get(`/api/reports/${id}?${filter}`);
        expect(res.status, `${who} ${id}`).toBe(200);
        expect(ReportResult.safeParse(res.body).error, `${who} ${id}`).toBeUndefined();
      }
    }
    for (const who of ['hr', 'manager', 'employee'] as const) expect(Dashboard.safeParse((await w[who].get('/api/dashboard')).body).error).toBeUndefined();
  });
});

describe('attendance summary', () => {
  it('sums each employee’s February by status, with hours, overtime, loss of pay and the attendance rate', async () => {
    const r = await run(BUILT_IN_REPORTS.attendanceSummary, `param=203102&departmentId=${w.departmentId}`);
    expect(r.parameter).toMatchObject({ kind: 'period', value: 203102, label: 'February 2031', from: '2031-02-01', to: '2031-02-28' });
    expect(r.filters).toEqual([{ key: 'departmentId', label: 'Department', value: w.departmentId, valueLabel: 'Fixture Works' }]);
    expect(r.total).toBe(5); // FM has no days
    const rows = byCode(r.items);
    expect(rows.get('FXA')).toMatchObject({ employee: 'Arun Alpha', department: 'Fixture Works', present: 4, halfDays: 1, absent: 3, missingPunch: 0, leave: 1, holidays: 0, weeklyOffs: 1, workedOff: 1, late: 3, workedHours: 41, otHours: 8.5, lopDays: 3.5, pending: 0, attendanceRate: 0.5625 });
    expect(rows.get('FXB')).toMatchObject({ present: 3, missingPunch: 1, holidays: 1, workedOff: 1, late: 1, workedHours: 31, otHours: 1, lopDays: 0, attendanceRate: 0.75 });
    expect(rows.get('FXC')).toMatchObject({ present: 1, absent: 1, workedOff: 1, late: 1, workedHours: 11.33, lopDays: 1, attendanceRate: 0.5 });
    expect(r.totals).toMatchObject({ present: 10, halfDays: 1, absent: 4, missingPunch: 1, leave: 1, holidays: 1, weeklyOffs: 1, workedOff: 3, late: 6, workedHours: 99.33, otHours: 9.5, lopDays: 4.5, attendanceRate: 0.6563 });
    // The chart: one bar group per day of February; the 3rd (a Monday) had four present and three late.
    expect(r.chart.categories).toHaveLength(28);
    const third = r.chart.categories.indexOf('03');
    expect(r.chart.series.find((s: { key: string }) => s.key === 'present').values[third]).toBe(4);
    expect(r.chart.series.find((s: { key: string }) => s.key === 'late').values[third]).toBe(3);
    // Sorted by name by default.
    expect(r.items.map((x: { employee: string }) => x.employee)).toEqual(['Arun Alpha', 'Bina Beta', 'Chetan Gamma', 'Xavier Joiner', 'Yamini Leaver']);
  });

  it('covers a year with a bar group per month, and sorts by any column', async () => {
    const r = await run(BUILT_IN_REPORTS.attendanceSummary, `param=2031&departmentId=${w.departmentId}&sort=workedHours&order=desc`);
    expect(r.parameter).toMatchObject({ label: '2031', from: '2031-01-01', to: '2031-03-12' });
    expect(r.chart.categories).toEqual(['Jan', 'Feb', 'Mar']);
    expect(r.items[0].code).toBe('FXA');
    expect(r.items.at(-1).workedHours).toBe(8);
    expect(r.sort).toEqual({ key: 'workedHours', order: 'desc' });
  });
});

describe('late arrivals and early exits', () => {
  it('lists the late and early worst first, with minutes, rates and a by-weekday chart', async () => {
    const r = await run(BUILT_IN_REPORTS.lateEarly, `param=203102&departmentId=${w.departmentId}`);
    expect(r.items.map((x: { code: string }) => x.code)[0]).toBe('FXA');
    expect(r.total).toBe(4); // Y was never late nor early
    const rows = byCode(r.items);
    expect(rows.get('FXA')).toMatchObject({ late: 3, lateMinutes: 60, avgLate: 20, worstLate: 40, early: 1, earlyMinutes: 20, worstEarly: 20, lateRate: 0.375 });
    expect(rows.get('FXB')).toMatchObject({ late: 1, lateMinutes: 25, early: 1, earlyMinutes: 45, lateRate: 0.25 });
    expect(r.totals).toMatchObject({ late: 6, lateMinutes: 185, avgLate: 30.83, worstLate: 90, early: 2, earlyMinutes: 65, worstEarly: 45, lateRate: 0.375 });
    expect(r.chart.categories).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(r.chart.series[0].values).toEqual([5, 0, 0, 1, 0, 0, 0]); // late: Mondays 3rd (A, B, C) and 10th (A, X); Thursday 13th (A)
    expect(r.chart.series[1].values).toEqual([0, 0, 1, 0, 1, 0, 0]); // early: Wednesday 5th (B), Friday 7th (A)
  });
});

describe('overtime', () => {
  it('gives overtime by employee against the shift’s daily cap, and by department', async () => {
    const r = await run(BUILT_IN_REPORTS.overtime, `param=203102&departmentId=${w.departmentId}`);
    expect(r.items.map((x: { code: string }) => x.code)).toEqual(['FXA', 'FXB']);
    expect(r.items[0]).toMatchObject({ otHours: 8.5, otDays: 3, longestHours: 4, offDayOtHours: 4, daysAtCap: 2, capHours: 4 });
    expect(r.items[1]).toMatchObject({ otHours: 1, otDays: 1, longestHours: 1, offDayOtHours: 0, daysAtCap: 0, capHours: null });
    expect(r.totals).toMatchObject({ otHours: 9.5, otDays: 4, longestHours: 4, offDayOtHours: 4, daysAtCap: 2 });
    expect(r.chart).toMatchObject({ categories: ['Fixture Works'], series: [{ values: [9.5] }] });
  });
});

describe('absenteeism', () => {
  it('counts unplanned absence, spells and the Bradford factor, unplanned leave included', async () => {
    const r = await run(BUILT_IN_REPORTS.absenteeism, `param=203102&departmentId=${w.departmentId}`);
    // A: absences on 5–6 (one spell), a half day on the 10th, absent on the 12th (the leave on the 11th breaks the run),
    // and sick leave on the 11th applied for the day after: 4 spells, 4.5 days, 4² × 4.5 = 72.
    expect(r.items[0]).toMatchObject({ code: 'FXA', scheduled: 9, absentDays: 3.5, unplannedLeave: 1, unplannedDays: 4.5, spells: 4, rate: 0.5, bradford: 72 });
    const rows = byCode(r.items);
    expect(rows.get('FXC')).toMatchObject({ scheduled: 2, absentDays: 1, spells: 1, rate: 0.5, bradford: 1 });
    expect(rows.get('FXB')).toMatchObject({ scheduled: 4, absentDays: 0, spells: 0, bradford: 0 });
    expect(r.totals).toMatchObject({ scheduled: 17, absentDays: 4.5, unplannedLeave: 1, unplannedDays: 5.5, spells: 5, rate: 0.3235, bradford: null });
    expect(r.chart.categories).toEqual(['Arun Alpha', 'Chetan Gamma']);
  });
});

describe('work on holidays and weekly offs', () => {
  it('lists each day worked off with its comp-off, paged in SQL, with totals over every page', async () => {
    const r = await run(BUILT_IN_REPORTS.offDayWork, `param=203102&departmentId=${w.departmentId}`);
    expect(r.items.map((x: { date: string; code: string }) => `${x.date} ${x.code}`)).toEqual(['2031-02-09 FXA', '2031-02-07 FXB', '2031-02-05 FXC']);
    expect(r.items[0]).toMatchObject({ day: 'Weekly off', workedHours: 5, otHours: 4, compOff: 0.5, firstIn: '2031-02-09T03:30:00.000Z' });
    expect(r.items[1]).toMatchObject({ day: 'Holiday: Founders Day', workedHours: 7, compOff: 1 });
    expect(r.items[2]).toMatchObject({ compOff: 0 });
    expect(r.totals).toMatchObject({ employee: 'Total (3 days, 3 people)', workedHours: 15.33, otHours: 4, compOff: 1.5 });
    expect(r.notes[0]).toContain('1 day(s) to 1 people');
    expect(r.chart.series.map((s: { values: number[] }) => s.values)).toEqual([[1], [2]]);
    const page2 = (await w.hr.get(`/api/reports/${BUILT_IN_REPORTS.offDayWork}?param=203102&departmentId=${w.departmentId}&page=2&pageSize=2`)).body;
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((x: { code: string }) => x.code)).toEqual(['FXC']);
    expect(page2.totals.compOff).toBe(1.5);
    const byName = (await w.hr.get(`/api/reports/${BUILT_IN_REPORTS.offDayWork}?param=203102&departmentId=${w.departmentId}&sort=employee&order=asc`)).body;
    expect(byName.items.map((x: { code: string }) => x.code)).toEqual(['FXA', 'FXB', 'FXC']);
  });
});

describe('regularizations', () => {
  it('counts requests by kind and outcome, with the time decisions took', async () => {
    const r = await run(BUILT_IN_REPORTS.regularizations, `param=203102&departmentId=${w.departmentId}`);
    const rows = new Map(r.items.map((x: { kind: string }) => [x.kind, x]));
    expect(r.items).toHaveLength(5); // every kind, in the spec's order
    // Kinds as the whole product names them (the labels catalogue).
    expect(rows.get(REGULARIZATION_KIND_LABELS.MissingPunchOut)).toMatchObject({ total: 2, approved: 2, rejected: 0, waiting: 0, approvalRate: 1, avgHours: 4, maxHours: 6, withinDay: 1, people: 1 });
    expect(rows.get(REGULARIZATION_KIND_LABELS.MissingPunchIn)).toMatchObject({ total: 1, rejected: 1, approvalRate: 0, avgHours: 48, withinDay: 0 });
    expect(rows.get(REGULARIZATION_KIND_LABELS.ManualEntry)).toMatchObject({ total: 1, waiting: 1, approvalRate: null, avgHours: null });
    expect(rows.get(REGULARIZATION_KIND_LABELS.OffZone)).toMatchObject({ total: 1, approved: 1, avgHours: 1 });
    expect(r.totals).toMatchObject({ total: 5, approved: 3, rejected: 1, waiting: 1, approvalRate: 0.75, avgHours: 14.25, maxHours: 48, withinDay: 0.75 });
    expect(r.chart.categories).toEqual(['Feb 2031']);
  });
});

describe('leave balances', () => {
  it('splits each balance of the leave year into opening, accrued, taken, adjusted, lapsed, encashed, carried and closing', async () => {
    const r = await run(BUILT_IN_REPORTS.leaveBalances, `param=2030&departmentId=${w.departmentId}`);
    expect(r.parameter).toMatchObject({ label: 'FY 2030-31', from: '2030-04-01', to: '2031-03-12' });
    const rows = new Map(r.items.map((x: { code: string; leaveType: string }) => [`${x.code} ${x.leaveType.slice(-3, -1)}`, x]));
    expect(rows.get('FXA CL')).toMatchObject({ opening: 0, accrued: 12, taken: 2, adjusted: 0.5, lapsed: 10.5, encashed: 0, carriedOut: 0, closing: 0 });
    expect(rows.get('FXA EL')).toMatchObject({ opening: 5, accrued: 2.5, taken: 3, adjusted: 0, lapsed: 0, encashed: 1, carriedOut: 2.5, closing: 1 });
    expect(rows.get('FXB CO')).toMatchObject({ opening: 0, adjusted: 1, closing: 1 });
    expect(r.totals).toMatchObject({ opening: 5, accrued: 14.5, taken: 5, adjusted: 1.5, lapsed: 10.5, encashed: 1, carriedOut: 2.5, closing: 2 });
    // Leave taken by month: A's two casual days in June 2030, the sick day in February 2031.
    expect(r.chart.categories[0]).toBe('Apr 2030');
    const june = r.chart.categories.indexOf('Jun 2030');
    const feb = r.chart.categories.indexOf('Feb 2031');
    const series = new Map(r.chart.series.map((s: { key: string; values: number[] }) => [s.key, s.values]));
    expect((series.get('CL') as number[])[june]).toBe(2);
    expect((series.get('SL') as number[])[feb]).toBe(1);
    expect(r.chart.stacked).toBe(true);
  });
});

describe('headcount and attrition', () => {
  it('gives monthly headcount, joiners, leavers and annualised attrition', async () => {
    const r = await run(BUILT_IN_REPORTS.headcount, `param=2031&departmentId=${w.departmentId}`);
    expect(r.items).toEqual([
      { group: 'Jan 2031', opening: 5, joiners: 0, leavers: 0, closing: 5, average: 5, attritionRate: 0 },
      { group: 'Feb 2031', opening: 5, joiners: 1, leavers: 1, closing: 5, average: 5, attritionRate: 2.6071 }, // 1/5 × 365/28
      { group: 'Mar 2031', opening: 5, joiners: 0, leavers: 0, closing: 5, average: 5, attritionRate: 0 },
    ]);
    expect(r.totals).toEqual({ group: 'Whole period', opening: 5, joiners: 1, leavers: 1, closing: 5, average: 5, attritionRate: 1.0282 }); // 1/5 × 365/71
    expect(r.chart).toMatchObject({ type: 'line', categories: ['Jan 2031', 'Feb 2031', 'Mar 2031'], series: [{ values: [5, 5, 5] }] });
  });

  it('breaks headcount down by tenure band', async () => {
    const r = await run(BUILT_IN_REPORTS.headcount, `param=2031&departmentId=${w.departmentId}&groupBy=tenure`);
    expect(r.columns[0]).toMatchObject({ key: 'group', label: 'Tenure' });
    const bands = new Map(r.items.map((x: { group: string }) => [x.group, x]));
    // On 31 Dec 2030: B (<1 y), C and Y (1–3 y), A (5–10 y), FM (10 y+). On 12 Mar 2031: B and X (<1 y), C, A, FM.
    expect(bands.get('Under 1 year')).toMatchObject({ opening: 1, joiners: 1, leavers: 0, closing: 2 });
    expect(bands.get('1–3 years')).toMatchObject({ opening: 2, leavers: 1, closing: 1 });
    expect(bands.get('3–5 years')).toMatchObject({ opening: 0, closing: 0 });
    expect(bands.get('5–10 years')).toMatchObject({ opening: 1, closing: 1 });
    expect(bands.get('10 years or more')).toMatchObject({ opening: 1, closing: 1 });
  });

  it('gives department and location rows, with monthly headcount lines per group', async () => {
    const r = await run(BUILT_IN_REPORTS.headcount, `param=2031&locationId=${w.locationId}&groupBy=department`);
    expect(r.items).toEqual([{ group: 'Fixture Works', opening: 5, joiners: 1, leavers: 1, closing: 5, average: 5, attritionRate: 1.0282 }]);
    expect(r.chart.series).toMatchObject([{ label: 'Fixture Works', values: [5, 5, 5] }]);
  });
});

describe('terminal health', () => {
  it('gives uptime from the contact slots, sync, drift, backlog and punches per day', async () => {
    const r = await run(BUILT_IN_REPORTS.terminalHealth, `param=7&locationId=${w.locationId}`);
    expect(r.parameter).toMatchObject({ kind: 'days', value: 7, label: 'Last 7 days', from: '2031-03-06', to: '2031-03-12' });
    const slots = uptimeSlots();
    const expected = Math.round((slots.reached.length / (slots.now - slots.from + 1)) * 10_000) / 10_000;
    expect(r.items).toEqual([
      {
        terminalId: w.terminalId,
        terminal: 'Fixture gate',
        location: 'Fixture Site',
        state: 'Online',
        uptime: expected,
        lastContact: '2031-03-12T11:55:00.000Z',
        syncedUntil: '2031-03-12T11:00:00.000Z',
        clockDrift: 42,
        backlog: 3,
        deadLetters: 1,
        punches: 5,
        perDay: 0.71,
        unmatched: 1,
      },
    ]);
    expect(expected).toBeCloseTo(1 - 144 / (slots.now - slots.from + 1), 3);
    const values = r.chart.series[0].values as number[];
    expect(r.chart.categories.slice(4, 6)).toEqual(['10 Mar', '11 Mar']);
    expect(values).toEqual([0, 0, 0, 0, 3, 2, 0]);
  });
});

describe('scope', () => {
  it('gives a manager their reporting line only — rows, totals and chart computed without anyone else', async () => {
    const r = await run(BUILT_IN_REPORTS.attendanceSummary, 'param=203102', 'manager');
    expect(r.scope).toBe('team');
    expect(r.items.map((x: { code: string }) => x.code).sort()).toEqual(['FXA', 'FXB', 'FXX', 'FXY']);
    expect(r.totals).toMatchObject({ present: 9, late: 5, absent: 3 }); // C's present day, late arrival and absence are not in
    const third = r.chart.categories.indexOf('03');
    expect(r.chart.series.find((s: { key: string }) => s.key === 'late').values[third]).toBe(2);
    // A filter narrows the line; it never widens it.
    const other = await run(BUILT_IN_REPORTS.lateEarly, `param=203102&departmentId=${w.departmentId}`, 'manager');
    expect(other.items.map((x: { code: string }) => x.code)).not.toContain('FXC');
    const off = await run(BUILT_IN_REPORTS.offDayWork, 'param=203102', 'manager');
    expect(off.items.map((x: { code: string }) => x.code)).toEqual(['FXA', 'FXB']);
    expect(off.totals.compOff).toBe(1.5 - 0); // C's weekly off earned nothing; A 0.5 + B 1
    const heads = await run(BUILT_IN_REPORTS.headcount, 'param=2031', 'manager');
    expect(heads.items[0]).toMatchObject({ opening: 4, closing: 4 }); // FM, A, B, Y → FM, A, B, X
  });

  it('answers 403 to a manager for the organisation-wide terminal report, and to an employee for every report', async () => {
    expect((await w.manager.get(`/api/reports/${BUILT_IN_REPORTS.terminalHealth}`)).status).toBe(403);
    expect((await w.manager.get(`/api/reports/${BUILT_IN_REPORTS.terminalHealth}/export?format=csv`)).status).toBe(403);
    for (const id of Object.values(BUILT_IN_REPORTS)) {
      expect((await w.employee.get(`/api/reports/${id}`)).status).toBe(403);
      expect((await w.employee.get(`/api/reports/${id}/export`)).status).toBe(403);
    }
    expect((await w.employee.get('/api/reports')).status).toBe(403);
  });
});
