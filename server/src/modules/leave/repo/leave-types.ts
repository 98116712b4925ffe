import type { Selectable } from 'kysely';
import type { Db } from '../../../context.ts';
import type { LeaveTypeTable } from '../../../db/schema.ts';

/** Leave types and their policies (table leave_type). */

const TYPE_COLUMNS = [
  'id',
  'code',
  'name',
  'color_tone',
  'paid',
  'half_day_allowed',
  'hr_approval',
  'hr_approval_above_days',
  'notice_days',
  'backdate_days',
  'max_consecutive_days',
  'documents_above_days',
  'min_service_days',
  'eligible_gender',
  'sandwich',
  'allow_negative',
  'active',
  'accrual',
  'annual_days',
  'monthly_days',
  'prorate_joiners',
  'carry_forward_cap',
  'encashable',
  'credit_expiry_days',
  'accrual_from',
  'sort_order',
  'created_at',
  'updated_at',
] as const;

export type LeaveTypeRow = Selectable<LeaveTypeTable>;

export async function listTypeRows(db: Db, activeOnly = false): Promise<LeaveTypeRow[]> {
  let q = db.selectFrom('leave_type').select(TYPE_COLUMNS);
  if (activeOnly) q = q.where('active', '=', 1);
  return q.orderBy('sort_order').orderBy('code').execute();
}

export async function findTypeRow(db: Db, id: string): Promise<LeaveTypeRow | undefined> {
  return db.selectFrom('leave_type').select(TYPE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findTypeByCode(db: Db, code: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('leave_type').select('id').where('code', '=', code).executeTakeFirst();
}

export async function insertTypeRow(db: Db, row: LeaveTypeTable): Promise<void> {
  await db.insertInto('leave_type').values(row).execute();
}

export async function updateTypeRow(db: Db, id: string, patch: Partial<Omit<LeaveTypeTable, 'id' | 'created_at'>>): Promise<void> {
  await db.updateTable('leave_type').set(patch).where('id', '=', id).execute();
}

export async function maxTypeSortOrder(db: Db): Promise<number> {
  const row = await db.selectFrom('leave_type').select((eb) => eb.fn.max('sort_order').as('max')).executeTakeFirst();
  return Number(row?.max ?? 0);
}
