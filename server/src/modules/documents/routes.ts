import type { Response } from 'express';
import { z } from 'zod';
import { UuidInput } from '../../../../shared/common.ts';
import { dayInZone } from '../../../../shared/dates.ts';
import {
  ChecklistUpdate,
  DocumentDeletion,
  DocumentOverview,
  DocumentRejection,
  DocumentRequest,
  DocumentRequestBody,
  DocumentRequestResult,
  DocumentReview,
  DocumentType,
  DocumentTypeCreate,
  DocumentTypeList,
  DocumentTypeUpdate,
  DocumentUpdate,
  DocumentUploadForm,
  EmployeeDocument,
  EmployeeDocuments,
  OverviewExportQuery,
  OverviewQuery,
  REQUEST_NAME_MAX,
  REQUEST_NAMES_MAX,
  RequestFulfilment,
} from '../../../../shared/documents.ts';
import { EmploymentType } from '../../../../shared/employees.ts';
import type { ModuleDeps } from '../../context.ts';
import { CONTENT_TYPES, sendTable } from '../../exports/table.ts';
import type { Api } from '../../http/api.ts';
import { formUpload } from '../../http/multipart.ts';
import { readerLocale } from '../auth/index.ts';
import * as catalogue from './catalogue.ts';
import { overviewTable } from './exports.ts';
import { documentOverview, documentOverviewForExport } from './overview.ts';
import { type DocumentBytes, documentBytes, employeeDocuments } from './read.ts';
import * as requests from './requests.ts';
import * as review from './review.ts';
import { documentStore } from './store.ts';
import { type DocumentFiles, uploadDocument } from './upload.ts';

const IdParams = z.object({ id: UuidInput });
const TAGS = ['Documents'] as const;

/** Answers a document's bytes as a download nothing can run: attachment, no sniffing, a sandbox. */
function sendDocument(res: Response, file: DocumentBytes): void {
  // RFC 6266 (Express's own encoder): an ASCII fallback plus the UTF-8 name as filename*.
  res.attachment(file.originalName);
  // The type decided from the bytes at upload, not the one the name suggests.
  res.setHeader('Content-Type', file.mediaType);
  res.setHeader('Content-Length', String(file.bytes.length));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', 'sandbox');
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(file.bytes);
}

/** Where document bytes live and what they may be, from the configuration. */
export function documentFilesOf(config: ModuleDeps['config']): DocumentFiles {
  return { store: documentStore(config.filesDir), mediaTypes: config.documentMediaTypes };
}

export function documentRoutes(api: Api, deps: ModuleDeps): void {
  const docs = documentFilesOf(deps.config);

  api.op(
    {
      method: 'get',
      path: '/api/documents/types',
      operationId: 'listDocumentTypes',
      summary: 'The catalogue of document types, with the checklists that require each',
      description: 'The document types the organisation collects (id proofs, certificates, forms): whether they expire, who may upload, whether they are sensitive, and which employment types\' onboarding checklists require each.',
      tags: TAGS,
      auth: 'session',
      response: DocumentTypeList,
      errors: [403],
    },
    async ({ caller }) => catalogue.listDocumentTypes(await deps.ctxFor(caller)),
  );

  api.op(
    {
      method: 'post',
      path: '/api/documents/types',
      operationId: 'createDocumentType',
      summary: 'Add a document type to the catalogue',
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      body: DocumentTypeCreate,
      response: DocumentType,
      errors: [403, 409],
    },
    async ({ body, caller }) => catalogue.createDocumentType(await deps.ctxFor(caller), body),
  );

  api.op(
    {
      method: 'patch',
      path: '/api/documents/types/{id}',
      operationId: 'updateDocumentType',
      summary: 'Change a document type (or make it inactive)',
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      params: IdParams,
      body: DocumentTypeUpdate,
      response: DocumentType,
      errors: [403, 409],
    },
    async ({ params, body, caller }) => catalogue.updateDocumentType(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'put',
      path: '/api/documents/checklists/{employmentType}',
      operationId: 'setDocumentChecklist',
      summary: 'Set the onboarding checklist of an employment type',
      description: 'The types every employee of this employment type must provide; the list replaces the previous one.',
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      params: z.object({ employmentType: EmploymentType }),
      body: ChecklistUpdate,
      response: DocumentTypeList,
      errors: [403],
    },
    async ({ params, body, caller }) => catalogue.setChecklist(await deps.ctxFor(caller), params.employmentType, body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/employees/{id}/documents',
      operationId: 'getEmployeeDocuments',
      summary: "An employee's documents: checklist, requests and every version",
      description:
        'The employee reads their own; a manager their reporting line’s (without sensitive types unless they hold `employee:sensitive`); HR everyone’s, deleted versions included.',
      tags: TAGS,
      auth: 'session',
      params: IdParams,
      response: EmployeeDocuments,
      errors: [403],
    },
    async ({ params, caller }) => employeeDocuments(await deps.ctxFor(caller), params.id),
  );

  api.op(
    {
      method: 'post',
      path: '/api/employees/{id}/documents',
      operationId: 'uploadEmployeeDocument',
      summary: 'Upload a document (a new version of its type)',
      description: [
        '`multipart/form-data` with the file in the part `file` and `typeId` (a catalogue type) or `title` (a free-text document HR asked for by name).',
        `At most ${Math.round(deps.config.documentMaxBytes / 1024 / 1024)} MiB (\`MUSTER_DOCUMENT_MAX_BYTES\`), else 413. The type is decided from the file’s bytes, whatever its name or declared type: ${deps.config.documentMediaTypes.join(', ')} (\`MUSTER_DOCUMENT_TYPES\`), else 415.`,
        'HR uploads anyone’s documents (verified by the uploader); an employee uploads their own where the type allows it (awaiting verification). An upload of a requested type closes its open request.',
        'Supporting documents of leave requests (the type with `forLeaveRequests`) are attached from the request, with the same limits: `POST /api/leave/requests/{id}/documents`, or the file on apply. Here that type answers 400.',
      ].join('\n\n'),
      tags: TAGS,
      auth: 'session',
      params: IdParams,
      form: { schema: DocumentUploadForm, description: 'The file and its fields.' },
      response: EmployeeDocument,
      errors: [403],
    },
    async ({ params, caller, req }) =>
      uploadDocument(await deps.ctxFor(caller), docs, params.id, formUpload(req, { fileField: 'file', maxFileBytes: deps.config.documentMaxBytes })),
  );

  api.op(
    {
      method: 'post',
      path: '/api/employees/{id}/documents/request',
      operationId: 'requestEmployeeDocuments',
      summary: 'Request missing documents from an employee (spec §4.4)',
      description: [
        'Records the intent to request the named documents, and nothing else: **no notification is sent** (spec §4.4, §6). The employee sees the open requests on their documents page.',
        `- \`names\`: a non-empty array of at most ${REQUEST_NAMES_MAX} strings; each is trimmed and must then be non-empty and at most ${REQUEST_NAME_MAX} characters, else 400 naming the item (\`body.names.<index>\`).`,
        '- A name matching a catalogue type (case-insensitive) is linked to that type; any other name is a free-text request.',
        '- Duplicates within one call count once.',
        '- A name already open for the employee is not requested again and does not count.',
        '- `requested` is the number of new requests recorded.',
        '- 404 for an unknown employee or one outside the caller’s scope; 403 without `documents:manage` (HR, Admin); 401 without a session.',
      ].join('\n'),
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      params: IdParams,
      body: DocumentRequestBody,
      response: DocumentRequestResult,
      errors: [403],
    },
    async ({ params, body, caller }) => requests.requestDocuments(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'get',
      path: '/api/documents/{id}/file',
      operationId: 'downloadDocument',
      summary: "A document's file",
      description:
        'An attachment with the original name (RFC 6266), `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`. The bytes are checked against the hash taken at upload: a damaged file answers 500 naming the document. Downloads of sensitive types are audited. 410 when the retention policy removed a deleted document’s file. The supporting files of leave requests (`attachments[].downloadUrl` of a leave request) download here with the same rules: the employee, their managers in the line, HR; 404 for anyone else.',
      tags: TAGS,
      auth: 'session',
      params: IdParams,
      response: { contentTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'], description: 'The file.' },
      errors: [403, 410, 500],
    },
    async ({ params, caller, res }) => sendDocument(res, await documentBytes(await deps.ctxFor(caller), docs, params.id)),
  );

  api.op(
    {
      method: 'post',
      path: '/api/documents/{id}/verify',
      operationId: 'verifyDocument',
      summary: 'Verify an upload',
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      params: IdParams,
      body: DocumentReview,
      response: EmployeeDocument,
      errors: [403, 409],
    },
    async ({ params, body, caller }) => review.verifyDocument(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/documents/{id}/reject',
      operationId: 'rejectDocument',
      summary: 'Reject an upload with a note (the employee is notified)',
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      params: IdParams,
      body: DocumentRejection,
      response: EmployeeDocument,
      errors: [403, 409],
    },
    async ({ params, body, caller }) => review.rejectDocument(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'patch',
      path: '/api/documents/{id}',
      operationId: 'updateDocument',
      summary: "Correct a document's expiry date",
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      params: IdParams,
      body: DocumentUpdate,
      response: EmployeeDocument,
      errors: [403, 409],
    },
    async ({ params, body, caller }) => review.updateDocument(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/documents/{id}/delete',
      operationId: 'deleteDocument',
      summary: 'Delete a document (softly, with a reason)',
      description: 'The row stays, listed to HR as deleted; the file stays until the retention job removes it (`MUSTER_DOCUMENT_RETENTION_DAYS`, default never).',
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      params: IdParams,
      body: DocumentDeletion,
      response: EmployeeDocument,
      errors: [403, 409],
    },
    async ({ params, body, caller }) => review.deleteDocument(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/documents/requests/{id}/fulfil',
      operationId: 'fulfilDocumentRequest',
      summary: 'Mark an open request fulfilled by one of the employee’s documents',
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      params: IdParams,
      body: RequestFulfilment,
      response: DocumentRequest,
      errors: [403, 409],
    },
    async ({ params, body, caller }) => requests.fulfilRequest(await deps.ctxFor(caller), params.id, body),
  );

  api.op(
    {
      method: 'post',
      path: '/api/documents/requests/{id}/cancel',
      operationId: 'cancelDocumentRequest',
      summary: 'Withdraw an open request',
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      params: IdParams,
      response: DocumentRequest,
      errors: [403, 409],
    },
    async ({ params, caller }) => requests.cancelRequest(await deps.ctxFor(caller), params.id),
  );

  api.op(
    {
      method: 'get',
      path: '/api/documents/overview',
      operationId: 'documentOverview',
      summary: 'Documents across the organisation: missing, expiring, expired, awaiting verification, rejected',
      description: 'The platform paginated envelope (spec §2.8) of one list (`status`), with the count of every list in `facets.status`.',
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      query: OverviewQuery,
      response: DocumentOverview,
      errors: [403],
    },
    async ({ query, caller }) => documentOverview(await deps.ctxFor(caller), query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/documents/overview/export',
      operationId: 'exportDocumentOverview',
      summary: 'Export one list of the documents overview as CSV, XLSX or PDF',
      tags: TAGS,
      auth: 'session',
      permission: 'documents:manage',
      query: OverviewExportQuery,
      response: { contentTypes: Object.values(CONTENT_TYPES), description: 'The file, as a download.' },
      errors: [403],
    },
    async ({ query, caller, req, res }) => {
      const ctx = await deps.ctxFor(caller);
      const [rows, locale] = await Promise.all([documentOverviewForExport(ctx, query), readerLocale(deps.db, caller, req.get('accept-language'))]);
      await sendTable(res, overviewTable(rows, query, dayInZone(deps.clock.now(), ctx.timeZone), ctx.timeZone, locale), query.format, deps.clock.now());
    },
  );
}
