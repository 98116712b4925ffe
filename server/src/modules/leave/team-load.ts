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
 * What a context needs per date, already counted: people away in the whole
 * organisation and in the applicant's department (the applicant included when
 * they are away that day), team members other than the applicant away, and
 * the dates the applicant is away already (another request).
 */
export interface LoadInput {
  from: string;
  to: string;
  applicantDepartmentId: string | null;
  teamSize: number;
  orgAway: ReadonlyMap<string, number>;
  deptAway: ReadonlyMap<string, number>;
  teamAway: ReadonlyMap<string, number>;
  applicantAway: ReadonlySet<string>;
  managerName: string | null;
  priorSameType: number;
  weeklyOffs: readonly WeeklyOffRule[];
}

/**
 * The team-load context of spec §2.3 from per-date counts, pure. The
 * applicant is counted on every day of the request, whatever its status, so
 * the numbers show the load as it would be if the request is granted.
 */
export function contextFromCounts(input: LoadInput): LeaveContext {
  const days = daysBetween(input.from, input.to).map((date) => {
    const self = input.applicantAway.has(date) ? 0 : 1;
    return {
      date,
      weekend: isWeeklyOff(date, input.weeklyOffs),
      team: (input.teamAway.get(date) ?? 0) + 1,
      dept: input.applicantDepartmentId === null ? 0 : (input.deptAway.get(date) ?? 0) + self,
      org: (input.orgAway.get(date) ?? 0) + self,
    };
  });
  const peak = (k: 'team' | 'dept' | 'org') => days.reduce((m, d) => Math.max(m, d[k]), 0);
  const peakTeamOnLeave = peak('team');
  return {
    teamSize: input.teamSize,
    peakTeamOnLeave,
    peakDeptOnLeave: peak('dept'),
    peakOrgOnLeave: peak('org'),
    load: loadFor(peakTeamOnLeave, input.teamSize),
    managerName: input.managerName,
    priorSameType: input.priorSameType,
    days,
  };
}

/**
 * The same context from the rows of everyone away (distinct people per day in
 * the team, the department and the organisation): the definition the counts
 * above must agree with, kept for the engine's unit tests.
 */
export function computeContext(input: ContextInput): LeaveContext {
  const me = input.applicant.id;
  const dept = input.applicant.departmentId;
  const per = new Map<string, { org: Set<string>; dept: Set<string>; team: Set<string> }>();
  const applicantAway = new Set<string>();
  for (const row of input.away) {
    if (row.date < input.from || row.date > input.to) continue;
    const day = per.get(row.date) ?? { org: new Set<string>(), dept: new Set<string>(), team: new Set<string>() };
    per.set(row.date, day);
    day.org.add(row.employeeId);
    if (row.employeeId === me) {
      applicantAway.add(row.date);
      continue;
    }
    if (dept !== null && row.departmentId === dept) day.dept.add(row.employeeId);
    if (input.teamIds.has(row.employeeId)) day.team.add(row.employeeId);
  }
  const count = (k: 'org' | 'dept' | 'team') => new Map([...per].map(([date, d]) => [date, d[k].size + (k === 'dept' && applicantAway.has(date) ? 1 : 0)]));
  return contextFromCounts({
    from: input.from,
    to: input.to,
    applicantDepartmentId: dept,
    teamSize: new Set([...input.teamIds, me]).size,
    orgAway: count('org'),
    deptAway: count('dept'),
    teamAway: count('team'),
    applicantAway,
    managerName: input.managerName,
    priorSameType: input.priorSameType,
    weeklyOffs: input.weeklyOffs,
  });
}
