import type { Db } from '../../../context.ts';

/** What the documents module reads of a person: employment type (their checklist), name, status. */
export async function employeeFacts(db: Db, id: string) {
  return db
    .selectFrom('employee')
    .select(['id', 'full_name', 'code', 'employment_type', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Everyone, for the demo seed: who they are and which checklist applies. */
export async function everyoneForSeed(db: Db) {
  return db
    .selectFrom('employee')
    .select(['id', 'full_name', 'code', 'email', 'employment_type', 'status', 'joined_date', 'exit_date', 'pan_last4'])
    .orderBy('code')
    .execute();
}

/** A signed-in person's ids by email (the demo's HR uploader). */
export async function personByEmail(db: Db, email: string) {
  return db
    .selectFrom('employee')
    .leftJoin('user_account', 'user_account.employee_id', 'employee.id')
    .select(['employee.id', 'employee.full_name', 'user_account.id as user_id'])
    .where('employee.email', '=', email)
    .executeTakeFirst();
}
