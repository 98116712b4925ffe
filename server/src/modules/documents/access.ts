import { LEAVE_DOCUMENT_TYPE_ID } from '../../../../shared/documents.ts';
import type { Ctx } from '../../context.ts';
import { forbidden } from '../../http/problem.ts';
import { assertCanSeeEmployee } from '../employees/index.ts';
import type { TypeRow } from './repo/types.ts';

/**
 * Who may do what with an employee's documents. Scope first (404 outside it,
 * as everywhere), then the permission: an employee reads their own
 * (`documents:self`), a manager their reporting line's (`documents:team`), HR
 * everyone's and manages them (`documents:manage`). Sensitive types of other
 * people need `employee:sensitive` on top: without it they are not there (404).
 */

export const canManage = (ctx: Ctx): boolean => ctx.caller.permissions.includes('documents:manage');

const isSelf = (ctx: Ctx, employeeId: string) => ctx.caller.employeeId !== null && ctx.caller.employeeId === employeeId;

/** The permission part of reading a person's file (scope checked apart): their own with `documents:self`, others' with `documents:team`, anyone's with `documents:manage`. */
export function mayReadFileOf(ctx: Ctx, employeeId: string): boolean {
  const p = ctx.caller.permissions;
  if (ctx.caller.kind === 'system' || p.includes('documents:manage')) return true;
  return isSelf(ctx, employeeId) ? p.includes('documents:self') : p.includes('documents:team');
}

/** 404 outside the caller's scope, 403 without a documents permission for this person. Returns whether it is their own file. */
export async function assertCanReadFile(ctx: Ctx, employeeId: string): Promise<{ self: boolean }> {
  await assertCanSeeEmployee(ctx, employeeId);
  const self = isSelf(ctx, employeeId);
  if (!mayReadFileOf(ctx, employeeId)) throw forbidden(self ? 'Reading your documents needs the permission documents:self.' : "Reading another person's documents needs the permission documents:team or documents:manage.");
  return { self };
}

/** Whether the caller may see documents of this type of this employee (sensitive types: self or `employee:sensitive`). */
export function mayReadType(ctx: Ctx, employeeId: string, type: Pick<TypeRow, 'sensitive'> | null): boolean {
  if (!type || type.sensitive !== 1) return true;
  return isSelf(ctx, employeeId) || ctx.caller.permissions.includes('employee:sensitive');
}

/** Whether the caller may upload a document of this type for this employee (scope already checked). */
export function mayUploadType(ctx: Ctx, employeeId: string, type: Pick<TypeRow, 'id' | 'active' | 'employee_may_upload' | 'sensitive'>): boolean {
  // Supporting files of leave requests are attached from the request (leave-files.ts), never uploaded on their own.
  if (type.active !== 1 || type.id === LEAVE_DOCUMENT_TYPE_ID) return false;
  if (canManage(ctx)) return mayReadType(ctx, employeeId, type);
  return isSelf(ctx, employeeId) && ctx.caller.permissions.includes('documents:self') && type.employee_may_upload === 1;
}

/** Whether the caller may upload a free-text document for this employee: HR, or the employee answering an open request of that name. */
export function mayUploadFreeText(ctx: Ctx, employeeId: string, openRequestFor: boolean): boolean {
  if (canManage(ctx)) return true;
  return isSelf(ctx, employeeId) && ctx.caller.permissions.includes('documents:self') && openRequestFor;
}
