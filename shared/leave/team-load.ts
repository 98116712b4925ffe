import { z } from 'zod';
import { IsoDate } from '../common.ts';

/** The team-load context of a request (spec §2.3): who else is away on its days. */

/** Spec §2.3. */
export const LEAVE_LOADS = ['ok', 'tight', 'critical'] as const;
export const LeaveLoad = z.enum(LEAVE_LOADS);
export type LeaveLoad = z.infer<typeof LeaveLoad>;

/** Share of the team away on the busiest day at which the load is `tight` / `critical`. */
export const LOAD_TIGHT_SHARE = 0.25;
export const LOAD_CRITICAL_SHARE = 0.4;

export const LeaveContextDay = z
  .object({
    date: IsoDate,
    weekend: z.boolean().meta({ description: "A weekly off under the organisation's weekly-off rules." }),
    team: z.number().int().meta({ description: 'Members of the team on approved or pending leave that day.' }),
    dept: z.number().int().meta({ description: 'People of the department on approved or pending leave that day.' }),
    org: z.number().int().meta({ description: 'People of the organisation on approved or pending leave that day.' }),
  })
  .meta({ id: 'LeaveContextDay' });
export type LeaveContextDay = z.infer<typeof LeaveContextDay>;

export const LeaveContext = z
  .object({
    teamSize: z.number().int().meta({ description: "The applicant's team: everyone (not exited) reporting to the applicant's manager, the applicant included." }),
    peakTeamOnLeave: z.number().int(),
    peakDeptOnLeave: z.number().int(),
    peakOrgOnLeave: z.number().int(),
    load: LeaveLoad.meta({
      description: `The team share away on the busiest day (peakTeamOnLeave / teamSize): \`critical\` at ${LOAD_CRITICAL_SHARE * 100}% or more, \`tight\` at ${LOAD_TIGHT_SHARE * 100}% or more, else \`ok\`.`,
    }),
    managerName: z.string().nullable(),
    priorSameType: z.number().meta({ description: 'Days of this leave type the applicant has taken (approved, net of reversals) in the current financial year, this request excluded.' }),
    days: z.array(LeaveContextDay).meta({ description: 'Every calendar day from fromDate to toDate.' }),
  })
  .meta({
    id: 'LeaveContext',
    description:
      "Spec §2.3. Counts are distinct people on approved or pending leave that day, and always include the applicant on the request's own days (the load as it would be if this request is granted).",
  });
export type LeaveContext = z.infer<typeof LeaveContext>;

/** The load of a team for a share of it away (spec §2.3 thresholds above). */
export function loadFor(peakTeamOnLeave: number, teamSize: number): LeaveLoad {
  if (teamSize <= 0) return 'ok';
  const share = peakTeamOnLeave / teamSize;
  if (share >= LOAD_CRITICAL_SHARE) return 'critical';
  if (share >= LOAD_TIGHT_SHARE) return 'tight';
  return 'ok';
}
