import type { Db } from '../../context.ts';
import type { EmployeeRegisterTable } from '../../db/schema.ts';

/** The register fields the directory lacks (`employee_register`, 1:1 with `employee`). */

const COLUMNS = [
  'employee_id',
  'surname',
  'father_or_spouse_name',
  'nationality',
  'education_level',
  'skill_category',
  'present_address',
  'permanent_address',
  'identification_mark',
  'pf_member_id',
  'lwf_number',
  'service_book_number',
  'permanent_on',
  'updated_at',
] as const;

export async function findRegisterRow(db: Db, employeeId: string): Promise<EmployeeRegisterTable | undefined> {
  return db.selectFrom('employee_register').select(COLUMNS).where('employee_id', '=', employeeId).executeTakeFirst();
}

export async function upsertRegisterRow(db: Db, row: EmployeeRegisterTable): Promise<void> {
  const { employee_id: _, ...rest } = row;
  await db
    .insertInto('employee_register')
    .values(row)
    .onConflict((oc) => oc.column('employee_id').doUpdateSet(rest))
    .execute();
}

/**
 * Everything the statutory registers print about the employees of a location
 * (or all) employed at some time in from..to: the directory row, its
 * catalogue names and the register fields.
 */
export async function registerRecordRows(db: Db, input: { locationId?: string | undefined; from: string; to: string }) {
  let q = db
    .selectFrom('employee as e')
    .leftJoin('employee_register as r', 'r.employee_id', 'e.id')
    .leftJoin('designation as d', 'd.id', 'e.designation_id')
    .leftJoin('department as dep', 'dep.id', 'e.department_id')
    .leftJoin('location as l', 'l.id', 'e.location_id')
    .select([
      'e.id',
      'e.code',
      'e.full_name',
      'e.email',
      'e.phone',
      'e.joined_date',
      'e.exit_date',
      'e.exit_reason',
      'e.status',
      'e.employment_type',
      'e.gender',
      'e.date_of_birth',
      'e.location_id',
      'e.pan_enc',
      'e.uan_enc',
      'e.esi_enc',
      'e.aadhaar_last4',
      'e.bank_account_number',
      'e.bank_ifsc',
      'e.bank_name',
      'd.name as designation_name',
      'dep.name as department_name',
      'l.name as location_name',
      'r.surname',
      'r.father_or_spouse_name',
      'r.nationality',
      'r.education_level',
      'r.skill_category',
      'r.present_address',
      'r.permanent_address',
      'r.identification_mark',
      'r.pf_member_id',
      'r.lwf_number',
      'r.service_book_number',
      'r.permanent_on',
    ])
    .where('e.joined_date', '<=', input.to)
    .where((eb) => eb.or([eb('e.exit_date', 'is', null), eb('e.exit_date', '>=', input.from)]));
  if (input.locationId) q = q.where('e.location_id', '=', input.locationId);
  return q.orderBy('e.joined_date').orderBy('e.code').execute();
}

export type RegisterRecordStored = Awaited<ReturnType<typeof registerRecordRows>>[number];

/**
 * The serial number of every employee in the employee register of a location
 * (or of the organisation): order of joining, then code — stable as people join.
 */
export async function registerSerials(db: Db, locationId?: string | null): Promise<Map<string, number>> {
  let q = db.selectFrom('employee').select(['id']);
  if (locationId) q = q.where('location_id', '=', locationId);
  const rows = await q.orderBy('joined_date').orderBy('code').execute();
  return new Map(rows.map((r, i) => [r.id, i + 1]));
}
