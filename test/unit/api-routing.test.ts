import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Api, QUERY_MEMO } from '../../server/src/http/api.ts';
import { problemHandler } from '../../server/src/http/problem.ts';
import { createLogger } from '../../server/src/logger.ts';

/**
 * The API's routing: operations without path parameters run without Express's route walk, and must
 * answer exactly as Express would have routed them (first matching route wins, any case, one trailing
 * slash, HEAD and unknown paths left to Express). A real Express app over HTTP.
 */

const seen: string[] = [];
const tag = (name: string): RequestHandler => (_req, _res, next) => {
  seen.push(name);
  next();
};
/** Express sets `req.route` once it has walked to a route; the direct path does not. */
const how: RequestHandler = (req, _res, next) => {
  seen.push(req.route ? 'walked' : 'direct');
  next();
};
let base = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const api = new Api({ none: [tag('auth:none')], session: [], apiKey: [], connector: [] });
  const op = { tags: ['t'], auth: 'none' as const, response: z.unknown() };
  api.op({ ...op, method: 'get', path: '/api/things/{id}', operationId: 'thing', summary: 'a thing', params: z.object({ id: z.string() }), before: [how] }, async ({ params }) => ({ route: 'by id', id: params.id }));
  // Registered after `{id}`: Express never reaches it for GET, so neither may the direct path.
  api.op({ ...op, method: 'get', path: '/api/things/special', operationId: 'special', summary: 'shadowed' }, async () => ({ route: 'special' }));
  api.op({ ...op, method: 'post', path: '/api/things/special', operationId: 'postSpecial', summary: 'not shadowed (POST)', body: z.object({ n: z.number() }) }, async ({ body }) => ({ route: 'post special', n: body.n }));
  api.op({ ...op, method: 'get', path: '/api/list', operationId: 'list', summary: 'a list', query: z.object({ page: z.coerce.number().int().min(1).default(1) }), before: [how] }, async ({ query }) => ({ route: 'list', page: query.page }));
  // Changes its query, to show a remembered query is never shared between requests.
  api.op(
    { ...op, method: 'get', path: '/api/tags', operationId: 'tags', summary: 'a query with a list', query: z.object({ tag: z.array(z.string()).or(z.string().transform((t) => [t])), since: z.coerce.date().optional() }) },
    async ({ query }) => {
      const before = { tag: [...query.tag], since: query.since?.toISOString() ?? null };
      query.tag.push('added by the handler');
      query.since?.setUTCFullYear(1999);
      return before;
    },
  );
  // A schema that gives a set: its copy is a set too, and the handler's change stays its own.
  api.op(
    { ...op, method: 'get', path: '/api/codes', operationId: 'codes', summary: 'a query parsed to a set', query: z.object({ codes: z.string().transform((s) => new Set(s.split(','))) }) },
    async ({ query }) => {
      const before = [...query.codes];
      query.codes.add('added by the handler');
      return { codes: before, isSet: query.codes instanceof Set };
    },
  );
  api.op({ ...op, method: 'get', path: '/api/fails', operationId: 'fails', summary: 'throws' }, async () => {
    throw new Error('boom');
  });
  api.op({ ...op, method: 'get', path: '/api/refuses', operationId: 'refuses', summary: 'a middleware refuses', before: [(_req, res) => void res.status(418).json({ route: 'before' })] }, async () => ({ route: 'never' }));
  const app = express();
  app.set('query parser', 'simple');
  app.use(api.router);
  app.use((_req, res) => void res.status(404).json({ route: 'none' }));
  app.use(problemHandler(createLogger('silent')));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(async () => close?.());

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> | null }> {
  seen.length = 0;
  const res = await fetch(base + path, { method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe('API routing without the route walk', () => {
  it('runs the chain (authentication, query parsing) of a path without parameters, in any case and with a trailing slash', async () => {
    expect(await call('GET', '/api/list?page=3')).toEqual({ status: 200, json: { route: 'list', page: 3 } });
    expect(seen).toEqual(['auth:none', 'direct']);
    expect((await call('GET', '/API/List/?page=2')).json).toEqual({ route: 'list', page: 2 });
    expect((await call('GET', '/api/list?page=0')).status).toBe(400);
  });

  it('keeps what Express chooses: a path an earlier route with parameters matches goes to that route; another method is not shadowed', async () => {
    expect((await call('GET', '/api/things/special')).json).toEqual({ route: 'by id', id: 'special' });
    expect(seen).toEqual(['auth:none', 'walked']);
    expect((await call('POST', '/api/things/special', { n: 4 })).json).toEqual({ route: 'post special', n: 4 });
    expect((await call('POST', '/api/things/special', { n: 'x' })).status).toBe(400);
  });

  it('errors and rejections reach the error handler; a middleware may answer; unknown paths and HEAD go to Express', async () => {
    const failed = await call('GET', '/api/fails');
    expect(failed.status).toBe(500);
    expect(failed.json).toMatchObject({ status: 500 });
    expect(await call('GET', '/api/refuses')).toEqual({ status: 418, json: { route: 'before' } });
    expect(await call('GET', '/api/lists')).toEqual({ status: 404, json: { route: 'none' } });
    expect(await call('GET', '/api/list/extra')).toEqual({ status: 404, json: { route: 'none' } });
    expect((await call('HEAD', '/api/list')).status).toBe(200);
    expect(await call('DELETE', '/api/list')).toEqual({ status: 404, json: { route: 'none' } });
  });

  it('a query parsed before is remembered, and each request gets its own copy of it', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await call('GET', '/api/tags?tag=a&tag=b&since=2026-11-28T10:00:00Z')).toEqual({ status: 200, json: { tag: ['a', 'b'], since: '2026-11-28T10:00:00.000Z' } });
      expect(await call('GET', '/api/tags?tag=solo')).toEqual({ status: 200, json: { tag: ['solo'], since: null } });
    }
    for (let i = 0; i < 2; i++) expect(await call('GET', '/api/codes?codes=a,b')).toEqual({ status: 200, json: { codes: ['a', 'b'], isSet: true } });
    // An invalid query is refused every time, naming the field; the same text, once valid elsewhere, is not confused.
    for (let i = 0; i < 2; i++) {
      const refused = await call('GET', '/api/tags?since=never&tag=a');
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.json)).toContain('since');
    }
    expect(await call('GET', '/api/list?tag=a')).toEqual({ status: 200, json: { route: 'list', page: 1 } });
    // Bounded: more distinct queries than it keeps still answer each one right.
    for (let i = 1; i <= QUERY_MEMO + 20; i++) expect((await call('GET', `/api/list?page=${i}`)).json).toEqual({ route: 'list', page: i });
    expect((await call('GET', '/api/list?page=1')).json).toEqual({ route: 'list', page: 1 });
  });
});
