import type { StateProfile } from '../../../../../shared/establishment.ts';
import type { Period } from '../period.ts';

/** What builders produce: rows of named cells, notes, the provisional days they met and the data they missed. */

export type Cell = string | number | null;

export interface RegisterRow {
  /** Identifies the row across regenerations (for amendment diffs), e.g. the employee code. */
  key: string;
  employeeId: string | null;
  cells: Record<string, Cell>;
}

export interface Missing {
  employeeId: string;
  code: string;
  fullName: string;
  fields: Set<string>;
}

export interface Built {
  rows: RegisterRow[];
  notes: string[];
  provisionalDays: number;
  missing: Map<string, Missing>;
}

export interface BuildContext {
  period: Period;
  profile: StateProfile;
  /** Today in the organisation's zone. */
  today: string;
  timeZone: string;
}

export function emptyBuilt(): Built {
  return { rows: [], notes: [], provisionalDays: 0, missing: new Map() };
}

/** Notes that a register lacks data for some employees (the fields to fill on their profiles). */
export function noteMissing(missing: Map<string, Missing>, who: { id: string; code: string; full_name: string }, field: string): void {
  let m = missing.get(who.id);
  if (!m) {
    m = { employeeId: who.id, code: who.code, fullName: who.full_name, fields: new Set() };
    missing.set(who.id, m);
  }
  m.fields.add(field);
}

export const hours = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;
