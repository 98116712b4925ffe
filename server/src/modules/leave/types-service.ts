import { dayInZone } from '../../../../shared/dates.ts';
import {
  AccrualMethod,
  ColorTone,
  EligibleGender,
  HrApprovalRule,
  type LeaveType,
  type LeaveTypeCreate,
  type LeaveTypeList,
  type LeaveTypeListQuery,
  type LeaveTypeRef,
  type LeaveTypeUpdate,
  type LeavePolicyInput,
  SandwichRule,
} from '../../../../shared/leave/index.ts';
import { type Ctx, inTransaction, requirePermission } from '../../context.ts';
import type { Bool, LeaveTypeTable } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/problem.ts';
import { newId } from '../../ids.ts';
import { getOrganisationRow } from '../org/index.ts';
import { type AccrualPolicy, leaveYearStart } from './accrual.ts';
import * as typeRepo from './repo/leave-types.ts';

const bool = (v: number): boolean => v === 1;
const bit = (v: boolean): Bool => (v ? 1 : 0);

export function toLeaveType(row: typeRepo.LeaveTypeRow): LeaveType {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    colorTone: ColorTone.parse(row.color_tone),
    paid: bool(row.paid),
    halfDayAllowed: bool(row.half_day_allowed),
    hrApproval: HrApprovalRule.parse(row.hr_approval),
    hrApprovalAboveDays: row.hr_approval_above_days,
    noticeDays: row.notice_days,
    backdateDays: row.backdate_days,
    maxConsecutiveDays: row.max_consecutive_days,
    documentsAboveDays: row.documents_above_days,
    minServiceDays: row.min_service_days,
    eligibleGender: row.eligible_gender === null ? null : EligibleGender.parse(row.eligible_gender),
    sandwich: SandwichRule.parse(row.sandwich),
    allowNegative: bool(row.allow_negative),
    active: bool(row.active),
    policy: {
      accrual: AccrualMethod.parse(row.accrual),
      annualDays: row.annual_days,
      monthlyDays: row.monthly_days,
      prorateJoiners: bool(row.prorate_joiners),
      carryForwardCap: row.carry_forward_cap,
      encashable: bool(row.encashable),
      creditExpiryDays: row.credit_expiry_days,
      accrualFrom: row.accrual_from,
    },
  };
}

export function typeRef(row: { id: string; code: string; name: string; color_tone: string; paid: number }): LeaveTypeRef {
  return { id: row.id, code: row.code, name: row.name, colorTone: ColorTone.parse(row.color_tone), paid: bool(row.paid) };
}

/**
 * A type without an entitlement (no accrual and a negative balance allowed,
 * e.g. loss of pay): its "balance" is minus the days taken in the leave year,
 * and the year end does not carry it.
 */
export function isEntitled(row: { accrual: string; allow_negative: number }): boolean {
  return !(row.accrual === 'none' && row.allow_negative === 1);
}

/** The leave types (every signed-in caller reads them: the apply form lists them). */
export async function listLeaveTypes(ctx: Ctx, query: LeaveTypeListQuery): Promise<LeaveTypeList> {
  const rows = await typeRepo.listTypeRows(ctx.db, !query.includeInactive);
  return { items: rows.map(toLeaveType) };
}

export async function getTypeRow(ctx: Ctx, id: string, path = 'body.leaveTypeId'): Promise<typeRepo.LeaveTypeRow> {
  const row = await typeRepo.findTypeRow(ctx.db, id);
  if (!row) throw badRequest('There is no such leave type. Pick one from the list.', [{ path, message: 'no such leave type' }]);
  return row;
}

async function currentYearStart(ctx: Ctx): Promise<string> {
  const org = await getOrganisationRow(ctx.db);
  return leaveYearStart(dayInZone(ctx.clock.now(), ctx.timeZone), org.fy_start_month);
}

function policyColumns(p: LeavePolicyInput, accrualFrom: string) {
  return {
    accrual: p.accrual,
    annual_days: p.annualDays,
    monthly_days: p.monthlyDays,
    prorate_joiners: bit(p.prorateJoiners),
    carry_forward_cap: p.carryForwardCap,
    encashable: bit(p.encashable),
    credit_expiry_days: p.creditExpiryDays,
    accrual_from: accrualFrom,
  };
}

async function assertCodeFree(ctx: Ctx, code: string, exceptId?: string): Promise<void> {
  const clash = await typeRepo.findTypeByCode(ctx.db, code);
  if (clash && clash.id !== exceptId) {
    throw conflict(`The code ${code} is already used by another leave type.`, [{ path: 'body.code', message: 'is already used' }]);
  }
}

function checkHrRule(rule: string, above: number | null): void {
  if (rule === 'aboveDays' && above === null) {
    throw badRequest('Say above how many days HR approval is needed.', [{ path: 'body.hrApprovalAboveDays', message: 'is required when hrApproval is aboveDays' }]);
  }
}

/** A new leave type with its policy; the jobs start crediting it from its `accrualFrom` leave year. */
export async function createLeaveType(ctx: Ctx, input: LeaveTypeCreate): Promise<LeaveType> {
  requirePermission(ctx, 'leave:manage');
  return inTransaction(ctx, async (t) => {
    await assertCodeFree(t, input.code);
    const now = t.clock.now().toISOString();
    const row: LeaveTypeTable = {
      id: newId(),
      code: input.code,
      name: input.name,
      color_tone: input.colorTone,
      paid: bit(input.paid),
      half_day_allowed: bit(input.halfDayAllowed),
      hr_approval: input.hrApproval,
      hr_approval_above_days: input.hrApprovalAboveDays,
      notice_days: input.noticeDays,
      backdate_days: input.backdateDays,
      max_consecutive_days: input.maxConsecutiveDays,
      documents_above_days: input.documentsAboveDays,
      min_service_days: input.minServiceDays,
      eligible_gender: input.eligibleGender,
      sandwich: input.sandwich,
      allow_negative: bit(input.allowNegative),
      active: bit(input.active),
      ...policyColumns(input.policy, input.policy.accrualFrom ?? (await currentYearStart(t))),
      sort_order: (await typeRepo.maxTypeSortOrder(t.db)) + 1,
      created_at: now,
      updated_at: now,
    };
    await typeRepo.insertTypeRow(t.db, row);
    return toLeaveType(row);
  });
}

/** Changes a type. Requests already made keep the cost and approval route they were given. */
export async function updateLeaveType(ctx: Ctx, id: string, input: LeaveTypeUpdate): Promise<LeaveType> {
  requirePermission(ctx, 'leave:manage');
  return inTransaction(ctx, async (t) => {
    const before = await typeRepo.findTypeRow(t.db, id);
    if (!before) throw notFound('Leave type');
    if (input.code !== undefined) await assertCodeFree(t, input.code, id);
    const patch: Partial<LeaveTypeTable> = {};
    if (input.code !== undefined) patch.code = input.code;
    if (input.name !== undefined) patch.name = input.name;
    if (input.colorTone !== undefined) patch.color_tone = input.colorTone;
    if (input.paid !== undefined) patch.paid = bit(input.paid);
    if (input.halfDayAllowed !== undefined) patch.half_day_allowed = bit(input.halfDayAllowed);
    if (input.hrApproval !== undefined) patch.hr_approval = input.hrApproval;
    if (input.hrApprovalAboveDays !== undefined) patch.hr_approval_above_days = input.hrApprovalAboveDays;
    if (input.noticeDays !== undefined) patch.notice_days = input.noticeDays;
    if (input.backdateDays !== undefined) patch.backdate_days = input.backdateDays;
    if (input.maxConsecutiveDays !== undefined) patch.max_consecutive_days = input.maxConsecutiveDays;
    if (input.documentsAboveDays !== undefined) patch.documents_above_days = input.documentsAboveDays;
    if (input.minServiceDays !== undefined) patch.min_service_days = input.minServiceDays;
    if (input.eligibleGender !== undefined) patch.eligible_gender = input.eligibleGender;
    if (input.sandwich !== undefined) patch.sandwich = input.sandwich;
    if (input.allowNegative !== undefined) patch.allow_negative = bit(input.allowNegative);
    if (input.active !== undefined) patch.active = bit(input.active);
    if (input.policy !== undefined) Object.assign(patch, policyColumns(input.policy, input.policy.accrualFrom ?? before.accrual_from));
    checkHrRule(patch.hr_approval ?? before.hr_approval, patch.hr_approval_above_days !== undefined ? patch.hr_approval_above_days : before.hr_approval_above_days);
    patch.updated_at = t.clock.now().toISOString();
    await typeRepo.updateTypeRow(t.db, id, patch);
    const after = await typeRepo.findTypeRow(t.db, id);
    if (!after) throw notFound('Leave type');
    return toLeaveType(after);
  });
}

export function eligibleByGender(type: { eligible_gender: string | null }, gender: string | null): boolean {
  return type.eligible_gender === null || type.eligible_gender === gender;
}

export function accrualPolicyOf(type: typeRepo.LeaveTypeRow): AccrualPolicy {
  return {
    accrual: type.accrual as AccrualPolicy['accrual'],
    annualDays: type.annual_days,
    monthlyDays: type.monthly_days,
    prorateJoiners: type.prorate_joiners === 1,
    accrualFrom: type.accrual_from,
  };
}
