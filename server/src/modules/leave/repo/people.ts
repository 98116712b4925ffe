import type { Db } from '../../../context.ts';

/** Employees as leave sees them: applicants, teams, backups, the people a calendar or a job covers (tables employee, user_account). */

export interface ApplicantRow {
  id: string;
  full_name: string;
  code: string;
  manager_id: string | null;
  manager_name: string | null;
  department_id: string | null;
  location_id: string | null;
  joined_date: string;
  exit_date: string | null;
  status: string;
  gender: string | null;
}

function applicantQuery(db: Db) {
  return db
    .selectFrom('employee as e')
    .leftJoin('employee as m', 'm.id', 'e.manager_id')
    .select([
      'e.id',
      'e.full_name',
      'e.code',
      'e.manager_id',
      'm.full_name as manager_name',
      'e.department_id',
      'e.location_id',
      'e.joined_date',
      'e.exit_date',
      'e.status',
      'e.gender',
    ]);
}

export async function findApplicant(db: Db, id: string): Promise<ApplicantRow | undefined> {
  return applicantQuery(db).where('e.id', '=', id).executeTakeFirst();
}

export async function findApplicants(db: Db, ids: readonly string[]): Promise<ApplicantRow[]> {
  if (ids.length === 0) return [];
  return applicantQuery(db).where('e.id', 'in', [...ids]).execute();
}

/** Everyone (not exited) reporting to one of these managers, with their manager. */
export async function teamMembers(db: Db, managerIds: readonly string[]): Promise<{ id: string; manager_id: string | null }[]> {
  if (managerIds.length === 0) return [];
  return db
    .selectFrom('employee')
    .select(['id', 'manager_id'])
    .where('manager_id', 'in', [...managerIds])
    .where('status', '!=', 'Exited')
    .execute();
}

export async function employeeExists(db: Db, id: string): Promise<{ id: string; full_name: string; status: string } | undefined> {
  return db.selectFrom('employee').select(['id', 'full_name', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Not-exited employees with these managers, or these ids: a picker's choices. */
export async function colleagueRows(db: Db, managerIds: readonly string[], ids: readonly string[]) {
  if (managerIds.length === 0 && ids.length === 0) return [];
  return db
    .selectFrom('employee')
    .select(['id', 'full_name', 'code'])
    .where('status', '!=', 'Exited')
    .where((eb) =>
      eb.or([
        ...(managerIds.length ? [eb('manager_id', 'in', [...managerIds])] : []),
        ...(ids.length ? [eb('id', 'in', [...ids])] : []),
      ]),
    )
    .orderBy('full_name')
    .execute();
}

export async function employeesForCalendar(db: Db, ids: readonly string[], departmentId?: string) {
  if (ids.length === 0) return [];
  let q = db
    .selectFrom('employee as e')
    .leftJoin('department as dp', 'dp.id', 'e.department_id')
    .select(['e.id', 'e.full_name', 'e.code', 'dp.name as department'])
    .where('e.id', 'in', [...ids])
    .where('e.status', '!=', 'Exited');
  if (departmentId) q = q.where('e.department_id', '=', departmentId);
  return q.orderBy('e.full_name').execute();
}

/** Employees the jobs credit: not exited before the policy's start. */
export async function employeesForCredits(db: Db, since: string) {
  return db
    .selectFrom('employee')
    .select(['id', 'full_name', 'joined_date', 'exit_date', 'gender'])
    .where((eb) => eb.or([eb('exit_date', 'is', null), eb('exit_date', '>=', since)]))
    .execute();
}

/** Whether an employee can decide at the manager stage: an active login and not exited. */
export async function hasActiveLogin(db: Db, employeeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_account as ua')
    .innerJoin('employee as m', 'm.id', 'ua.employee_id')
    .select('ua.id')
    .where('ua.employee_id', '=', employeeId)
    .where('ua.active', '=', 1)
    .where('m.status', '!=', 'Exited')
    .executeTakeFirst();
  return row !== undefined;
}

/** Everyone not exited, in code order, with what the demo needs to plan their leave. */
export async function employeesForDemo(db: Db) {
  return db
    .selectFrom('employee')
    .select(['id', 'full_name', 'email', 'manager_id', 'gender', 'joined_date', 'status', 'location_id'])
    .where('status', '!=', 'Exited')
    .orderBy('code')
    .execute();
}
