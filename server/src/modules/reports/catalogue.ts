import type { BuiltInReport } from './definition.ts';
import { absenteeism } from './builtin/absenteeism.ts';
import { attendanceSummary } from './builtin/attendance-summary.ts';
import { headcount } from './builtin/headcount.ts';
import { lateEarly } from './builtin/late-early.ts';
import { leaveBalances } from './builtin/leave-balances.ts';
import { offDayWork } from './builtin/off-day-work.ts';
import { overtime } from './builtin/overtime.ts';
import { regularizations } from './builtin/regularizations.ts';
import { terminalHealth } from './builtin/terminal-health.ts';

/** The built-in reports, in the order the catalogue lists them within each category. */
export const BUILT_IN: readonly BuiltInReport[] = [
  attendanceSummary,
  lateEarly,
  overtime,
  absenteeism,
  offDayWork,
  regularizations,
  leaveBalances,
  headcount,
  terminalHealth,
];

const byId = new Map(BUILT_IN.map((r) => [r.id, r]));

export function builtInReport(id: string): BuiltInReport | undefined {
  return byId.get(id);
}
