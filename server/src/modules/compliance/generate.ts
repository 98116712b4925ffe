import { createHash } from 'node:crypto';
import type { RegisterKey } from '../../../../shared/compliance.ts';
import type { LocationEstablishment, StateProfile } from '../../../../shared/establishment.ts';
import type { TableModel } from '../../exports/table.ts';
import { buildJoinersLeavers, buildEmployeeRegister, buildStatutoryIds } from './builders/people.ts';
import { buildMusterRoll, buildOvertime, buildWages } from './builders/attendance.ts';
import { buildDocumentChecklist } from './builders/documents.ts';
import { buildHolidays } from './builders/holidays.ts';
import { buildLeaveRegister, buildMaternity } from './builders/leave.ts';
import { type BuildContext, type Built, type Cell, type RegisterRow } from './builders/types.ts';
import type { RegisterDef } from './catalogue.ts';
import type { FactsLoader } from './facts.ts';
import { type HeaderLine, headerLines } from './header.ts';
import type { Layout, LayoutColumn } from './layouts/types.ts';
import { type Period, daysOf, formatDay } from './period.ts';

/** One register generated for a period, profile and location: header, columns, rows, notes; and its table model. */

export interface Generated {
  def: RegisterDef;
  layout: Layout;
  profile: StateProfile;
  period: Period;
  location: LocationEstablishment | null;
  header: HeaderLine[];
  columns: LayoutColumn[];
  built: Built;
  blankColumns: { column: string; reason: string }[];
}

async function build(def: RegisterDef, ctx: BuildContext, facts: FactsLoader, location: LocationEstablishment | null): Promise<Built> {
  const { from, to } = ctx.period;
  const [employees, serials, est] = await Promise.all([facts.employees(from, to), facts.serials(), facts.establishment()]);
  const locationNames = new Map(est.locations.map((l) => [l.locationId, l.locationName]));
  const key: RegisterKey = def.key;
  switch (key) {
    case 'employee-register':
    case 'joiners-leavers':
    case 'statutory-ids': {
      const people = { employees, serials, locationNames, headcount: await facts.headcountOn(to), workingDay: await facts.workingDay() };
      if (key === 'employee-register') return buildEmployeeRegister(ctx, people);
      if (key === 'joiners-leavers') return buildJoinersLeavers(ctx, people);
      return buildStatutoryIds(ctx, people);
    }
    case 'attendance-register':
    case 'overtime-register':
    case 'wage-register': {
      const [days, policy] = await Promise.all([facts.days(from, to), facts.policy()]);
      const input = { employees, serials, days, shifts: policy.shifts, defaultShiftId: policy.defaultShiftId, locationNames };
      if (key === 'attendance-register') return buildMusterRoll(ctx, input);
      if (key === 'overtime-register') return buildOvertime(ctx, input);
      return buildWages(ctx, input);
    }
    case 'leave-register':
    case 'maternity-register': {
      const [leave, daysWorked] = await Promise.all([facts.leave(from, to), facts.daysWorked(from, to)]);
      const input = { employees, serials, leave, daysWorked };
      return key === 'leave-register' ? buildLeaveRegister(ctx, input) : buildMaternity(ctx, input);
    }
    case 'holiday-register': {
      const [policy, worked, leave] = await Promise.all([facts.policy(), facts.workedOnHolidays(from, to), facts.leave(from, to)]);
      const holidays = [...policy.holidaysByDate].flatMap(([date, list]) => list.map((info) => ({ date, info })));
      return buildHolidays(ctx, { holidays, worked, employees, locationNames, locationId: facts.locationId, fhApproval: location?.fhApprovalReference ?? null, leave });
    }
    case 'document-checklist': {
      const facts2 = await facts.documentChecklist(to, ctx.timeZone);
      return buildDocumentChecklist(ctx, { employees, serials, facts: facts2 });
    }
  }
}

/** The layout's columns with the period's day columns in place. */
export function columnsOf(layout: Layout, period: Period): LayoutColumn[] {
  const out: LayoutColumn[] = [];
  for (const c of layout.columns) {
    out.push(c);
    if (layout.days?.after === c.field) {
      daysOf(period.from, period.to).forEach((d, i) =>
        out.push({ no: '', heading: String(Number(d.slice(8, 10))), field: `day:${i}`, width: layout.days?.width ?? 4, ...(layout.days?.group ? { group: layout.days.group } : {}) }),
      );
    }
  }
  return out;
}

export async function generate(input: {
  def: RegisterDef;
  layout: Layout;
  profile: StateProfile;
  period: Period;
  facts: FactsLoader;
  today: string;
  timeZone: string;
}): Promise<Generated> {
  const est = await input.facts.establishment();
  const location = input.facts.locationId ? (est.locations.find((l) => l.locationId === input.facts.locationId) ?? null) : null;
  const ctx: BuildContext = { period: input.period, profile: input.profile, today: input.today, timeZone: input.timeZone };
  const built = await build(input.def, ctx, input.facts, location);
  const employees = await input.facts.employees(input.period.from, input.period.to);
  const blankColumns = input.layout.columns.filter((c) => c.blank).map((c) => ({ column: c.heading, reason: c.blank as string }));
  const reasons = [...new Set(blankColumns.map((b) => b.reason))];
  for (const reason of reasons) {
    const which = blankColumns.filter((b) => b.reason === reason).map((b) => b.column);
    built.notes.push(`Blank by design — ${which.join(', ')}: ${reason}`);
  }
  if (built.missing.size > 0) built.notes.push(`${built.missing.size} employee(s) lack data this register prints; their cells are blank (see the missing-data list in Muster's Compliance area).`);
  return {
    def: input.def,
    layout: input.layout,
    profile: input.profile,
    period: input.period,
    location,
    header: headerLines(input.layout.header, { establishment: est, location, period: input.period, employees }),
    columns: columnsOf(input.layout, input.period),
    built,
    blankColumns,
  };
}

/** Groups of adjacent columns sharing a super-heading. */
function groupsOf(columns: readonly LayoutColumn[]): { label: string; from: number; to: number }[] {
  const out: { label: string; from: number; to: number }[] = [];
  columns.forEach((c, i) => {
    const last = out[out.length - 1];
    if (!c.group) return;
    if (last && last.label === c.group && last.to === i - 1) last.to = i;
    else out.push({ label: c.group, from: i, to: i });
  });
  return out;
}

export function fileBase(g: Generated): string {
  return `${g.def.key}_${g.profile}_${g.period.value}`;
}

export function tableOf(g: Generated): TableModel<RegisterRow> {
  const title = [g.layout.form, g.layout.title].join(' — ');
  return {
    title: `${g.layout.form} ${g.def.title}`,
    subtitle: g.period.label,
    filename: fileBase(g),
    landscape: true,
    rows: g.built.rows,
    columns: g.columns.map((c) => ({ header: c.heading, width: c.width, kind: c.kind ?? 'text', value: (r: RegisterRow) => (r.cells[c.field] ?? null) as Cell })),
    notes: g.built.notes,
    form: {
      titleLines: [g.layout.form.toUpperCase(), g.layout.title, ...(g.layout.subtitle ? [g.layout.subtitle] : []), ...(g.layout.ruleLine ? [g.layout.ruleLine] : [])],
      header: g.header,
      columnNumbers: g.columns.map((c) => c.no),
      groups: groupsOf(g.columns),
      ...(g.layout.signature ? { signature: [...g.layout.signature] } : {}),
      pageSize: g.layout.pageSize ?? 'A4',
      rowLines: g.layout.rowLines ?? 1,
    },
    ...(title ? {} : {}),
  };
}

/** The printed values of a row, in column order (what is filed and compared for amendments). */
export function rowValues(g: Generated, row: RegisterRow): Cell[] {
  return g.columns.map((c) => (row.cells[c.field] ?? null) as Cell);
}

export function rowHash(values: readonly Cell[]): string {
  return createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

export function describeCell(g: Generated, rowKey: string, column: number, before: Cell, after: Cell): string {
  const c = g.columns[column];
  const heading = c ? (c.field.startsWith('day:') ? `day ${c.heading}` : c.heading) : `column ${column + 1}`;
  const show = (v: Cell) => (v === null || v === '' ? '(blank)' : String(v).replace(/\n/g, ' '));
  return `${rowKey}: ${heading}: ${show(before)} → ${show(after)}`;
}

export function labelOfPeriod(g: Generated): string {
  return `${g.period.label} (${formatDay(g.period.from)} – ${formatDay(g.period.to)})`;
}
