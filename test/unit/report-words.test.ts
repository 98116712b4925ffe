import { describe, expect, it } from 'vitest';
import { REGULARIZATION_KINDS } from '../../shared/attendance/index.ts';
import { CATALOGUES, LOCALES, hasOwnMessage, translatorFor } from '../../shared/i18n/index.ts';
import { REGULARIZATION_KIND_LABELS } from '../../shared/labels.ts';
import { BUILT_IN_REPORTS } from '../../shared/reports.ts';
import { shapeAbsenteeism } from '../../server/src/modules/reports/builtin/absenteeism.ts';
import { shapeHeadcount } from '../../server/src/modules/reports/builtin/headcount.ts';
import { shapeLateEarly } from '../../server/src/modules/reports/builtin/late-early.ts';
import { shapeLeaveBalances } from '../../server/src/modules/reports/builtin/leave-balances.ts';
import { shapeOffDayWork } from '../../server/src/modules/reports/builtin/off-day-work.ts';
import { shapeOvertime } from '../../server/src/modules/reports/builtin/overtime.ts';
import { shapeRegularizations } from '../../server/src/modules/reports/builtin/regularizations.ts';
import { shapeTerminalHealth } from '../../server/src/modules/reports/builtin/terminal-health.ts';
import { BUILT_IN } from '../../server/src/modules/reports/catalogue.ts';
import type { Label } from '../../server/src/modules/reports/definition.ts';
import { renderChart, renderRow } from '../../server/src/modules/reports/words.ts';

/**
 * Issue 21: the words a report writes into its cells, totals and chart are catalogue messages
 * rendered in the reader's language when a run is answered. English renders the words the
 * reports always wrote; other languages read the catalogue (expected words come from it, never
 * copied here).
 */

const hi = translatorFor('hi-IN');
const ta = translatorFor('ta-IN');

const labels = new Map<string, Label>([
  ['a', { code: 'E1', name: 'Asha', department: 'Ops', departmentId: 'd1', location: null, status: 'Active' }],
  ['b', { code: 'E2', name: 'Bala', department: null, departmentId: null, location: null, status: 'Active' }],
]);

const offDays = shapeOffDayWork(
  [
    { employeeId: 'a', date: '2026-11-08', status: 'WorkedOnHoliday', holidayName: 'Diwali', firstIn: null, lastOut: null, workedMinutes: 480, otMinutes: 0, compOff: 1 },
    { employeeId: 'b', date: '2026-11-09', status: 'WorkedOnHoliday', holidayName: null, firstIn: null, lastOut: null, workedMinutes: 240, otMinutes: 0, compOff: 0.5 },
    { employeeId: 'x', date: '2026-11-15', status: 'WorkedOnWeeklyOff', holidayName: null, firstIn: null, lastOut: null, workedMinutes: 300, otMinutes: 60, compOff: 0.5 },
  ],
  { days: 3, workedMinutes: 1020, otMinutes: 60, compOff: 2, people: 3 },
  [{ month: '2026-11', status: 'WorkedOnHoliday', days: 2 }],
  ['2026-11'],
  labels,
);

const terminal = (id: string, enabled: number, lastContact: string | null) => ({
  id,
  name: `Gate ${id}`,
  serial: id,
  protocol: 'zk',
  enabled,
  location_id: null,
  location_name: null,
  last_contact_at: lastContact,
  last_punch_at: null,
  synced_until: null,
  clock_skew_seconds: null,
  connector_state: null,
  connector_backlog: null,
  connector_dead_letters: null,
  offline_after_minutes: 15,
  created_at: '2026-01-01T00:00:00.000Z',
});
const nowMs = Date.parse('2026-11-25T04:30:00Z');
const health = shapeTerminalHealth({
  terminals: [terminal('1', 1, '2026-11-25T04:25:00Z'), terminal('2', 0, null), terminal('3', 1, null)] as never,
  slots: { reached: new Map(), recordingSince: null },
  days: [],
  dates: ['2026-11-25'],
  fromSlot: 0,
  nowSlot: 1,
  nowMs,
});

const regularizations = shapeRegularizations([], [], ['2026-10', '2026-11']);

describe('a report’s words in English are the words the reports always wrote', () => {
  it('totals with their counts, one message each (ICU plurals)', () => {
    const absence = shapeAbsenteeism(
      [
        { employeeId: 'a', scheduled: 20, absent: 2, halfDays: 0, spells: 2 },
        { employeeId: 'b', scheduled: 20, absent: 1, halfDays: 0, spells: 1 },
      ],
      [],
      labels,
    );
    expect(renderRow('en-IN', absence.totals).employee).toBe('Total (2 employees)');
    expect(renderRow('en-IN', offDays.totals).employee).toBe('Total (3 days, 3 people)');
    const overtime = shapeOvertime([{ employeeId: 'a', otMinutes: 60, otDays: 1, longestMinutes: 60, offDayOtMinutes: 0, daysAtCap: 0, capMinutes: null }], labels);
    // One person: the plural's "one" form.
    expect(renderRow('en-IN', overtime.totals).employee).toBe('Total (1 person)');
    expect(renderRow('en-IN', health.totals)).toMatchObject({ terminal: 'All terminals (3)', state: '1 online' });
    expect(renderRow('en-IN', regularizations.totals).kind).toBe('All kinds');
  });

  it('cells: a day off, a terminal’s state, an unknown employee, a month row', () => {
    expect(offDays.rows.map((r) => renderRow('en-IN', r).day)).toEqual(['Holiday: Diwali', 'Holiday', 'Weekly off']);
    expect(renderRow('en-IN', offDays.rows[2] ?? {}).employee).toBe('Unknown employee');
    expect(health.rows.map((r) => renderRow('en-IN', r).state)).toEqual(['Online', 'Disabled', 'Never reached']);
    const months = [{ key: '2026-11', from: '2026-11-01', to: '2026-11-30' }];
    const grouped = [{ groupId: null, periods: [{ opening: 3, closing: 3, joiners: 0, leavers: 0 }] }];
    expect(shapeHeadcount(grouped, months, 'month', new Map()).rows.map((r) => renderRow('en-IN', r).group)).toEqual(['Nov 2026']);
    expect(renderRow('en-IN', shapeHeadcount(grouped, months, 'department', new Map()).rows[0] ?? {}).group).toBe('No department');
  });

  it('charts: titles, series and categories (months, weekdays, days)', () => {
    const chart = renderChart('en-IN', offDays.chart);
    expect(chart).toMatchObject({ title: 'Days worked on days off, by month', categories: ['Nov 2026'] });
    expect(chart.series.map((s) => s.label)).toEqual(['Holidays', 'Weekly offs']);
    expect(renderChart('en-IN', health.chart)).toMatchObject({ title: 'Punches per terminal per day', categories: ['25 Nov'] });
    const late = renderChart('en-IN', shapeLateEarly([], [], labels).chart);
    expect(late.categories).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(late.title).toBe('By weekday');
    expect(renderChart('en-IN', regularizations.chart).series.map((s) => s.label)).toEqual(['Approved', 'Rejected', 'Waiting']);
  });

  it('regularization kinds as the whole product names them (the labels catalogue)', () => {
    expect(regularizations.rows.map((r) => renderRow('en-IN', r).kind)).toEqual(REGULARIZATION_KINDS.map((k) => REGULARIZATION_KIND_LABELS[k]));
  });
});

describe('a report’s words in the reader’s language', () => {
  it('Hindi: totals, kinds, days off and the chart from the catalogue', () => {
    expect(renderRow('hi-IN', offDays.totals).employee).toBe(hi('hr:reportWords.total.daysPeople', { days: 3, people: 3 }));
    expect(renderRow('hi-IN', offDays.totals).employee).not.toBe('Total (3 days, 3 people)');
    expect(offDays.rows.map((r) => renderRow('hi-IN', r).day)).toEqual([
      hi('hr:reportWords.holidayNamed', { name: 'Diwali' }),
      hi('hr:reportWords.holiday'),
      hi('hr:reportWords.weeklyOff'),
    ]);
    expect(regularizations.rows.map((r) => renderRow('hi-IN', r).kind)).toEqual(REGULARIZATION_KINDS.map((k) => hi(`labels:regularizationKind.${k}`)));
    expect(renderRow('hi-IN', regularizations.totals).kind).toBe(hi('hr:reportWords.total.allKinds'));
    const chart = renderChart('hi-IN', regularizations.chart);
    expect(chart.title).toBe(hi('hr:reportWords.chart.regularizations'));
    expect(chart.series.map((s) => s.label)).toEqual([hi('labels:regularizationStatus.Approved'), hi('labels:regularizationStatus.Rejected'), hi('hr:reportWords.series.waiting')]);
    // Months through Intl in Hindi, Latin digits.
    expect(chart.categories).toEqual(['2026-10-15', '2026-11-15'].map((d) => new Intl.DateTimeFormat('hi-IN-u-nu-latn', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`))));
    expect(chart.categories[1]).not.toBe('Nov 2026');
  });

  it('Tamil: a terminal’s state, the totals and weekdays', () => {
    expect(health.rows.map((r) => renderRow('ta-IN', r).state)).toEqual(['Online', 'Disabled', 'NeverReached'].map((s) => ta(`hr:reportWords.terminalState.${s}`)));
    expect(renderRow('ta-IN', health.totals)).toMatchObject({ terminal: ta('hr:reportWords.total.allTerminals', { count: 3 }), state: ta('hr:reportWords.total.online', { count: 1 }) });
    const weekdays = renderChart('ta-IN', shapeLateEarly([], [], labels).chart).categories;
    expect(weekdays[0]).toBe(new Intl.DateTimeFormat('ta-IN', { weekday: 'short', timeZone: 'UTC' }).format(new Date('2024-01-01T12:00:00Z')));
    expect(weekdays).not.toContain('Mon');
  });

  it('a leave type: the organisation’s name in English, the glossary’s word for a standard code, its own name for the organisation’s types', () => {
    const ledger = { employeeId: 'a', leaveTypeId: 't', sortOrder: 1, before: 0, carriedIn: 0, accrued: 12, used: -2, adjusted: 0, lapsed: 0, encashed: 0, carriedOut: 0, closing: 10 };
    const { rows } = shapeLeaveBalances([{ ...ledger, code: 'CL', name: 'Casual Leave' }, { ...ledger, leaveTypeId: 'w', sortOrder: 2, code: 'WFH', name: 'Work {from} home' }], [], labels, []);
    expect(rows.map((r) => renderRow('en-IN', r).leaveType)).toEqual(['Casual Leave (CL)', 'Work {from} home (WFH)']);
    // A name is data, never parsed as a message (its braces stay).
    expect(rows.map((r) => renderRow('hi-IN', r).leaveType)).toEqual([hi('labels:leaveType.CL'), 'Work {from} home (WFH)']);
  });
});

describe('the catalogue of report words', () => {
  const keys = (node: unknown, prefix = ''): string[] =>
    typeof node === 'string' ? [prefix] : Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));

  it('is complete in every shipped language', () => {
    const english = keys((CATALOGUES['en-IN'].hr as Record<string, unknown>).reportWords, 'reportWords');
    expect(english.length).toBeGreaterThan(50);
    for (const locale of LOCALES) for (const key of english) expect(hasOwnMessage(locale, 'hr', key), `${locale} ${key}`).toBe(true);
  });

  it('holds each built-in report’s description in English as its definition writes it (the console translates it by report id)', () => {
    const keyOf = new Map<string, string>(Object.entries(BUILT_IN_REPORTS).map(([k, v]) => [v, k]));
    for (const def of BUILT_IN) expect(translatorFor('en-IN')(`hr:reportWords.description.${keyOf.get(def.id)}`), def.id).toBe(def.description);
  });
});
