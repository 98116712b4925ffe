import { type Ctx, requirePermission } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../http/problem.ts';
import { assertCanSeeEmployee } from '../employees/index.ts';
import type { Recipients } from '../notifications/index.ts';
import * as peopleRepo from './repo/people.ts';
import type { Stage } from './workflow.ts';

/** The people around a request: whose leave it is, and who decides it next. */

export interface Applicant {
  applicant: peopleRepo.ApplicantRow;
  /** HR acts for someone else (never for themselves): the notice and backdate checks are waived, the entry recorded as theirs. */
  recordedByHr: boolean;
}

/**
 * Whose leave a request, quote or backup list is for: the caller, or with
 * `employeeId` another employee, which only HR (`leave:hr-approve`) may name
 * (403), within their scope (404). The caller's own id is a normal apply.
 */
export async function applicantOf(ctx: Ctx, employeeId?: string | null, path = 'body.employeeId'): Promise<Applicant> {
  const self = ctx.caller.employeeId;
  if (!employeeId || employeeId === self) {
    if (!self) throw forbidden('Only employees apply for leave; this login is not one.');
    const applicant = await peopleRepo.findApplicant(ctx.db, self);
    if (!applicant) throw notFound('Employee');
    if (applicant.status === 'Exited') throw forbidden('An exited employee cannot apply for leave.');
    return { applicant, recordedByHr: false };
  }
  requirePermission(ctx, 'leave:hr-approve', 'Only HR (permission leave:hr-approve) records leave for another employee; leave out employeeId to apply for yourself.');
  await assertCanSeeEmployee(ctx, employeeId);
  const applicant = await peopleRepo.findApplicant(ctx.db, employeeId);
  if (!applicant) throw notFound('Employee');
  if (applicant.status === 'Exited') {
    throw badRequest(`${applicant.full_name} has exited: leave can no longer be recorded for them (adjust the balance instead).`, [{ path, message: 'has exited' }]);
  }
  return { applicant, recordedByHr: true };
}

/** Who decides next: the manager (when they have an active login), else HR. */
export async function approversOf(ctx: Ctx, managerId: string | null, stage: Stage): Promise<Recipients> {
  if (stage === 'hr') return { roles: ['HR', 'Admin'] };
  if (managerId && (await peopleRepo.hasActiveLogin(ctx.db, managerId))) return { employeeIds: [managerId] };
  return { roles: ['HR', 'Admin'] };
}
