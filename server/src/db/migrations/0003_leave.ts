import { type Kysely, sql } from 'kysely';

// Leave: types with their accrual policy, requests, the per-day index of live
// requests, and the balance ledger. Frozen once shipped.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leave_type')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color_tone', 'text', (c) => c.notNull())
    .addColumn('paid', 'integer', (c) => c.notNull())
    .addColumn('half_day_allowed', 'integer', (c) => c.notNull())
    .addColumn('hr_approval', 'text', (c) => c.notNull())
    .addColumn('hr_approval_above_days', 'real')
    .addColumn('notice_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('backdate_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_consecutive_days', 'real')
    .addColumn('documents_above_days', 'real')
    .addColumn('min_service_days', 'integer')
    .addColumn('eligible_gender', 'text')
    .addColumn('sandwich', 'text', (c) => c.notNull())
    .addColumn('allow_negative', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('accrual', 'text', (c) => c.notNull())
    .addColumn('annual_days', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('monthly_days', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('prorate_joiners', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('carry_forward_cap', 'real')
    .addColumn('encashable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_expiry_days', 'integer')
    .addColumn('accrual_from', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('leave_type_code_uq', ['code'])
    .addCheckConstraint('leave_type_color_tone_ck', sql`color_tone in ('neutral', 'accent', 'ok', 'warn', 'bad', 'info')`)
    .addCheckConstraint('leave_type_hr_approval_ck', sql`hr_approval in ('always', 'never', 'aboveDays')`)
    .addCheckConstraint('leave_type_sandwich_ck', sql`sandwich in ('none', 'weekends', 'holidays', 'both', 'calendar')`)
    .addCheckConstraint('leave_type_accrual_ck', sql`accrual in ('annual', 'monthly', 'none')`)
    .execute();

  await db.schema
    .createTable('leave_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('leave_type_id', 'text', (c) => c.notNull().references('leave_type.id').onDelete('restrict'))
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    .addColumn('duration', 'text', (c) => c.notNull())
    .addColumn('working_days', 'real', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('backup_employee_id', 'text', (c) => c.references('employee.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requires_hr_approval', 'integer', (c) => c.notNull())
    .addColumn('documents_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('manager_decision_by', 'text', (c) => c.references('employee.id').onDelete('set null'))
    .addColumn('manager_decided_at', 'text')
    .addColumn('manager_note', 'text')
    .addColumn('manager_stage_by_hr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hr_decision_by', 'text', (c) => c.references('employee.id').onDelete('set null'))
    .addColumn('hr_decided_at', 'text')
    .addColumn('hr_note', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('closure', 'text')
    .addColumn('closed_by_name', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('balance_after', 'real', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('leave_request_status_ck', sql`status in ('PendingManager', 'ManagerApprovedPendingHR', 'Approved', 'Rejected')`)
    .addCheckConstraint('leave_request_duration_ck', sql`duration in ('FullDay', 'FirstHalf', 'SecondHalf')`)
    .addCheckConstraint('leave_request_closure_ck', sql`closure is null or closure in ('Withdrawn', 'Cancelled')`)
    .addCheckConstraint('leave_request_dates_ck', sql`to_date >= from_date`)
    .execute();
  await db.schema.createIndex('leave_request_created_ix').on('leave_request').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('leave_request_from_ix').on('leave_request').columns(['from_date', 'id']).execute();
  await db.schema.createIndex('leave_request_employee_ix').on('leave_request').columns(['employee_id', 'created_at']).execute();
  await db.schema.createIndex('leave_request_status_ix').on('leave_request').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('leave_request_type_ix').on('leave_request').column('leave_type_id').execute();

  // One row per calendar day of every pending or approved request: overlap,
  // team-load and attendance read days straight off an index. Rows go when a
  // request is rejected, withdrawn or cancelled.
  await db.schema
    .createTable('leave_day')
    .addColumn('request_id', 'text', (c) => c.notNull().references('leave_request.id').onDelete('cascade'))
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('portion', 'text', (c) => c.notNull())
    .addColumn('counted', 'integer', (c) => c.notNull())
    .addColumn('approved', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('leave_day_pk', ['request_id', 'date'])
    .addCheckConstraint('leave_day_portion_ck', sql`portion in ('FullDay', 'FirstHalf', 'SecondHalf')`)
    .execute();
  await db.schema.createIndex('leave_day_date_ix').on('leave_day').columns(['date', 'employee_id']).execute();
  await db.schema.createIndex('leave_day_employee_ix').on('leave_day').columns(['employee_id', 'date']).execute();

  // The balance is the sum of these entries; rows are never updated or deleted.
  // `period_key` makes job credits idempotent: one per (employee, type, period).
  await db.schema
    .createTable('leave_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('leave_type_id', 'text', (c) => c.notNull().references('leave_type.id').onDelete('restrict'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('days', 'real', (c) => c.notNull())
    .addColumn('effective_date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.references('leave_request.id').onDelete('set null'))
    .addColumn('period_key', 'text')
    .addColumn('expires_on', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_employee_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('leave_ledger_period_uq', ['employee_id', 'leave_type_id', 'period_key'])
    .addCheckConstraint(
      'leave_ledger_kind_ck',
      sql`kind in ('grant', 'accrual', 'usage', 'reversal', 'adjustment', 'carry_forward', 'lapse', 'encashment')`,
    )
    .execute();
  await db.schema
    .createIndex('leave_ledger_balance_ix')
    .on('leave_ledger')
    .columns(['employee_id', 'leave_type_id', 'effective_date'])
    .execute();
  await db.schema.createIndex('leave_ledger_kind_ix').on('leave_ledger').columns(['kind', 'created_at']).execute();
  await db.schema.createIndex('leave_ledger_request_ix').on('leave_ledger').column('request_id').execute();
}
