import type { Db } from '../../context.ts';
import type { DepartmentTable, DesignationTable, HolidayTable, LocationTable, OrganisationTable } from '../../db/schema.ts';

export const ORG_ID = 'org';

export async function findOrganisationRow(db: Db): Promise<OrganisationTable | undefined> {
  return db
    .selectFrom('organisation')
    .select(['id', 'name', 'time_zone', 'fy_start_month', 'weekly_offs', 'setup_completed_at', 'created_at', 'default_locale'])
    .where('id', '=', ORG_ID)
    .executeTakeFirst();
}

/** The organisation row; every started server has one. */
export async function getOrganisationRow(db: Db): Promise<OrganisationTable> {
  const row = await findOrganisationRow(db);
  if (!row) throw new Error('organisation row missing: start-up did not initialise the database');
  return row;
}

export async function insertOrganisationRow(db: Db, row: OrganisationTable): Promise<void> {
  await db.insertInto('organisation').values(row).execute();
}

/** The shift every employee without one works (a new database has exactly one). */
export async function insertDefaultShiftRow(db: Db, row: { id: string; name: string; start_time: string; end_time: string; created_at: string }): Promise<void> {
  await db.insertInto('shift').values({ ...row, is_default: 1 }).execute();
}

export async function updateOrganisationRow(db: Db, patch: Partial<Omit<OrganisationTable, 'id'>>): Promise<void> {
  await db.updateTable('organisation').set(patch).where('id', '=', ORG_ID).execute();
}

export async function listDepartmentRows(db: Db) {
  return db
    .selectFrom('department')
    .leftJoin('employee', (j) => j.onRef('employee.department_id', '=', 'department.id').on('employee.status', '!=', 'Exited'))
    .select((eb) => ['department.id', 'department.name', 'department.code', eb.fn.count<number>('employee.id').as('headcount')])
    .groupBy(['department.id', 'department.name', 'department.code'])
    .orderBy('department.name')
    .execute();
}

export async function findDepartmentRow(db: Db, id: string) {
  return db.selectFrom('department').select(['id', 'name', 'code']).where('id', '=', id).executeTakeFirst();
}

export async function insertDepartmentRow(db: Db, row: DepartmentTable): Promise<void> {
  await db.insertInto('department').values(row).execute();
}

export async function updateDepartmentRow(db: Db, id: string, patch: Partial<Pick<DepartmentTable, 'name' | 'code'>>) {
  await db.updateTable('department').set(patch).where('id', '=', id).execute();
}

export async function deleteDepartmentRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('department').where('id', '=', id).execute();
}

export async function listLocationRows(db: Db) {
  return db
    .selectFrom('location')
    .leftJoin('employee', (j) => j.onRef('employee.location_id', '=', 'location.id').on('employee.status', '!=', 'Exited'))
    .select((eb) => [
      'location.id',
      'location.name',
      'location.address_line',
      'location.city',
      'location.state',
      'location.postal_code',
      'location.country',
      eb.fn.count<number>('employee.id').as('headcount'),
    ])
    .groupBy([
      'location.id',
      'location.name',
      'location.address_line',
      'location.city',
      'location.state',
      'location.postal_code',
      'location.country',
    ])
    .orderBy('location.name')
    .execute();
}

export async function findLocationRow(db: Db, id: string) {
  return db
    .selectFrom('location')
    .select(['id', 'name', 'address_line', 'city', 'state', 'postal_code', 'country'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertLocationRow(db: Db, row: LocationTable): Promise<void> {
  await db.insertInto('location').values(row).execute();
}

export async function updateLocationRow(db: Db, id: string, patch: Partial<Omit<LocationTable, 'id' | 'created_at'>>) {
  await db.updateTable('location').set(patch).where('id', '=', id).execute();
}

export async function deleteLocationRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('location').where('id', '=', id).execute();
}

export async function listDesignationRows(db: Db) {
  return db
    .selectFrom('designation')
    .leftJoin('employee', (j) => j.onRef('employee.designation_id', '=', 'designation.id').on('employee.status', '!=', 'Exited'))
    .select((eb) => ['designation.id', 'designation.name', eb.fn.count<number>('employee.id').as('headcount')])
    .groupBy(['designation.id', 'designation.name'])
    .orderBy('designation.name')
    .execute();
}

export async function findDesignationRow(db: Db, id: string) {
  return db.selectFrom('designation').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function insertDesignationRow(db: Db, row: DesignationTable): Promise<void> {
  await db.insertInto('designation').values(row).execute();
}

export async function updateDesignationRow(db: Db, id: string, patch: Partial<Pick<DesignationTable, 'name'>>) {
  await db.updateTable('designation').set(patch).where('id', '=', id).execute();
}

export async function deleteDesignationRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('designation').where('id', '=', id).execute();
}

export async function countEmployeesReferencing(
  db: Db,
  column: 'department_id' | 'location_id' | 'designation_id' | 'shift_id',
  id: string,
): Promise<number> {
  const row = await db
    .selectFrom('employee')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listHolidayRows(db: Db, from: string, to: string): Promise<HolidayTable[]> {
  return db
    .selectFrom('holiday')
    .select(['id', 'date', 'name', 'location_id', 'optional', 'created_at'])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .execute();
}

export async function insertHolidayRow(db: Db, row: HolidayTable): Promise<void> {
  await db.insertInto('holiday').values(row).execute();
}

export async function listShiftRows(db: Db) {
  return db.selectFrom('shift').select(['id', 'name', 'start_time', 'end_time', 'is_default']).orderBy('name').execute();
}

export async function findShiftRow(db: Db, id: string) {
  return db.selectFrom('shift').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

// ---- Establishment data for the register headers (0010_compliance) ----

export async function establishmentRow(db: Db) {
  return db
    .selectFrom('organisation')
    .select(['name', 'employer_name', 'manager_name', 'lin', 'epf_establishment_code', 'esic_employer_code', 'wage_period_start_day'])
    .where('id', '=', ORG_ID)
    .executeTakeFirstOrThrow();
}

export async function locationEstablishmentRows(db: Db) {
  return db
    .selectFrom('location')
    .select([
      'id',
      'name',
      'address_line',
      'city',
      'state',
      'postal_code',
      'establishment_name',
      'establishment_address',
      'se_registration_number',
      'se_state',
      'state_profile',
      'manager_name',
      'fh_approval_reference',
    ])
    .orderBy('name')
    .execute();
}

export async function updateLocationEstablishmentRow(
  db: Db,
  id: string,
  patch: Partial<Pick<LocationTable, 'establishment_name' | 'establishment_address' | 'se_registration_number' | 'se_state' | 'state_profile' | 'manager_name' | 'fh_approval_reference'>>,
): Promise<void> {
  await db.updateTable('location').set(patch).where('id', '=', id).execute();
}
