import { z } from 'zod';
import { freeText } from './free-text.ts';
import { ExportFormat, Instant, IsoDate, PageQuery, Uuid, UuidInput, paginated, queryInt } from './common.ts';
import { EmploymentType } from './employees.ts';
import EN_LABELS from './i18n/en-IN/labels.json' with { type: 'json' };

/** Employee documents: the catalogue of types, checklists, files with versions, and requests for missing ones (spec §4.4). */

export const DOCUMENT_CATEGORIES = ['Identity', 'Address', 'Education', 'Employment', 'Statutory', 'Contract', 'Other'] as const;
export const DocumentCategory = z.enum(DOCUMENT_CATEGORIES);
export type DocumentCategory = z.infer<typeof DocumentCategory>;

export const DOCUMENT_TYPE_NAME_MAX = 80;
export const DOCUMENT_NOTE_MAX = 500;
export const REMIND_DAYS_MAX = 365;

/** Media types a document file may have by default (decided by its bytes); `MUSTER_DOCUMENT_TYPES` narrows or widens it. */
export const DOCUMENT_MEDIA_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

export const DocumentTypeRef = z
  .object({ id: Uuid, name: z.string(), category: DocumentCategory, sensitive: z.boolean() })
  .meta({ id: 'DocumentTypeRef' });
export type DocumentTypeRef = z.infer<typeof DocumentTypeRef>;

export const DocumentType = z
  .object({
    id: Uuid,
    name: z.string(),
    category: DocumentCategory,
    description: z.string().nullable(),
    expires: z.boolean().meta({ description: 'Documents of this type carry an expiry date (a passport, a driving licence).' }),
    remindDaysBefore: z.number().int().nullable().meta({ description: 'The employee is reminded this many days before a document expires.' }),
    employeeMayUpload: z.boolean().meta({ description: 'The employee may upload their own; otherwise HR only.' }),
    sensitive: z.boolean().meta({ description: 'Only holders of `employee:sensitive` read other people’s documents of this type.' }),
    active: z.boolean().meta({ description: 'Inactive types are kept for the documents already filed under them but offered for nothing new.' }),
    requiredFor: z.array(EmploymentType).meta({ description: 'The employment types whose onboarding checklist requires this type.' }),
    forLeaveRequests: z.boolean().meta({
      description:
        'The type supporting files of leave requests are filed under (a medical certificate): attached from the leave request (`POST /api/leave/requests/{id}/documents`), never uploaded on its own, never on a checklist, never expiring.',
    }),
  })
  .meta({ id: 'DocumentType' });
export type DocumentType = z.infer<typeof DocumentType>;

export const DocumentTypeList = z.object({ items: z.array(DocumentType) }).meta({ id: 'DocumentTypeList' });
export type DocumentTypeList = z.infer<typeof DocumentTypeList>;

const typeFields = {
  name: freeText().min(1, 'is required').max(DOCUMENT_TYPE_NAME_MAX),
  category: DocumentCategory,
  description: freeText({ multiline: true }).max(DOCUMENT_NOTE_MAX).nullable().optional(),
  expires: z.boolean().default(false),
  remindDaysBefore: z.number().int().min(1).max(REMIND_DAYS_MAX).nullable().optional(),
  employeeMayUpload: z.boolean().default(true),
  sensitive: z.boolean().default(false),
};

export const DocumentTypeCreate = z.object(typeFields).strict().meta({ id: 'DocumentTypeCreate' });
export type DocumentTypeCreate = z.output<typeof DocumentTypeCreate>;

export const DocumentTypeUpdate = z
  .object({
    name: typeFields.name,
    category: DocumentCategory,
    description: typeFields.description,
    expires: z.boolean(),
    remindDaysBefore: typeFields.remindDaysBefore,
    employeeMayUpload: z.boolean(),
    sensitive: z.boolean(),
    active: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'send at least one field to change')
  .meta({ id: 'DocumentTypeUpdate' });
export type DocumentTypeUpdate = z.output<typeof DocumentTypeUpdate>;

export const ChecklistUpdate = z
  .object({ typeIds: z.array(Uuid).max(100).meta({ description: 'Every type the checklist requires; the list replaces the old one.' }) })
  .strict()
  .meta({ id: 'ChecklistUpdate' });
export type ChecklistUpdate = z.infer<typeof ChecklistUpdate>;

export const DOCUMENT_STATUSES = ['AwaitingVerification', 'Verified', 'Rejected'] as const;
export const DocumentStatus = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof DocumentStatus>;

// The English words live in the labels catalogue, beside their translations (one map per language).
export const DOCUMENT_STATUS_LABELS: Readonly<Record<DocumentStatus, string>> = EN_LABELS.documentStatus;

export const EmployeeDocument = z
  .object({
    id: Uuid,
    employeeId: Uuid,
    type: DocumentTypeRef.nullable().meta({ description: 'Null for a free-text document (one asked for by name, outside the catalogue).' }),
    title: z.string().meta({ description: 'The type’s name, or the free-text name.' }),
    version: z.number().int().min(1),
    originalName: z.string().meta({ description: 'The file name as uploaded (never used on disk).' }),
    sizeBytes: z.number().int().min(0),
    mediaType: z.string().meta({ description: 'Decided from the file’s bytes, not its name or declared type.' }),
    sha256: z.string().meta({ description: 'Hex SHA-256 of the bytes; checked on every download.' }),
    expiresOn: IsoDate.nullable(),
    status: DocumentStatus,
    reviewNote: z.string().nullable(),
    reviewedByName: z.string().nullable(),
    reviewedAt: Instant.nullable(),
    uploadedByName: z.string(),
    uploadedAt: Instant,
    current: z.boolean().meta({ description: 'The newest version that is not deleted.' }),
    deletedAt: Instant.nullable(),
    deletedByName: z.string().nullable(),
    deleteReason: z.string().nullable(),
    purged: z.boolean().meta({ description: 'The retention job removed the bytes of this deleted document.' }),
    leaveRequestId: Uuid.nullable().meta({ description: 'The leave request this file supports (a medical certificate), or null for a document of the employee’s file.' }),
  })
  .meta({ id: 'EmployeeDocument' });
export type EmployeeDocument = z.infer<typeof EmployeeDocument>;

/** The id of the seeded type supporting files of leave requests are filed under (migration 0010; HR may rename it). */
export const LEAVE_DOCUMENT_TYPE_ID = '1eaf0d0c-0000-4000-8000-000000000001';

export const AttachedDocument = z
  .object({
    id: Uuid.meta({ description: 'The document’s id (download it with `GET /api/documents/{id}/file`).' }),
    title: z.string().meta({ description: 'The document type’s name (“Leave supporting document”).' }),
    originalName: z.string().meta({ description: 'The file name as uploaded.' }),
    mediaType: z.string().meta({ description: 'Decided from the file’s bytes: PDF, JPEG, PNG or WebP.' }),
    sizeBytes: z.number().int().min(0),
    status: DocumentStatus.meta({ description: 'HR’s verification of the file, as for any document: a file HR attached is `Verified`, one the employee attached `AwaitingVerification`; a `Rejected` one does not count as the supporting document.' }),
    uploadedAt: Instant,
    uploadedByName: z.string(),
    downloadUrl: z.string().meta({ description: '`/api/documents/{id}/file`: the download, with the same scope checks and security headers as every document.' }),
  })
  .meta({ id: 'AttachedDocument', description: 'A file attached to a record (a leave request), as those who may see the record and the file see it.' });
export type AttachedDocument = z.infer<typeof AttachedDocument>;

export const REQUEST_STATUSES = ['Open', 'Fulfilled', 'Cancelled'] as const;
export const DocumentRequestStatus = z.enum(REQUEST_STATUSES);
export type DocumentRequestStatus = z.infer<typeof DocumentRequestStatus>;

export const DocumentRequest = z
  .object({
    id: Uuid,
    employeeId: Uuid,
    name: z.string(),
    type: DocumentTypeRef.nullable().meta({ description: 'The catalogue type the name matched, or null for a free-text request.' }),
    status: DocumentRequestStatus,
    requestedByName: z.string(),
    requestedAt: Instant,
    closedByName: z.string().nullable(),
    closedAt: Instant.nullable(),
    fulfilledByDocumentId: Uuid.nullable(),
  })
  .meta({ id: 'DocumentRequest' });
export type DocumentRequest = z.infer<typeof DocumentRequest>;

/** Where one item of an employee's file stands. */
export const ITEM_STATES = ['Have', 'Missing', 'Expired', 'AwaitingVerification', 'Rejected'] as const;
export const ItemState = z.enum(ITEM_STATES);
export type ItemState = z.infer<typeof ItemState>;

// The English words live in the labels catalogue, beside their translations (one map per language).
export const ITEM_STATE_LABELS: Readonly<Record<ItemState, string>> = EN_LABELS.documentItemState;

export const ChecklistItem = z
  .object({
    key: z.string().meta({ description: 'Stable key: `type:<id>` or `text:<name>`.' }),
    name: z.string(),
    type: DocumentTypeRef.nullable(),
    required: z.boolean().meta({ description: 'On the checklist of the employee’s employment type.' }),
    state: ItemState,
    expiresOn: IsoDate.nullable(),
    expiringSoon: z.boolean().meta({ description: 'Held and valid, but expiring within the type’s reminder period.' }),
    rejectionNote: z.string().nullable(),
    current: EmployeeDocument.nullable().meta({ description: 'The current version, when there is one.' }),
    versions: z.number().int().meta({ description: 'Versions kept (deleted ones included).' }),
    openRequest: DocumentRequest.nullable(),
    canUpload: z.boolean().meta({ description: 'The caller may upload a new version of this item.' }),
  })
  .meta({ id: 'ChecklistItem' });
export type ChecklistItem = z.infer<typeof ChecklistItem>;

export const EmployeeDocuments = z
  .object({
    employeeId: Uuid,
    employmentType: EmploymentType,
    complete: z.boolean().meta({ description: 'Every required item is held, verified and unexpired.' }),
    requiredCount: z.number().int(),
    haveCount: z.number().int(),
    items: z.array(ChecklistItem).meta({ description: 'Required items first, then other held or requested ones.' }),
    requests: z.array(DocumentRequest).meta({ description: 'Open requests first, then closed ones, newest first.' }),
    documents: z.array(EmployeeDocument).meta({ description: 'Every version the caller may see, newest first (deleted ones only for HR).' }),
    uploadableTypes: z.array(DocumentTypeRef).meta({ description: 'Types the caller may upload for this employee.' }),
  })
  .meta({ id: 'EmployeeDocuments' });
export type EmployeeDocuments = z.infer<typeof EmployeeDocuments>;

/** The form fields of an upload (multipart/form-data, with one `file` part). */
export const DocumentUploadFields = z
  .object({
    typeId: Uuid.transform((s) => s.toLowerCase()).optional().meta({ description: 'The catalogue type. Send it, or `title` for a free-text document.' }),
    title: freeText().min(1).max(120).optional().meta({ description: 'A free-text document’s name (e.g. the name of an open request).' }),
    expiresOn: IsoDate.optional().meta({ description: 'For types that expire.' }),
    note: freeText({ multiline: true }).max(DOCUMENT_NOTE_MAX).optional(),
  })
  .strict()
  .refine((v) => (v.typeId === undefined) !== (v.title === undefined), { message: 'send typeId or title (one of them)', path: ['typeId'] })
  .meta({ id: 'DocumentUploadFields' });
export type DocumentUploadFields = z.output<typeof DocumentUploadFields>;

/** The multipart body as the OpenAPI description shows it. */
export const DocumentUploadForm = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The file: PDF, JPEG, PNG or WebP (decided from its bytes), 10 MiB at most by default.' }),
    typeId: Uuid.optional(),
    title: freeText().max(120).optional(),
    expiresOn: IsoDate.optional(),
    note: freeText({ multiline: true }).max(DOCUMENT_NOTE_MAX).optional(),
  })
  .meta({ id: 'DocumentUploadForm' });

export const DocumentReview = z
  .object({ note: freeText({ multiline: true }).max(DOCUMENT_NOTE_MAX).nullable().optional() })
  .strict()
  .meta({ id: 'DocumentReview' });
export type DocumentReview = z.output<typeof DocumentReview>;

export const DocumentRejection = z
  .object({ note: freeText({ multiline: true }).min(1, 'say why, so the employee knows what to fix').max(DOCUMENT_NOTE_MAX) })
  .strict()
  .meta({ id: 'DocumentRejection' });
export type DocumentRejection = z.output<typeof DocumentRejection>;

export const DocumentDeletion = z
  .object({ reason: freeText({ multiline: true }).min(1, 'is required').max(DOCUMENT_NOTE_MAX) })
  .strict()
  .meta({ id: 'DocumentDeletion' });
export type DocumentDeletion = z.output<typeof DocumentDeletion>;

export const DocumentUpdate = z
  .object({ expiresOn: IsoDate.nullable() })
  .strict()
  .meta({ id: 'DocumentUpdate' });
export type DocumentUpdate = z.output<typeof DocumentUpdate>;

export const RequestFulfilment = z.object({ documentId: Uuid.transform((s) => s.toLowerCase()) }).strict().meta({ id: 'RequestFulfilment' });
export type RequestFulfilment = z.output<typeof RequestFulfilment>;

// ---- Spec §4.4 ----

export const REQUEST_NAME_MAX = 120;
export const REQUEST_NAMES_MAX = 50;

export const DocumentRequestBody = z
  .object({
    names: z
      .array(
        freeText()
          .min(1, 'must not be empty')
          .max(REQUEST_NAME_MAX, `must be at most ${REQUEST_NAME_MAX} characters`),
      )
      .min(1, 'name at least one document')
      .max(REQUEST_NAMES_MAX, `at most ${REQUEST_NAMES_MAX} names in one request`),
  })
  .meta({
    id: 'DocumentRequestBody',
    description: `\`names\`: 1 to ${REQUEST_NAMES_MAX} document names, each a non-empty string of at most ${REQUEST_NAME_MAX} characters after trimming.`,
  });
export type DocumentRequestBody = z.output<typeof DocumentRequestBody>;

export const DocumentRequestResult = z
  .object({ requested: z.number().int().min(0).meta({ description: 'How many new requests were recorded (duplicates and names already open are not counted).' }) })
  .meta({ id: 'DocumentRequestResult' });
export type DocumentRequestResult = z.infer<typeof DocumentRequestResult>;

// ---- The organisation view ----

export const OVERVIEW_STATUSES = ['Missing', 'ExpiringSoon', 'Expired', 'AwaitingVerification', 'Rejected'] as const;
export const OverviewStatus = z.enum(OVERVIEW_STATUSES);
export type OverviewStatus = z.infer<typeof OverviewStatus>;

// The English words live in the labels catalogue, beside their translations (one map per language).
export const OVERVIEW_STATUS_LABELS: Readonly<Record<OverviewStatus, string>> = EN_LABELS.documentOverviewStatus;

export const EXPIRING_DAYS_DEFAULT = 30;

export const OverviewFilterQuery = z.object({
  status: OverviewStatus.default('Missing').meta({ description: 'Which list: missing, expiring within `withinDays`, expired, awaiting verification or rejected.' }),
  departmentId: UuidInput.optional(),
  locationId: UuidInput.optional(),
  typeId: UuidInput.optional(),
  employeeId: UuidInput.optional(),
  withinDays: queryInt({ min: 1, max: REMIND_DAYS_MAX, default: EXPIRING_DAYS_DEFAULT }).meta({ description: '“Expiring soon” means within this many days.' }),
});

export const OverviewQuery = PageQuery.extend(OverviewFilterQuery.shape);
export type OverviewQuery = z.output<typeof OverviewQuery>;

export const OverviewExportQuery = OverviewFilterQuery.extend({ format: ExportFormat.default('csv') });
export type OverviewExportQuery = z.output<typeof OverviewExportQuery>;

export const OverviewRow = z
  .object({
    key: z.string(),
    employee: z.object({ id: Uuid, code: z.string(), fullName: z.string() }),
    department: z.string().nullable(),
    location: z.string().nullable(),
    name: z.string().meta({ description: 'The type or free-text name.' }),
    type: DocumentTypeRef.nullable(),
    status: OverviewStatus,
    required: z.boolean(),
    documentId: Uuid.nullable(),
    expiresOn: IsoDate.nullable(),
    uploadedAt: Instant.nullable(),
    note: z.string().nullable().meta({ description: 'The rejection note, for rejected items.' }),
    requestedAt: Instant.nullable().meta({ description: 'When an open request asks for it.' }),
  })
  .meta({ id: 'DocumentOverviewRow' });
export type OverviewRow = z.infer<typeof OverviewRow>;

export const DocumentOverview = paginated(OverviewRow)
  .extend({
    facets: z
      .object({ status: z.array(z.object({ value: OverviewStatus, count: z.number().int() })) })
      .meta({ description: 'Count of each list for the other filters.' }),
  })
  .meta({ id: 'DocumentOverview' });
export type DocumentOverview = z.infer<typeof DocumentOverview>;
