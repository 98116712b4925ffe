import { z } from 'zod';
import {
  BundleQuery,
  FileInput,
  Filing,
  FilingList,
  MissingQuery,
  MissingReport,
  Readiness,
  ReadinessQuery,
  RegisterCatalogue,
  RegisterExportQuery,
  RegisterKeyParams,
  RegisterPreview,
  RegisterPreviewQuery,
} from '../../../../shared/compliance.ts';
import { UuidInput } from '../../../../shared/common.ts';
import { Job } from '../../../../shared/jobs.ts';
import type { ModuleDeps } from '../../context.ts';
import { CONTENT_TYPES } from '../../exports/table.ts';
import type { Api } from '../../http/api.ts';
import { prepareBundle, startBundleJob, startRegisterExportJob } from './downloads.ts';
import { getFiling, listFilings, readiness, startFiling } from './filing.ts';
import { missingData } from './missing.ts';
import { exportRegister, listRegisters, previewRegister } from './registers.ts';

const tags = ['Compliance'];
const KEY_DOC = 'The register’s key (slug), e.g. `employee-register`; unknown keys answer 404.';

export function complianceRoutes(api: Api, deps: ModuleDeps): void {
  const ctx = deps.ctxFor;
  const dataDir = deps.config.filesDir;

  api.op(
    {
      method: 'get',
      path: '/api/compliance/registers',
      operationId: 'listComplianceRegisters',
      summary: 'The register catalogue',
      description: 'Each register: `key`, title, legal basis, period kind (`month`, `year`, `date` = as of a day), the state profiles it has layouts for (with each layout’s exact column headings and source), and the columns Muster cannot fill.',
      tags,
      auth: 'session',
      permission: 'compliance:read',
      response: RegisterCatalogue,
      errors: [403],
    },
    async ({ caller }) => listRegisters(await ctx(caller)),
  );

  api.op(
    {
      method: 'get',
      path: '/api/compliance/registers/{key}',
      operationId: 'previewComplianceRegister',
      summary: 'One register as a table (preview)',
      description: `${KEY_DOC} Same query as the export (without \`format\`), plus \`limit\` rows. Answers the header as printed, the headings, the rows, the notes, the provisional days, the employees lacking data, and the filing state (filed, amended after filing, with the differences).`,
      tags,
      auth: 'session',
      permission: 'compliance:read',
      params: RegisterKeyParams,
      query: RegisterPreviewQuery,
      response: RegisterPreview,
      errors: [403, 404],
    },
    async ({ params, query, caller }) => previewRegister(await ctx(caller), params.key, query, dataDir),
  );

  api.op(
    {
      method: 'get',
      path: '/api/compliance/registers/{key}/export',
      operationId: 'exportComplianceRegister',
      summary: 'Export one register (CSV, XLSX or PDF)',
      description:
        `${KEY_DOC} Query: \`period\` in the register’s period kind (\`YYYY-MM\` month, \`YYYY\` or \`YYYY-YY\` year, \`YYYY-MM-DD\` as of a day; the wrong kind is a 400 naming \`query.period\`), \`format\` (\`csv\`, \`xlsx\`, \`pdf\`; default \`pdf\`), optional \`profile\` (one the register has, else 400 naming \`query.profile\`) and \`location\` (uuid). ` +
        'PDF: landscape, paged, the establishment header and form title on every page, column headings repeated, page x of y, the signature block where the form has one. XLSX: one sheet, frozen headings, typed cells, printed landscape and fit to width. CSV: the headings row and the rows. ' +
        'A register of a filed period is served from the stored copy (headers `X-Compliance-Filed-At`, and `X-Compliance-Amended: true` when the data under it changed since filing). The file’s SHA-256 is in `X-Content-SHA256`. Downloads are audited (Compliance).',
      tags,
      auth: 'session',
      permission: 'compliance:read',
      params: RegisterKeyParams,
      query: RegisterExportQuery,
      response: { contentTypes: Object.values(CONTENT_TYPES), description: 'The register, as a download.' },
      errors: [403, 404],
    },
    async ({ params, query, caller, res }) => {
      const file = await exportRegister(await ctx(caller), params.key, query, dataDir);
      res.attachment(file.filename);
      res.type(CONTENT_TYPES[file.format]);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Content-SHA256', file.sha256);
      if (file.filed) {
        res.setHeader('X-Compliance-Filed-At', file.filed.filedAt);
        res.setHeader('X-Compliance-Amended', String(file.filed.amended));
      }
      res.send(file.body);
    },
  );

  api.op(
    {
      method: 'post',
      path: '/api/compliance/registers/{key}/export/jobs',
      operationId: 'startComplianceRegisterExportJob',
      summary: 'Export one register as a job (with progress)',
      description: `${KEY_DOC} Body: the export’s query (\`period\`, \`format\`, optional \`profile\` and \`location\`; errors name \`body.…\`). The same file as \`GET /api/compliance/registers/{key}/export\` (a filed period’s stored copy included), built in the background for a large register: poll \`GET /api/jobs/{id}\`, cancel with \`POST /api/jobs/{id}/cancel\`, download from \`GET /api/jobs/{id}/result\` (audited, Compliance) once \`done\`.`,
      tags,
      auth: 'session',
      permission: 'compliance:read',
      params: RegisterKeyParams,
      body: RegisterExportQuery.strict(),
      response: Job,
      errors: [403, 404],
    },
    async ({ params, body, caller }) => startRegisterExportJob(await ctx(caller), params.key, body, dataDir),
  );

  api.op(
    {
      method: 'get',
      path: '/api/compliance/bundle',
      operationId: 'downloadComplianceBundle',
      summary: 'The compliance bundle of a month (zip, streamed)',
      description:
        'Query `period` (`YYYY-MM`) and optional `location` (uuid; omit for every location, one folder each). Every register relevant to the month — monthly ones for it, yearly ones for its calendar year up to its end, as-of ones at its end — in PDF and XLSX, plus `manifest.json` (per file: key, profile, period, legal basis, row count, SHA-256, generation time, notes on blank columns). Streamed as it is built. A filed month answers the stored files as filed, and `AMENDMENTS.txt` listing what changed since. Audited (Compliance). For progress, start `POST /api/compliance/bundle/jobs` instead.',
      tags,
      auth: 'session',
      permission: 'compliance:read',
      query: BundleQuery,
      response: { contentTypes: ['application/zip'], description: 'The bundle, as a download.' },
      errors: [403],
    },
    async ({ query, caller, res }) => {
      const prepared = await prepareBundle(await ctx(caller), query, dataDir);
      res.attachment(prepared.filename);
      res.type('application/zip');
      res.setHeader('Cache-Control', 'no-store');
      await prepared.write(res);
    },
  );

  api.op(
    {
      method: 'post',
      path: '/api/compliance/bundle/jobs',
      operationId: 'startComplianceBundleJob',
      summary: 'Build the bundle as a job (with progress)',
      description: 'The same bundle as `GET /api/compliance/bundle`, built in the background: poll `GET /api/jobs/{id}`, cancel with `POST /api/jobs/{id}/cancel`, download from `GET /api/jobs/{id}/result` (audited) once `done`.',
      tags,
      auth: 'session',
      permission: 'compliance:read',
      body: BundleQuery.strict(),
      response: Job,
      errors: [403],
    },
    async ({ body, caller }) => startBundleJob(await ctx(caller), body, dataDir),
  );

  api.op(
    {
      method: 'get',
      path: '/api/compliance/readiness',
      operationId: 'complianceFilingReadiness',
      summary: 'Whether a month can be filed',
      description: 'A month can be filed once it has ended and every attendance day in it is final (reconciled, not provisional: every terminal synced past it). Answers the count of days not final, the reasons, and the filing if it is filed.',
      tags,
      auth: 'session',
      permission: 'compliance:read',
      query: ReadinessQuery,
      response: Readiness,
      errors: [403],
    },
    async ({ query, caller }) => readiness(await ctx(caller), query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/compliance/missing',
      operationId: 'complianceMissingData',
      summary: 'Employees lacking data the month’s registers print',
      tags,
      auth: 'session',
      permission: 'compliance:read',
      query: MissingQuery,
      response: MissingReport,
      errors: [403],
    },
    async ({ query, caller }) => missingData(await ctx(caller), query),
  );

  api.op(
    {
      method: 'get',
      path: '/api/compliance/filings',
      operationId: 'listComplianceFilings',
      summary: 'Filed periods',
      description: 'Newest first, each with its amendments (data that changed after filing). `location` narrows to one location’s filings and the organisation-wide ones.',
      tags,
      auth: 'session',
      permission: 'compliance:read',
      query: z.object({ location: UuidInput.optional() }),
      response: FilingList,
      errors: [403],
    },
    async ({ query, caller }) => ({ items: await listFilings(await ctx(caller), query.location) }),
  );

  api.op(
    {
      method: 'get',
      path: '/api/compliance/filings/{id}',
      operationId: 'getComplianceFiling',
      summary: 'One filed period, checked for amendments now',
      tags,
      auth: 'session',
      permission: 'compliance:read',
      params: z.object({ id: UuidInput }),
      response: Filing,
      errors: [403, 404],
    },
    async ({ params, caller }) => getFiling(await ctx(caller), params.id, dataDir),
  );

  api.op(
    {
      method: 'post',
      path: '/api/compliance/filings',
      operationId: 'fileCompliancePeriod',
      summary: 'File a month (freeze its registers)',
      description:
        'Body `period` (`YYYY-MM`) and optional `location` (uuid; null or absent = every location). 409 when it is filed already, when the month has not ended, or while any attendance day in it is not final. Answers a job (poll `GET /api/jobs/{id}`): the bundle is generated and its bytes and SHA-256 hashes stored; filed registers are then served from the stored copy. Audited (Compliance).',
      tags,
      auth: 'session',
      permission: 'compliance:manage',
      body: FileInput,
      response: Job,
      errors: [403, 409],
    },
    async ({ body, caller }) => startFiling(await ctx(caller), body, dataDir),
  );
}
