import type { RegisterDay, ShiftInfo } from '../../attendance/index.ts';
import type { RegisterRecordRow } from '../../employees/index.ts';
import { daysOf, formatDay } from '../period.ts';
import { dayCode, holidayKind, legend } from './codes.ts';
import { type BuildContext, type Built, emptyBuilt, hours } from './types.ts';

/** Muster roll (Form D / TN Form V), the overtime register and the wage register's attendance columns: pure functions of the reconciled days. */

export interface AttendanceFacts {
  employees: readonly RegisterRecordRow[];
  serials: ReadonlyMap<string, number>;
  days: readonly RegisterDay[];
  shifts: ReadonlyMap<string, ShiftInfo>;
  defaultShiftId: string | null;
  locationNames: ReadonlyMap<string, string>;
}

// One formatter per zone: toLocaleTimeString builds a new one on every call (a month of 1,000 people is 60,000 calls).
const formatters = new Map<string, Intl.DateTimeFormat>();
const clockOf = (iso: string | null, timeZone: string) => {
  if (!iso) return null;
  let f = formatters.get(timeZone);
  if (!f) formatters.set(timeZone, (f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  return f.format(new Date(iso));
};

interface PerEmployee {
  e: RegisterRecordRow;
  byDate: Map<string, RegisterDay>;
}

function group(facts: AttendanceFacts, period: { from: string; to: string }): PerEmployee[] {
  const byEmployee = new Map<string, Map<string, RegisterDay>>();
  for (const d of facts.days) {
    let m = byEmployee.get(d.employee_id);
    if (!m) byEmployee.set(d.employee_id, (m = new Map()));
    m.set(d.date, d);
  }
  return facts.employees
    .filter((e) => e.joined_date <= period.to && (!e.exit_date || e.exit_date >= period.from))
    .map((e) => ({ e, byDate: byEmployee.get(e.id) ?? new Map() }))
    .sort((a, b) => (facts.serials.get(a.e.id) ?? 0) - (facts.serials.get(b.e.id) ?? 0));
}

const employedOn = (e: RegisterRecordRow, day: string) => e.joined_date <= day && (!e.exit_date || e.exit_date >= day);

/** The shift most of the days were on (the employee's relay / set). */
function mainShift(p: PerEmployee, facts: AttendanceFacts): ShiftInfo | undefined {
  const count = new Map<string, number>();
  for (const d of p.byDate.values()) if (d.shift_id) count.set(d.shift_id, (count.get(d.shift_id) ?? 0) + 1);
  const top = [...count].sort((a, b) => b[1] - a[1])[0]?.[0] ?? facts.defaultShiftId;
  return top ? facts.shifts.get(top) : undefined;
}

/**
 * One row per employee: each day's code, with IN and OUT under it on Form D
 * (TN Form V: the hours worked including overtime, or the code), the days
 * worked, hours, loss of pay, holidays worked.
 */
export function buildMusterRoll(ctx: BuildContext, facts: AttendanceFacts): Built {
  const built = emptyBuilt();
  const dates = daysOf(ctx.period.from, ctx.period.to);
  const tn = ctx.profile === 'tn';
  for (const p of group(facts, ctx.period)) {
    const cells: Built['rows'][number]['cells'] = {};
    let worked = 0;
    let minutes = 0;
    let lop = 0;
    const nh: string[] = [];
    const fh: string[] = [];
    const woWorked: string[] = [];
    dates.forEach((date, i) => {
      const d = p.byDate.get(date);
      if (!employedOn(p.e, date)) {
        cells[`day:${i}`] = null;
        return;
      }
      if (!d) {
        // Employed, not reconciled yet: a day still to come is blank; a past one is not final.
        if (date <= ctx.today) {
          cells[`day:${i}`] = '?';
          built.provisionalDays++;
        } else cells[`day:${i}`] = null;
        return;
      }
      if (d.provisional === 1 || d.status === 'Pending') built.provisionalDays++;
      worked += d.present_days;
      minutes += d.worked_minutes;
      lop += d.lop_days;
      if (d.status === 'WorkedOnHoliday') (holidayKind(date, d.holiday_name) === 'NH' ? nh : fh).push(formatDay(date).slice(0, 5));
      if (d.status === 'WorkedOnWeeklyOff') woWorked.push(formatDay(date).slice(0, 5));
      const code = dayCode(d, ctx.profile);
      if (tn) {
        cells[`day:${i}`] = d.worked_minutes > 0 ? hours(d.worked_minutes) : code;
      } else {
        const inOut = d.worked_minutes > 0 || d.first_in ? [clockOf(d.first_in, ctx.timeZone) ?? '--:--', clockOf(d.last_out, ctx.timeZone) ?? '--:--'] : [];
        cells[`day:${i}`] = [code, ...inOut].join('\n');
      }
    });
    const shift = mainShift(p, facts);
    const remarks = [
      nh.length ? `Worked on NH ${nh.join(', ')}` : '',
      fh.length ? `Worked on FH ${fh.join(', ')}` : '',
      woWorked.length ? `Worked on weekly off ${woWorked.join(', ')}` : '',
    ].filter(Boolean);
    built.rows.push({
      key: p.e.code,
      employeeId: p.e.id,
      cells: {
        ...cells,
        serial: facts.serials.get(p.e.id) ?? null,
        code: p.e.code,
        fullName: p.e.full_name,
        relay: shift?.name ?? null,
        placeOfWork: p.e.location_id ? (facts.locationNames.get(p.e.location_id) ?? null) : null,
        daysWorked: worked,
        hoursWorked: hours(minutes),
        lopDays: lop,
        remarksHours: [`${hours(minutes)} h`, ...remarks].join('; '),
        keeperSignature: null,
        workStart: shift?.startTime ?? null,
        workEnd: shift?.endTime ?? null,
        restInterval: shift ? `${shift.breakMinutes} min` : null,
        nhBenefit: nh.length ? `Worked ${nh.join(', ')}: double wages or a substituted day` : null,
        fhBenefit: fh.length ? `Worked ${fh.join(', ')}: double wages or a substituted day` : null,
        remarks: remarks.join('; ') || null,
      },
    });
  }
  built.notes.push(legend(ctx.profile));
  if (!tn) built.notes.push('Each day shows its code, then the first IN and the last OUT (local time). Summary No. of Days = days worked (a half day counts ½).');
  else built.notes.push('Column 7: hours worked including overtime on each day, or the day’s code.');
  if (built.provisionalDays > 0) {
    built.notes.push(`${built.provisionalDays} employee-day(s) are provisional (marked ?): a terminal has not yet synced past them or they are not reconciled; they may still change.`);
  }
  return built;
}

/** The overtime register: employees with overtime in the period, hours per day. */
export function buildOvertime(ctx: BuildContext, facts: AttendanceFacts): Built {
  const built = emptyBuilt();
  const dates = daysOf(ctx.period.from, ctx.period.to);
  for (const p of group(facts, ctx.period)) {
    let total = 0;
    let days = 0;
    const cells: Built['rows'][number]['cells'] = {};
    dates.forEach((date, i) => {
      const d = p.byDate.get(date);
      if (d && (d.provisional === 1 || d.status === 'Pending')) built.provisionalDays++;
      if (d && d.ot_minutes > 0) {
        cells[`day:${i}`] = hours(d.ot_minutes);
        total += d.ot_minutes;
        days++;
      } else cells[`day:${i}`] = null;
    });
    if (total === 0) continue;
    const shift = mainShift(p, facts);
    const span = shift ? ((shift.end - shift.start + 1440) % 1440 || 1440) - shift.breakMinutes : null;
    built.rows.push({
      key: p.e.code,
      employeeId: p.e.id,
      cells: {
        ...cells,
        serial: facts.serials.get(p.e.id) ?? null,
        fullName: p.e.full_name,
        designation: p.e.designation_name,
        otHours: hours(total),
        otDays: days,
        normalHours: span === null ? null : hours(span),
        normalRate: null,
        otRate: null,
        otEarnings: null,
        otPaidOn: null,
        remarks: null,
      },
    });
  }
  built.notes.push('Overtime is paid at twice the ordinary rate of wages (Code on Wages s.14; state S&E Acts). Rates and earnings are payroll data Muster does not hold.');
  if (built.provisionalDays > 0) built.notes.push(`${built.provisionalDays} employee-day(s) in the period are provisional: their overtime may still change.`);
  return built;
}

/** The wage register: identity, days worked and overtime hours; every wage cell blank (Muster has no payroll; never derived from CTC). */
export function buildWages(ctx: BuildContext, facts: AttendanceFacts): Built {
  const built = emptyBuilt();
  for (const p of group(facts, ctx.period)) {
    let worked = 0;
    let ot = 0;
    for (const d of p.byDate.values()) {
      if (d.date < ctx.period.from || d.date > ctx.period.to) continue;
      if (d.provisional === 1 || d.status === 'Pending') built.provisionalDays++;
      worked += d.present_days;
      ot += d.ot_minutes;
    }
    built.rows.push({
      key: p.e.code,
      employeeId: p.e.id,
      cells: { serial: facts.serials.get(p.e.id) ?? null, fullName: p.e.full_name, code: p.e.code, daysWorked: worked, otHours: hours(ot), remarks: null },
    });
  }
  built.notes.push(
    'Wage cells are blank: Muster holds no payroll (rates, earnings, deductions, net pay, payment dates). Fill them from the payroll of the wage period; they are never derived from CTC.',
  );
  if (built.provisionalDays > 0) built.notes.push(`${built.provisionalDays} employee-day(s) are provisional: days worked may still change.`);
  return built;
}
