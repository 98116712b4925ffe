import type { HolidayInfo } from '../../attendance/index.ts';
import type { RegisterRecordRow } from '../../employees/index.ts';
import type { LeaveRegisterFacts } from '../../leave/index.ts';
import { addDays } from '../../../../../shared/dates.ts';
import { holidayKind } from './codes.ts';
import { type BuildContext, type Built, emptyBuilt, hours } from './types.ts';

/** The holiday register: each holiday of the location(s), who worked on it, and the compensation recorded. */

export interface HolidayFacts {
  holidays: { date: string; info: HolidayInfo }[];
  /** Days worked on a holiday. */
  worked: { employee_id: string; date: string; worked_minutes: number; ot_minutes: number; provisional: number }[];
  employees: readonly RegisterRecordRow[];
  locationNames: ReadonlyMap<string, string>;
  /** Only this location's holidays (and the organisation-wide ones). */
  locationId: string | null;
  fhApproval: string | null;
  leave: LeaveRegisterFacts;
}

/** A comp-off credited within 30 days after the holiday, not yet matched to another holiday. */
function compOff(facts: HolidayFacts, employeeId: string, date: string, used: Set<string>): { days: number; on: string } | null {
  const co = new Set(facts.leave.types.filter((t) => t.code === 'CO').map((t) => t.id));
  const limit = addDays(date, 30);
  for (const e of facts.leave.entries) {
    const key = `${e.employeeId}|${e.effectiveDate}|${e.days}`;
    if (e.employeeId !== employeeId || !co.has(e.leaveTypeId) || e.days <= 0 || used.has(key)) continue;
    if (e.kind !== 'grant' && e.kind !== 'adjustment') continue;
    if (e.effectiveDate < date || e.effectiveDate > limit) continue;
    used.add(key);
    return { days: e.days, on: e.effectiveDate };
  }
  return null;
}

export function buildHolidays(ctx: BuildContext, facts: HolidayFacts): Built {
  const built = emptyBuilt();
  const byId = new Map(facts.employees.map((e) => [e.id, e]));
  const used = new Set<string>();
  let n = 0;
  const holidays = facts.holidays
    .filter((h) => h.date >= ctx.period.from && h.date <= ctx.period.to && (facts.locationId === null || h.info.locationId === null || h.info.locationId === facts.locationId))
    .sort((a, b) => a.date.localeCompare(b.date) || a.info.name.localeCompare(b.info.name));
  for (const h of holidays) {
    const where = h.info.locationId ? (facts.locationNames.get(h.info.locationId) ?? null) : 'All locations';
    const base = {
      date: h.date,
      holiday: h.info.optional ? `${h.info.name} (restricted)` : h.info.name,
      holidayKind: holidayKind(h.date, h.info.name) === 'NH' ? 'National' : 'Festival',
      location: where,
    };
    const workers = facts.worked.filter((w) => {
      if (w.date !== h.date) return false;
      const e = byId.get(w.employee_id);
      return !!e && (h.info.locationId === null || e.location_id === h.info.locationId);
    });
    if (workers.length === 0) {
      built.rows.push({ key: `${h.date}|${h.info.name}|-`, employeeId: null, cells: { serial: ++n, ...base, code: null, fullName: 'No one worked', hoursWorked: null, compensation: null, compensationDate: null, remarks: null } });
      continue;
    }
    for (const w of workers) {
      const e = byId.get(w.employee_id) as RegisterRecordRow;
      if (w.provisional === 1) built.provisionalDays++;
      const co = compOff(facts, e.id, h.date, used);
      built.rows.push({
        key: `${h.date}|${h.info.name}|${e.code}`,
        employeeId: e.id,
        cells: {
          serial: ++n,
          ...base,
          code: e.code,
          fullName: e.full_name,
          hoursWorked: hours(w.worked_minutes),
          compensation: co ? `Comp-off ${co.days} day${co.days === 1 ? '' : 's'} credited` : 'None recorded: double wages are paid through payroll',
          compensationDate: co?.on ?? null,
          remarks: w.provisional === 1 ? 'Day not final yet' : null,
        },
      });
    }
  }
  built.notes.push('National holidays: 26 January, 1 May, 15 August, 2 October (and holidays so named); the rest are festival holidays. Work on a holiday earns double wages or a substituted day (comp-off), as the state Act says.');
  if (facts.fhApproval) built.notes.push(`Festival holidays approved: ${facts.fhApproval}.`);
  return built;
}
