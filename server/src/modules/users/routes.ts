import { z } from 'zod';
import { UuidInput } from '../../../../shared/common.ts';
import { UserAccount, UserCreate, UserList, UserUpdate } from '../../../../shared/users.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { languageRoutes } from './language-routes.ts';
import * as service from './service.ts';

export function userRoutes(api: Api, deps: ModuleDeps): void {
  languageRoutes(api, deps);
  api.op(
    {
      method: 'get',
      path: '/api/users',
      operationId: 'listUsers',
      summary: 'Logins and their roles',
      tags: ['Users and roles'],
      auth: 'session',
      permission: 'user:manage',
      response: UserList,
      errors: [403],
    },
    async ({ caller }) => ({ items: await service.listUsers(await deps.ctxFor(caller)) }),
  );

  api.op(
    {
      method: 'post',
      path: '/api/users',
      operationId: 'createUser',
      summary: 'Give an employee a login',
      tags: ['Users and roles'],
      auth: 'session',
      permission: 'user:manage',
      body: UserCreate,
      response: UserAccount,
      errors: [403, 409],
    },
    async ({ body, caller }) => service.createUser(await deps.ctxFor(caller), body),
  );

  api.op(
    {
      method: 'patch',
      path: '/api/users/{id}',
      operationId: 'updateUser',
      summary: 'Change roles, disable a login, or reset its password',
      description: 'Disabling or resetting the password ends the user\'s sessions at once. 409 when it would leave no active admin or remove your own admin access.',
      tags: ['Users and roles'],
      auth: 'session',
      permission: 'user:manage',
      params: z.object({ id: UuidInput }),
      body: UserUpdate,
      response: UserAccount,
      errors: [403, 404, 409],
    },
    async ({ params, body, caller }) => service.updateUser(await deps.ctxFor(caller), params.id, body),
  );
}
