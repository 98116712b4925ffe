import { type Kysely, sql } from 'kysely';

/**
 * Attendance and the biometric registry: shift policy, roster, location
 * policy (weekly offs, geo-fence), punches (append-only, every source),
 * reconciled days with their overrides, regularizations, terminals with
 * enrolment and admin logs. Frozen once shipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Shift policy: the shift table exists (name, start, end, default); the rules join it here.
  const shiftColumns: [string, 'integer' | 'text', number | string | null][] = [
    ['break_minutes', 'integer', 60],
    ['late_grace_minutes', 'integer', 10],
    ['early_grace_minutes', 'integer', 10],
    ['half_day_minutes', 'integer', 240],
    ['full_day_minutes', 'integer', 420],
    ['ot_eligible', 'integer', 0],
    ['ot_after_minutes', 'integer', 30],
    ['ot_block_minutes', 'integer', 30],
    ['ot_max_minutes', 'integer', null],
    ['ot_before_start', 'integer', 0],
    ['window_before_minutes', 'integer', 120],
    ['window_after_minutes', 'integer', 360],
    ['flexible', 'integer', 0],
    ['core_start', 'text', null],
    ['core_end', 'text', null],
    ['required_minutes', 'integer', null],
    ['hours_mode', 'text', 'pairs'],
    ['updated_at', 'text', null],
  ];
  for (const [name, type, fallback] of shiftColumns) {
    await db.schema
      .alterTable('shift')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }

  await db.schema
    .createTable('shift_assignment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('shift_id', 'text', (c) => c.notNull().references('shift.id').onDelete('restrict'))
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('effective_to', 'text')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shift_assignment_employee_ix')
    .on('shift_assignment')
    .columns(['employee_id', 'effective_from'])
    .execute();

  await db.schema
    .createTable('location_policy')
    .addColumn('location_id', 'text', (c) => c.primaryKey().references('location.id').onDelete('cascade'))
    .addColumn('weekly_offs', 'text')
    .addColumn('fence_lat', 'real')
    .addColumn('fence_lng', 'real')
    .addColumn('fence_radius_m', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('holiday_opt_in')
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('holiday_id', 'text', (c) => c.notNull().references('holiday.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('holiday_opt_in_pk', ['employee_id', 'holiday_id'])
    .execute();

  await db.schema
    .createTable('attendance_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('debounce_seconds', 'integer', (c) => c.notNull().defaultTo(120))
    .addColumn('regularization_window_days', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('hr_approval_kinds', 'text', (c) => c.notNull().defaultTo('["ManualEntry"]'))
    .addColumn('late_mark_every', 'integer')
    .addColumn('late_mark_days', 'real', (c) => c.notNull().defaultTo(0.5))
    .addColumn('optional_holidays_per_year', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('attendance_settings' as never)
    .values({ id: 'org', updated_at: new Date(0).toISOString() } as never)
    .execute();

  await db.schema
    .createTable('terminal')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('serial', 'text')
    .addColumn('terminal_type', 'text')
    .addColumn('machine_number', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('device_uid', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text', (c) => c.references('location.id').onDelete('set null'))
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('host', 'text')
    .addColumn('port', 'integer')
    .addColumn('serial_path', 'text')
    .addColumn('baud_rate', 'integer')
    .addColumn('comm_key', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_zone', 'text')
    .addColumn('poll_seconds', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('direction_policy', 'text', (c) => c.notNull().defaultTo('by-state'))
    .addColumn('offline_after_minutes', 'integer', (c) => c.notNull().defaultTo(15))
    .addColumn('firmware_notes', 'text')
    .addColumn('last_contact_at', 'text')
    .addColumn('last_punch_at', 'text')
    .addColumn('clock_skew_seconds', 'integer')
    .addColumn('connector_state', 'text')
    .addColumn('connector_backlog', 'integer')
    .addColumn('connector_dead_letters', 'integer')
    .addColumn('connector_detail', 'text')
    .addColumn('offline_notified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('terminal_serial_uq', ['serial'])
    .addCheckConstraint('terminal_direction_ck', sql`direction_policy in ('fixed-in', 'fixed-out', 'by-state', 'alternating')`)
    .execute();
  await db.schema.createIndex('terminal_location_ix').on('terminal').column('location_id').execute();

  await db.schema
    .createTable('punch')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('employee_id', 'text', (c) => c.references('employee.id').onDelete('restrict'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('terminal_id', 'text', (c) => c.references('terminal.id').onDelete('restrict'))
    .addColumn('terminal_serial', 'text')
    .addColumn('terminal_user_id', 'integer')
    .addColumn('trans_id', 'integer')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('utc_offset_minutes', 'integer', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('local_time', 'text', (c) => c.notNull())
    .addColumn('attend_stat', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('verify_mode', 'text')
    .addColumn('direction', 'text')
    .addColumn('photo_path', 'text')
    .addColumn('geo_lat', 'real')
    .addColumn('geo_lng', 'real')
    .addColumn('geo_accuracy', 'real')
    .addColumn('flags', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('supersedes_id', 'text', (c) => c.references('punch.id').onDelete('restrict'))
    .addColumn('regularization_id', 'text')
    .addColumn('note', 'text')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('punch_trans_uq', ['terminal_serial', 'trans_id'])
    .addUniqueConstraint('punch_natural_uq', ['terminal_serial', 'terminal_user_id', 'at', 'attend_stat'])
    .addCheckConstraint('punch_source_ck', sql`source in ('terminal', 'self', 'manual', 'import')`)
    .addCheckConstraint('punch_direction_ck', sql`direction is null or direction in ('in', 'out')`)
    .execute();
  await db.schema.createIndex('punch_employee_at_ix').on('punch').columns(['employee_id', 'at']).execute();
  await db.schema.createIndex('punch_terminal_at_ix').on('punch').columns(['terminal_id', 'at']).execute();
  await db.schema.createIndex('punch_at_ix').on('punch').column('at').execute();
  await db.schema
    .createIndex('punch_unmatched_ix')
    .on('punch')
    .columns(['terminal_serial', 'terminal_user_id'])
    .where(sql.ref('employee_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('punch_supersedes_ix')
    .on('punch')
    .column('supersedes_id')
    .where(sql.ref('supersedes_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('attendance_day')
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('shift_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provisional', 'integer', (c) => c.notNull())
    .addColumn('frozen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worked_minutes', 'integer', (c) => c.notNull())
    .addColumn('ot_minutes', 'integer', (c) => c.notNull())
    .addColumn('late_minutes', 'integer', (c) => c.notNull())
    .addColumn('early_minutes', 'integer', (c) => c.notNull())
    .addColumn('first_in', 'text')
    .addColumn('last_out', 'text')
    .addColumn('punch_count', 'integer', (c) => c.notNull())
    .addColumn('present_days', 'real', (c) => c.notNull())
    .addColumn('leave_days', 'real', (c) => c.notNull())
    .addColumn('lop_days', 'real', (c) => c.notNull())
    .addColumn('holiday_name', 'text')
    .addColumn('leave_code', 'text')
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('window_end', 'text', (c) => c.notNull())
    .addColumn('override_worked_minutes', 'integer')
    .addColumn('override_ot_minutes', 'integer')
    .addColumn('override_reason', 'text')
    .addColumn('dirty', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_day_pk', ['employee_id', 'date'])
    .execute();
  await db.schema.createIndex('attendance_day_date_ix').on('attendance_day').columns(['date', 'employee_id']).execute();
  await db.schema
    .createIndex('attendance_day_provisional_ix')
    .on('attendance_day')
    .columns(['provisional', 'window_end'])
    .execute();
  await db.schema
    .createIndex('attendance_day_dirty_ix')
    .on('attendance_day')
    .column('dirty')
    .where(sql.ref('dirty'), '=', 1)
    .execute();

  await db.schema
    .createTable('attendance_override')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('worked_minutes', 'integer')
    .addColumn('ot_minutes', 'integer')
    .addColumn('frozen', 'integer')
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attendance_override_day_ix').on('attendance_override').columns(['employee_id', 'date', 'at']).execute();

  await db.schema
    .createTable('regularization')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('punches', 'text', (c) => c.notNull())
    .addColumn('supersedes', 'text', (c) => c.notNull())
    .addColumn('requires_hr', 'integer', (c) => c.notNull())
    .addColumn('manager_decided_by', 'text')
    .addColumn('manager_decided_by_name', 'text')
    .addColumn('manager_decided_at', 'text')
    .addColumn('hr_decided_by', 'text')
    .addColumn('hr_decided_by_name', 'text')
    .addColumn('hr_decided_at', 'text')
    .addColumn('decision_note', 'text')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'regularization_status_ck',
      sql`status in ('AwaitingManager', 'ManagerApprovedAwaitingHR', 'Approved', 'Rejected')`,
    )
    .addCheckConstraint(
      'regularization_kind_ck',
      sql`kind in ('MissingPunchIn', 'MissingPunchOut', 'OffZone', 'ManualEntry', 'WrongLocation')`,
    )
    .execute();
  await db.schema.createIndex('regularization_status_ix').on('regularization').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('regularization_employee_ix').on('regularization').columns(['employee_id', 'date']).execute();

  await db.schema
    .createTable('terminal_enrolment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope_key', 'text', (c) => c.notNull())
    .addColumn('terminal_id', 'text', (c) => c.references('terminal.id').onDelete('cascade'))
    .addColumn('terminal_user_id', 'integer', (c) => c.notNull())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('terminal_enrolment_uq', ['scope_key', 'terminal_user_id'])
    .execute();

  await db.schema
    .createTable('terminal_admin_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('terminal_id', 'text', (c) => c.notNull().references('terminal.id').onDelete('cascade'))
    .addColumn('terminal_serial', 'text', (c) => c.notNull())
    .addColumn('trans_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('utc_offset_minutes', 'integer', (c) => c.notNull())
    .addColumn('admin_id', 'integer')
    .addColumn('target_user_id', 'integer')
    .addColumn('employee_id', 'text', (c) => c.references('employee.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('result', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('terminal_admin_log_trans_uq', ['terminal_serial', 'trans_id'])
    .execute();
  await db.schema.createIndex('terminal_admin_log_terminal_ix').on('terminal_admin_log').columns(['terminal_id', 'at']).execute();

  await db.schema
    .createTable('attendance_job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    .addColumn('employee_id', 'text')
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();

  await db.schema
    .createTable('attendance_policy_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attendance_policy_log_at_ix').on('attendance_policy_log').column('at').execute();
}
