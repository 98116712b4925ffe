import { z } from 'zod';
import { ApiKey, ApiKeyCreate, ApiKeyIssued, ApiKeyList, PERSONAL_KEYS_MAX, PersonalKeyCreate } from '../../../../shared/api-keys.ts';
import { UuidInput } from '../../../../shared/common.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import * as service from './service.ts';

const IdParams = z.object({ id: UuidInput });

export function apiKeyRoutes(api: Api, deps: ModuleDeps): void {
  api.op(
    {
      method: 'get',
      path: '/api/api-keys',
      operationId: 'listApiKeys',
      summary: 'API keys (without their secrets)',
      description: 'Every key of the organisation, the personal keys people made for their assistants included (`personal: true`).',
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
        'The answer\'s `key` is the only time the whole key is shown; only its SHA-256 hash is stored. Keys start with `mst_`. With `employeeId` the key is bound to that employee: on the agent endpoint (`POST /api/mcp`) it acts as them, with their permissions and scope as they are at each call (a role change applies at once); an unbound key is refused there with 401. `expiresAt` (optional, future, at most two years ahead) ends it by itself.',
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
      description: 'Answers the key with `revokedAt` set. Revoking twice is harmless. Personal keys can be revoked here too.',
      tags: ['API keys'],
      auth: 'session',
      permission: 'api:manage',
      params: IdParams,
      response: ApiKey,
      errors: [403, 404],
    },
    async ({ params, caller }) => service.revokeApiKey(await deps.ctxFor(caller), params.id),
  );

  const connectedApps = ['Connected apps'];
  api.op(
    {
      method: 'get',
      path: '/api/me/api-keys',
      operationId: 'listPersonalKeys',
      summary: 'My personal keys for AI assistants',
      description: 'The signed-in person\'s own keys (revoked and expired ones too, newest first), without their secrets.',
      tags: connectedApps,
      auth: 'session',
      permission: 'self:read',
      response: ApiKeyList,
      errors: [403],
    },
    async ({ caller }) => ({ items: await service.listPersonalKeys(await deps.ctxFor(caller)) }),
  );

  api.op(
    {
      method: 'post',
      path: '/api/me/api-keys',
      operationId: 'issuePersonalKey',
      summary: 'Make a personal key for an AI assistant (shown once)',
      description: `Every signed-in person may make keys for their own assistants: bound to them, usable only on the agent endpoint (\`POST /api/mcp\`; the public API refuses them), acting with the person's permissions as they are at each call. \`scope\` \`ReadOnly\` lets the assistant only read; \`ReadWrite\` (default) also act. The answer's \`key\` is shown this once. At most ${PERSONAL_KEYS_MAX} live keys per person (409 beyond).`,
      tags: connectedApps,
      auth: 'session',
      permission: 'self:read',
      body: PersonalKeyCreate,
      response: ApiKeyIssued,
      errors: [403, 409],
    },
    async ({ body, caller }) => service.issuePersonalKey(await deps.ctxFor(caller), body),
  );

  api.op(
    {
      method: 'delete',
      path: '/api/me/api-keys/{id}',
      operationId: 'revokePersonalKey',
      summary: 'Revoke one of my personal keys',
      description: 'Assistants using it are refused from the next call. Another person\'s key is 404.',
      tags: connectedApps,
      auth: 'session',
      permission: 'self:read',
      params: IdParams,
      response: ApiKey,
      errors: [403, 404],
    },
    async ({ params, caller }) => service.revokePersonalKey(await deps.ctxFor(caller), params.id),
  );
}
