import { describe, expect, it } from 'vitest';
import { REGULARIZATION_KINDS } from '../../shared/attendance/index.ts';
import { CATALOGUES, LOCALES, hasOwnMessage, translatorFor } from '../../shared/i18n/index.ts';
import { REGULARIZATION_KIND_LABELS } from '../../shared/labels.ts';
import { BUILT_IN_REPORTS } from '../../shared/reports.ts';
import { shapeAbsenteeism } from '../../server/src/modules/reports/builtin/absenteeism.ts';
import { shapeHeadcount, tenureNote } from '../../server/src/modules/reports/builtin/headcount.ts';
import { shapeLateEarly } from '../../server/src/modules/reports/builtin/late-early.ts';
import { shapeLeaveBalances } from '../../server/src/modules/reports/builtin/leave-balances.ts';
import { shapeOffDayWork } from '../../server/src/modules/reports/builtin/off-day-work.ts';
import { shapeOvertime } from '../../server/src/modules/reports/builtin/overtime.ts';
import { shapeRegularizations } from '../../server/src/modules/reports/builtin/regularizations.ts';
import { shapeTerminalHealth } from '../../server/src/modules/reports/builtin/terminal-health.ts';
import { BUILT_IN } from '../../server/src/modules/reports/catalogue.ts';
import type { Label } from '../../server/src/modules/reports/definition.ts';
import { TENURE_BANDS } from '../../server/src/modules/employees/index.ts';
import { renderChart, renderRow, renderWord, word } from '../../server/src/modules/reports/words.ts';

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

describe('a report’s notes', () => {
  // The English the built-in reports wrote before their notes became words: English readers keep these bytes.
  const before: Record<string, string> = {
    'absenteeism.unplanned': 'Unplanned absence: days marked absent (a half day counts half) and approved leave applied for on or after its first day.',
    'absenteeism.spell': 'A spell is an unbroken run of absent or half days (weekly offs and holidays between them do not break it), or one request of unplanned leave.',
    'absenteeism.bradford': 'Bradford factor = spells² × days. Common review points over a year: 51, 201, 401, 651.',
    'attendanceSummary.rate': 'Attendance = present days (a half day counts half) ÷ expected working days (present, half day, absent, missing punch, half-day leave).',
    'attendanceSummary.notFinal': 'Figures come from the reconciled days as stored; days not final yet (a terminal has not reported past them) are under “Not final” and in no rate.',
    'headcount.onRolls': 'On the rolls at the end of a day: joined by then and not past the last working day. Joiners and leavers by their joining date and last working day; leavers only up to today.',
    'headcount.attrition': 'Attrition (annualised) = leavers ÷ average headcount × 365 ÷ days covered. The status filter selects people by their status today.',
    'lateEarly.definition': 'Late: the first punch after the shift start plus its grace; early: the last punch before the end minus its grace (flexible shifts: their core hours).',
    'leaveBalances.ledger': 'From the leave ledger: every grant, accrual, use, cancellation, adjustment, lapse, encashment and carry-forward is an entry; nothing is edited.',
    'leaveBalances.pending': 'Pending requests hold days against the balance but are not taken until approved. Loss-of-pay leave has no entitlement: its closing balance is minus the days taken.',
    'overtime.rule': 'Overtime as reconciled: time after the shift end (and before its start where the shift says so) from its threshold, rounded down to its block, capped per day; all work on a holiday or weekly off.',
    'overtime.listed': 'Only people with overtime in the period are listed.',
    'regularizations.counted': 'Requests counted by the day they regularize. Time to decide: from the request to the final decision (the manager’s, or HR’s when the kind needs HR).',
    'terminalHealth.uptime': 'Uptime counts the ten-minute slots in which the connector reached the terminal (a punch or a keep-alive), from the start of the period, the terminal’s registration or the installation of this version (when slots began to be recorded), whichever is latest.',
  };

  it('in English are the sentences the reports always wrote, values included', () => {
    for (const [key, english] of Object.entries(before)) expect(renderWord('en-IN', word(`note.${key}`)), key).toBe(english);
    // Figures as the report wrote them: no grouping of a large count, a fraction as it is.
    expect(renderWord('en-IN', word('note.offDayWork.compOff', { days: '1234.5', people: '1200' }))).toBe(
      'Comp-off credited in the period (leave ledger): 1234.5 day(s) to 1200 people. Comp-off due is what the days worked earn by the shift’s full- and half-day thresholds.',
    );
    expect(renderWord('en-IN', word('note.timesIn', { zone: 'Asia/Kolkata' }))).toBe('Times are in Asia/Kolkata.');
    expect(renderWord('en-IN', tenureNote())).toBe(`Tenure bands: ${TENURE_BANDS.map(([b]) => b).join(', ')}; leavers by their tenure on their last day.`);
  });

  it('in Hindi from the catalogue, with the values (and the tenure bands’ own words) inside the sentence', () => {
    for (const key of Object.keys(before)) {
      expect(renderWord('hi-IN', word(`note.${key}`)), key).toBe(hi(`hr:reportWords.note.${key}`));
      expect(renderWord('hi-IN', word(`note.${key}`)), key).not.toBe(before[key]);
    }
    const compOff = renderWord('hi-IN', word('note.offDayWork.compOff', { days: '2.5', people: '3' }));
    expect(compOff).toBe(hi('hr:reportWords.note.offDayWork.compOff', { days: '2.5', people: '3' }));
    expect(compOff).toContain('2.5');
    expect(renderWord('hi-IN', word('note.timesIn', { zone: 'Asia/Kolkata' }))).toBe(hi('hr:reportWords.note.timesIn', { zone: 'Asia/Kolkata' }));
    const bands = Object.fromEntries(['under1', 'from1to3', 'from3to5', 'from5to10', 'from10'].map((k) => [k, hi(`hr:reportWords.tenure.${k}`)]));
    const tenure = renderWord('hi-IN', tenureNote());
    expect(tenure).toBe(hi('hr:reportWords.note.headcount.tenureBands', bands));
    expect(tenure).toContain(hi('hr:reportWords.tenure.under1'));
    expect(tenure).not.toContain('Under 1 year');
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
