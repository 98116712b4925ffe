import { type LeaveContext, loadFor } from '../../../../shared/leave/index.ts';
import type { WeeklyOffRule } from '../../../../shared/org.ts';
import { daysBetween } from '../../../../shared/dates.ts';
import { isWeeklyOff } from '../../../../shared/org.ts';

/** Someone on approved or pending leave on a day, with their department. */
export interface AwayRow {
  employeeId: string;
  date: string;
  departmentId: string | null;
}

export interface ContextInput {
  from: string;
  to: string;
  applicant: { id: string; departmentId: string | null };
  /** The applicant's team (ids), the applicant included. */
  teamIds: ReadonlySet<string>;
  managerName: string | null;
  priorSameType: number;
  weeklyOffs: readonly WeeklyOffRule[];
  /** Leave days in from..to across the organisation (any order, duplicates allowed). */
  away: readonly AwayRow[];
}

/**
 * The team-load context of spec §2.3, pure. Each day counts distinct people
 * away in the team, the department and the organisation; the applicant is
 * counted on every day of the request, whatever its status, so the numbers
 * show the load as it would be if the request is granted.
 */
export function computeContext(input: ContextInput): LeaveContext {
  const dates = daysBetween(input.from, input.to);
  const perDay = new Map<string, { team: Set<string>; dept: Set<string>; org: Set<string> }>();
  for (const date of dates) perDay.set(date, { team: new Set(), dept: new Set(), org: new Set() });
  const place = (row: AwayRow) => {
    const day = perDay.get(row.date);
    if (!day) return;
    day.org.add(row.employeeId);
    if (input.teamIds.has(row.employeeId)) day.team.add(row.employeeId);
    if (input.applicant.departmentId !== null && row.departmentId === input.applicant.departmentId) day.dept.add(row.employeeId);
  };
  for (const row of input.away) place(row);
  for (const date of dates) place({ employeeId: input.applicant.id, date, departmentId: input.applicant.departmentId });

  const days = dates.map((date) => {
    const d = perDay.get(date);
    return {
      date,
      weekend: isWeeklyOff(date, input.weeklyOffs),
      team: d?.team.size ?? 0,
      dept: d?.dept.size ?? 0,
      org: d?.org.size ?? 0,
    };
  });
  const peak = (k: 'team' | 'dept' | 'org') => days.reduce((m, d) => Math.max(m, d[k]), 0);
  const teamSize = input.teamIds.size;
  const peakTeamOnLeave = peak('team');
  return {
    teamSize,
    peakTeamOnLeave,
    peakDeptOnLeave: peak('dept'),
    peakOrgOnLeave: peak('org'),
    load: loadFor(peakTeamOnLeave, teamSize),
    managerName: input.managerName,
    priorSameType: input.priorSameType,
    days,
  };
}
