import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

// Compliance registers (issue 10). Frozen once shipped.
//
// - `job`: one small job mechanism (start, progress, result, cancel) shared by
//   the attendance recompute (its rows move here from `attendance_job`), the
//   compliance bundle and large exports. A restart finds `running` rows and
//   marks them failed ("server restarted").
// - The establishment data every register header prints: organisation-wide
//   (employer, manager, LIN, EPF/ESIC codes, wage period) on `organisation`,
//   per location (establishment name and address, Shops & Establishments
//   registration and state, state profile, manager, TN festival-holiday
//   approval) on `location`.
// - `employee_register`: the register fields the directory lacks, 1:1 with
//   `employee` (kept out of `employee`, which the documents work re-shapes).
// - Filed periods: `compliance_filing` (one per month and location, or all
//   locations), `compliance_filed_file` (each stored file with its SHA-256;
//   bytes under `<data dir>/compliance/`), `compliance_filed_register` (the
//   row hashes amendments are detected against) and `compliance_amendment`.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('permission', 'text', (c) => c.notNull())
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by_user_id', 'text')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addCheckConstraint('job_status_ck', sql`status in ('running', 'done', 'failed', 'cancelled')`)
    .execute();
  await db.schema.createIndex('job_status_ix').on('job').columns(['status', 'started_at']).execute();

  // The recompute jobs keep their ids, progress and outcome.
  await sql`
    insert into job (id, kind, title, status, total, done, message, params, result, error, permission, cancel_requested,
                     created_by_user_id, created_by_name, started_at, updated_at, finished_at)
    select id, 'attendance.recompute', 'Recompute attendance ' || from_date || ' to ' || to_date, status, total, done, null,
           ${isPostgres(db) ? sql`cast(json_build_object('from', from_date, 'to', to_date, 'employeeId', employee_id) as text)` : sql`json_object('from', from_date, 'to', to_date, 'employeeId', employee_id)`}, null, error, 'attendance:manage', 0,
           null, created_by_name, started_at, coalesce(finished_at, started_at), finished_at
    from attendance_job`.execute(db);
  await db.schema.dropTable('attendance_job').execute();

  for (const [column, type] of [
    ['employer_name', 'text'],
    ['manager_name', 'text'],
    ['lin', 'text'],
    ['epf_establishment_code', 'text'],
    ['esic_employer_code', 'text'],
  ] as const) {
    await db.schema.alterTable('organisation').addColumn(column, type).execute();
  }
  await db.schema
    .alterTable('organisation')
    .addColumn('wage_period_start_day', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  for (const column of ['establishment_name', 'establishment_address', 'se_registration_number', 'se_state', 'manager_name', 'fh_approval_reference']) {
    await db.schema.alterTable('location').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('location')
    .addColumn('state_profile', 'text', (c) => c.notNull().defaultTo('central-2017'))
    .execute();

  await db.schema
    .createTable('employee_register')
    .addColumn('employee_id', 'text', (c) => c.primaryKey().references('employee.id').onDelete('cascade'))
    .addColumn('surname', 'text')
    .addColumn('father_or_spouse_name', 'text')
    .addColumn('nationality', 'text')
    .addColumn('education_level', 'text')
    .addColumn('skill_category', 'text')
    .addColumn('present_address', 'text')
    .addColumn('permanent_address', 'text')
    .addColumn('identification_mark', 'text')
    .addColumn('pf_member_id', 'text')
    .addColumn('lwf_number', 'text')
    .addColumn('service_book_number', 'text')
    .addColumn('permanent_on', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('employee_register_skill_ck', sql`skill_category is null or skill_category in ('HS', 'S', 'SS', 'US')`)
    .execute();

  await db.schema
    .createTable('compliance_filing')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('period', 'text', (c) => c.notNull())
    // A location id, or '*' for the whole organisation.
    .addColumn('location_key', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text', (c) => c.references('location.id').onDelete('restrict'))
    .addColumn('bundle_sha256', 'text', (c) => c.notNull())
    .addColumn('manifest', 'text', (c) => c.notNull())
    .addColumn('filed_by_user_id', 'text')
    .addColumn('filed_by_name', 'text', (c) => c.notNull())
    .addColumn('filed_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('compliance_filing_period_uq', ['period', 'location_key'])
    .execute();

  await db.schema
    .createTable('compliance_filed_file')
    .addColumn('filing_id', 'text', (c) => c.notNull().references('compliance_filing.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('register_key', 'text', (c) => c.notNull())
    .addColumn('profile', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('location_id', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('storage_path', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('compliance_filed_file_pk', ['filing_id', 'name'])
    .execute();

  await db.schema
    .createTable('compliance_filed_register')
    .addColumn('filing_id', 'text', (c) => c.notNull().references('compliance_filing.id').onDelete('cascade'))
    .addColumn('register_key', 'text', (c) => c.notNull())
    .addColumn('profile', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('location_key', 'text', (c) => c.notNull())
    // JSON: the filed rows (keys, cells) and each row's hash; the file holding them is under the filing's folder.
    .addColumn('rows_sha256', 'text', (c) => c.notNull())
    .addColumn('rows_path', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('compliance_filed_register_pk', ['filing_id', 'register_key', 'profile', 'location_key'])
    .execute();

  await db.schema
    .createTable('compliance_amendment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('filing_id', 'text', (c) => c.notNull().references('compliance_filing.id').onDelete('cascade'))
    // SHA-256 of the differences: the same differences found again are not a new amendment.
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('rows_changed', 'integer', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('differences', 'text', (c) => c.notNull())
    .addColumn('detected_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('compliance_amendment_digest_uq', ['filing_id', 'digest'])
    .execute();
}
