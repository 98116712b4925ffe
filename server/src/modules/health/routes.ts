import { sql } from 'kysely';
import { Health } from '../../../../shared/org.ts';
import type { AppDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { AppError } from '../../http/problem.ts';
import { MUSTER_VERSION } from '../../version.ts';

const startedAt = Date.now();

export function healthRoutes(api: Api, deps: AppDeps): void {
  api.op(
    {
      method: 'get',
      path: '/api/health',
      operationId: 'health',
      summary: 'Liveness and database check (no credentials)',
      description: '200 with the version, `database: ok` and the uptime; 503 (problem+json) when the database does not answer.',
      tags: ['System'],
      auth: 'none',
      response: Health,
      errors: [503],
    },
    async () => {
      try {
        await sql`select 1`.execute(deps.db);
      } catch {
        throw new AppError(503, 'unavailable', 'Service unavailable', 'The database does not answer.');
      }
      return {
        status: 'ok' as const,
        version: MUSTER_VERSION,
        database: 'ok' as const,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
    },
  );
}
