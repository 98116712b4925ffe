import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// Employee documents: a catalogue of types, onboarding checklists per
// employment type, the files (one row per version; bytes on disk under their
// SHA-256), requests for missing documents (spec §4.4), and sealed columns for
// government ids (AES-256-GCM with the data dir's key: the key is not in the
// database, so the clear PAN/UAN/ESI values are moved by the start-up step
// `sealGovernmentIds`, which has the key). Frozen once shipped.

const CATALOGUE: {
  name: string;
  category: string;
  description: string;
  expires?: boolean;
  remind?: number;
  hrOnly?: boolean;
  sensitive?: boolean;
}[] = [
  { name: 'PAN card', category: 'Identity', description: 'Permanent Account Number card (Income Tax Department).' },
  { name: 'Aadhaar', category: 'Identity', description: 'Aadhaar letter or e-Aadhaar (UIDAI).', sensitive: true },
  { name: 'Passport', category: 'Identity', description: 'The pages with the photograph, the address and the validity.', expires: true, remind: 90, sensitive: true },
  { name: 'Voter ID', category: 'Identity', description: 'Elector’s photo identity card (EPIC).' },
  { name: 'Driving licence', category: 'Identity', description: 'Both sides of the card.', expires: true, remind: 30 },
  { name: 'Bank proof', category: 'Other', description: 'A cancelled cheque or the first page of the passbook, for salary credit.', sensitive: true },
  { name: 'Address proof', category: 'Address', description: 'Current address: a utility bill, rent agreement or bank statement under three months old.' },
  { name: 'Photograph', category: 'Identity', description: 'A recent passport-size photograph.' },
  { name: 'Education certificates', category: 'Education', description: 'Highest qualification: degree or diploma certificate and mark sheets.' },
  { name: 'Previous employment', category: 'Employment', description: 'Relieving or experience letter from the last employer.' },
  { name: 'Last payslips', category: 'Employment', description: 'The last three payslips from the previous employer.', sensitive: true },
  { name: 'Appointment letter', category: 'Contract', description: 'The signed appointment (offer) letter.', hrOnly: true },
  { name: 'Signed policies', category: 'Contract', description: 'Code of conduct, POSH and IT policies, signed.' },
  { name: 'EPF Form 2', category: 'Statutory', description: 'EPF and EPS nomination and declaration.' },
  { name: 'EPF Form 11', category: 'Statutory', description: 'EPF declaration of previous membership.' },
  { name: 'ESIC Form 1', category: 'Statutory', description: 'ESI declaration form with family details.' },
  { name: 'Gratuity Form F', category: 'Statutory', description: 'Nomination under the Payment of Gratuity Act.' },
  { name: 'Medical fitness', category: 'Other', description: 'Certificate of medical fitness from a registered practitioner.', expires: true, remind: 30, sensitive: true },
  { name: 'Police verification', category: 'Other', description: 'Police clearance or verification certificate.', hrOnly: true, sensitive: true },
];

const CHECKLISTS: Record<string, string[]> = {
  FullTime: ['PAN card', 'Aadhaar', 'Bank proof', 'Address proof', 'Photograph', 'Education certificates', 'Previous employment', 'Appointment letter', 'Signed policies', 'EPF Form 2', 'EPF Form 11', 'Gratuity Form F'],
  PartTime: ['PAN card', 'Aadhaar', 'Bank proof', 'Address proof', 'Photograph', 'Appointment letter', 'Signed policies'],
  Contract: ['PAN card', 'Aadhaar', 'Bank proof', 'Address proof', 'Photograph', 'Appointment letter', 'Police verification', 'ESIC Form 1'],
  Intern: ['Aadhaar', 'Address proof', 'Photograph', 'Education certificates', 'Appointment letter', 'Signed policies'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_type')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('expires', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remind_days_before', 'integer')
    .addColumn('employee_may_upload', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('document_type_name_uq', ['name_key'])
    .addCheckConstraint(
      'document_type_category_ck',
      sql`category in ('Identity', 'Address', 'Education', 'Employment', 'Statutory', 'Contract', 'Other')`,
    )
    .execute();

  await db.schema
    .createTable('document_checklist')
    .addColumn('employment_type', 'text', (c) => c.notNull())
    .addColumn('document_type_id', 'text', (c) => c.notNull().references('document_type.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('document_checklist_pk', ['employment_type', 'document_type_id'])
    .execute();

  await db.schema
    .createTable('employee_document')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('restrict'))
    .addColumn('document_type_id', 'text', (c) => c.references('document_type.id').onDelete('restrict'))
    // `type:<id>` or `text:<lower-case name>`: versions count per slot.
    .addColumn('slot_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('expires_on', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('review_note', 'text')
    .addColumn('reviewed_by_name', 'text')
    .addColumn('reviewed_by_employee_id', 'text', (c) => c.references('employee.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .addColumn('uploaded_by_user_id', 'text', (c) => c.references('user_account.id').onDelete('set null'))
    .addColumn('uploaded_by_employee_id', 'text', (c) => c.references('employee.id').onDelete('set null'))
    .addColumn('uploaded_by_name', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .addColumn('deleted_by_name', 'text')
    .addColumn('delete_reason', 'text')
    .addColumn('purged_at', 'text')
    // The expiry date a reminder went out for: one reminder per expiry, even across restarts.
    .addColumn('expiry_notified_for', 'text')
    .addColumn('leave_request_id', 'text', (c) => c.references('leave_request.id').onDelete('set null'))
    .addUniqueConstraint('employee_document_version_uq', ['employee_id', 'slot_key', 'version'])
    .addCheckConstraint('employee_document_status_ck', sql`status in ('AwaitingVerification', 'Verified', 'Rejected')`)
    .execute();
  await db.schema.createIndex('employee_document_sha_ix').on('employee_document').column('sha256').execute();
  await db.schema.createIndex('employee_document_expiry_ix').on('employee_document').columns(['expires_on', 'deleted_at']).execute();
  await db.schema.createIndex('employee_document_status_ix').on('employee_document').columns(['status', 'deleted_at']).execute();
  await db.schema.createIndex('employee_document_leave_ix').on('employee_document').column('leave_request_id').execute();

  await db.schema
    .createTable('document_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employee.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    // `type:<id>` or `text:<lower-case name>`, like a document's slot.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('document_type_id', 'text', (c) => c.references('document_type.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_by_name', 'text', (c) => c.notNull())
    .addColumn('requested_by_employee_id', 'text', (c) => c.references('employee.id').onDelete('set null'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('closed_by_name', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('fulfilled_document_id', 'text', (c) => c.references('employee_document.id').onDelete('set null'))
    .addCheckConstraint('document_request_status_ck', sql`status in ('Open', 'Fulfilled', 'Cancelled')`)
    .execute();
  // "Already open" is a database rule: a name is open at most once per employee.
  await db.schema
    .createIndex('document_request_open_uq')
    .unique()
    .on('document_request')
    .columns(['employee_id', 'name_key'])
    .where(sql<boolean>`status = 'Open'`)
    .execute();
  await db.schema.createIndex('document_request_status_ix').on('document_request').columns(['status', 'employee_id']).execute();

  // The organisation-wide audit area pages newest first, optionally by actor or source.
  await db.schema.createIndex('audit_log_at_ix').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_at_ix').on('audit_log').columns(['actor_employee_id', 'at']).execute();

  for (const column of ['aadhaar', 'passport', 'pan', 'uan', 'esi']) {
    await db.schema.alterTable('employee').addColumn(`${column}_enc`, 'text').execute();
    await db.schema.alterTable('employee').addColumn(`${column}_last4`, 'text').execute();
  }

  const now = new Date().toISOString();
  const ids = new Map<string, string>();
  const rows = CATALOGUE.map((t, i) => {
    const id = crypto.randomUUID();
    ids.set(t.name, id);
    return {
      id,
      name: t.name,
      name_key: t.name.toLowerCase(),
      category: t.category,
      description: t.description,
      expires: t.expires ? 1 : 0,
      remind_days_before: t.expires ? (t.remind ?? 30) : null,
      employee_may_upload: t.hrOnly ? 0 : 1,
      sensitive: t.sensitive ? 1 : 0,
      active: 1,
      sort_order: i + 1,
      created_at: now,
      updated_at: now,
    };
  });
  await (db as Kysely<any>).insertInto('document_type').values(rows).execute();
  const checklist = Object.entries(CHECKLISTS).flatMap(([employmentType, names]) =>
    names.map((name) => ({ employment_type: employmentType, document_type_id: ids.get(name) as string })),
  );
  await (db as Kysely<any>).insertInto('document_checklist').values(checklist).execute();
}
