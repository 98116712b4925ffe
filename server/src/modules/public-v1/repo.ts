import type { Db } from '../../context.ts';

function publicEmployeeQuery(db: Db) {
  return db
    .selectFrom('employee')
    .leftJoin('designation', 'designation.id', 'employee.designation_id')
    .leftJoin('department', 'department.id', 'employee.department_id')
    .leftJoin('location', 'location.id', 'employee.location_id')
    .leftJoin('employee as manager', 'manager.id', 'employee.manager_id')
    .select([
      'employee.id',
      'employee.code',
      'employee.full_name',
      'employee.email',
      'employee.phone',
      'designation.name as designation',
      'department.name as department',
      'location.name as location',
      'employee.manager_id',
      'manager.full_name as manager_name',
      'employee.joined_date',
      'employee.exit_date',
      'employee.status',
      'employee.employment_type',
    ]);
}

/** The whole directory with display names, in code order. */
export async function publicEmployeeRows(db: Db) {
  return publicEmployeeQuery(db).orderBy('employee.code').execute();
}

/** One employee with display names. */
export async function publicEmployeeRow(db: Db, id: string) {
  return publicEmployeeQuery(db).where('employee.id', '=', id).executeTakeFirst();
}

/** Employees on the books on a day: joined by then and not yet exited. */
export async function employedOn(db: Db, day: string) {
  return db
    .selectFrom('employee')
    .select(['id', 'code', 'full_name'])
    .where('joined_date', '<=', day)
    .where((eb) => eb.or([eb('exit_date', 'is', null), eb('exit_date', '>=', day)]))
    .orderBy('code')
    .execute();
}
