import fs from 'node:fs';
import { z } from 'zod';
import { UuidInput } from '../../../../shared/common.ts';
import { Job } from '../../../../shared/jobs.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { cancelJob, getJob, jobFile } from './service.ts';

const IdParams = z.object({ id: UuidInput });

export function jobRoutes(api: Api, deps: ModuleDeps): void {
  api.op(
    {
      method: 'get',
      path: '/api/jobs/{id}',
      operationId: 'getJob',
      summary: 'A job’s progress and outcome',
      description:
        'Poll it while `status` is `running` (`done` of `total`, `message`). Ends `done` (with `file` when it produced one), `failed` (`error`; "failed: server restarted" when the server stopped under it) or `cancelled`. A job is visible to holders of the permission it was started with; to anyone else it does not exist (404).',
      tags: ['Jobs'],
      auth: 'session',
      params: IdParams,
      response: Job,
      errors: [404],
    },
    async ({ params, caller }) => getJob(await deps.ctxFor(caller), params.id),
  );

  api.op(
    {
      method: 'post',
      path: '/api/jobs/{id}/cancel',
      operationId: 'cancelJob',
      summary: 'Cancel a running job',
      description: 'The job stops at its next step and ends `cancelled`; what it had written stays (each step is its own transaction). 409 when it has already ended.',
      tags: ['Jobs'],
      auth: 'session',
      params: IdParams,
      response: Job,
      errors: [404, 409],
    },
    async ({ params, caller }) => cancelJob(await deps.ctxFor(caller), params.id),
  );

  api.op(
    {
      method: 'get',
      path: '/api/jobs/{id}/result',
      operationId: 'downloadJobResult',
      summary: 'Download the file a finished job produced',
      description: 'Streamed from disk with its `Content-Length`; files are kept for a day after the job ends. 409 while the job runs, 404 when it produced no file. Downloads of compliance bundles are audited (Compliance).',
      tags: ['Jobs'],
      auth: 'session',
      params: IdParams,
      response: { contentTypes: ['application/zip', 'application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'], description: 'The file, as a download.' },
      errors: [404, 409],
    },
    async ({ params, caller, res }) => {
      const file = await jobFile(await deps.ctxFor(caller), params.id);
      res.attachment(file.filename);
      res.type(file.contentType);
      res.setHeader('Content-Length', String(file.sizeBytes));
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Content-SHA256', file.sha256);
      await new Promise<void>((resolve, reject) => {
        const stream = fs.createReadStream(file.path);
        stream.on('error', reject);
        res.on('close', () => resolve());
        stream.pipe(res);
      });
    },
  );
}
