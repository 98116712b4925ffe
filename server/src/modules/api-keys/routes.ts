import { z } from 'zod';
import { ApiKey, ApiKeyCreate, ApiKeyIssued, ApiKeyList } from '../../../../shared/api-keys.ts';
import { UuidInput } from '../../../../shared/common.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import * as service from './service.ts';

export function apiKeyRoutes(api: Api, deps: ModuleDeps): void {
  api.op(
    {
      method: 'get',
      path: '/api/api-keys',
      operationId: 'listApiKeys',
      summary: 'API keys (without their secrets)',
      tags: ['API keys'],
      auth: 'session',
      permission: 'api:manage',
      response: ApiKeyList,
      errors: [403],
    },
    async ({ caller }) => ({ items: await service.listApiKeys(await deps.ctxFor(caller)) }),
  );

  api.op(
    {
      method: 'post',
      path: '/api/api-keys',
      operationId: 'issueApiKey',
      summary: 'Issue an API key (shown once)',
      description:
        'The answer\'s `key` is the only time the whole key is shown; only its SHA-256 hash is stored. Keys start with `mst_`.',
      tags: ['API keys'],
      auth: 'session',
      permission: 'api:manage',
      body: ApiKeyCreate,
      response: ApiKeyIssued,
      errors: [403],
    },
    async ({ body, caller }) => service.issueApiKey(await deps.ctxFor(caller), body),
  );

  api.op(
    {
      method: 'delete',
      path: '/api/api-keys/{id}',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key at once',
      description: 'Answers the key with `revokedAt` set. Revoking twice is harmless.',
      tags: ['API keys'],
      auth: 'session',
      permission: 'api:manage',
      params: z.object({ id: UuidInput }),
      response: ApiKey,
      errors: [403, 404],
    },
    async ({ params, caller }) => service.revokeApiKey(await deps.ctxFor(caller), params.id),
  );
}
