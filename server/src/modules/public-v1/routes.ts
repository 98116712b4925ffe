import type { Request } from 'express';
import { PUBLIC_RATE_LIMIT, PUBLIC_RATE_WINDOW_MS, PublicAttendanceList, PublicAttendanceQuery, PublicEmployeeList } from '../../../../shared/public-v1.ts';
import type { ModuleDeps } from '../../context.ts';
import type { Api } from '../../http/api.ts';
import { sendJsonBytes } from '../../http/json-bytes.ts';
import { limiter } from '../../http/rate-limit.ts';
import * as service from './service.ts';

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed per window (600).', schema: { type: 'integer' as const } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' as const } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' as const } },
};

export function publicV1Routes(api: Api, deps: ModuleDeps): void {
  // One budget per key across both endpoints (spec §8).
  const perKey = limiter({
    windowMs: PUBLIC_RATE_WINDOW_MS,
    limit: PUBLIC_RATE_LIMIT,
    headers: true,
    key: (req: Request) => `key:${req.caller?.apiKeyId ?? 'none'}`,
    detail: `This API key is limited to ${PUBLIC_RATE_LIMIT} requests per minute.`,
  }, deps);
  const common = {
    tags: ['Public API v1'],
    auth: 'apiKey' as const,
    before: [perKey],
    responseHeaders: RATE_HEADERS,
    errors: [401, 429],
  };

  api.op(
    {
      ...common,
      method: 'get',
      path: '/api/public/v1/employees',
      operationId: 'publicListEmployees',
      summary: 'The whole employee directory',
      description:
        'Every employee, unpaginated: `meta.count` always equals `data.length`. Records carry no salary, bank or government ids.',
      response: PublicEmployeeList,
    },
    async ({ caller, res }) => {
      const ctx = await deps.ctxFor(caller);
      sendJsonBytes(res, await service.publicEmployeesJson(ctx));
    },
  );

  api.op(
    {
      ...common,
      method: 'get',
      path: '/api/public/v1/attendance',
      operationId: 'publicAttendance',
      summary: 'Attendance of every employee on a day',
      description:
        'One record per employee on the books that day (joined on or before it, not exited before it). `date` is required and calendar-validated: `2023-02-29` is a 400.',
      query: PublicAttendanceQuery,
      response: PublicAttendanceList,
      errors: [400, 401, 429],
    },
    async ({ query, caller }) => {
      const data = await service.publicAttendance(await deps.ctxFor(caller), query.date);
      return { meta: { count: data.length }, data };
    },
  );
}
