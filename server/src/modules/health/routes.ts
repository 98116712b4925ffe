import { Health } from '../../../../shared/org.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { health } from './service.ts';

export function healthRoutes(api: Api, deps: ModuleDeps): void {
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
    () => health(deps.db),
  );
}
