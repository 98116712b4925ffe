import { type Kysely, sql } from 'kysely';

// Frozen once shipped: later changes go in a new numbered migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organisation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('fy_start_month', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('weekly_offs', 'text', (c) => c.notNull())
    .addColumn('setup_completed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('department')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('department_name_uq', ['name'])
    .execute();

  await db.schema
    .createTable('location')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address_line', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('India'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('location_name_uq', ['name'])
    .execute();

  await db.schema
    .createTable('designation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('designation_name_uq', ['name'])
    .execute();

  await db.schema
    .createTable('shift')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('shift_name_uq', ['name'])
    .execute();

  await db.schema
    .createTable('employee')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('designation_id', 'text', (c) => c.references('designation.id').onDelete('restrict'))
    .addColumn('department_id', 'text', (c) => c.references('department.id').onDelete('restrict'))
    .addColumn('location_id', 'text', (c) => c.references('location.id').onDelete('restrict'))
    .addColumn('manager_id', 'text', (c) => c.references('employee.id').onDelete('restrict'))
    .addColumn('joined_date', 'text', (c) => c.notNull())
    .addColumn('exit_date', 'text')
    .addColumn('exit_reason', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('employment_type', 'text', (c) => c.notNull())
    .addColumn('gender', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('shift_id', 'text', (c) => c.references('shift.id').onDelete('restrict'))
    .addColumn('terminal_user_id', 'integer')
    .addColumn('ctc_annual', 'integer')
    .addColumn('pan', 'text')
    .addColumn('uan', 'text')
    .addColumn('esi', 'text')
    .addColumn('bank_account_number', 'text')
    .addColumn('bank_ifsc', 'text')
    .addColumn('bank_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('employee_code_uq', ['code'])
    .addUniqueConstraint('employee_email_uq', ['email'])
    .addUniqueConstraint('employee_terminal_user_uq', ['terminal_user_id'])
    .addCheckConstraint('employee_status_ck', sql`status in ('Active', 'OnNotice', 'Exited')`)
    .execute();
  // Sort keys carry the list's tie-breakers (name, id) so a page is read straight off the index.
  for (const column of ['full_name', 'joined_date', 'status', 'ctc_annual']) {
    const columns = column === 'full_name' ? ['full_name', 'id'] : [column, 'full_name', 'id'];
    await db.schema.createIndex(`employee_${column}_ix`).on('employee').columns(columns).execute();
  }
  for (const column of ['exit_date', 'department_id', 'location_id', 'designation_id', 'manager_id']) {
    await db.schema.createIndex(`employee_${column}_ix`).on('employee').column(column).execute();
  }

  await db.schema
    .createTable('user_account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_login_at', 'text')
    .addColumn('password_changed_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_account_email_uq', ['email'])
    .addUniqueConstraint('user_account_employee_uq', ['employee_id'])
    .execute();

  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role'])
    .addCheckConstraint('user_role_role_ck', sql`role in ('Admin', 'HR', 'Manager', 'Employee')`)
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('revoked_at', 'text')
    .addUniqueConstraint('session_token_hash_uq', ['token_hash'])
    .execute();
  await db.schema.createIndex('session_user_ix').on('session').columns(['user_id', 'revoked_at']).execute();

  await db.schema
    .createTable('api_key')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('employee_id', 'text', (c) => c.references('employee.id').onDelete('cascade'))
    .addColumn('created_by_user_id', 'text', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addUniqueConstraint('api_key_hash_uq', ['key_hash'])
    .addCheckConstraint('api_key_scope_ck', sql`scope in ('ReadOnly', 'ReadWrite')`)
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('actor_employee_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_employee_at_ix').on('audit_log').columns(['employee_id', 'at']).execute();
  await db.schema
    .createIndex('audit_log_employee_category_at_ix')
    .on('audit_log')
    .columns(['employee_id', 'category', 'at'])
    .execute();

  await db.schema
    .createTable('notification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('link', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema
    .createIndex('notification_user_ix')
    .on('notification')
    .columns(['user_id', 'read_at', 'created_at'])
    .execute();

  await db.schema
    .createTable('holiday')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text', (c) => c.references('location.id').onDelete('cascade'))
    .addColumn('optional', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('holiday_date_ix').on('holiday').columns(['date', 'location_id']).execute();
}
