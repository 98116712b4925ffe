import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Caller } from '../../server/src/context.ts';
import { Api } from '../../server/src/http/api.ts';
import { directFromTheStart, handedBack } from '../../server/src/http/direct-start.ts';
import { problemHandler } from '../../server/src/http/problem.ts';
import { createLogger } from '../../server/src/logger.ts';

/**
 * `directFromTheStart`: an operation without path parameters runs before Express dispatches the request,
 * with the request set up as Express sets it up; everything else, errors and a chain that goes on past its
 * end keep the answers Express gives. A real Express app over HTTP.
 */

const seen: string[] = [];
let base = '';
let close: () => Promise<void>;

beforeAll(async () => {
  // Every `none` operation could take the lean path by its header; the app's `first` layer below must keep it off.
  const api = new Api({ none: [], session: [], apiKey: [], connector: [] }, { none: () => ({ kind: 'connector' }) as unknown as Caller });
  const op = { tags: ['t'], auth: 'none' as const, response: z.unknown() };
  api.op({ ...op, method: 'get', path: '/api/echo', operationId: 'echo', summary: 'what Express set up', query: z.object({ q: z.string().optional() }) }, async ({ req, res, query }) => ({
    q: query.q ?? null,
    // Express's request and response: their prototypes' getters and methods, the circular references, locals.
    path: req.path,
    originalUrl: req.originalUrl,
    baseUrl: req.baseUrl,
    header: req.get('x-test') ?? null,
    sameResponse: req.res === res && res.req === req,
    locals: typeof res.locals,
  }));
  api.op({ ...op, method: 'post', path: '/api/body', operationId: 'body', summary: 'a JSON body', body: z.object({ n: z.number() }) }, async ({ body }) => ({ n: body.n }));
  api.op({ ...op, method: 'post', path: '/api/lean', operationId: 'lean', summary: 'a lean operation', body: z.object({ n: z.number() }), lean: true }, async ({ body, res }) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ n: body.n }));
  });
  api.op({ ...op, method: 'get', path: '/api/fails', operationId: 'fails', summary: 'throws' }, async () => {
    throw new Error('boom');
  });
  // A chain that goes on past its end: Express takes the request back and walks its layers.
  api.op({ ...op, method: 'get', path: '/api/passes', operationId: 'passes', summary: 'passes on', before: [((_req, _res, next) => next('route')) as RequestHandler] }, async () => ({ route: 'never' }));
  const app = express();
  app.set('query parser', 'simple');
  app.use((req, _res, next) => {
    seen.push(handedBack(req) ? 'express, handed back' : 'express');
    next();
  });
  app.use(api.router);
  app.use((_req, res) => void res.status(404).json({ route: 'none' }));
  const problems = problemHandler(createLogger('silent'));
  app.use(problems);
  directFromTheStart(app, api, {
    first: (url) => [
      ((_req, res, next) => {
        seen.push(`first ${url}`);
        res.setHeader('x-first', 'yes');
        next();
      }) as RequestHandler,
    ],
    problems,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(async () => close?.());

async function call(method: string, path: string, init: RequestInit = {}) {
  seen.length = 0;
  const res = await fetch(base + path, { method, ...init });
  const text = await res.text();
  return { status: res.status, first: res.headers.get('x-first'), type: res.headers.get('content-type'), json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe('operations run from the app start', () => {
  it('runs an operation without path parameters before any of the app’s layers, with the request Express would have set up', async () => {
    const res = await call('GET', '/api/echo?q=hello', { headers: { 'x-test': 'header' } });
    expect(res).toMatchObject({ status: 200, first: 'yes' });
    expect(res.json).toEqual({ q: 'hello', path: '/api/echo', originalUrl: '/api/echo?q=hello', baseUrl: '', header: 'header', sameResponse: true, locals: 'object' });
    expect(seen).toEqual(['first /api/echo?q=hello']);
    expect((await call('POST', '/api/body', { headers: { 'content-type': 'application/json' }, body: '{"n":7}' })).json).toEqual({ n: 7 });
    expect(seen).toEqual(['first /api/body']);
  });

  it('sends errors to the problem handler: a thrown error, a refused body, JSON that does not parse', async () => {
    const failed = await call('GET', '/api/fails');
    expect(failed).toMatchObject({ status: 500, type: 'application/problem+json; charset=utf-8' });
    expect(failed.json).toMatchObject({ status: 500, instance: '/api/fails' });
    const refused = await call('POST', '/api/body?x=1', { headers: { 'content-type': 'application/json' }, body: '{"n":"seven"}' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ instance: '/api/body', errors: [{ path: 'body.n' }] });
    expect((await call('POST', '/api/body', { headers: { 'content-type': 'application/json' }, body: '{"n":' })).json).toMatchObject({ status: 400, errors: [{ path: 'body' }] });
    expect(seen).not.toContain('express');
  });

  it('a lean operation runs the app’s own first layer as any other: the lean path is only for URLs without one', async () => {
    const res = await call('POST', '/api/lean', { headers: { 'content-type': 'application/json' }, body: '{"n":3}' });
    expect(res).toMatchObject({ status: 200, first: 'yes', json: { n: 3 } });
    expect(seen).toEqual(['first /api/lean']);
  });

  it('hands back to Express a chain that goes on past its end, and Express does not run it again', async () => {
    expect(await call('GET', '/api/passes')).toMatchObject({ status: 404, json: { route: 'none' } });
    expect(seen).toEqual(['first /api/passes', 'express, handed back']);
  });

  it('leaves to Express what it does not take: another case, an unknown path, HEAD, a path outside /api/', async () => {
    expect(await call('GET', '/API/echo?q=upper')).toMatchObject({ status: 200, first: null, json: { q: 'upper', path: '/API/echo' } });
    expect(seen).toEqual(['express']);
    expect(await call('GET', '/api/unknown')).toMatchObject({ status: 404, json: { route: 'none' } });
    expect(seen).toEqual(['express']);
    expect((await call('HEAD', '/api/echo')).status).toBe(200);
    expect(seen).toEqual(['express']);
    expect((await call('GET', '/elsewhere')).status).toBe(404);
    expect(seen).toEqual(['express']);
  });
});
