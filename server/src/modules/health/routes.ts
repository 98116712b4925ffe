import { sql } from 'kysely';
import { Health } from '../../../../shared/org.ts';
import type { AppDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { MUSTER_VERSION } from '../../version.ts';

const startedAt = Date.now();

export function healthRoutes(api: Api, deps: AppDeps): void {
  api.op(
    {
      method: 'get',
      path: '/api/health',
      operationId: 'health',
      summary: 'Liveness and database check (no credentials)',
      tags: ['System'],
      auth: 'none',
      response: Health,
      errors: [503],
    },
    async () => {
      await sql`select 1`.execute(deps.db);
      return {
        status: 'ok' as const,
        version: MUSTER_VERSION,
        database: 'ok' as const,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
    },
  );
}
