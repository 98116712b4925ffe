import type { Kysely } from 'kysely';

// The document type that supporting files of leave requests (a medical
// certificate for sick leave above the type's `documentsAboveDays`) are
// filed under. Its id is fixed: the documents module finds it by that id
// (`LEAVE_DOCUMENT_TYPE_ID` in modules/documents/leave-files.ts), whatever HR
// renames it to. Category Other, not sensitive (the approvers read it), no
// expiry, on no onboarding checklist. Frozen once shipped.

const LEAVE_DOCUMENT_TYPE_ID = '1eaf0d0c-0000-4000-8000-000000000001';

export async function up(db: Kysely<unknown>): Promise<void> {
  const k = db as Kysely<any>;
  // A type of that name HR made already keeps its name; this one says what it is for.
  const taken = await k.selectFrom('document_type').select('id').where('name_key', '=', 'leave supporting document').executeTakeFirst();
  const name = taken ? 'Leave supporting document (leave requests)' : 'Leave supporting document';
  const order = await k.selectFrom('document_type').select((eb) => eb.fn.max('sort_order').as('n')).executeTakeFirst();
  const now = new Date().toISOString();
  await k
    .insertInto('document_type')
    .values({
      id: LEAVE_DOCUMENT_TYPE_ID,
      name,
      name_key: name.toLowerCase(),
      category: 'Other',
      description: 'A medical certificate or other proof attached to a leave request (sick leave above the days its policy names). Attached from the leave request, never on a checklist.',
      expires: 0,
      remind_days_before: null,
      employee_may_upload: 1,
      sensitive: 0,
      active: 1,
      sort_order: Number(order?.n ?? 0) + 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
